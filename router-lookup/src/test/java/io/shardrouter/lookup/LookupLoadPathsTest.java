package io.shardrouter.lookup;

import static io.shardrouter.lookup.Fixtures.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.KeyGenerators;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A large directory read by each of the load paths gives the same table: entries read straight from
 * the document bytes (a flat object, as snapshots and compact documents write it), entries read by
 * the parser (an escape in one name sends the whole object that way), a snapshot, and the builder.
 * Same fingerprint, same partition for every probe key; and the same refusals.
 */
class LookupLoadPathsTest {
  private static final StrategyRegistry REGISTRY = StrategyRegistry.defaultRegistry();

  private static String document(List<String> keys, List<Integer> parts, boolean escapeFirst) {
    StringBuilder sb =
        new StringBuilder(
            "{\"format\":1,\"routing_version\":4,\"entity\":\"users\",\"key\":{\"type\":\"string\"},"
                + "\"strategy\":{\"type\":\"lookup\",\"partitions\":64,\"fallback\":{\"type\":"
                + "\"hash_mod\",\"partitions\":64},\"entries\":{");
    for (int i = 0; i < keys.size(); i++) {
      String k = keys.get(i);
      if (i == 0 && escapeFirst) {
        k = "\\u" + String.format("%04x", (int) k.charAt(0)) + k.substring(1);
      }
      sb.append(i == 0 ? "\"" : ",\"").append(k).append("\":").append(parts.get(i));
    }
    sb.append("}},\"groups\":[{\"id\":\"g0\",\"primary\":\"db0:5432\"}],\"placement\":[");
    for (int p = 0; p < 64; p++) {
      sb.append(p == 0 ? "\"g0\"" : ",\"g0\"");
    }
    return sb.append("]}").toString();
  }

  @Test
  void loadPaths_sameFingerprintAndRoutes() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    int n = 2000 + rnd.nextInt(3000);
    List<String> keys = new ArrayList<>();
    List<Integer> parts = new ArrayList<>();
    LookupStrategyBuilder b =
        LookupStrategy.builder(KeyType.STRING).partitions(64).fallback(Fixtures.hashMod(64));
    for (int i = 0; i < n; i++) {
      String k = "u" + Long.toHexString(rnd.nextLong()) + "-" + i;
      int p = rnd.nextInt(64);
      keys.add(k);
      parts.add(p);
      b.entry(k, p);
    }
    String flatJson = document(keys, parts, false);
    RoutingTable flat = RoutingDocuments.read(flatJson);
    RoutingTable parsed = RoutingDocuments.read(document(keys, parts, true));
    RoutingTable snapshot =
        RoutingDocuments.read(
            RoutingDocuments.writeSnapshot(parsed), REGISTRY, ReadLimits.defaults());
    RoutingTable built = flat.toBuilder().strategy(b.build()).build();
    String context = "seed " + seed + " (-Dshardrouter.test.seed=" + seed + ")";
    for (RoutingTable t : List.of(parsed, snapshot, built)) {
      assertEquals(flat.fingerprint(), t.fingerprint(), context);
      assertEquals(flat, t, context);
    }
    // A snapshot's content is compact, so it is read the flat way; and it is the same table.
    assertEquals(
        flat.fingerprint(),
        RoutingDocuments.read(
                RoutingDocuments.writeCompact(snapshot), REGISTRY, ReadLimits.defaults())
            .fingerprint(),
        context);
    Router[] routers = {
      Router.create(flat), Router.create(parsed), Router.create(snapshot), Router.create(built)
    };
    for (int i = 0; i < n + 500; i++) {
      String probe = i < n ? keys.get(i) : "miss-" + rnd.nextLong();
      int expected = routers[0].route(probe).partition();
      for (Router r : routers) {
        assertEquals(expected, r.route(probe).partition(), context + ": key " + probe);
      }
      if (i < n) {
        assertEquals(parts.get(i).intValue(), expected, context + ": key " + probe);
      }
    }
  }

  @Test
  void partitionOutOfRange_sameViolationOnBothPaths() {
    List<String> keys = new ArrayList<>();
    List<Integer> parts = new ArrayList<>();
    for (int i = 0; i < 1500; i++) {
      keys.add("k" + i);
      parts.add(i == 1234 ? 1 << 24 : i % 64);
    }
    List<Violation> flat = refused(document(keys, parts, false));
    List<Violation> parsed = refused(document(keys, parts, true));
    Violation expected =
        new Violation(
            "strategy.entries.k1234",
            "must be a partition number in [0, " + (1 << 24) + "), got " + (1 << 24));
    assertEquals(List.of(expected), flat);
    assertEquals(flat, parsed);
  }

  @Test
  void nonStringKeysInAFlatObject_parsedAsTheirType() {
    StringBuilder sb =
        new StringBuilder(
            "{\"format\":1,\"routing_version\":1,\"entity\":\"users\",\"key\":{\"type\":\"long\"},"
                + "\"strategy\":{\"type\":\"lookup\",\"partitions\":8,\"fallback\":{\"type\":"
                + "\"hash_mod\",\"partitions\":8},\"entries\":{");
    for (int i = 0; i < 1500; i++) {
      sb.append(i == 0 ? "" : ",").append("\"").append(i * 7L - 3000).append("\":").append(i % 8);
    }
    String doc =
        sb.append("}},\"groups\":[{\"id\":\"g0\",\"primary\":\"db0:5432\"}],\"placement\":[")
            .append("\"g0\",".repeat(7))
            .append("\"g0\"]}")
            .toString();
    Router r = Router.create(RoutingDocuments.read(doc));
    assertEquals(5, r.route(13 * 7L - 3000).partition());
    assertEquals(430 % 8, r.route(10L).partition());
    List<Violation> bad = refused(doc.replace("\"10\":", "\"10x\":"));
    assertEquals(1, bad.size(), bad::toString);
    assertEquals("strategy.entries.10x", bad.get(0).path());
  }
}
