package io.shardrouter.cli;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import java.util.Arrays;

/**
 * Plans the next version of a table that adds one replica group and fills it with whole partitions,
 * the same number taken from every existing group: {@code floor(P / (n (n + 1)))} from each of n
 * groups, so every group ends with about {@code P / (n + 1)}. Each group gives its highest-numbered
 * partitions, so the plan is deterministic and, for block placements, a few ranges. Only the
 * placement changes: no key changes partition, and exactly the planned partitions move.
 *
 * @param next the new table, version + 1
 * @param perGroup partitions taken from each existing group
 * @param moved the partitions that move to the new group, ascending
 */
record GroupAddition(RoutingTable next, int perGroup, int[] moved) {

  static GroupAddition plan(RoutingTable table, ReplicaGroup added) {
    if (table.group(added.id()) != null) {
      throw new IllegalArgumentException(
          "group '" + added.id() + "' is already in " + table + "; add a group with a new id");
    }
    int n = table.groups().size();
    int perGroup = table.partitionCount() / (n * (n + 1));
    if (perGroup == 0) {
      throw new IllegalArgumentException(
          table.partitionCount()
              + " partitions over "
              + n
              + " groups are too few to give the same whole number to a new group from each; use more partitions");
    }
    RoutingTable.Builder b = table.toBuilder().version(table.version() + 1).group(added);
    int[] moved = new int[perGroup * n];
    int m = 0;
    for (ReplicaGroup g : table.groups()) {
      int[] own = table.partitionsOf(g.id());
      if (own.length < perGroup) {
        throw new IllegalArgumentException(
            "group '"
                + g.id()
                + "' serves "
                + own.length
                + " partitions, fewer than the "
                + perGroup
                + " each group gives; balance the placement first");
      }
      for (int i = own.length - perGroup; i < own.length; i++) {
        b.place(own[i], added.id());
        moved[m++] = own[i];
      }
    }
    Arrays.sort(moved);
    return new GroupAddition(b.build(), perGroup, moved);
  }

  /** {@code partitions} (ascending) as compact ranges, e.g. {@code 0-9, 12, 40-41}. */
  static String ranges(int[] partitions) {
    StringBuilder sb = new StringBuilder();
    int i = 0;
    while (i < partitions.length) {
      int j = i;
      while (j + 1 < partitions.length && partitions[j + 1] == partitions[j] + 1) {
        j++;
      }
      if (sb.length() > 0) {
        sb.append(", ");
      }
      sb.append(partitions[i]);
      if (j > i) {
        sb.append('-').append(partitions[j]);
      }
      i = j + 1;
    }
    return sb.toString();
  }
}
