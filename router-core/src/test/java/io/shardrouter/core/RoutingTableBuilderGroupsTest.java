package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link RoutingTable.Builder#groups} replaces the groups given before it, not adds to them. */
class RoutingTableBuilderGroupsTest {

  @Test
  void groups_replacesEarlierGroups() {
    RoutingTable t =
        RoutingTable.builder()
            .version(1)
            .entity("orders")
            .keyType(KeyType.STRING)
            .strategy(new ByteSumStrategy(2))
            .group(ReplicaGroup.of("old", "db9:5432"))
            .groups(List.of(ReplicaGroup.of("g0", "db0:5432"), ReplicaGroup.of("g1", "db1:5432")))
            .placement(List.of("g0", "g1"))
            .build();
    assertEquals(List.of("g0", "g1"), t.groups().stream().map(ReplicaGroup::id).toList());
  }

  @Test
  void groups_onABuilderFromATable_replacesItsGroups() {
    RoutingTable t = Tables.table(1, 4, 2);
    RoutingTable next =
        t.toBuilder()
            .version(2)
            .groups(List.of(ReplicaGroup.of("only", "db7:5432")))
            .placement(List.of("only", "only", "only", "only"))
            .build();
    assertEquals(List.of("only"), next.groups().stream().map(ReplicaGroup::id).toList());
  }
}
