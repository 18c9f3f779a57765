package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PartitionSetTest {

  @Test
  void of_sortsAndDropsDuplicates() {
    PartitionSet s = PartitionSet.of(5, 0, 3, 5, 0);
    assertArrayEquals(new int[] {0, 3, 5}, s.toArray());
    assertEquals(3, s.size());
    assertTrue(s.contains(3));
    assertFalse(s.contains(4));
    assertEquals(5, s.max());
    assertEquals(PartitionSet.of(0, 3, 5), s);
    assertEquals("{0, 3, 5}", s.toString());
  }

  @Test
  void rangeAndAll_printRuns() {
    assertEquals("{0..1023}", PartitionSet.all(1024).toString());
    assertEquals("{2, 3, 7..9}", PartitionSet.of(2, 3, 7, 8, 9).toString());
    assertEquals(PartitionSet.range(2, 5), PartitionSet.of(2, 3, 4));
    assertTrue(PartitionSet.all(0).isEmpty());
    assertEquals(-1, PartitionSet.empty().max());
    assertEquals(PartitionSet.of(1, 2, 3), PartitionSet.of(1, 2).union(PartitionSet.of(2, 3)));
  }

  @Test
  void of_negativePartition_throws() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PartitionSet.of(1, -2));
    assertTrue(e.getMessage().contains("got -2"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PartitionSet.range(3, 2));
    assertThrows(IllegalArgumentException.class, () -> PartitionSet.all(-1));
  }

  @Test
  void runsAndExplicitSets_sameValue_sameEqualityHashAndText() {
    long seed = new SplittableRandom().nextLong();
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 500; i++) {
      int from = random.nextInt(50);
      int to = from + random.nextInt(50);
      int[] listed = new int[to - from];
      for (int p = from; p < to; p++) {
        listed[p - from] = p;
      }
      PartitionSet run = PartitionSet.range(from, to);
      PartitionSet explicit = PartitionSet.of(listed);
      String at = "seed=" + seed + " [" + from + ", " + to + ")";
      assertEquals(run, explicit, at);
      assertEquals(run.hashCode(), explicit.hashCode(), at);
      assertEquals(run.toString(), explicit.toString(), at);
      assertTrue(run.isRun(), at);
      assertArrayEquals(listed, run.toArray(), at);
      assertEquals(to - from, run.size(), at);
      for (int p = from - 1; p <= to; p++) {
        assertEquals(p >= from && p < to, run.contains(p), at + " contains " + p);
      }
      if (!run.isEmpty()) {
        assertEquals(from, run.min(), at);
        assertEquals(to - 1, run.max(), at);
        assertEquals(to - 1, run.get(run.size() - 1), at);
      }
    }
  }

  @Test
  void aWideRun_isHeldByItsEnds_andGivesItsRoutesAndGroups() {
    PartitionSet wide = PartitionSet.all(1 << 24);
    assertEquals(1 << 24, wide.size());
    assertTrue(wide.contains((1 << 24) - 1));
    assertFalse(wide.contains(1 << 24));
    assertThrows(IndexOutOfBoundsException.class, () -> wide.get(1 << 24));
    assertFalse(PartitionSet.of(1, 3).isRun());
    RoutingTable t = Tables.table(7, 8, 3);
    PartitionSet some = PartitionSet.of(1, 4, 6);
    assertEquals(
        List.of(t.routeOfPartition(1), t.routeOfPartition(4), t.routeOfPartition(6)),
        some.routes(t));
    assertEquals(List.of(t.groupOf(1), t.groupOf(6)), some.groups(t));
  }
}
