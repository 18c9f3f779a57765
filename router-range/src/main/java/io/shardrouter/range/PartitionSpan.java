package io.shardrouter.range;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The partitions a range query must visit, as pruning ({@link RangeStrategy#prune}) finds them: a
 * run of consecutive partitions {@code [first, last]}, or none. With a table, it gives the routes
 * and the replica groups to visit.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class PartitionSpan {
  private static final PartitionSpan EMPTY = new PartitionSpan(0, -1);

  private final int first;
  private final int last;

  private PartitionSpan(int first, int last) {
    this.first = first;
    this.last = last;
  }

  /** No partition: the query holds no key that a range covers. */
  public static PartitionSpan empty() {
    return EMPTY;
  }

  /** Partitions {@code first} to {@code last}, both included; empty when {@code last < first}. */
  public static PartitionSpan of(int first, int last) {
    if (first < 0) {
      throw new IllegalArgumentException("partitions are >= 0, got first " + first);
    }
    return last < first ? EMPTY : new PartitionSpan(first, last);
  }

  public boolean isEmpty() {
    return last < first;
  }

  /** The number of partitions. */
  public int size() {
    return last - first + 1;
  }

  /** The first partition; throws {@link IllegalStateException} when empty. */
  public int first() {
    requireNonEmpty();
    return first;
  }

  /** The last partition; throws {@link IllegalStateException} when empty. */
  public int last() {
    requireNonEmpty();
    return last;
  }

  public boolean contains(int partition) {
    return partition >= first && partition <= last;
  }

  /** The partitions, ascending; a new array. */
  public int[] toArray() {
    int[] ps = new int[size()];
    for (int i = 0; i < ps.length; i++) {
      ps[i] = first + i;
    }
    return ps;
  }

  /** The route of every partition in {@code table}, in partition order. */
  public List<Route> routes(RoutingTable table) {
    List<Route> rs = new ArrayList<>(size());
    for (int p = first; p <= last; p++) {
      rs.add(table.routeOfPartition(p));
    }
    return rs;
  }

  /**
   * The replica groups that serve these partitions in {@code table}, each once, in partition order.
   */
  public List<ReplicaGroup> groups(RoutingTable table) {
    Set<ReplicaGroup> gs = new LinkedHashSet<>();
    for (int p = first; p <= last; p++) {
      gs.add(table.groupOf(p));
    }
    return List.copyOf(gs);
  }

  private void requireNonEmpty() {
    if (isEmpty()) {
      throw new IllegalStateException("the partition span is empty; check isEmpty() first");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PartitionSpan s && s.first == first && s.last == last;
  }

  @Override
  public int hashCode() {
    return 31 * first + last;
  }

  /** {@code partitions 0-1}, {@code partition 3} or {@code no partitions}. */
  @Override
  public String toString() {
    return isEmpty()
        ? "no partitions"
        : size() == 1 ? "partition " + first : "partitions " + first + "-" + last;
  }
}
