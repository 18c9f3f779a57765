package io.shardrouter.query;

import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One place a fan-out sends a call to: a name that identifies it in results, errors and audit
 * records, the partitions it answers for, and (when it came from a routing table) the replica group
 * that serves them and the table's version.
 *
 * <p>Targets come from a routing table ({@link #perPartition}, {@link #perGroup}, {@link
 * #of(String, Route)}) or from the caller alone ({@link #named}), for places the routing table does
 * not describe, such as the month buckets of one user.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class Target {
  /** The routing version of a target that did not come from a routing table. */
  public static final long NO_VERSION = -1;

  private final String name;
  private final PartitionSet partitions;
  private final @Nullable ReplicaGroup group;
  private final long routingVersion;

  private Target(
      String name, PartitionSet partitions, @Nullable ReplicaGroup group, long routingVersion) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(
          "a target needs a non-blank name, got "
              + (name == null ? "null" : "'" + name + "'")
              + "; it names the target in results and errors");
    }
    this.name = name;
    this.partitions = Objects.requireNonNull(partitions, "partitions");
    this.group = group;
    this.routingVersion = routingVersion;
  }

  /** A target the routing table does not describe: no partitions, no group. */
  public static Target named(String name) {
    return new Target(name, PartitionSet.empty(), null, NO_VERSION);
  }

  /**
   * A target for the partition and group of {@code route}, called {@code name} (e.g. a bucket's
   * table).
   */
  public static Target of(String name, Route route) {
    return new Target(name, PartitionSet.of(route.partition()), route.group(), route.version());
  }

  /** A target with everything given. */
  public static Target of(
      String name, PartitionSet partitions, ReplicaGroup group, long routingVersion) {
    return new Target(name, partitions, group, routingVersion);
  }

  /**
   * One target per partition of {@code partitions}, named {@code partition <p>}, each with the
   * group that serves it under {@code table}. Use it when the storage keeps one table or schema per
   * partition.
   */
  public static List<Target> perPartition(RoutingTable table, PartitionSet partitions) {
    checkInTable(table, partitions);
    List<Target> out = new ArrayList<>(partitions.size());
    for (int i = 0; i < partitions.size(); i++) {
      Route r = table.routeOfPartition(partitions.get(i));
      out.add(
          new Target(
              "partition " + r.partition(),
              PartitionSet.of(r.partition()),
              r.group(),
              table.version()));
    }
    return out;
  }

  /**
   * One target per replica group that serves any of {@code partitions}, named by the group id and
   * carrying the partitions of the set it serves, in the table's group order. Use it when one query
   * per database answers for all the partitions it holds: fewer calls than {@link #perPartition}.
   */
  public static List<Target> perGroup(RoutingTable table, PartitionSet partitions) {
    checkInTable(table, partitions);
    List<ReplicaGroup> groups = table.groups();
    Map<String, Integer> index = new HashMap<>();
    List<List<Integer>> byGroup = new ArrayList<>(groups.size());
    for (int g = 0; g < groups.size(); g++) {
      index.put(groups.get(g).id(), g);
      byGroup.add(new ArrayList<>());
    }
    for (int i = 0; i < partitions.size(); i++) {
      int p = partitions.get(i);
      String id = table.groupOf(p).id();
      byGroup.get(Objects.requireNonNull(index.get(id), id)).add(p); // one of table.groups()
    }
    List<Target> out = new ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      List<Integer> ps = byGroup.get(g);
      if (!ps.isEmpty()) {
        int[] arr = ps.stream().mapToInt(Integer::intValue).toArray();
        out.add(
            new Target(groups.get(g).id(), PartitionSet.of(arr), groups.get(g), table.version()));
      }
    }
    return out;
  }

  private static void checkInTable(RoutingTable table, PartitionSet partitions) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(partitions, "partitions");
    if (partitions.max() >= table.partitionCount()) {
      throw new IllegalArgumentException(
          "partition "
              + partitions.max()
              + " is outside routing table '"
              + table.entity()
              + "' version "
              + table.version()
              + ", which has partitions [0, "
              + table.partitionCount()
              + "); build the PartitionSet from this table");
    }
  }

  /** The name that identifies the target in results, errors and audit records. */
  public String name() {
    return name;
  }

  /** The partitions the target answers for; empty for a {@link #named} target. */
  public PartitionSet partitions() {
    return partitions;
  }

  /** The replica group that serves the target, when it came from a routing table. */
  public Optional<ReplicaGroup> group() {
    return Optional.ofNullable(group);
  }

  /** The version of the routing table the target came from, or {@link #NO_VERSION}. */
  public long routingVersion() {
    return routingVersion;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Target t
        && name.equals(t.name)
        && partitions.equals(t.partitions)
        && Objects.equals(group, t.group)
        && routingVersion == t.routingVersion;
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, partitions, group, routingVersion);
  }

  /** The name, and where it came from: {@code g1 (partitions {0, 4}, v7)}. */
  @Override
  public String toString() {
    if (group == null && partitions.isEmpty()) {
      return name;
    }
    return name
        + " (partitions "
        + partitions
        + (group == null || group.id().equals(name) ? "" : " on " + group.id())
        + (routingVersion == NO_VERSION ? "" : ", v" + routingVersion)
        + ")";
  }
}
