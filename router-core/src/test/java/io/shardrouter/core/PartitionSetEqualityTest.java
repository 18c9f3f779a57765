package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link PartitionSet} equality between runs and explicit sets that differ, the first partition of
 * a run, which partitions make a run, and hash codes that tell small sets apart.
 */
class PartitionSetEqualityTest {

  @Test
  void setsOfTheSameSizeButOtherPartitions_areNotEqual() {
    assertNotEquals(PartitionSet.range(0, 3), PartitionSet.range(1, 4)); // two runs
    assertNotEquals(PartitionSet.of(0, 2, 4), PartitionSet.of(0, 2, 5)); // two explicit sets
    assertNotEquals(PartitionSet.range(0, 3), PartitionSet.of(0, 1, 3)); // a run and a set
    assertNotEquals(PartitionSet.of(0, 1, 3), PartitionSet.range(0, 3));
    assertEquals(PartitionSet.of(0, 2, 4), PartitionSet.of(4, 2, 0));
  }

  @Test
  void setsOfOtherSizes_andOtherObjects_areNotEqual() {
    assertNotEquals(PartitionSet.range(0, 3), PartitionSet.range(0, 4));
    assertNotEquals(PartitionSet.of(0, 2), PartitionSet.of(0, 2, 4));
    assertNotEquals(PartitionSet.empty(), PartitionSet.of(0));
    assertFalse(PartitionSet.of(1).equals("{1}"));
    assertFalse(PartitionSet.of(1).equals(null));
    assertEquals(PartitionSet.empty(), PartitionSet.range(5, 5));
  }

  @Test
  void aSetWithPartitions_isNotEmpty() {
    assertFalse(PartitionSet.of(7).isEmpty());
    assertFalse(PartitionSet.range(0, 1).isEmpty());
    assertTrue(PartitionSet.of().isEmpty());
  }

  @Test
  void aRun_holdsItsFirstPartition_andNotTheOneBefore() {
    PartitionSet run = PartitionSet.range(3, 6);
    assertTrue(run.contains(3));
    assertFalse(run.contains(2));
    assertTrue(run.contains(5));
    assertFalse(run.contains(6));
  }

  @Test
  void consecutivePartitions_makeARun_andAGap_doesNot() {
    PartitionSet consecutive = PartitionSet.of(2, 1);
    assertTrue(consecutive.isRun());
    assertArrayEquals(new int[] {1, 2}, consecutive.toArray());
    PartitionSet gap = PartitionSet.of(3, 0);
    assertFalse(gap.isRun());
    assertArrayEquals(new int[] {0, 3}, gap.toArray());
    assertTrue(gap.contains(3));
    assertFalse(gap.contains(1));
    assertEquals("{0, 3}", gap.toString());
  }

  @Test
  void everySubsetOfTenPartitions_hasItsOwnHashCode() {
    Set<Integer> hashes = new HashSet<>();
    for (int mask = 0; mask < 1 << 10; mask++) {
      int[] ps = new int[Integer.bitCount(mask)];
      int n = 0;
      for (int p = 0; p < 10; p++) {
        if ((mask & 1 << p) != 0) {
          ps[n++] = p;
        }
      }
      PartitionSet s = PartitionSet.of(ps);
      assertTrue(hashes.add(s.hashCode()), () -> s + " shares its hash code with another subset");
    }
  }
}
