package io.shardrouter.core;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An optional capability of a {@link PartitionStrategy} that constrains the table's replica groups.
 * Strategies never see the groups, so the routing table checks the constraints when it is built
 * ({@link RoutingTable.Builder#checkGroupsAndPlacement}), and a document, or the next version of a
 * table, that breaks one is refused with the path. There are two kinds, and a strategy overrides
 * the one it has:
 *
 * <ul>
 *   <li>its parameters name groups (a weighted ring's {@code weights}): {@link #checkGroups}
 *       reports a group the table does not have, or one it misses. The table asks every strategy at
 *       every depth of nesting ({@link NestedStrategies}), each with its own JSON path;
 *   <li>partitions may only be placed on groups with certain labels (a lookup entry pinned to a
 *       region, the buckets of {@code time_buckets} over one): {@link #placementPins} declares
 *       them, and the table checks its placement against them. Pins are asked of the top strategy
 *       only: partition numbers are the table's there, so a strategy that nests others returns
 *       their pins too, renumbered into its own partitions and with their document paths.
 * </ul>
 *
 * <p><b>Thread-safety:</b> implementations are immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface GroupConstraint {

  /**
   * Reports, with document paths under {@code path} (the JSON path of this strategy's object, e.g.
   * {@code strategy} or {@code strategy.fallback} when it is nested), every way the strategy's
   * group names disagree with {@code groups}. The default names no groups and reports nothing.
   */
  default void checkGroups(List<ReplicaGroup> groups, String path, Violations violations) {}

  /**
   * Every pin of the strategy, including those of strategies nested in it (in this strategy's
   * partition numbering, with their document paths); the default is none.
   */
  default List<Pin> placementPins() {
    return List.of();
  }

  /**
   * A rule that the groups serving some partitions must carry certain labels: a tenant pinned to
   * {@code region=eu-central-1} may only be placed on groups labelled {@code region=eu-central-1}
   * (data residency). {@link RoutingTable.Builder#checkGroupsAndPlacement} refuses a placement that
   * breaks one, naming what is pinned, the partition, the group and the label.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param owner what is pinned, as a person reads it, e.g. {@code tenant 'globex'}
   * @param path the JSON path of the pin in the routing document, e.g. {@code
   *     strategy.entries.globex.pin}
   * @param firstPartition the first partition the pin covers
   * @param partitionCount how many consecutive partitions, from {@code firstPartition}, it covers
   *     (at least 1)
   * @param labels the labels every covering group must carry with exactly these values (at least
   *     one)
   * @since 0.1
   */
  record Pin(
      String owner,
      String path,
      int firstPartition,
      int partitionCount,
      Map<String, String> labels) {
    public Pin {
      Objects.requireNonNull(owner, "owner");
      Objects.requireNonNull(path, "path");
      if (firstPartition < 0 || partitionCount < 1) {
        throw new IllegalArgumentException(
            "placement pin of "
                + owner
                + " at "
                + path
                + " must cover partitions [first, first + count)"
                + " with first >= 0 and count >= 1, got first "
                + firstPartition
                + ", count "
                + partitionCount);
      }
      if (labels == null || labels.isEmpty()) {
        throw new IllegalArgumentException(
            "placement pin of "
                + owner
                + " at "
                + path
                + " needs at least one label, e.g. region=eu");
      }
      labels = ReplicaGroup.checkedLabels(labels, "placement pin of " + owner + " at " + path);
    }

    /** True when {@code group} carries every label of the pin with the pinned value. */
    public boolean allows(ReplicaGroup group) {
      for (Map.Entry<String, String> e : labels.entrySet()) {
        if (!e.getValue().equals(group.labels().get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }

    /** The labels as {@code name=value} joined by commas, e.g. {@code region=eu}. */
    public String labelText() {
      StringBuilder sb = new StringBuilder();
      labels.forEach(
          (k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append('=').append(v));
      return sb.toString();
    }
  }
}
