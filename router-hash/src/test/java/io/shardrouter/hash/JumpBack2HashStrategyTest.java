package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.testing.KeyGenerators;
import org.junit.jupiter.api.Test;

/**
 * {@link JumpBack2HashStrategy} and {@link JumpBack2Hash}: what {@link ConsistentHashStrategyTest}
 * checks, on {@code jump_back2.json} (tools/golden, from the spec's text in Python), and more:
 * balance over hashed keys at large counts, answers other than jump's and jump_back's, the
 * multipliers, and the spec's trace.
 */
class JumpBack2HashStrategyTest extends ConsistentHashStrategyTest {
  @Override
  String type() {
    return JumpBack2HashStrategy.TYPE;
  }

  @Override
  HashPartitionStrategy of(StableHash hash, int partitions) {
    return JumpBack2HashStrategy.of(hash, partitions);
  }

  @Override
  int bucket(long key, int buckets) {
    return JumpBack2Hash.bucket(key, buckets);
  }

  @Override
  String bucketName() {
    return "JumpBack2Hash.bucket";
  }

  @Override
  int minRawVectors() {
    return 22 * 40;
  }

  @Test
  void equals_sameParameters_equalElseNot() {
    JumpBack2HashStrategy base = JumpBack2HashStrategy.of(StableHash.byName("murmur3-64", 42), 10);
    assertEquals(base, JumpBack2HashStrategy.of(StableHash.byName("murmur3-64", 42), 10));
    assertNotEquals(base, JumpBack2HashStrategy.of(StableHash.byName("murmur3-64", 43), 10));
    assertNotEquals(base, JumpBack2HashStrategy.of(StableHash.byName("murmur3-64", 42), 11));
    assertNotEquals(base, HashModStrategy.of(StableHash.byName("murmur3-64", 42), 10));
    assertNotEquals(base, JumpHashStrategy.of(StableHash.byName("murmur3-64", 42), 10));
    assertNotEquals(base, JumpBackHashStrategy.of(StableHash.byName("murmur3-64", 42), 10));
  }

  @Test
  void bucket_differsFromJump_sameKeysOtherAnswers() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    int same = 0;
    for (int i = 0; i < 10_000; i++) {
      long key = g.random().nextLong(); // a hash: edge values such as 0 have few active buckets
      if (JumpBack2Hash.bucket(key, 1000) == JumpHash.bucket(key, 1000)) {
        same++;
      }
    }
    int s = same;
    assertTrue(
        s < 40, () -> s + " of 10,000 keys agree with jump at 1,000 buckets: about 10 expected");
  }

  @Test
  void bucket_differsFromJumpBack_sameKeysOtherAnswers() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    int same = 0;
    for (int i = 0; i < 10_000; i++) {
      long key = g.random().nextLong();
      if (JumpBack2Hash.bucket(key, 1000) == JumpBackHash.bucket(key, 1000)) {
        same++;
      }
    }
    int s = same;
    assertTrue(
        s < 40,
        () -> s + " of 10,000 keys agree with jump_back at 1,000 buckets: about 10 expected");
  }

  @Test
  void bucket_hashedKeysAtLargeCounts_spreadEvenly() {
    // the walk's high-half products and the top draws at counts where a range is only partly used
    KeyGenerators g = KeyGenerators.seeded(seed());
    StableHash h = StableHash.xxh3();
    for (int n : new int[] {1000, 1025, 65_537, 1_000_000}) {
      int cells = 200;
      int draws = 400_000;
      long[] counts = new long[cells];
      for (int i = 0; i < draws; i++) {
        int b = JumpBack2Hash.bucket(h.hashLong(g.random().nextLong()), n);
        counts[(int) ((long) b * cells / n)]++;
      }
      double chi2 = 0;
      for (int c = 0; c < cells; c++) {
        long lo = ((long) c * n + cells - 1) / cells;
        long hi = ((long) (c + 1) * n + cells - 1) / cells;
        double expected = (double) draws * (hi - lo) / n;
        chi2 += (counts[c] - expected) * (counts[c] - expected) / expected;
      }
      int df = cells - 1;
      double bound = df + 6 * Math.sqrt(2.0 * df) + 10;
      double x = chi2;
      int count = n;
      assertTrue(
          chi2 <= bound,
          () ->
              "n="
                  + count
                  + ": chi-square "
                  + String.format("%.1f", x)
                  + " over "
                  + cells
                  + " cells exceeds "
                  + String.format("%.1f", bound)
                  + "; "
                  + g.describe());
    }
  }

  @Test
  void multipliers_areTheSpecsOddMixes() { // docs/routing-spec.md §4.2.2: C(j), W(j)
    assertEquals(0xc3cf17102b7f7f87L, JumpBack2Hash.multiplier(18), "C(9)");
    assertEquals(0x3466e9a083914f65L, JumpBack2Hash.multiplier(19), "W(9)");
    for (int i = 1; i <= 61; i++) {
      assertEquals(1, JumpBack2Hash.multiplier(i) & 1, "multiplier " + i + " is odd");
    }
    assertEquals(1, JumpBack2Hash.top(0x5555L, 0), "range 0 holds only bucket 1");
    assertEquals(0L, JumpBack2Hash.below(-1L, 0));
    assertEquals(6L, JumpBack2Hash.below(-1L, 7), "the largest r maps to c - 1");
    assertEquals(3L, JumpBack2Hash.below(Long.MIN_VALUE, 7), "r = 2^63 maps to floor(c / 2)");
    assertEquals(0L, JumpBack2Hash.below(Long.MAX_VALUE, 1));
  }

  @Test
  void bucket_theSpecsTrace_holds() { // docs/routing-spec.md §4.2.2, "plant-a" under xxh3-64
    long key = 0xe6d57369c2425c7fL;
    for (int n = 78; n <= 1024; n++) {
      assertEquals(77, JumpBack2Hash.bucket(key, n), "P=" + n);
    }
    for (int n = 54; n <= 77; n++) {
      assertEquals(53, JumpBack2Hash.bucket(key, n), "P=" + n);
    }
    assertEquals(0x37e4340556626089L, key * JumpBack2Hash.multiplier(12), "key × C(6)");
    assertEquals(0x090807a8cbc81605L, key * JumpBack2Hash.multiplier(13), "key × W(6)");
    assertEquals(2L, JumpBack2Hash.below(0x090807a8cbc81605L, 77));
    assertEquals(4, JumpBack2Hash.bucket(key, 10));
    long[] keys = {0L, 1L, 42L, -1L, Long.MIN_VALUE, 0x0123456789abcdefL, 0xfedcba9876543210L};
    int[][] table = {
      {0, 0, 0, 0, 0, 0},
      {0, 1, 1, 1, 1, 1},
      {0, 0, 2, 2, 63, 63},
      {0, 1, 9, 10, 632, 9013453},
      {0, 0, 0, 0, 0, 0},
      {0, 1, 6, 6, 377, 14202899},
      {0, 0, 0, 0, 874, 5334630}
    };
    int[] counts = {1, 2, 10, 11, 1000, 1 << 24};
    for (int i = 0; i < keys.length; i++) {
      for (int c = 0; c < counts.length; c++) {
        assertEquals(
            table[i][c],
            JumpBack2Hash.bucket(keys[i], counts[c]),
            "key " + Long.toHexString(keys[i]) + ", P=" + counts[c]);
      }
    }
  }
}
