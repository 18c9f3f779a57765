package io.shardrouter.migrate;

import io.shardrouter.core.PartitionStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The unit a migration copies, verifies and cleans: the keys of one partition under the source
 * table, optionally only those a {@link KeyFilter} accepts (the keys that, under the target table,
 * belong to the target group).
 *
 * <p>A store may keep an index by source partition and use {@link #sourcePartition()} to narrow a
 * scan, but must test every row with {@link #contains(byte[])} (or a page of rows with {@link
 * #containing(List)}): that is the definition.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class Part {
  private final String id;
  private final PartitionStrategy source;
  private final int partition;
  private final @Nullable KeyFilter filter; // null: every key of the partition

  private Part(String id, PartitionStrategy source, int partition, @Nullable KeyFilter filter) {
    this.id = id;
    this.source = source;
    this.partition = partition;
    this.filter = filter;
  }

  /**
   * A part.
   *
   * @param id a stable name, unique in its migration (it keys cursors and reports)
   * @param source the source table's strategy
   * @param partition the partition under {@code source}
   * @param filter which keys of the partition belong to the part, or null for all of them
   * @throws IllegalArgumentException when the partition is outside the strategy
   */
  public static Part of(
      String id, PartitionStrategy source, int partition, @Nullable KeyFilter filter) {
    Objects.requireNonNull(id, "part id");
    Objects.requireNonNull(source, "part source strategy");
    if (partition < 0 || partition >= source.partitionCount()) {
      throw new IllegalArgumentException(
          "part '"
              + id
              + "': partition "
              + partition
              + " is outside the source strategy's [0, "
              + source.partitionCount()
              + ")");
    }
    return new Part(id, source, partition, filter);
  }

  /** The part's name. */
  public String id() {
    return id;
  }

  /** The partition under the source table. */
  public int sourcePartition() {
    return partition;
  }

  /** True when the part takes only some keys of its partition. */
  public boolean filtered() {
    return filter != null;
  }

  /** True when the key (canonical bytes) belongs to this part. */
  public boolean contains(byte[] canonicalKey) {
    return source.partitionOf(canonicalKey) == partition
        && (filter == null || filter.contains(canonicalKey));
  }

  /**
   * The rows whose keys belong to this part, in the order given: {@link #contains(byte[])} of each
   * row's key, with the source strategy asked for the partitions of all of them in one batch
   * ({@link PartitionStrategy#partitionsOf(byte[][], int, int, int[])}), so that a directory's
   * reads of many keys overlap. A store's scan tests a page of rows with it.
   */
  public List<Row> containing(List<Row> rows) {
    int n = rows.size();
    byte[][] keys = new byte[n][];
    for (int i = 0; i < n; i++) {
      keys[i] = rows.get(i).key();
    }
    int[] partitions = new int[n];
    source.partitionsOf(keys, 0, n, partitions);
    List<Row> in = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      if (partitions[i] == partition && (filter == null || filter.contains(keys[i]))) {
        in.add(rows.get(i));
      }
    }
    return in;
  }

  @Override
  public String toString() {
    return "Part{"
        + id
        + ", source partition "
        + partition
        + (filter == null ? "" : ", filtered")
        + "}";
  }

  /**
   * Which keys of a partition a {@link Part} holds, for strategy changes where only the keys that
   * land on the target group under the new table move.
   *
   * <p><b>Thread-safety:</b> implementations must be pure and safe to share.
   *
   * <p><b>Stability:</b> evolving.
   */
  @FunctionalInterface
  public interface KeyFilter {
    /** True when the key (canonical bytes) belongs to the part. */
    boolean contains(byte[] canonicalKey);
  }
}
