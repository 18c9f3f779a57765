package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link MovementReport#countKeys(Iterable, RoutingTable)} with a deployed table that is not the
 * planned one: a key is moved outside the plan when its planned move (old partition, planned
 * partition) is in no listed move, whatever partition the deployed table gives it.
 */
class MovementReportDeployedTest {

  private static RoutingTable table(long version, int partitions, String... placement) {
    return RoutingTable.builder()
        .version(version)
        .entity("orders")
        .keyType(KeyType.BYTES)
        .strategy(new ByteSumStrategy(partitions))
        .group(ReplicaGroup.of("g0", "db0:5432"))
        .group(ReplicaGroup.of("g1", "db1:5432"))
        .placement(List.of(placement))
        .build();
  }

  @Test
  void deployedWithOtherPartitions_aPlannedMoveIsInThePlan_anUnplannedOneOutside() {
    RoutingTable from = table(1, 4, "g0", "g0", "g0", "g0");
    RoutingTable planned = table(2, 4, "g0", "g0", "g1", "g0"); // moves partition 2 to g1
    RoutingTable deployed = table(2, 2, "g1", "g0"); // another strategy: key {2} is on p0
    MovementReport r = MovementReport.between(from, planned);
    List<byte[]> keys =
        List.of(
            new byte[] {0}, // p0 -> g1 deployed, planned to stay: outside the plan
            new byte[] {1}, // stays on p1, g0
            new byte[] {2}, // p2 -> g1 as planned, though the deployed table has it on p0
            new byte[] {3}); // p3 -> p1 deployed, planned to stay: outside the plan
    assertEquals(new MovementReport.KeyCount(4, 3, 2), r.countKeys(keys, deployed));
    assertEquals(new MovementReport.KeyCount(4, 1, 0), r.countKeys(keys, planned));
    assertEquals(new MovementReport.KeyCount(4, 1, 0), r.countKeys(keys));
  }
}
