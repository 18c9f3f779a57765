package io.shardrouter.range;

import java.util.Locale;

/**
 * Warns when the last range takes most writes: the sign of keys that increase (timestamps, sequence
 * numbers) under a range strategy, where every new key lands in the newest range. Splitting that
 * range does not spread the writes, which follow to the new last range: the fix is another
 * dimension in the key, a hash bucket or a business key routed by hash with time buckets inside
 * ({@link TimeBucketedStrategy}).
 *
 * <p>{@link #check} routes a sample of written keys and compares the share that lands in the last
 * range with a threshold (by default {@value #DEFAULT_THRESHOLD}); keys in no range are counted
 * apart.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class HotTail {
  /**
   * The default share of sampled writes in the last range at or above which {@link #warns()} is
   * true.
   */
  public static final double DEFAULT_THRESHOLD = 0.5;

  private final RangeStrategy strategy;
  private final long writes;
  private final long unrouted;
  private final long tail;
  private final double threshold;

  private HotTail(RangeStrategy strategy, long writes, long unrouted, long tail, double threshold) {
    this.strategy = strategy;
    this.writes = writes;
    this.unrouted = unrouted;
    this.tail = tail;
    this.threshold = threshold;
  }

  /** {@link #check(RangeStrategy, Iterable, double)} with the {@link #DEFAULT_THRESHOLD}. */
  public static HotTail check(RangeStrategy strategy, Iterable<byte[]> writes) {
    return check(strategy, writes, DEFAULT_THRESHOLD);
  }

  /**
   * Routes the sampled writes (canonical keys, one per write) and measures the last range's share.
   *
   * @throws IllegalArgumentException when {@code threshold} is not in (0, 1]
   */
  public static HotTail check(RangeStrategy strategy, Iterable<byte[]> writes, double threshold) {
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be a share in (0, 1], got " + threshold);
    }
    int last = strategy.partitionCount() - 1;
    long n = 0;
    long none = 0;
    long inLast = 0;
    for (byte[] k : writes) {
      int p = strategy.find(k);
      if (p < 0) {
        none++;
      } else {
        n++;
        if (p == last) {
          inLast++;
        }
      }
    }
    return new HotTail(strategy, n, none, inLast, threshold);
  }

  /** Sampled writes that a range holds. */
  public long writes() {
    return writes;
  }

  /** Sampled writes in no range (not counted in {@link #writes()}). */
  public long unrouted() {
    return unrouted;
  }

  /** Sampled writes in the last range. */
  public long tailWrites() {
    return tail;
  }

  /** The last range's share of {@link #writes()}; 0 without writes. */
  public double share() {
    return writes == 0 ? 0 : (double) tail / writes;
  }

  /** True when the last range's share of the sampled writes is at or above the threshold. */
  public boolean warns() {
    return writes > 0 && share() >= threshold;
  }

  /** The warning, or the all-clear, as one paragraph for people. */
  public String message() {
    int last = strategy.partitionCount() - 1;
    String where = "the last range " + strategy.interval(last) + " (partition " + last + ")";
    String counts =
        String.format(
            Locale.ROOT, "%,d of %,d sampled writes (%.1f%%)", tail, writes, 100 * share());
    String limit = String.format(Locale.ROOT, "%.1f%%", 100 * threshold);
    if (!warns()) {
      return "no hot tail: "
          + counts
          + " land in "
          + where
          + ", under the "
          + limit
          + " threshold"
          + (unrouted > 0 ? "; " + unrouted + " sampled writes are in no range" : "");
    }
    return "hot tail: "
        + counts
        + " land in "
        + where
        + ", at or above the "
        + limit
        + " threshold. Keys that increase"
        + " (time, sequence numbers) send every new write to the newest range, and splitting it does not spread them:"
        + " they follow to the new last range. Add a dimension that spreads writes: a hash bucket in the key, or route"
        + " by a business key with time buckets inside (strategy 'time_buckets')"
        + (unrouted > 0 ? "; " + unrouted + " sampled writes are in no range" : "");
  }

  @Override
  public String toString() {
    return message();
  }
}
