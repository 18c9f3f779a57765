package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyScratch;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.KeyGenerators;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class SaltingTest {
  private static final RoutingTable ORDERS =
      RingFixtures.ring(
          RingFixtures.groups(6), RingFixtures.weights(RingFixtures.groups(6), null, 1), 16);

  @Test
  void computed_pointReadRecomputesTheWriteBucket() {
    Salting s = Salting.computed(8);
    int bucket = s.bucketOf("order-42");
    assertEquals((int) Long.remainderUnsigned(StableHash.xxh3().hashString("order-42"), 8), bucket);
    assertEquals("2026-06-01#" + bucket, s.writeKey("2026-06-01", "order-42"));
    Route write = s.route(ORDERS, "2026-06-01", "order-42");
    assertSame(
        ORDERS.route(s.writeKey("2026-06-01", "order-42")),
        write,
        "route() hashes the same bytes as the key text");
    assertEquals((int) Long.remainderUnsigned(StableHash.xxh3().hashLong(42L), 8), s.bucketOf(42L));
  }

  @Test
  void computed_spreadsDistinctDiscriminators() {
    Salting s = Salting.computed(16);
    int[] count = new int[16];
    for (int i = 0; i < 16_000; i++) {
      count[s.bucketOf("order-" + i)]++;
    }
    for (int c : count) {
      assertTrue(c > 800 && c < 1200, java.util.Arrays.toString(count));
    }
  }

  @Test
  void random_spreadsOneHotKey_andReadsVisitEveryBucket() {
    Salting s = Salting.random(4);
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    int[] count = new int[4];
    for (int i = 0; i < 4000; i++) {
      count[s.randomBucket(rnd)]++;
    }
    for (int c : count) {
      assertTrue(c > 850 && c < 1150, "seed " + seed + ": " + java.util.Arrays.toString(count));
    }
    assertTrue(s.writeKey("tenant-7").matches("tenant-7#[0-3]"));
    assertEquals(
        List.of("tenant-7#0", "tenant-7#1", "tenant-7#2", "tenant-7#3"), s.readKeys("tenant-7"));
    assertThrows(IllegalStateException.class, () -> s.bucketOf("x"));
    assertThrows(IllegalStateException.class, () -> Salting.computed(4).randomBucket(rnd));
  }

  @Test
  void readRoutesAndPartitions_coverEveryBucketKey() {
    Salting s = Salting.computed(32).withSeparator("|");
    List<Route> routes = s.readRoutes(ORDERS, "2026-06-01");
    List<String> keys = s.readKeys("2026-06-01");
    assertEquals(32, routes.size());
    TreeSet<Integer> expected = new TreeSet<>();
    for (int b = 0; b < 32; b++) {
      assertSame(ORDERS.route(keys.get(b)), routes.get(b));
      expected.add(ORDERS.route(keys.get(b)).partition());
    }
    assertArrayEquals(
        expected.stream().mapToInt(Integer::intValue).toArray(),
        s.readPartitions(ORDERS, "2026-06-01"));
    assertTrue(keys.get(5).equals("2026-06-01|5"));
  }

  @Test
  void compositeKeys_useTheBucketAsSecondPart() {
    RoutingTable t =
        ORDERS.toBuilder()
            .keyType(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG))
            .build();
    Salting s = Salting.computed(8);
    int b = s.bucketOf("order-9");
    assertSame(t.route("2026-06-01", (long) b), s.route(t, "2026-06-01", "order-9"));
    RoutingTable longs = ORDERS.toBuilder().keyType(KeyType.LONG).build();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> s.route(longs, "x", 0));
    assertTrue(e.getMessage().contains("has keys of type long"), e.getMessage());
  }

  @Test
  void route_nonAsciiBase_matchesKeyText() {
    Salting s = Salting.computed(8);
    assertSame(ORDERS.route(s.key("租户-🔥", 7)), s.route(ORDERS, "租户-🔥", 7));
  }

  /**
   * A base key longer than {@link KeyScratch#RETAINED_BYTES} is routed as a short one is, and the
   * thread does not keep the array it needed.
   */
  @Test
  void route_baseLongerThanRetained_routesAndIsNotKept() {
    Salting s = Salting.computed(8);
    String huge = "租".repeat(KeyScratch.RETAINED_BYTES / 2); // 3 bytes a char: 1.5 × the bound
    assertSame(ORDERS.route(s.key(huge, 5)), s.route(ORDERS, huge, 5));
    assertTrue(
        Salting.bufferLength() <= KeyScratch.RETAINED_BYTES,
        "kept " + Salting.bufferLength() + " bytes after a long key");
    assertSame(ORDERS.route(s.key("tenant-7", 3)), s.route(ORDERS, "tenant-7", 3));
    assertTrue(
        Salting.bufferLength() <= KeyScratch.RETAINED_BYTES,
        "kept " + Salting.bufferLength() + " bytes after a short key");
  }

  @Test
  void route_allocatesNothing() {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    Salting s = Salting.computed(64);
    long sink = 0;
    for (int i = 0; i < 100_000; i++) {
      sink += s.route(ORDERS, "2026-06-01", i & 63).partition() + s.bucketOf("order-42");
    }
    // the fewest bytes of three measurements: a route that allocates does so in each; a one-off
    // (the compiler replacing the loop's code on a loaded machine) shows in one
    long allocated = Long.MAX_VALUE;
    for (int m = 0; m < 3; m++) {
      long before = mx.getCurrentThreadAllocatedBytes();
      for (int i = 0; i < 500_000; i++) {
        sink += s.route(ORDERS, "2026-06-01", i & 63).partition() + s.bucketOf("order-42");
      }
      allocated = Math.min(allocated, mx.getCurrentThreadAllocatedBytes() - before);
    }
    assertTrue(
        allocated < 4096, "500,000 routes allocated " + allocated + " bytes (sink " + sink + ")");
  }

  @Test
  void badBucketCounts_andSeparators_refused() {
    for (int b : new int[] {0, -1, Salting.MAX_BUCKETS + 1}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> Salting.computed(b));
      assertTrue(
          e.getMessage().startsWith("salting.buckets must be in [1, 1024], got " + b),
          e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> Salting.random(b));
    }
    assertThrows(IllegalArgumentException.class, () -> Salting.computed(4).withSeparator(""));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Salting.computed(4).withSeparator("#1"));
    assertTrue(e.getMessage().contains("salting.separator"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Salting.computed(4).key("x", 4));
    assertThrows(IllegalArgumentException.class, () -> Salting.computed(4).route(ORDERS, "x", -1));
    assertEquals(
        "Salting{computed, 4 buckets, xxh3-64, separator '#'}", Salting.computed(4).toString());
  }

  @Test
  void nullBaseOrDiscriminator_refusedAsANullKey_neverTurnedIntoText() {
    Salting s = Salting.computed(8);
    RoutingTable composite =
        ORDERS.toBuilder()
            .keyType(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG))
            .build();
    List<org.junit.jupiter.api.function.Executable> calls =
        List.of(
            () -> s.bucketOf((String) null),
            () -> s.key(null, 3),
            () -> s.writeKey(null, "order-42"),
            () -> s.writeKey("2026-06-01", null),
            () -> Salting.random(4).writeKey(null),
            () -> s.readKeys(null),
            () -> s.route(ORDERS, null, 3),
            () -> s.route(composite, null, 3),
            () -> s.route(ORDERS, "2026-06-01", (String) null),
            () -> s.readRoutes(ORDERS, null),
            () -> s.readPartitions(ORDERS, null));
    for (int i = 0; i < calls.size(); i++) {
      InvalidKeyException e = assertThrows(InvalidKeyException.class, calls.get(i), "call " + i);
      assertTrue(
          e.getMessage().startsWith("key is null; a null key has no partition"), "call " + i);
    }
  }
}
