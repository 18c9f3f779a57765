package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.internal.CanonicalKeys;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.lang.management.ManagementFactory;
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

  /** Bytes allocated while {@code route} runs ROUNDS × KEYS times, after a warm-up of the same. */
  private static long measure(IntUnaryOperator route) {
    int sink = 0;
    for (int r = 0; r < ROUNDS; r++) {
      for (int i = 0; i < KEYS; i++) {
        sink += route.applyAsInt(i);
      }
    }
    long before = allocatedBytes();
    for (int r = 0; r < ROUNDS; r++) {
      for (int i = 0; i < KEYS; i++) {
        sink += route.applyAsInt(i);
      }
    }
    long after = allocatedBytes();
    assertTrue(sink != Integer.MIN_VALUE); // keep the results alive
    return after - before;
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
      hitBytes[i] = CanonicalKeys.of(hits[i]);
      b.entry(hits[i], 1024 + i % 76);
    }
    LookupStrategy s = b.build();
    String[] nonAscii = new String[KEYS];
    for (int i = 0; i < KEYS; i++) {
      nonAscii[i] = "Zürich-" + i;
    }
    assertNoAllocation("String hit", i -> s.partitionOf(hits[i]));
    assertNoAllocation("String miss (hash_mod fallback)", i -> s.partitionOf(misses[i]));
    assertNoAllocation("byte[] hit", i -> s.partitionOf(hitBytes[i], 0, hitBytes[i].length));
    assertNoAllocation("non-ASCII String miss", i -> s.partitionOf(nonAscii[i]));
    LookupStrategy longs =
        LookupStrategy.builder(KeyType.LONG)
            .fallback(Fixtures.jump(1024))
            .entry("7", 3)
            .entry("9", 4)
            .build();
    assertNoAllocation("long hit and miss", i -> longs.partitionOf((long) (i % 12)));
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
    assertNoAllocation("(tenant, device) strategy", i -> s.partitionOf(tenants[i & 7], devices[i]));
  }
}
