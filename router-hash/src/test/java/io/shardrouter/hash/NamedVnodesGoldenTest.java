package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.hash.internal.Tokens;
import io.shardrouter.testing.Keys;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Mode named_vnodes against the answers of an independent Python {@code ConsistentHashRing},
 * recorded in {@code golden/ring-001.json} by running the reference in CPython (see {@code
 * golden/README.md}).
 */
class NamedVnodesGoldenTest {

  private static JsonNode golden() throws IOException {
    try (InputStream in =
        NamedVnodesGoldenTest.class.getResourceAsStream("/golden/ring-001.json")) {
      return new ObjectMapper().readTree(in);
    }
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.textValue()));
    return out;
  }

  /**
   * A table in mode named_vnodes whose placement puts partition i (node i) on the group named
   * nodes[i].
   */
  static RoutingTable table(List<String> nodes, int vnodes) {
    RoutingTable.Builder b =
        RoutingTable.builder()
            .version(1)
            .entity("telemetry")
            .keyType(KeyType.STRING)
            .strategy(RingStrategy.namedVnodes(nodes, vnodes));
    for (String n : nodes) {
      b.group(ReplicaGroup.of(n, n + ":5432"));
    }
    return b.placement(nodes).build();
  }

  @Test
  void tokens_matchReference() throws IOException {
    int checked = 0;
    for (JsonNode c : golden().get("cases")) {
      if (!c.has("tokens")) {
        continue;
      }
      List<String> nodes = strings(c.get("compat_nodes"));
      RingStrategy ring = RingStrategy.namedVnodes(nodes, c.get("vnodes").intValue());
      JsonNode tokens = c.get("tokens");
      assertEquals(tokens.size(), ring.tokenCount(), c.get("name").textValue());
      for (int i = 0; i < tokens.size(); i++) {
        assertEquals(
            tokens.get(i).get(0).textValue(),
            Tokens.toHex(ring.token(i)),
            c.get("name") + " token " + i);
        assertEquals(
            tokens.get(i).get(1).textValue(),
            nodes.get(ring.partitionOfToken(i)),
            c.get("name") + " owner " + i);
      }
      checked++;
    }
    assertEquals(3, checked);
  }

  @Test
  void everyKey_routesToTheReferenceNode_throughEveryEntryPoint() throws IOException {
    JsonNode g = golden();
    List<String> keys = strings(g.get("keys"));
    assertTrue(keys.size() > 3000, "a few thousand keys");
    for (JsonNode c : g.get("cases")) {
      String name = c.get("name").textValue();
      RoutingTable t = table(strings(c.get("compat_nodes")), c.get("vnodes").intValue());
      RoutingTable fromDocument = RoutingDocuments.read(RoutingDocuments.write(t));
      assertEquals(t, fromDocument, name);
      if (c.has("token_count")) {
        assertEquals(
            c.get("token_count").intValue(), ((RingStrategy) t.strategy()).tokenCount(), name);
      }
      JsonNode answers = c.get("answers");
      for (int i = 0; i < keys.size(); i++) {
        String key = keys.get(i);
        String expected = answers.get(i).textValue();
        String where = name + ", key '" + key + "'";
        assertEquals(expected, t.route(key).group().id(), where);
        assertEquals(expected, fromDocument.route(key).group().id(), where);
        assertEquals(expected, t.routeCanonical(Keys.of(key)).group().id(), where);
      }
    }
  }

  @Test
  void keysEqualToATokenAndWrapAround_areCovered() throws IOException {
    JsonNode g = golden();
    List<String> keys = strings(g.get("keys"));
    RingStrategy ring =
        RingStrategy.namedVnodes(List.of("edge-1", "edge-2", "edge-3", "edge-4"), 150);
    long first = ring.token(0);
    long last = ring.token(ring.tokenCount() - 1);
    int equalToToken = 0;
    int aboveLast = 0;
    int belowFirst = 0;
    for (String k : keys) {
      long h = StableHash.byName(StableHash.BLAKE2B_64, 0).hashString(k);
      for (int i = 0; i < ring.tokenCount(); i++) {
        if (ring.token(i) == h) {
          equalToToken++;
        }
      }
      aboveLast += Tokens.lessThan(last, h) || last == h ? 1 : 0;
      belowFirst += Tokens.lessThan(h, first) ? 1 : 0;
    }
    assertTrue(equalToToken >= 600, "keys equal to a token: " + equalToToken);
    assertTrue(aboveLast >= 20, "keys at or above the last token (wrap): " + aboveLast);
    assertTrue(belowFirst >= 20, "keys below the first token: " + belowFirst);
  }
}
