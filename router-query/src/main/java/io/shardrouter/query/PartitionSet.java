package io.shardrouter.query;

import java.util.Arrays;

/**
 * An immutable set of logical partitions, kept sorted ascending without duplicates: what a fan-out
 * must visit. Build it from explicit partitions ({@link #of}), a half-open range ({@link #range})
 * or every partition of a table ({@link #all}); turn it into call targets with {@link
 * Target#perPartition} or {@link Target#perGroup}.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class PartitionSet {
  private static final PartitionSet EMPTY = new PartitionSet(new int[0]);

  private final int[] partitions;

  private PartitionSet(int[] sortedDistinct) {
    this.partitions = sortedDistinct;
  }

  /** The empty set: a query that pruning proved touches no partition. */
  public static PartitionSet empty() {
    return EMPTY;
  }

  /** The given partitions, sorted; duplicates count once. */
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
    return n == 0 ? EMPTY : new PartitionSet(Arrays.copyOf(copy, n));
  }

  /** The partitions {@code [from, to)}. */
  public static PartitionSet range(int from, int to) {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException(
          "partition range [" + from + ", " + to + ") is invalid; need 0 <= from <= to");
    }
    int[] ps = new int[to - from];
    for (int i = 0; i < ps.length; i++) {
      ps[i] = from + i;
    }
    return ps.length == 0 ? EMPTY : new PartitionSet(ps);
  }

  /** Every partition {@code [0, partitionCount)}: a full scatter. */
  public static PartitionSet all(int partitionCount) {
    if (partitionCount < 0) {
      throw new IllegalArgumentException("partition count must be >= 0, got " + partitionCount);
    }
    return range(0, partitionCount);
  }

  /** The number of partitions in the set. */
  public int size() {
    return partitions.length;
  }

  public boolean isEmpty() {
    return partitions.length == 0;
  }

  /** The {@code i}-th smallest partition. */
  public int get(int i) {
    return partitions[i];
  }

  public boolean contains(int partition) {
    return Arrays.binarySearch(partitions, partition) >= 0;
  }

  /** The largest partition, or -1 when empty. */
  public int max() {
    return partitions.length == 0 ? -1 : partitions[partitions.length - 1];
  }

  /** A copy of the partitions, ascending. */
  public int[] toArray() {
    return partitions.clone();
  }

  /** The partitions of both sets. */
  public PartitionSet union(PartitionSet other) {
    int[] both = Arrays.copyOf(partitions, partitions.length + other.partitions.length);
    System.arraycopy(other.partitions, 0, both, partitions.length, other.partitions.length);
    return of(both);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PartitionSet s && Arrays.equals(partitions, s.partitions);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(partitions);
  }

  /** Like {@code {0, 3, 5}}; runs of three or more print as {@code {0..1023}}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    int i = 0;
    while (i < partitions.length) {
      int j = i;
      while (j + 1 < partitions.length && partitions[j + 1] == partitions[j] + 1) {
        j++;
      }
      if (sb.length() > 1) {
        sb.append(", ");
      }
      if (j - i >= 2) {
        sb.append(partitions[i]).append("..").append(partitions[j]);
      } else {
        for (int x = i; x <= j; x++) {
          sb.append(x > i ? ", " : "").append(partitions[x]);
        }
      }
      i = j + 1;
    }
    return sb.append('}').toString();
  }
}
