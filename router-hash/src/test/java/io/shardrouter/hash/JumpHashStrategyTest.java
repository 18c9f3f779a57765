package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.shardrouter.core.BatchPartitions;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.KeyGenerators;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

  /**
   * The four-lane loop of a batch gives {@link JumpHash#bucket}'s answer for every key, at every
   * group length (whole lanes, a tail, both) and bucket count from 1 to the maximum, and leaves the
   * array past {@code n} as it was. Seeded keys, edge values one in eight.
   */
  @Test
  void buckets_everyLengthAndCount_isBucketOfEachKey_restUntouched() {
    KeyGenerators g = KeyGenerators.seeded(seed());
    int[] counts = {
      1, 2, 3, 4, 5, 16, 17, 128, 1024, 1025, 65_536, 1_000_000, RoutingTable.MAX_PARTITIONS
    };
    for (int buckets : counts) {
      for (int n = 0; n <= 2 * BatchPartitions.GROUP + 3; n++) {
        long[] keys = new long[n + 3];
        for (int i = 0; i < keys.length; i++) {
          keys[i] = g.anyLong();
        }
        long[] expected = keys.clone();
        for (int i = 0; i < n; i++) {
          expected[i] = JumpHash.bucket(keys[i], buckets);
        }
        long[] given = keys.clone();
        JumpHash.buckets(keys, n, buckets);
        int b = buckets;
        int length = n;
        assertArrayEquals(
            expected,
            keys,
            () ->
                "JumpHash.buckets(keys, "
                    + length
                    + ", "
                    + b
                    + ") differs from bucket of each key (or wrote past n); keys "
                    + Arrays.toString(given)
                    + "; "
                    + g.describe());
      }
    }
  }

  /** The golden vectors (the paper's arithmetic in Python) through the four-lane loop. */
  @Test
  void buckets_goldenVectors_matchIndependentImplementation() {
    Map<Integer, List<long[]>> byCount = new LinkedHashMap<>(); // {key, expected}
    for (JsonNode v : Golden.load("jump.json").get("bucket_vectors")) {
      long key = Long.parseLong(v.get("key_int64").asText());
      for (int i = 0; i < v.get("buckets").size(); i++) {
        byCount
            .computeIfAbsent(v.get("buckets").get(i).asInt(), c -> new ArrayList<>())
            .add(new long[] {key, v.get("bucket").get(i).asInt()});
      }
    }
    int checked = 0;
    for (Map.Entry<Integer, List<long[]>> e : byCount.entrySet()) {
      List<long[]> vectors = e.getValue();
      long[] keys = new long[vectors.size()];
      long[] expected = new long[vectors.size()];
      for (int i = 0; i < keys.length; i++) {
        keys[i] = vectors.get(i)[0];
        expected[i] = vectors.get(i)[1];
      }
      JumpHash.buckets(keys, keys.length, e.getKey());
      int buckets = e.getKey();
      assertArrayEquals(
          expected, keys, () -> "JumpHash.buckets at " + buckets + " vs golden/jump.json");
      checked += keys.length;
    }
    assertTrue(checked >= minRawVectors(), "only " + checked + " golden vectors");
  }

  @Test
  void buckets_noBuckets_refused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> JumpHash.buckets(new long[4], 4, 0));
    assertEquals("jump hash needs at least 1 bucket, got 0", e.getMessage());
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
