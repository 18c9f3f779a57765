package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link JumpHashStrategy} and {@link JumpHash}: what {@link ConsistentHashStrategyTest} checks, on
 * {@code jump.json} (the paper's arithmetic in Python).
 */
class JumpHashStrategyTest extends ConsistentHashStrategyTest {
  @Override
  String type() {
    return JumpHashStrategy.TYPE;
  }

  @Override
  HashPartitionStrategy of(StableHash hash, int partitions) {
    return JumpHashStrategy.of(hash, partitions);
  }

  @Override
  int bucket(long key, int buckets) {
    return JumpHash.bucket(key, buckets);
  }

  @Override
  String bucketName() {
    return "JumpHash.bucket";
  }

  @Override
  int minRawVectors() {
    return 13 * 30;
  }

  @Test
  void equals_sameParameters_equalElseNot() {
    JumpHashStrategy base = JumpHashStrategy.of(StableHash.byName("murmur3-64", 42), 10);
    assertEquals(base, JumpHashStrategy.of(StableHash.byName("murmur3-64", 42), 10));
    assertNotEquals(base, JumpHashStrategy.of(StableHash.byName("murmur3-64", 43), 10));
    assertNotEquals(base, JumpHashStrategy.of(StableHash.byName("murmur3-64", 42), 11));
    assertNotEquals(base, HashModStrategy.of(StableHash.byName("murmur3-64", 42), 10));
  }
}
