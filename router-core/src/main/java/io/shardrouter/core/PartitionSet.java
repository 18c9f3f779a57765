package io.shardrouter.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * An immutable set of logical partitions, sorted ascending without duplicates: the partitions a
 * range query must visit (what range pruning returns) or a fan-out must call. Build it from a
 * half-open run ({@link #range}), every partition of a table ({@link #all}) or explicit partitions
 * ({@link #of}); with a table it gives the routes and the replica groups to visit.
 *
 * <p>A run of consecutive partitions is held as its two ends, so pruning a table of millions of
 * partitions to a wide span costs no array.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class PartitionSet {
  private static final PartitionSet EMPTY = new PartitionSet(0, 0, null);

  private final int first; // a run: the first partition; explicit sets: unused
  private final int size;
  private final int @Nullable [] explicit; // null for a run [first, first + size)

  private PartitionSet(int first, int size, int @Nullable [] explicit) {
    this.first = first;
    this.size = size;
    this.explicit = explicit;
  }

  /** The empty set: a query that pruning proved touches no partition. */
  public static PartitionSet empty() {
    return EMPTY;
  }

  /**
   * The given partitions, sorted; duplicates count once.
   *
   * @throws IllegalArgumentException for a null array or a negative partition
   */
  public static PartitionSet of(int... partitions) {
    if (partitions == null) {
      throw new IllegalArgumentException(
          "partitions must not be null; use PartitionSet.empty() for none");
    }
    int[] copy = partitions.clone();
    Arrays.sort(copy);
    int n = 0;
    for (int i = 0; i < copy.length; i++) {
      if (copy[i] < 0) {
        throw new IllegalArgumentException(
            "partition numbers must be >= 0, got " + copy[i] + "; partitions are ints in [0, P)");
      }
      if (n == 0 || copy[n - 1] != copy[i]) {
        copy[n++] = copy[i];
      }
    }
    if (n == 0) {
      return EMPTY;
    }
    if (copy[n - 1] - copy[0] == n - 1) {
      return new PartitionSet(copy[0], n, null);
    }
    return new PartitionSet(0, n, Arrays.copyOf(copy, n));
  }

  /**
   * The partitions {@code [from, to)}.
   *
   * @throws IllegalArgumentException unless {@code 0 <= from <= to}
   */
  public static PartitionSet range(int from, int to) {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException(
          "partition range [" + from + ", " + to + ") is invalid; need 0 <= from <= to");
    }
    return to == from ? EMPTY : new PartitionSet(from, to - from, null);
  }

  /**
   * Every partition {@code [0, partitionCount)}: a full scatter.
   *
   * @throws IllegalArgumentException for a negative count
   */
  public static PartitionSet all(int partitionCount) {
    if (partitionCount < 0) {
      throw new IllegalArgumentException("partition count must be >= 0, got " + partitionCount);
    }
    return range(0, partitionCount);
  }

  /** The number of partitions in the set. */
  public int size() {
    return size;
  }

  /** True when the set holds no partition. */
  public boolean isEmpty() {
    return size == 0;
  }

  /**
   * The {@code i}-th smallest partition.
   *
   * @throws IndexOutOfBoundsException outside [0, size)
   */
  public int get(int i) {
    if (explicit != null) {
      return explicit[i];
    }
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(
          "index " + i + " out of a set of " + size + " partitions");
    }
    return first + i;
  }

  /** True when {@code partition} is in the set. */
  public boolean contains(int partition) {
    return explicit != null
        ? Arrays.binarySearch(explicit, partition) >= 0
        : partition >= first && partition - first < size;
  }

  /** The smallest partition, or -1 when empty. */
  public int min() {
    return size == 0 ? -1 : get(0);
  }

  /** The largest partition, or -1 when empty. */
  public int max() {
    return size == 0 ? -1 : get(size - 1);
  }

  /** True when the partitions are consecutive (a run), as range pruning always gives; and empty. */
  public boolean isRun() {
    return explicit == null;
  }

  /** The partitions, ascending; a new array. */
  public int[] toArray() {
    if (explicit != null) {
      return explicit.clone();
    }
    int[] ps = new int[size];
    for (int i = 0; i < size; i++) {
      ps[i] = first + i;
    }
    return ps;
  }

  /** The partitions of both sets. */
  public PartitionSet union(PartitionSet other) {
    int[] a = toArray();
    int[] b = other.toArray();
    int[] both = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return of(both);
  }

  /** The route of every partition in {@code table}, in partition order. */
  public List<Route> routes(RoutingTable table) {
    List<Route> rs = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      rs.add(table.routeOfPartition(get(i)));
    }
    return rs;
  }

  /**
   * The replica groups that serve these partitions in {@code table}, each once, in partition order.
   */
  public List<ReplicaGroup> groups(RoutingTable table) {
    Set<ReplicaGroup> gs = new LinkedHashSet<>();
    for (int i = 0; i < size; i++) {
      gs.add(table.groupOf(get(i)));
    }
    return List.copyOf(gs);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof PartitionSet s) || s.size != size) {
      return false;
    }
    if (explicit == null && s.explicit == null) {
      return size == 0 || first == s.first;
    }
    return Arrays.equals(toArray(), s.toArray());
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (int i = 0; i < size; i++) {
      h = 31 * h + get(i);
    }
    return h;
  }

  /** Like {@code {0, 3, 5}}; runs of three or more print as {@code {0..1023}}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    int i = 0;
    while (i < size) {
      int j = i;
      while (j + 1 < size && get(j + 1) == get(j) + 1) {
        j++;
      }
      if (sb.length() > 1) {
        sb.append(", ");
      }
      if (j - i >= 2) {
        sb.append(get(i)).append("..").append(get(j));
      } else {
        for (int x = i; x <= j; x++) {
          sb.append(x > i ? ", " : "").append(get(x));
        }
      }
      i = j + 1;
    }
    return sb.append('}').toString();
  }
}
