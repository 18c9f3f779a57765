package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PartitionStrategyExplainTest {

  @Test
  void explain_default_namesTypeAndPartition() {
    ByteSumStrategy s = new ByteSumStrategy(10);
    byte[] key = CanonicalKeys.of("ab"); // 97 + 98 = 195
    assertEquals("test_byte_sum: partition 5", s.explain(key, 0, key.length));
    byte[] padded = {9, 'a', 'b', 9};
    assertEquals("test_byte_sum: partition 5", s.explain(padded, 1, 2));
  }
}
