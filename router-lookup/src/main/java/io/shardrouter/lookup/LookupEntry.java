package io.shardrouter.lookup;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Where a directory entry of a {@link LookupStrategy} sends its keys, with the options a plain
 * {@code key → partition} entry does not have: one partition, or a second-level split (its own
 * nested strategy over a range of partitions, e.g. a big tenant's device buckets); whether the
 * partitions are dedicated to it; and the labels the groups serving them must carry (a region pin).
 *
 * <p>In a routing document an entry is either a partition number or an object: {@code {"partition":
 * 1025, "dedicated": true, "pin": {"region": "eu-central-1"}}} or {@code {"first_partition": 1028,
 * "strategy": {"type": "hash_mod", "partitions": 8}}}.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class LookupEntry {
  private final int partition; // -1 for a split
  private final int firstPartition;
  private final @Nullable PartitionStrategy strategy; // null unless a split
  private final boolean dedicated;
  private final Map<String, String> pin;

  private LookupEntry(
      int partition,
      int firstPartition,
      @Nullable PartitionStrategy strategy,
      boolean dedicated,
      Map<String, String> pin) {
    this.partition = partition;
    this.firstPartition = firstPartition;
    this.strategy = strategy;
    this.dedicated = dedicated;
    this.pin = pin;
  }

  /**
   * Every key of the entry goes to {@code partition} (at least 0; the strategy checks it is below
   * its P).
   */
  public static LookupEntry partition(int partition) {
    if (partition < 0) {
      throw new IllegalArgumentException(
          "a directory entry's partition must be >= 0, got " + partition);
    }
    return new LookupEntry(partition, partition, null, false, Map.of());
  }

  /**
   * The entry's keys go to {@code firstPartition + strategy.partitionOf(key)}: a second-level split
   * over partitions {@code [firstPartition, firstPartition + strategy.partitionCount())}. The
   * nested strategy routes the whole key, so it only makes sense when the directory matches the
   * first part of composite keys ({@link LookupStrategy.MatchMode#FIRST_PART}).
   */
  public static LookupEntry split(int firstPartition, PartitionStrategy strategy) {
    Objects.requireNonNull(strategy, "strategy of a split entry");
    if (firstPartition < 0) {
      throw new IllegalArgumentException(
          "a split entry's first_partition must be >= 0, got " + firstPartition);
    }
    return new LookupEntry(-1, firstPartition, strategy, false, Map.of());
  }

  /**
   * A copy whose partitions are dedicated to this entry: the strategy refuses to build when the
   * fallback or another entry can reach them.
   */
  public LookupEntry dedicated() {
    return new LookupEntry(partition, firstPartition, strategy, true, pin);
  }

  /**
   * A copy pinned to {@code labels} (e.g. {@code region=eu-central-1}): a routing table refuses to
   * place the entry's partitions on a group without them.
   */
  public LookupEntry pinned(Map<String, String> labels) {
    if (labels == null || labels.isEmpty()) {
      throw new IllegalArgumentException(
          "a pin needs at least one label, e.g. {\"region\": \"eu-central-1\"}");
    }
    return new LookupEntry(
        partition,
        firstPartition,
        strategy,
        dedicated,
        Collections.unmodifiableMap(new TreeMap<>(labels)));
  }

  /** True for a second-level split (its own strategy over a range of partitions). */
  public boolean isSplit() {
    return strategy != null;
  }

  /** The one partition of the entry; -1 for a split. */
  public int partition() {
    return partition;
  }

  /** The first partition the entry covers (its partition, or the first of a split's range). */
  public int firstPartition() {
    return firstPartition;
  }

  /**
   * How many consecutive partitions from {@link #firstPartition()} the entry covers: 1, or the
   * split's partition count.
   */
  public int partitionCount() {
    return strategy == null ? 1 : strategy.partitionCount();
  }

  /** The split's nested strategy; null for a one-partition entry. */
  public @Nullable PartitionStrategy strategy() {
    return strategy;
  }

  public boolean isDedicated() {
    return dedicated;
  }

  /** The pinned labels, sorted by name; empty when the entry is not pinned. */
  public Map<String, String> pin() {
    return pin;
  }

  /** True when only the partition is set: the entry is written as a bare number. */
  boolean isPlain() {
    return strategy == null && !dedicated && pin.isEmpty();
  }

  /** The entry's value in a routing document: a number for a plain entry, else an object. */
  Spec toSpecValue() {
    if (isPlain()) {
      return Spec.of(partition);
    }
    Spec.ObjectBuilder o = Spec.object();
    if (strategy == null) {
      o.put("partition", partition);
    } else {
      o.put("first_partition", firstPartition).put("strategy", strategy.toSpec());
    }
    if (dedicated) {
      o.put("dedicated", true);
    }
    if (!pin.isEmpty()) {
      Spec.ObjectBuilder labels = Spec.object();
      pin.forEach((name, value) -> labels.put(name, value));
      o.put("pin", labels.build());
    }
    return o.build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LookupEntry e
        && e.partition == partition
        && e.firstPartition == firstPartition
        && Objects.equals(e.strategy, strategy)
        && e.dedicated == dedicated
        && e.pin.equals(pin);
  }

  @Override
  public int hashCode() {
    return Objects.hash(partition, firstPartition, strategy, dedicated, pin);
  }

  @Override
  public String toString() {
    return toSpecValue().toString();
  }
}
