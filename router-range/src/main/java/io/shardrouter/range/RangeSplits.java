package io.shardrouter.range;

import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a range of a range table in two, and merges neighbouring ranges: each gives the next
 * routing table (version + 1, the same entity, key type and groups). {@link
 * io.shardrouter.core.MovementReport#between MovementReport.between(table, next)} says exactly
 * which keys change group, as key ranges: a split moves only its upper part, and only when that
 * part goes to another group; a merge moves the keys of whichever half changes group.
 *
 * <p>Partition numbers are positions in key order: a split at partition p makes the upper part p +
 * 1 and renumbers the partitions after it; a merge of p and p + 1 renumbers the ones after them.
 * The placement follows, so every other key keeps its group.
 *
 * <p>Splitting the last range of increasing keys does not spread new writes: they all land in the
 * new last range (see {@link HotTail}).
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class RangeSplits {
  private RangeSplits() {}

  /**
   * Splits partition {@code partition} at {@code at}: {@code [start, at)} stays on its group and
   * {@code [at, end)} becomes partition {@code partition + 1} on {@code upperGroup} (null: the same
   * group). The partitions after it are renumbered, each keeping its group. Splitting the last
   * range of increasing keys does not spread new writes: they all land in the new last range (the
   * hot tail that {@code shardctl split} and {@code shardctl advise} warn of, docs/observability.md
   * §3).
   *
   * @throws IllegalArgumentException when the table is not a range table, the partition does not
   *     exist, {@code at} is not strictly inside the partition, or the group is unknown
   */
  public static RoutingTable split(
      RoutingTable table, int partition, byte[] at, String upperGroup) {
    RangeStrategy s = rangeStrategy(table);
    RangeStrategy split = withSplit(s, partition, at);
    String lowerGroup = table.groupOf(partition).id();
    String upper = upperGroup == null ? lowerGroup : requireGroup(table, upperGroup);
    List<String> placement = placement(table);
    placement.add(partition + 1, upper);
    return table.toBuilder()
        .version(table.version() + 1)
        .strategy(split)
        .placement(placement)
        .build();
  }

  /**
   * {@code s} with partition {@code partition} split at {@code at} ({@link
   * RangeStrategy#withSplit}).
   *
   * @throws IllegalArgumentException when the partition does not exist or {@code at} is not
   *     strictly inside it
   */
  static RangeStrategy withSplit(RangeStrategy s, int partition, byte[] at) {
    checkPartition(s, partition, "split");
    s.order().check(at, 0, at.length);
    byte[] start = s.start(partition);
    byte[] end = s.end(partition);
    boolean aboveStart = s.order().compare(start, at) < 0;
    boolean belowEnd = end == null || s.order().compare(at, end) < 0;
    if (!aboveStart || !belowEnd) {
      int owner = s.find(at);
      throw new IllegalArgumentException(
          "split key "
              + s.show(at)
              + " is "
              + (s.order().compare(start, at) == 0
                  ? "the start of partition "
                      + partition
                      + " "
                      + s.interval(partition)
                      + ": splitting there leaves an empty range"
                  : "outside partition " + partition + " " + s.interval(partition))
              + "; a split key must lie strictly inside the"
              + " partition it splits (start < key < end)"
              + (owner >= 0 && owner != partition
                  ? ", and " + s.show(at) + " is in partition " + owner + " " + s.interval(owner)
                  : ""));
    }
    return RangeStrategies.withSplit(s, partition, at);
  }

  /**
   * Splits the partition that holds {@code at}, at {@code at}.
   *
   * @throws IllegalArgumentException as {@link #split(RoutingTable, int, byte[], String)}, or when
   *     no range holds {@code at}
   */
  public static RoutingTable split(RoutingTable table, byte[] at, String upperGroup) {
    RangeStrategy s = rangeStrategy(table);
    int p;
    try {
      p = s.partitionOf(at);
    } catch (NoRouteException e) {
      throw new IllegalArgumentException(
          "cannot split at " + s.show(at) + ": " + e.getMessage(), e);
    }
    return split(table, p, at, upperGroup);
  }

  /**
   * Merges partition {@code partition} with the next one into {@code [start(partition),
   * end(partition + 1))} on {@code group} (null: the group of {@code partition}); the partitions
   * after them are renumbered, each keeping its group.
   *
   * @throws IllegalArgumentException when the table is not a range table, there is no next
   *     partition, or the group is unknown
   */
  public static RoutingTable merge(RoutingTable table, int partition, String group) {
    RangeStrategy s = rangeStrategy(table);
    checkPartition(s, partition, "merge");
    if (partition + 1 >= s.partitionCount()) {
      throw new IllegalArgumentException(
          "partition "
              + partition
              + " "
              + s.interval(partition)
              + " is the last one;"
              + " a merge joins a partition with the next one"
              + (partition > 0
                  ? ": merge partition "
                      + (partition - 1)
                      + " to join "
                      + s.interval(partition - 1)
                      + " with it"
                  : ", and this table has only one"));
    }
    String g = group == null ? table.groupOf(partition).id() : requireGroup(table, group);
    List<String> placement = placement(table);
    placement.remove(partition + 1);
    placement.set(partition, g);
    return table.toBuilder()
        .version(table.version() + 1)
        .strategy(RangeStrategies.withMerge(s, partition))
        .placement(placement)
        .build();
  }

  /**
   * The range strategy of {@code table}; throws {@link IllegalArgumentException} for any other
   * strategy.
   */
  static RangeStrategy rangeStrategy(RoutingTable table) {
    if (table.strategy() instanceof RangeStrategy s) {
      return s;
    }
    throw new IllegalArgumentException(
        "routing table '"
            + table.entity()
            + "' version "
            + table.version()
            + " uses strategy '"
            + table.strategy().type()
            + "'; splitting and merging ranges needs a '"
            + RangeStrategy.TYPE
            + "' strategy");
  }

  private static void checkPartition(RangeStrategy s, int partition, String what) {
    if (partition < 0 || partition >= s.partitionCount()) {
      throw new IllegalArgumentException(
          "cannot "
              + what
              + " partition "
              + partition
              + ": the table has partitions 0 to "
              + (s.partitionCount() - 1));
    }
  }

  private static String requireGroup(RoutingTable table, String id) {
    if (table.group(id) == null) {
      List<String> ids = new ArrayList<>();
      for (ReplicaGroup g : table.groups()) {
        ids.add(g.id());
      }
      throw new IllegalArgumentException(
          "unknown group '"
              + id
              + "'; the table's groups are "
              + ids
              + ": add the group to the table first (a group may serve no partition)");
    }
    return id;
  }

  private static List<String> placement(RoutingTable table) {
    List<String> ids = new ArrayList<>(table.partitionCount() + 1);
    for (int p = 0; p < table.partitionCount(); p++) {
      ids.add(table.groupOf(p).id());
    }
    return ids;
  }
}
