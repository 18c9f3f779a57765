package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RingStrategyTest {

  /**
   * The ownership rule written as a plain binary search: the first token strictly above h, else the
   * first.
   */
  static int referencePartition(long[] tokens, int[] partitions, long h) {
    int lo = 0;
    int hi = tokens.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Long.compareUnsigned(tokens[mid], h) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return partitions[lo == tokens.length ? 0 : lo];
  }

  private static long[] sortedUnsigned(long[] raw) {
    long[] f = Arrays.stream(raw).map(x -> x ^ Long.MIN_VALUE).sorted().distinct().toArray();
    return Arrays.stream(f).map(x -> x ^ Long.MIN_VALUE).toArray();
  }

  /** Random token sets of several shapes: spread, bunched in one region, at the extremes. */
  private static long[] tokens(SplittableRandom rnd, int shape) {
    int n = 1 + rnd.nextInt(shape == 0 ? 3 : 5000);
    long[] raw = new long[n];
    long base = rnd.nextLong();
    for (int i = 0; i < n; i++) {
      raw[i] =
          switch (shape) {
            case 1 -> base + rnd.nextLong(1L << 20); // bunched: long scans inside a few buckets
            case 2 -> i % 2 == 0 ? i : -1L - i; // near 0 and near 2^64-1
            default -> rnd.nextLong();
          };
    }
    return sortedUnsigned(raw);
  }

  private static int[] shuffledIds(SplittableRandom rnd, int n) {
    int[] ids = new int[n];
    for (int i = 0; i < n; i++) {
      ids[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = ids[i];
      ids[i] = ids[j];
      ids[j] = t;
    }
    return ids;
  }

  @Test
  void partitionOfHash_agreesWithBinarySearch() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int round = 0; round < 300; round++) {
      long[] tokens = tokens(rnd, round % 4);
      int[] ids = shuffledIds(rnd, tokens.length);
      RingStrategy ring =
          RingStrategy.ofTokens(StableHash.xxh3(), tokens, ids, tokens.length, Map.of("g", 1), 1);
      long[] points = new long[4000];
      int k = 0;
      points[k++] = 0;
      points[k++] = -1L;
      points[k++] = Long.MIN_VALUE;
      points[k++] = Long.MAX_VALUE;
      while (k < points.length) {
        long t = tokens[rnd.nextInt(tokens.length)];
        points[k++] =
            switch (rnd.nextInt(5)) {
              case 0 -> t;
              case 1 -> t - 1;
              case 2 -> t + 1;
              case 3 ->
                  t
                      & -(1L
                          << (64
                              - Integer.numberOfTrailingZeros(
                                  ring.index().buckets()))); // bucket start
              default -> rnd.nextLong();
            };
      }
      for (long h : points) {
        int expected = referencePartition(tokens, ids, h);
        int actual = ring.partitionOfHash(h);
        if (expected != actual) {
          throw new AssertionError(
              "seed "
                  + seed
                  + ", round "
                  + round
                  + ", "
                  + tokens.length
                  + " tokens, point "
                  + Long.toUnsignedString(h)
                  + ": expected partition "
                  + expected
                  + ", got "
                  + actual);
        }
      }
    }
  }

  @Test
  void shareOf_sumsToOne_andMatchesRangeSizes() {
    long[] tokens = {0x4000000000000000L, 0x8000000000000000L, 0xC000000000000000L};
    RingStrategy ring =
        RingStrategy.ofTokens(StableHash.xxh3(), tokens, new int[] {2, 0, 1}, 4, Map.of("g", 1), 1);
    assertEquals(
        0.5, ring.shareOf(2)); // token 4000.. owns the wrap range [c000.., 2^64) + [0, 4000..)
    assertEquals(0.25, ring.shareOf(0)); // token 8000.. owns [4000.., 8000..)
    assertEquals(0.25, ring.shareOf(1)); // token c000.. owns [8000.., c000..)
    assertEquals(0.0, ring.shareOf(3)); // an id without a token is retired
    RingStrategy one =
        RingStrategy.ofTokens(
            StableHash.xxh3(), new long[] {12345}, new int[] {0}, 1, Map.of("g", 1), 1);
    assertEquals(1.0, one.shareOf(0));
    assertEquals(0, one.partitionOf(Keys.of("anything")));
  }

  @Test
  void namedVnodes_collision_keepsTheEarlierVnode() {
    // A token hash that sends "b#vnode-0" onto the token of "a#vnode-1".
    StableHash colliding =
        new TextHash(
            "test",
            s ->
                switch (s) {
                  case "a#vnode-0" -> 100;
                  case "a#vnode-1", "b#vnode-0" -> 200;
                  case "b#vnode-1" -> 300;
                  default -> throw new IllegalArgumentException(s);
                });
    NamedVnodes.Derived d = NamedVnodes.derive(List.of("a", "b"), 2, colliding);
    assertEquals(1, d.collisions());
    assertTrue(Arrays.equals(new long[] {100, 200, 300}, d.tokens()), Arrays.toString(d.tokens()));
    assertTrue(Arrays.equals(new int[] {0, 0, 1}, d.partitions()), Arrays.toString(d.partitions()));
  }

  @Test
  void toSpec_roundTripsThroughTheRegistry() {
    RingStrategy tokens =
        RingStrategy.ofTokens(
            StableHash.byName(StableHash.MURMUR3_64, 7),
            new long[] {5, 0xF000000000000000L},
            new int[] {1, 2},
            3,
            Map.of("b", 2, "a", 1),
            8);
    PartitionStrategy again = StrategyRegistry.defaultRegistry().create(tokens.toSpec());
    assertEquals(tokens, again);
    assertEquals(tokens.toSpec().toString(), again.toSpec().toString());
    assertEquals(
        "{\"type\":\"ring\",\"mode\":\"tokens\",\"hash\":\"murmur3-64\",\"seed\":7,\"vnodes\":8,"
            + "\"weights\":{\"a\":1,\"b\":2},\"partitions\":3,\"tokens\":[[\"0000000000000005\",1],"
            + "[\"f000000000000000\",2]]}",
        tokens.toString());

    RingStrategy ref = RingStrategy.namedVnodes(List.of("edge-1", "edge-2"), 150);
    assertEquals(
        "{\"type\":\"ring\",\"mode\":\"named_vnodes\",\"nodes\":[\"edge-1\",\"edge-2\"],\"vnodes\":150}",
        ref.toString());
    assertEquals(ref, StrategyRegistry.defaultRegistry().create(ref.toSpec()));
    assertNotEquals(ref, RingStrategy.namedVnodes(List.of("edge-2", "edge-1"), 150));
  }

  @Test
  void lookups_areShortScans_forAllocatedAndHashedTokens() {
    RingStrategy ref =
        RingStrategy.namedVnodes(List.of("edge-1", "edge-2", "edge-3", "edge-4"), 150);
    assertTrue(ref.index().longestScan() <= 5, "longest scan " + ref.index().longestScan());
    assertTrue(
        ref.index().buckets() >= ref.tokenCount() && ref.index().buckets() < 2 * ref.tokenCount());
  }

  @Test
  void partitionOf_allocatesNothing() {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    RingStrategy ring =
        RingStrategy.namedVnodes(List.of("edge-1", "edge-2", "edge-3", "edge-4"), 150);
    byte[][] keys = new byte[1024][];
    long[] points = new long[1024];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = Keys.of("device-" + i);
      points[i] = i * 0x9E3779B97F4A7C15L;
    }
    long sink = 0;
    for (int i = 0; i < 200_000; i++) { // warm up: compile, fill the per-thread scratch buffers
      sink += ring.partitionOfHash(points[i & 1023]) + ring.partitionOf(keys[i & 1023]);
    }
    // the fewest bytes of three measurements: a route that allocates does so in each; a one-off
    // (the compiler replacing the loop's code on a loaded machine) shows in one
    long allocated = Long.MAX_VALUE;
    for (int m = 0; m < 3; m++) {
      long before = mx.getCurrentThreadAllocatedBytes();
      for (int i = 0; i < 1_000_000; i++) {
        sink += ring.partitionOfHash(points[i & 1023]) + ring.partitionOf(keys[i & 1023]);
      }
      allocated = Math.min(allocated, mx.getCurrentThreadAllocatedBytes() - before);
    }
    assertTrue(
        allocated < 4096,
        "2,000,000 lookups allocated " + allocated + " bytes (sink " + sink + ")");
  }
}
