package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.testing.Keys;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Routing through a lookup strategy allocates nothing, hit or miss, for every key form; measured
 * with the JVM's per-thread allocation counter (not a timing test: the numbers JMH reports for
 * speed live in router-bench).
 */
class LookupAllocationTest {
  private static final int KEYS = 1024;
  private static final int ROUNDS = 200;

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  /**
   * The fewest bytes allocated while {@code route} runs ROUNDS × KEYS times, of three measurements
   * after a warm-up of the same. A route that allocates does so in every measurement; a one-off,
   * such as the compiler replacing the loop's code while it runs on a loaded machine (4,992 bytes
   * once in a CI run), shows in one.
   */
  private static long measure(IntUnaryOperator route) {
    int sink = 0;
    for (int r = 0; r < ROUNDS; r++) {
      for (int i = 0; i < KEYS; i++) {
        sink += route.applyAsInt(i);
      }
    }
    long fewest = Long.MAX_VALUE;
    for (int m = 0; m < 3; m++) {
      long before = allocatedBytes();
      for (int r = 0; r < ROUNDS; r++) {
        for (int i = 0; i < KEYS; i++) {
          sink += route.applyAsInt(i);
        }
      }
      fewest = Math.min(fewest, allocatedBytes() - before);
    }
    assertTrue(sink != Integer.MIN_VALUE); // keep the results alive
    return fewest;
  }

  private static void assertNoAllocation(String what, IntUnaryOperator route) {
    long bytes = measure(route);
    // the counter itself may allocate a few bytes; a per-call allocation would be >= 16 B x 204,800
    // calls
    assertTrue(
        bytes < 4096,
        () -> what + " allocated " + bytes + " bytes over " + ROUNDS * KEYS + " routes");
  }

  @Test
  void partitionOf_hitsAndMisses_allocateNothing() {
    LookupStrategyBuilder b =
        LookupStrategy.builder(KeyType.STRING).fallback(Fixtures.hashMod(1024)).partitions(1100);
    String[] hits = new String[KEYS];
    String[] misses = new String[KEYS];
    byte[][] hitBytes = new byte[KEYS][];
    for (int i = 0; i < KEYS; i++) {
      hits[i] = "tenant-" + i;
      misses[i] = "other-" + i;
      hitBytes[i] = Keys.of(hits[i]);
      b.entry(hits[i], 1024 + i % 76);
    }
    LookupStrategy s = b.build();
    String[] nonAscii = new String[KEYS];
    for (int i = 0; i < KEYS; i++) {
      nonAscii[i] = "Zürich-" + i;
    }
    RoutingTable t = table(s, KeyType.STRING);
    assertNoAllocation("String hit", i -> t.route(hits[i]).partition());
    assertNoAllocation("String miss (hash_mod fallback)", i -> t.route(misses[i]).partition());
    assertNoAllocation("byte[] hit", i -> s.partitionOf(hitBytes[i], 0, hitBytes[i].length));
    assertNoAllocation("non-ASCII String miss", i -> t.route(nonAscii[i]).partition());
    Route[] out = new Route[KEYS];
    assertNoAllocation(
        "String batch of hits",
        i -> {
          if ((i & 15) != 0) {
            return 0;
          }
          t.routeAll(hits, i, i + 16, out);
          return out[i].partition();
        });
    assertNoAllocation(
        "non-ASCII String batch",
        i -> {
          if ((i & 15) != 0) {
            return 0;
          }
          t.routeAll(nonAscii, i, i + 16, out);
          return out[i].partition();
        });
    LookupStrategy longs =
        LookupStrategy.builder(KeyType.LONG)
            .fallback(Fixtures.jump(1024))
            .entry("7", 3)
            .entry("9", 4)
            .build();
    assertNoAllocation("long hit and miss", i -> longs.partitionOfLong(i % 12));
    RoutingTable longTable = table(longs, KeyType.LONG);
    assertNoAllocation(
        "long hit and miss through the table", i -> longTable.route((long) (i % 12)).partition());
    long[] longKeys = new long[KEYS];
    Instant[] times = new Instant[KEYS];
    LookupStrategyBuilder timeBuilder =
        LookupStrategy.builder(KeyType.TIMESTAMP).fallback(Fixtures.hashMod(1024));
    for (int i = 0; i < KEYS; i++) {
      longKeys[i] = i % 12;
      times[i] = Instant.ofEpochSecond(1_700_000_000L + i);
      if (i % 2 == 0) {
        timeBuilder.entry(CanonicalBytes.of(times[i]), i % 1024);
      }
    }
    RoutingTable timeTable = table(timeBuilder.build(), KeyType.TIMESTAMP);
    Route[] numbers = new Route[KEYS];
    assertNoAllocation(
        "long batch through the table",
        i -> {
          if ((i & 15) != 0) {
            return 0;
          }
          longTable.routeAll(longKeys, i, i + 16, numbers);
          return numbers[i].partition();
        });
    assertNoAllocation(
        "timestamp batch through the table",
        i -> {
          if ((i & 15) != 0) {
            return 0;
          }
          timeTable.routeAll(times, i, i + 16, numbers);
          return numbers[i].partition();
        });
  }

  @Test
  void route_tenantTable_allocatesNothing() {
    RoutingTable t = RoutingDocuments.read(Fixtures.TENANTS);
    PartitionStrategy s = t.strategy();
    String[] tenants = {
      "plant-a", "acme", "globex", "initech", "umbrella", "wayne", "stark", "tyrell"
    };
    String[] devices = new String[KEYS];
    for (int i = 0; i < KEYS; i++) {
      devices[i] = "device-" + i;
    }
    assertNoAllocation(
        "(tenant, device) through the table", i -> t.route(tenants[i & 7], devices[i]).partition());
    byte[][] canonical = new byte[KEYS][];
    for (int i = 0; i < KEYS; i++) {
      canonical[i] = CompositeKey.of(tenants[i & 7], devices[i]).toBytes();
    }
    assertNoAllocation(
        "(tenant, device) strategy", i -> s.partitionOf(canonical[i], 0, canonical[i].length));
    // batches of 16 (the directory's groups: prepare, load, finish), one every 16th call
    String[] tenantOf = new String[KEYS];
    for (int i = 0; i < KEYS; i++) {
      tenantOf[i] = tenants[i & 7];
    }
    Route[] out = new Route[KEYS];
    assertNoAllocation(
        "(tenant, device) pair batch through the table",
        i -> {
          if ((i & 15) != 0) {
            return 0;
          }
          t.routeAll(tenantOf, devices, i, i + 16, out);
          return out[i].partition();
        });
    assertNoAllocation(
        "(tenant, device) canonical batch through the table",
        i -> {
          if ((i & 15) != 0) {
            return 0;
          }
          t.routeAllCanonical(canonical, i, i + 16, out);
          return out[i].partition();
        });
  }

  @Test
  void pairBatches_ofIntegersAndOfTextAndInteger_allocateNothing() {
    KeyType longs = KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG);
    KeyType textLong = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
    LookupStrategyBuilder byLongs = LookupStrategy.builder(longs).fallback(Fixtures.hashMod(1024));
    LookupStrategyBuilder byText =
        LookupStrategy.builder(textLong).fallback(Fixtures.hashMod(1024));
    long[] first = new long[KEYS];
    long[] second = new long[KEYS];
    String[] text = new String[KEYS];
    for (int i = 0; i < KEYS; i++) {
      first[i] = 1_000_000L + i;
      second[i] = i * 31L;
      text[i] = "tenant-" + i;
      if (i % 2 == 0) { // every other key listed, the rest on the fallback
        byLongs.entry(CompositeKey.of(first[i], second[i]).toBytes(), i % 1024);
        byText.entry(CompositeKey.of(text[i], second[i]).toBytes(), i % 1024);
      }
    }
    RoutingTable l = table(byLongs.build(), longs);
    RoutingTable t = table(byText.build(), textLong);
    Route[] out = new Route[KEYS];
    assertNoAllocation(
        "(long, long) pair batch through the table",
        i -> {
          if ((i & 15) != 0) {
            return 0;
          }
          l.routeAll(first, second, i, i + 16, out);
          return out[i].partition();
        });
    assertNoAllocation(
        "(String, long) pair batch through the table",
        i -> {
          if ((i & 15) != 0) {
            return 0;
          }
          t.routeAll(text, second, i, i + 16, out);
          return out[i].partition();
        });
  }

  /** A table over {@code s}, its partitions spread over three groups. */
  private static RoutingTable table(PartitionStrategy s, KeyType type) {
    RoutingTable.Builder b =
        RoutingTable.builder().version(1).entity("tenants").keyType(type).strategy(s);
    java.util.List<String> placement = new java.util.ArrayList<>();
    for (int g = 0; g < 3; g++) {
      b.group(io.shardrouter.core.ReplicaGroup.of("g" + g, "db" + g + ":5432"));
    }
    for (int p = 0; p < s.partitionCount(); p++) {
      placement.add("g" + (p % 3));
    }
    return b.placement(placement).build();
  }
}
