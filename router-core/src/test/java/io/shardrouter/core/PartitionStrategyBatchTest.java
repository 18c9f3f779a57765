package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link PartitionStrategy#partitionsOf}'s default on a strategy without batch support: each key of
 * {@code [from, to)} gets its {@code partitionOf}, and the caller's array outside it is left.
 */
class PartitionStrategyBatchTest {

  @Test
  void partitionsOf_writesEachKeysPartition_inTheRangeOnly() {
    PartitionStrategy s = new ByteSumStrategy(5);
    byte[][] keys = new byte[5][];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = ("k" + i).getBytes(StandardCharsets.UTF_8);
    }
    int[] out = {-7, -7, -7, -7, -7};
    s.partitionsOf(keys, 1, 4, out);
    assertArrayEquals(
        new int[] {-7, s.partitionOf(keys[1]), s.partitionOf(keys[2]), s.partitionOf(keys[3]), -7},
        out);
  }
}
