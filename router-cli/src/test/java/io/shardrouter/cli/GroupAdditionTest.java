package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import org.junit.jupiter.api.Test;

class GroupAdditionTest {

  @Test
  void plan_demoTable_sameWholeNumberFromEachGroup() {
    RoutingTable v1 = DemoCommand.initialTable();
    GroupAddition plan = GroupAddition.plan(v1, DemoCommand.group(4, "eu-central-1"));
    RoutingTable v2 = plan.next();
    assertEquals(v1.version() + 1, v2.version());
    assertEquals(51, plan.perGroup());
    assertEquals(204, plan.moved().length);
    for (int g = 0; g < 4; g++) {
      assertEquals(205, v2.partitionsOf("g" + g).length);
    }
    assertArrayEquals(plan.moved(), v2.partitionsOf("g4"));
    assertEquals("205-255, 461-511, 717-767, 973-1023", GroupAddition.ranges(plan.moved()));
  }

  @Test
  void plan_sameInput_sameTable() {
    RoutingTable v1 = DemoCommand.initialTable();
    ReplicaGroup g4 = DemoCommand.group(4, "eu-central-1");
    assertEquals(
        GroupAddition.plan(v1, g4).next().fingerprint(),
        GroupAddition.plan(v1, g4).next().fingerprint());
  }

  @Test
  void plan_existingGroupId_throws() {
    RoutingTable v1 = DemoCommand.initialTable();
    assertThrows(
        IllegalArgumentException.class,
        () -> GroupAddition.plan(v1, DemoCommand.group(0, "eu-west-1")));
  }

  @Test
  void ranges_singlesAndRuns() {
    assertEquals("", GroupAddition.ranges(new int[0]));
    assertEquals("3", GroupAddition.ranges(new int[] {3}));
    assertEquals("0-2, 5, 7-8", GroupAddition.ranges(new int[] {0, 1, 2, 5, 7, 8}));
  }
}
