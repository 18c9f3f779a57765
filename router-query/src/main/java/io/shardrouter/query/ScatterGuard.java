package io.shardrouter.query;

import java.util.List;

/**
 * Refuses, before any call, a query that would fan out to more partitions than a configured limit,
 * unless the caller opts in: the counterpart of Vitess's {@code no_scatter} and ShardingSphere's SQL
 * audit. A query that lacks the shard key pays the latency of the slowest of all partitions; the
 * guard makes that an explicit decision instead of an accident.
 *
 * <p>The width of a fan-out is the number of distinct partitions its targets answer for; a
 * {@link Target#named named} target, which answers for no partition of a routing table, counts as one.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ScatterGuard {
  private static final ScatterGuard UNLIMITED = new ScatterGuard(Integer.MAX_VALUE);

  private final int limit;

  private ScatterGuard(int limit) {
    this.limit = limit;
  }

  /** Allows fan-outs to at most {@code maxPartitions} partitions without an opt-in. */
  public static ScatterGuard limit(int maxPartitions) {
    if (maxPartitions < 1) {
      throw new IllegalArgumentException("scatter limit must be >= 1 partition, got " + maxPartitions
          + "; a single-partition query is never a scatter");
    }
    return new ScatterGuard(maxPartitions);
  }

  /** Allows every fan-out. */
  public static ScatterGuard unlimited() {
    return UNLIMITED;
  }

  /** The largest number of partitions a fan-out may visit without an opt-in. */
  public int limit() {
    return limit;
  }

  /**
   * Refuses a fan-out of {@code partitions} partitions over the limit unless {@code allowScatter}.
   *
   * @param what names the query in the message, e.g. {@code "fan-out 'orders by email'"}
   * @throws ScatterRefusedException when refused
   */
  public void check(String what, int partitions, boolean allowScatter) {
    if (partitions > limit && !allowScatter) {
      throw new ScatterRefusedException(what, partitions, limit);
    }
  }

  /** {@link #check(String, int, boolean)} for the partitions of {@code partitions}. */
  public void check(String what, PartitionSet partitions, boolean allowScatter) {
    check(what, partitions.size(), allowScatter);
  }

  /** True when a fan-out of {@code partitions} partitions would pass without an opt-in. */
  public boolean allows(int partitions) {
    return partitions <= limit;
  }

  /** The width of a fan-out to {@code targets}: distinct partitions, plus one per named target. */
  public static int widthOf(List<Target> targets) {
    PartitionSet all = PartitionSet.empty();
    int named = 0;
    for (Target t : targets) {
      if (t.partitions().isEmpty()) {
        named++;
      } else {
        all = all.union(t.partitions());
      }
    }
    return all.size() + named;
  }

  @Override
  public String toString() {
    return limit == Integer.MAX_VALUE ? "ScatterGuard{unlimited}" : "ScatterGuard{limit=" + limit + "}";
  }
}
