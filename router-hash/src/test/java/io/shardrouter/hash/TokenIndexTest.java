package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.internal.TokenIndex;
import io.shardrouter.testing.KeyGenerators;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link TokenIndex} against a plain binary search ({@link RingStrategyTest#referencePartition}) on
 * token sets of every shape the packed entries treat differently: empty, one-token and crowded
 * buckets, partition ids that do not fit an entry, tokens and points on bucket edges and on the
 * threshold bits, the wrap.
 */
class TokenIndexTest {
  private static final int SHAPES = 8;

  /** Sorts as unsigned and drops repeats. */
  static long[] sortedUnsigned(long[] raw) {
    long[] f = Arrays.stream(raw).map(x -> x ^ Long.MIN_VALUE).sorted().distinct().toArray();
    return Arrays.stream(f).map(x -> x ^ Long.MIN_VALUE).toArray();
  }

  private static long[] tokens(SplittableRandom rnd, int shape) {
    int n = 1 + rnd.nextInt(shape == 0 ? 3 : 3000);
    long[] raw = new long[n];
    long base = rnd.nextLong();
    long step = Long.divideUnsigned(-1L, n);
    for (int i = 0; i < n; i++) {
      raw[i] =
          switch (shape) {
            case 1 -> base + rnd.nextLong(1L << 20); // bunched into one or two buckets: long scans
            case 2 -> i % 2 == 0 ? i : -1L - i; // near 0 and near 2^64-1
            case 3 -> i * step + rnd.nextLong(1L << 40); // spread evenly, like an allocator ring
            case 4 -> (long) rnd.nextInt(64) << 58; // on bucket starts
            case 5 -> ((long) rnd.nextInt(64) << 58) - 1; // on bucket ends
            case 6 -> base ^ rnd.nextLong(1L << 50); // one region, a few tokens per bucket at most
            default -> rnd.nextLong();
          };
    }
    return sortedUnsigned(raw);
  }

  /** Distinct partition ids: small, or around 2^16 and 2^21, or up to 2^24 - 1. */
  private static int[] ids(SplittableRandom rnd, int n, int kind) {
    int[] ids = new int[n];
    for (int i = 0; i < n; i++) {
      ids[i] =
          switch (kind) {
            case 0 -> i;
            case 1 -> (1 << 16) - n / 2 + i;
            case 2 -> (1 << 21) - n / 2 + i;
            default -> RoutingTable.MAX_PARTITIONS - 1 - i;
          };
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = ids[i];
      ids[i] = ids[j];
      ids[j] = t;
    }
    return ids;
  }

  private static void check(
      long seed, String what, long[] tokens, int[] ids, TokenIndex index, long point) {
    int expected = RingStrategyTest.referencePartition(tokens, ids, point);
    int actual = index.partitionOf(point);
    if (expected != actual) {
      throw new AssertionError(
          "seed "
              + seed
              + ", "
              + what
              + ", "
              + tokens.length
              + " tokens, point 0x"
              + Long.toHexString(point)
              + ": expected partition "
              + expected
              + ", got "
              + actual);
    }
  }

  /**
   * Every point an entry decides differently: at, below and above each token, on its threshold
   * bits, on bucket edges.
   */
  private static void checkAround(
      long seed, String what, long[] tokens, int[] ids, TokenIndex index, SplittableRandom rnd) {
    int bits = Integer.numberOfTrailingZeros(index.buckets());
    long bucketSize = 1L << (64 - bits); // 2^63 (negative) for two buckets: used as a mask only
    long sameBits =
        1L << (64 - bits - TokenIndex.THRESHOLD_BITS); // points with the token's threshold bits
    for (long p : new long[] {0, 1, -1L, -2L, Long.MIN_VALUE, Long.MAX_VALUE}) {
      check(seed, what, tokens, ids, index, p);
    }
    for (long t : tokens) {
      long start = t & -bucketSize;
      long sameStart = t & -sameBits;
      for (long p :
          new long[] {
            t - 1,
            t,
            t + 1,
            start,
            start - 1,
            start + bucketSize - 1,
            start + bucketSize,
            sameStart,
            sameStart - 1,
            sameStart + sameBits - 1,
            sameStart + sameBits,
            sameStart + (rnd.nextLong() & (sameBits - 1)),
            start + (rnd.nextLong() & (bucketSize - 1)),
            start + bucketSize + (rnd.nextLong() & (bucketSize - 1))
          }) {
        check(seed, what, tokens, ids, index, p);
      }
    }
    for (int i = 0; i < 2000; i++) {
      check(seed, what, tokens, ids, index, rnd.nextLong());
    }
  }

  @Test
  void partitionOf_agreesWithBinarySearch_onEveryShapeAndIdRange() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int round = 0; round < 400; round++) {
      int shape = round % SHAPES;
      int idKind = (round / SHAPES) % 4;
      long[] tokens = tokens(rnd, shape);
      int[] ids = ids(rnd, tokens.length, idKind);
      TokenIndex index = new TokenIndex(tokens, ids);
      checkAround(
          seed, "round " + round + " shape " + shape + " ids " + idKind, tokens, ids, index, rnd);
    }
  }

  @Test
  void partitionOf_handWrittenTokens() {
    long[][] sets = {
      {0},
      {-1L},
      {Long.MIN_VALUE},
      {0, -1L},
      {0, 1, 2, 3},
      {-4L, -3L, -2L, -1L},
      {0x4000000000000000L, 0x8000000000000000L, 0xC000000000000000L},
      {
        0x3FFFFFFFFFFFFFFFL, 0x4000000000000000L, 0x7FFFFFFFFFFFFFFFL
      }, // a token on each side of a bucket edge
      {
        0x1000000000000000L, 0x1000000000000001L, 0x1FFFFFFFFFFFFFFFL
      }, // crowded first bucket, then empty ones
    };
    SplittableRandom rnd = new SplittableRandom(42);
    for (long[] raw : sets) {
      long[] tokens = sortedUnsigned(raw);
      for (int kind = 0; kind < 4; kind++) {
        int[] ids = ids(rnd, tokens.length, kind);
        checkAround(
            42,
            "tokens " + Arrays.toString(raw) + " ids " + kind,
            tokens,
            ids,
            new TokenIndex(tokens, ids),
            rnd);
      }
    }
  }

  @Test
  void partitionOf_oneToken_ownsEveryPoint() {
    TokenIndex one =
        new TokenIndex(new long[] {12345}, new int[] {RoutingTable.MAX_PARTITIONS - 1});
    assertEquals(2, one.buckets());
    for (long p : new long[] {0, 12344, 12345, 12346, -1L, Long.MIN_VALUE, Long.MAX_VALUE}) {
      assertEquals(RoutingTable.MAX_PARTITIONS - 1, one.partitionOf(p));
    }
  }

  @Test
  void partitionOf_allocatorRing_agreesWithBinarySearch_andFlagsFewBuckets() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    RoutingTable t =
        RingFixtures.ring(
            RingFixtures.groups(300), RingFixtures.weights(RingFixtures.groups(300), rnd, 3), 16);
    RingStrategy ring = (RingStrategy) t.strategy();
    long[] tokens = new long[ring.tokenCount()];
    int[] ids = new int[tokens.length];
    for (int i = 0; i < tokens.length; i++) {
      tokens[i] = ring.token(i);
      ids[i] = ring.partitionOfToken(i);
    }
    TokenIndex index = ring.index();
    checkAround(seed, "allocator ring", tokens, ids, index, rnd);
    for (int i = 0; i < 200_000; i++) {
      long h = rnd.nextLong();
      assertEquals(
          RingStrategyTest.referencePartition(tokens, ids, h),
          ring.partitionOfHash(h),
          "seed " + seed);
    }
    // Allocator tokens are spread nearly evenly, so few buckets hold two (docs/architecture.md §6:
    // one cache line
    // per route).
    double flagged = index.flaggedBuckets() / (double) index.buckets();
    assertTrue(
        flagged < 0.05,
        "seed "
            + seed
            + ": "
            + index.flaggedBuckets()
            + " of "
            + index.buckets()
            + " buckets flagged");
    assertTrue(index.longestScan() <= 3, "seed " + seed + ": longest scan " + index.longestScan());
  }

  @Test
  void flaggedBuckets_areTheCrowdedOnes() {
    long[] tokens = {0x0100000000000000L, 0x0100000000000001L, 0x9000000000000000L};
    TokenIndex small = new TokenIndex(tokens, new int[] {0, 1, 2});
    assertEquals(4, small.buckets()); // 2^b in [n, 2n)
    assertEquals(1, small.flaggedBuckets()); // bucket 0 holds two tokens
    assertEquals(2, small.longestScan());
    assertEquals(1, small.partitionOf(0x0100000000000000L));
    assertEquals(2, small.partitionOf(0x0100000000000001L)); // scans bucket 0, then the next token
    // Partition ids up to 2^24 - 1 are held as they are: no bucket is flagged for its id.
    int big = RoutingTable.MAX_PARTITIONS - 1;
    TokenIndex large = new TokenIndex(tokens, new int[] {0, 1, big});
    assertEquals(1, large.flaggedBuckets());
    assertEquals(big, large.partitionOf(0x0100000000000001L));
    assertEquals(big, large.partitionOf(0x8FFFFFFFFFFFFFFFL));
    assertEquals(0, large.partitionOf(0x9000000000000000L)); // the wrap
  }

  /**
   * Buckets of 1 to 9 tokens: up to three are counted without a loop, more are scanned; the answers
   * must not differ.
   */
  @Test
  void crowdedBuckets_ofEverySize_agreeWithBinarySearch() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int round = 0; round < 200; round++) {
      java.util.List<Long> raw = new java.util.ArrayList<>();
      int buckets = 1 + rnd.nextInt(40);
      for (int b = 0; b < buckets; b++) {
        long start = rnd.nextLong() & -(1L << 50);
        int inside = 1 + rnd.nextInt(9);
        for (int k = 0; k < inside; k++) {
          raw.add(
              start
                  + rnd.nextLong(
                      1L << 44)); // one bucket of the index (its buckets are 2^58 wide or narrower)
        }
      }
      long[] tokens = sortedUnsigned(raw.stream().mapToLong(Long::longValue).toArray());
      int[] ids = ids(rnd, tokens.length, round % 4);
      TokenIndex index = new TokenIndex(tokens, ids);
      checkAround(seed, "round " + round + ", crowded buckets", tokens, ids, index, rnd);
    }
  }

  @Test
  void buckets_areBetweenNAnd2N() {
    for (int n : new int[] {1, 2, 3, 4, 5, 1000, 1024, 1025, 35_181}) {
      long[] tokens = new long[n];
      long step = Long.divideUnsigned(-1L, n);
      for (int i = 0; i < n; i++) {
        tokens[i] = i * step;
      }
      int buckets = new TokenIndex(tokens, new int[n]).buckets();
      assertEquals(1, Integer.bitCount(buckets), n + " tokens");
      assertTrue(
          buckets >= n && (buckets < 2 * n || buckets == 2),
          n + " tokens: " + buckets + " buckets");
    }
  }

  @Test
  void constructor_rejectsWhatItCannotIndex() {
    assertThrows(IllegalArgumentException.class, () -> new TokenIndex(new long[0], new int[0]));
    assertThrows(
        IllegalArgumentException.class, () -> new TokenIndex(new long[] {1, 2}, new int[] {0}));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new TokenIndex(
                new long[TokenIndex.MAX_TOKENS + 1], new int[TokenIndex.MAX_TOKENS + 1]));
  }
}
