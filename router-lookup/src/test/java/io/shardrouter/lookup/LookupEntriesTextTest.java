package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.KeyGenerators;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A table's fingerprint digests its directory's entries from the builder's arrays in key order the
 * first time (the load path of a large directory), and from a walk of the directory after that.
 * Both must give exactly the content of format.md §2.1: here the fingerprint of every table, built
 * and read back every way, equals SHA-256 over the content written through a Jackson tree, for
 * random directories of plain keys, keys that need escaping or are not ASCII, keys too long for a
 * record, and rich entries; and every probe key routes the same in all of them.
 */
class LookupEntriesTextTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final StrategyRegistry REGISTRY = StrategyRegistry.defaultRegistry();
  private static final String PLAIN = "abcdefghijklmnopqrstuvwxyz0123456789-_./:ABCXYZ ~{}";
  private static final String SPECIAL = "\"\\\u0001\u001f\u007f\u00e9\u4e2d\ud83d\ude00";

  @Test
  void fingerprint_everyLoadPath_equalsDigestOfTheContent() throws Exception {
    long seed = KeyGenerators.seedOr(0xE7_7E47L);
    String ctx = KeyGenerators.seeded(seed).describe();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int trial = 0; trial < 40; trial++) {
      int n = trial == 0 ? 0 : rnd.nextInt(trial < 20 ? 50 : 2_000);
      boolean special = trial % 3 == 1;
      boolean rich = trial % 5 == 2;
      LookupStrategyBuilder b =
          LookupStrategy.builder(KeyType.STRING).partitions(64).fallback(Fixtures.hashMod(8));
      Set<String> keys = new HashSet<>();
      int dedicated = 8;
      while (keys.size() < n) {
        String k = key(rnd, special);
        if (!keys.add(k)) {
          continue;
        }
        if (rich && dedicated < 64 && rnd.nextInt(4) == 0) {
          b.entry(k, LookupEntry.partition(dedicated++).dedicated());
        } else {
          b.entry(k, rnd.nextInt(8));
        }
      }
      String at = ctx + ", trial " + trial + " (" + n + " keys)";
      RoutingTable built =
          Fixtures.hashModTable("users", KeyType.STRING, 64).toBuilder()
              .strategy(b.build())
              .build();
      String expected = contentDigest(built);
      List<RoutingTable> tables = new ArrayList<>();
      tables.add(built);
      tables.add(RoutingDocuments.read(RoutingDocuments.write(built)));
      tables.add(
          RoutingDocuments.read(
              RoutingDocuments.writeSnapshot(built), REGISTRY, ReadLimits.defaults()));
      tables.add(
          RoutingDocuments.read(
              shuffledEntries(built, rnd),
              REGISTRY,
              ReadLimits.defaults().withMaxDocumentBytes(64 << 20)));
      for (RoutingTable t : tables) {
        assertEquals(expected, t.fingerprint(), at);
        assertEquals(expected, contentDigest(t), at); // written again, from the directory
      }
      List<String> probes = new ArrayList<>(keys);
      for (int i = 0; i < 50; i++) {
        probes.add(key(rnd, special));
      }
      for (String probe : probes) {
        int partition = built.route(probe).partition();
        for (RoutingTable t : tables) {
          assertEquals(partition, t.route(probe).partition(), at + ", key " + probe);
        }
      }
    }
  }

  private static String key(SplittableRandom rnd, boolean special) {
    int len = 1 + rnd.nextInt(rnd.nextInt(8) == 0 ? 40 : 20); // some longer than a record holds
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < len; i++) {
      String from = special && rnd.nextInt(6) == 0 ? SPECIAL : PLAIN;
      int c = rnd.nextInt(from.length());
      if (Character.isHighSurrogate(from.charAt(c))) {
        sb.append(from, c, c + 2);
      } else if (Character.isLowSurrogate(from.charAt(c))) {
        sb.append(from, c - 1, c + 1);
      } else {
        sb.append(from.charAt(c));
      }
    }
    return sb.toString();
  }

  /**
   * SHA-256 of the table's content (format.md §2.1): its compact document as a Jackson tree, less
   * {@code format} and {@code routing_version}, written compactly.
   */
  private static String contentDigest(RoutingTable t) throws Exception {
    ObjectNode doc = (ObjectNode) JSON.readTree(RoutingDocuments.writeCompact(t));
    assertNotNull(doc.remove("format"));
    assertNotNull(doc.remove("routing_version"));
    byte[] content = JSON.writeValueAsString(doc).getBytes(StandardCharsets.UTF_8);
    return KeyText.hex(MessageDigest.getInstance("SHA-256").digest(content));
  }

  /** The compact document of {@code t} with its entries in a random order. */
  private static byte[] shuffledEntries(RoutingTable t, SplittableRandom rnd) throws Exception {
    ObjectNode doc = (ObjectNode) JSON.readTree(RoutingDocuments.writeCompact(t));
    ObjectNode entries = (ObjectNode) doc.get("strategy").get("entries");
    List<Map.Entry<String, com.fasterxml.jackson.databind.JsonNode>> members = new ArrayList<>();
    for (Iterator<Map.Entry<String, com.fasterxml.jackson.databind.JsonNode>> it = entries.fields();
        it.hasNext(); ) {
      members.add(it.next());
    }
    Collections.shuffle(members, new java.util.Random(rnd.nextLong()));
    ObjectNode shuffled = JSON.createObjectNode();
    for (Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> m : members) {
      shuffled.set(m.getKey(), m.getValue());
    }
    ((ObjectNode) doc.get("strategy")).set("entries", shuffled);
    return JSON.writeValueAsBytes(doc);
  }
}
