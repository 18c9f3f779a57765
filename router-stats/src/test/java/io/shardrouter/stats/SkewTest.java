package io.shardrouter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.RoutingTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Skew} on hand-made loads: every field's exact value, ties, no load, a group without
 * partitions.
 */
class SkewTest {
  private final RoutingTable four =
      Fixtures.table("hash_mod", 4, 2, 1); // p0, p1 on g0; p2, p3 on g1

  private static StatsSnapshot stats(long[] reads, long[] writes, long[] any, HotKeys hot) {
    return new StatsSnapshot(
        "orders", 1, RouteStats.Window.SINCE_START, 0, 1, 1, reads, writes, any, hot);
  }

  @Test
  void of_everyField() {
    HotKeys hot =
        HotKeys.of(4, 10, List.of(new HotKeys.Entry("a", 4, 1), new HotKeys.Entry("b", 2, 0)));
    Skew s =
        Skew.of(
            stats(new long[] {1, 2, 0, 5}, new long[] {0, 0, 0, 1}, new long[] {0, 0, 2, 1}, hot),
            four);
    // loads 1, 2, 2, 7: total 12, mean 3; groups g0 3, g1 9, mean 6
    assertEquals(7.0 / 3, s.partitionPeakToMean(), 1e-12);
    assertEquals(3, s.hottestPartition());
    assertEquals(7.0 / 12, s.hottestPartitionShare(), 1e-12);
    assertEquals(1.5, s.groupPeakToMean(), 1e-12);
    assertEquals("g1", s.hottestGroup());
    assertEquals(0.75, s.hottestGroupShare(), 1e-12);
    assertEquals("a", s.hotKey());
    assertEquals(0.4, s.hotKeyShare(), 1e-12);
    assertEquals(0.1 + 2 * Math.sqrt(0.4 * 0.6 / 10), s.hotKeyShareError(), 1e-12);
  }

  @Test
  void of_ties_theLowestPartitionAndTheFirstGroup() {
    long[] none = new long[4];
    Skew s = Skew.of(stats(new long[] {3, 0, 3, 0}, none, none, HotKeys.empty(1)), four);
    assertEquals(0, s.hottestPartition());
    assertEquals("g0", s.hottestGroup());
    assertEquals(2.0, s.partitionPeakToMean(), 1e-12);
    assertEquals(1.0, s.groupPeakToMean(), 1e-12);
    assertNull(s.hotKey());
    assertEquals(0, s.hotKeyShare());
    assertEquals(0, s.hotKeyShareError());
  }

  @Test
  void of_noLoad_zeros() {
    long[] none = new long[4];
    Skew s = Skew.of(stats(none, none, none, HotKeys.empty(1)), four);
    assertEquals(new Skew(0, 0, 0, 0, "g0", 0, null, 0, 0), s);
  }

  @Test
  void of_hotKeysButNothingSampled_noHotKey() {
    long[] none = new long[4];
    HotKeys listed = HotKeys.of(2, 0, List.of(new HotKeys.Entry("a", 1, 0)));
    assertNull(Skew.of(stats(new long[] {1, 0, 0, 0}, none, none, listed), four).hotKey());
  }

  @Test
  void of_otherPartitionCount_refused() {
    long[] two = new long[2];
    assertEquals(
        "statistics over 2 partitions do not fit routing table version 1 with 4 partitions",
        assertThrows(
                IllegalArgumentException.class,
                () -> Skew.of(stats(two, two, two, HotKeys.empty(1)), four))
            .getMessage());
  }

  @Test
  void groupLoads_onlyGroupsWithPartitions_inTableOrder() {
    RoutingTable three = Fixtures.table("hash_mod", 2, 3, 1); // p0 on g0, p1 on g1, g2 holds none
    assertEquals(
        List.of("g0", "g1"), List.copyOf(Skew.groupLoads(new long[] {4, 6}, three).keySet()));
    assertEquals(Map.of("g0", 4L, "g1", 6L), Skew.groupLoads(new long[] {4, 6}, three));
    assertEquals(Map.of("g0", 0L, "g1", 0L), Skew.groupLoads(new long[] {0, 0}, three));
    Skew s =
        Skew.of(
            new StatsSnapshot(
                "orders",
                1,
                RouteStats.Window.SINCE_START,
                0,
                1,
                1,
                new long[] {4, 6},
                new long[2],
                new long[2],
                HotKeys.empty(1)),
            three);
    assertEquals(1.2, s.groupPeakToMean(), 1e-12); // the mean over the two groups with partitions
  }
}
