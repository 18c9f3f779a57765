package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The ends of {@link PlacementPins#check}: a pin that starts exactly at the table's partition
 * count, and exactly 20 misplaced partitions (all listed, no count line) beside 21.
 */
class PlacementPinsEdgeTest {
  private static final ReplicaGroup US =
      ReplicaGroup.of("g-us", "db0:5432").withLabels(Map.of("region", "us"));
  private static final ReplicaGroup EU =
      ReplicaGroup.of("g-eu", "db1:5432").withLabels(Map.of("region", "eu"));

  private static List<Violation> check(GroupConstraint.Pin pin, List<String> placement) {
    Violations v = new Violations();
    PlacementPins.check(List.of(pin), List.of(US, EU), placement, v);
    return v.asList();
  }

  private static GroupConstraint.Pin euPin(int first, int count) {
    return new GroupConstraint.Pin(
        "tenant 'globex'", "strategy.entries.globex.pin", first, count, Map.of("region", "eu"));
  }

  @Test
  void aPinStartingAtThePartitionCount_reportedAtThePinSayingTheCount() {
    List<Violation> v = check(euPin(3, 1), List.of("g-eu", "g-eu", "g-eu"));
    assertEquals(
        List.of(
            new Violation(
                "strategy.entries.globex.pin",
                "tenant 'globex' is pinned to region=eu on partitions from 3, but the table has"
                    + " only 3 partitions")),
        v);
  }

  @Test
  void aPinStartingAtTheLastPartition_isChecked() {
    assertEquals(List.of(), check(euPin(2, 5), List.of("g-us", "g-us", "g-eu")));
    List<Violation> v = check(euPin(2, 5), List.of("g-eu", "g-eu", "g-us"));
    assertEquals(1, v.size(), v::toString);
    assertEquals("placement[2]", v.get(0).path());
  }

  @Test
  void twentyMisplacedPartitions_allListed_withoutACountLine() {
    List<Violation> v = check(euPin(0, 20), Collections.nCopies(20, "g-us"));
    assertEquals(20, v.size(), v::toString);
    for (int p = 0; p < 20; p++) {
      assertEquals("placement[" + p + "]", v.get(p).path());
    }
  }

  @Test
  void twentyOneMisplacedPartitions_theLastCounted() {
    List<String> placement = new ArrayList<>(Collections.nCopies(21, "g-us"));
    List<Violation> v = check(euPin(0, 21), placement);
    assertEquals(21, v.size(), v::toString);
    assertEquals(
        new Violation(
            "placement", "1 more pinned partitions are placed on groups without the pinned labels"),
        v.get(20));
    assertTrue(v.get(19).message().contains("partition 19 is placed on group 'g-us'"), v::toString);
  }
}
