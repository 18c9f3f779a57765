package io.shardrouter.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a placement against the {@link GroupConstraint.Pin pins} of a {@link GroupConstraint}
 * strategy: every pinned partition must sit on a group with the pinned labels (e.g. a region).
 */
final class PlacementPins {
  private PlacementPins() {}

  /**
   * Reports every pinned partition placed on a group without the pinned labels (the first 20, then
   * a count).
   */
  static void check(
      List<GroupConstraint.Pin> pins,
      List<ReplicaGroup> groups,
      List<String> placement,
      Violations v) {
    Map<String, ReplicaGroup> byId = new HashMap<>();
    for (ReplicaGroup g : groups) {
      byId.putIfAbsent(g.id(), g);
    }
    int reported = 0;
    for (GroupConstraint.Pin pin : pins) {
      List<String> allowed = new ArrayList<>();
      for (ReplicaGroup g : groups) {
        if (pin.allows(g)) {
          allowed.add(g.id());
        }
      }
      if (allowed.isEmpty()) {
        v.add(
            pin.path(),
            pin.owner()
                + " is pinned to "
                + pin.labelText()
                + " but no group has "
                + (pin.labels().size() == 1 ? "that label" : "those labels")
                + "; add a group labelled "
                + pin.labelText()
                + " and place the pinned partitions on it, or change the pin");
        continue;
      }
      int end =
          (int) Math.min((long) pin.firstPartition() + pin.partitionCount(), placement.size());
      if (pin.firstPartition() >= placement.size()) {
        v.add(
            pin.path(),
            pin.owner()
                + " is pinned to "
                + pin.labelText()
                + " on partitions from "
                + pin.firstPartition()
                + ", but the table has only "
                + placement.size()
                + " partitions");
        continue;
      }
      for (int p = pin.firstPartition(); p < end; p++) {
        ReplicaGroup g = byId.get(placement.get(p));
        if (g == null || pin.allows(g)) {
          continue;
        }
        if (reported++ < 20) {
          v.add(
              "placement[" + p + "]",
              pin.owner()
                  + " is pinned to "
                  + pin.labelText()
                  + " ("
                  + pin.path()
                  + ") but partition "
                  + p
                  + " is placed on group '"
                  + g.id()
                  + "', "
                  + mismatch(pin, g)
                  + "; place partition "
                  + p
                  + " on a group labelled "
                  + pin.labelText()
                  + ": "
                  + allowed);
        }
      }
    }
    if (reported > 20) {
      v.add(
          "placement",
          (reported - 20)
              + " more pinned partitions are placed on groups without the pinned labels");
    }
  }

  private static String mismatch(GroupConstraint.Pin pin, ReplicaGroup g) {
    for (Map.Entry<String, String> e : pin.labels().entrySet()) {
      String actual = g.labels().get(e.getKey());
      if (actual == null) {
        return "which has no label '" + e.getKey() + "'";
      }
      if (!actual.equals(e.getValue())) {
        return "labelled " + e.getKey() + "=" + actual;
      }
    }
    return "which breaks the pin";
  }
}
