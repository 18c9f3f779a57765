package io.shardrouter.lookup;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where the reads and writes of a broadcast entity go ({@code docs/lookup.md}): the table's
 * strategy is {@link BroadcastStrategy}, every group holds a copy, and partition 0's group is the
 * home group.
 *
 * <ul>
 *   <li>Writes go to {@link #writeGroups()}: every group, the home group first. The copies are
 *       updated one by one, so for a while some groups serve the old value: a writer retries a
 *       group that failed (an outbox per group) until every copy has the write, and readers must
 *       tolerate the old value meanwhile: the application must be designed for it.
 *   <li>Reads go to one group, chosen once per caller location by {@link #nearest}: the group whose
 *       labels match the caller's for the longest prefix of a priority list (e.g. {@code region},
 *       then {@code zone}); the home group when none matches or on a tie with it.
 * </ul>
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ReferenceData {
  private final RoutingTable table;
  private final List<ReplicaGroup> writeGroups;

  private ReferenceData(RoutingTable table) {
    this.table = table;
    List<ReplicaGroup> groups = new ArrayList<>();
    groups.add(home(table));
    for (ReplicaGroup g : table.groups()) {
      if (!g.id().equals(groups.get(0).id())) {
        groups.add(g);
      }
    }
    this.writeGroups = List.copyOf(groups);
  }

  /**
   * The reference data routes of {@code table}.
   *
   * @throws IllegalArgumentException when the table is not marked broadcast
   */
  public static ReferenceData of(RoutingTable table) {
    Objects.requireNonNull(table, "table");
    if (!(table.strategy() instanceof BroadcastStrategy)) {
      throw new IllegalArgumentException(
          "entity '"
              + table.entity()
              + "' is not marked broadcast (its strategy is '"
              + table.strategy().type()
              + "'); reference data needs \"strategy\": {\"type\": \"broadcast\"} and a copy on every group");
    }
    return new ReferenceData(table);
  }

  private static ReplicaGroup home(RoutingTable table) {
    return table.groupOf(0);
  }

  public RoutingTable table() {
    return table;
  }

  /** The home group: partition 0's group, where reads go when no group is nearer. */
  public ReplicaGroup home() {
    return writeGroups.get(0);
  }

  /**
   * Every group, home first: a write goes to each.
   *
   * <p><b>Allocation:</b> none (a shared list).
   */
  public List<ReplicaGroup> writeGroups() {
    return writeGroups;
  }

  /**
   * The group reads go to for a caller whose own labels are {@code local} (e.g. {@code
   * region=eu-central-1, zone=b}): the group matching the caller on the longest prefix of {@code
   * priority} (e.g. {@code region}, then {@code zone}); the home group on a tie with it or when
   * none matches; else the first such group in document order. Compute it once per caller location
   * and keep it.
   */
  public ReplicaGroup nearest(Map<String, String> local, List<String> priority) {
    Objects.requireNonNull(local, "local labels");
    Objects.requireNonNull(priority, "label priority");
    ReplicaGroup best = home();
    int bestScore = score(best, local, priority);
    for (ReplicaGroup g : writeGroups) {
      int s = score(g, local, priority);
      if (s > bestScore) {
        best = g;
        bestScore = s;
      }
    }
    return best;
  }

  private static int score(ReplicaGroup g, Map<String, String> local, List<String> priority) {
    int s = 0;
    for (String label : priority) {
      String mine = local.get(label);
      if (mine == null || !mine.equals(g.labels().get(label))) {
        break;
      }
      s++;
    }
    return s;
  }

  @Override
  public String toString() {
    return "ReferenceData{"
        + table.entity()
        + " v"
        + table.version()
        + ", home "
        + home().id()
        + ", "
        + writeGroups.size()
        + " copies}";
  }
}
