package io.shardrouter.core;

import java.util.Map;
import java.util.Objects;

/**
 * A rule that the groups serving some partitions must carry certain labels: a tenant pinned to
 * {@code region=eu-central-1} may only be placed on groups labelled {@code region=eu-central-1}
 * (data residency). Strategies declare pins through {@link PlacementConstraint}, and {@link
 * RoutingTable.Builder#checkGroupsAndPlacement} refuses a placement that breaks one.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param owner what is pinned, as a person reads it, e.g. {@code tenant 'globex'}
 * @param path the JSON path of the pin in the routing document, e.g. {@code
 *     strategy.entries.globex.pin}
 * @param firstPartition the first partition the pin covers
 * @param partitionCount how many consecutive partitions, from {@code firstPartition}, it covers (at
 *     least 1)
 * @param labels the labels every covering group must carry with exactly these values (at least one)
 * @since 0.1
 */
public record PlacementPin(
    String owner, String path, int firstPartition, int partitionCount, Map<String, String> labels) {
  public PlacementPin {
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
