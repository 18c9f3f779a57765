package io.shardrouter.query;

import io.shardrouter.core.PartitionSet;
import java.util.List;

/**
 * Refuses, before any call, a query that would fan out to more partitions than a configured limit,
 * unless the caller opts in: the counterpart of Vitess's {@code no_scatter} and ShardingSphere's
 * SQL audit. A query that lacks the shard key pays the latency of the slowest of all partitions;
 * the guard makes that an explicit decision instead of an accident.
 *
 * <p>The width of a fan-out is the larger of the number of its targets (calls) and the number of
 * distinct partitions they answer for: a query sent once per replica group still visits every
 * partition, and a query sent to twelve month buckets makes twelve calls even when some buckets
 * share a partition.
 *
 * <p>Configured with {@link ScatterGather.Builder#scatterLimit(int)}; the guard itself is package
 * machinery of {@link FanOut}.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 */
final class ScatterGuard {
  private static final ScatterGuard UNLIMITED = new ScatterGuard(Integer.MAX_VALUE);

  private final int limit;

  private ScatterGuard(int limit) {
    this.limit = limit;
  }

  /**
   * Allows fan-outs at most {@code maxPartitions} wide (partitions or targets) without an opt-in.
   */
  static ScatterGuard limit(int maxPartitions) {
    if (maxPartitions < 1) {
      throw new IllegalArgumentException(
          "scatter limit must be >= 1 partition, got "
              + maxPartitions
              + "; a single-partition query is never a scatter");
    }
    return new ScatterGuard(maxPartitions);
  }

  /** Allows every fan-out. */
  static ScatterGuard unlimited() {
    return UNLIMITED;
  }

  /** The widest fan-out (partitions or targets) allowed without an opt-in. */
  int limit() {
    return limit;
  }

  /**
   * Refuses a fan-out {@code partitions} wide (partitions or targets) over the limit unless {@code
   * allowScatter}.
   *
   * @param what names the query in the message, e.g. {@code "fan-out 'orders by email'"}
   * @throws ScatterRefusedException when refused
   */
  void check(String what, int partitions, boolean allowScatter) {
    if (partitions > limit && !allowScatter) {
      throw new ScatterRefusedException(what, partitions, limit);
    }
  }

  /** {@link #check(String, int, boolean)} for the partitions of {@code partitions}. */
  void check(String what, PartitionSet partitions, boolean allowScatter) {
    check(what, partitions.size(), allowScatter);
  }

  /** True when a fan-out of {@code partitions} partitions would pass without an opt-in. */
  boolean allows(int partitions) {
    return partitions <= limit;
  }

  /**
   * The width of a fan-out to {@code targets}: the larger of the target count and the distinct
   * partitions.
   */
  static int widthOf(List<Target> targets) {
    int n = 0;
    for (Target t : targets) {
      n += t.partitions().size();
    }
    int[] all = new int[n];
    int at = 0;
    for (Target t : targets) {
      for (int i = 0; i < t.partitions().size(); i++) {
        all[at++] = t.partitions().get(i);
      }
    }
    return Math.max(targets.size(), PartitionSet.of(all).size());
  }

  @Override
  public String toString() {
    return limit == Integer.MAX_VALUE
        ? "ScatterGuard{unlimited}"
        : "ScatterGuard{limit=" + limit + "}";
  }
}
