package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.testing.KeyGenerators;
import org.junit.jupiter.api.Test;

/**
 * {@link JumpBackHashStrategy} and {@link JumpBackHash}: what {@link ConsistentHashStrategyTest}
 * checks, on {@code jump_back.json} (tools/golden, from the spec's text in Python), and more:
 * answers other than jump's, and the spec's trace.
 */
class JumpBackHashStrategyTest extends ConsistentHashStrategyTest {
  @Override
  String type() {
    return JumpBackHashStrategy.TYPE;
  }

  @Override
  HashPartitionStrategy of(StableHash hash, int partitions) {
    return JumpBackHashStrategy.of(hash, partitions);
  }

  @Override
  int bucket(long key, int buckets) {
    return JumpBackHash.bucket(key, buckets);
  }

  @Override
  String bucketName() {
    return "JumpBackHash.bucket";
  }

  @Override
  int minRawVectors() {
    return 22 * 40;
  }

  @Test
  void equals_sameParameters_equalElseNot() {
    JumpBackHashStrategy base = JumpBackHashStrategy.of(StableHash.byName("murmur3-64", 42), 10);
    assertEquals(base, JumpBackHashStrategy.of(StableHash.byName("murmur3-64", 42), 10));
    assertNotEquals(base, JumpBackHashStrategy.of(StableHash.byName("murmur3-64", 43), 10));
    assertNotEquals(base, JumpBackHashStrategy.of(StableHash.byName("murmur3-64", 42), 11));
    assertNotEquals(base, HashModStrategy.of(StableHash.byName("murmur3-64", 42), 10));
    assertNotEquals(base, JumpHashStrategy.of(StableHash.byName("murmur3-64", 42), 10));
  }

  @Test
  void bucket_differsFromJump_sameKeysOtherAnswers() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    int same = 0;
    for (int i = 0; i < 10_000; i++) {
      long key = g.anyLong();
      if (JumpBackHash.bucket(key, 1000) == JumpHash.bucket(key, 1000)) {
        same++;
      }
    }
    int s = same;
    assertTrue(
        s < 40, () -> s + " of 10,000 keys agree with jump at 1,000 buckets: about 10 expected");
  }

  @Test
  void bucket_theSpecsTrace_holds() { // docs/routing-spec.md §4.2.1, "plant-a" under xxh3-64
    long key = 0xe6d57369c2425c7fL;
    assertEquals(0xb40b11c6c4758e32L, JumpBackHash.mix(key + JumpBackHash.GOLDEN), "flags");
    for (int n = 907; n <= 1024; n++) {
      assertEquals(906, JumpBackHash.bucket(key, n), "P=" + n);
    }
    for (int n = 55; n <= 906; n++) {
      assertEquals(54, JumpBackHash.bucket(key, n), "P=" + n);
    }
    assertEquals(2, JumpBackHash.bucket(key, 10));
    long[] keys = {0L, 1L, 42L, -1L, Long.MIN_VALUE, 0x0123456789abcdefL, 0xfedcba9876543210L};
    int[][] table = {
      {0, 1, 9, 9, 390, 1666716},
      {0, 1, 1, 1, 215, 185733},
      {0, 1, 5, 5, 835, 10765938},
      {0, 0, 0, 0, 48, 5532213},
      {0, 1, 9, 9, 745, 12478701},
      {0, 1, 8, 8, 948, 15603678},
      {0, 0, 7, 7, 761, 2354975}
    };
    int[] counts = {1, 2, 10, 11, 1000, 1 << 24};
    for (int i = 0; i < keys.length; i++) {
      for (int c = 0; c < counts.length; c++) {
        assertEquals(
            table[i][c],
            JumpBackHash.bucket(keys[i], counts[c]),
            "key " + Long.toHexString(keys[i]) + ", P=" + counts[c]);
      }
    }
  }
}
