package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.RoutingTable;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Targets built from a {@link PartitionSet} and a table, and the scatter guard's width. */
class TargetPartitionsTest {
  @Test
  void targets_perPartitionAndPerGroup_resolveThroughTheTable() {
    RoutingTable t = TestTables.table(7, 8, 3);
    List<Target> perPartition = Target.perPartition(t, PartitionSet.of(1, 4, 6));
    assertEquals(
        List.of("partition 1", "partition 4", "partition 6"),
        perPartition.stream().map(Target::name).toList());
    assertEquals("g1", perPartition.get(0).group().orElseThrow().id());
    assertEquals(7, perPartition.get(0).routingVersion());
    assertEquals("partition 4 (partitions {4} on g1, v7)", perPartition.get(1).toString());

    List<Target> perGroup = Target.perGroup(t, PartitionSet.of(0, 1, 3, 4, 6, 7));
    assertEquals(List.of("g0", "g1"), perGroup.stream().map(Target::name).toList());
    assertEquals(PartitionSet.of(0, 3, 6), perGroup.get(0).partitions());
    assertEquals(PartitionSet.of(1, 4, 7), perGroup.get(1).partitions());
    assertEquals("g0 (partitions {0, 3, 6}, v7)", perGroup.get(0).toString());
  }

  @Test
  void targets_partitionOutsideTable_throws() {
    RoutingTable t = TestTables.table(7, 8, 3);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> Target.perGroup(t, PartitionSet.of(2, 8)));
    assertTrue(
        e.getMessage().contains("partition 8 is outside routing table 'orders' version 7"),
        e.getMessage());
  }

  @Test
  void scatterGuard_widthCountsDistinctPartitionsAndNamedTargets() {
    RoutingTable t = TestTables.table(7, 8, 3);
    assertEquals(8, ScatterGuard.widthOf(Target.perGroup(t, PartitionSet.all(8))));
    assertEquals(
        2,
        ScatterGuard.widthOf(
            List.of(Target.named("orders_2024_01"), Target.named("orders_2024_02"))));
    ScatterGuard g = ScatterGuard.limit(4);
    ScatterRefusedException e =
        assertThrows(ScatterRefusedException.class, () -> g.check("query 'by email'", 8, false));
    assertEquals(
        "query 'by email' would fan out to 8 partitions or targets, over the scatter limit of 4; add the shard key to the"
            + " query so it routes to fewer partitions, or opt in with allowScatter() if this fan-out is intended",
        e.getMessage());
    g.check("query 'by email'", 8, true);
    g.check("query 'by user'", PartitionSet.of(3), false);
    assertThrows(IllegalArgumentException.class, () -> ScatterGuard.limit(0));
  }
}
