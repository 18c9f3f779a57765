package io.shardrouter.core;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * An optional capability of a {@link PartitionStrategy} whose partitions are ranges of keys in key
 * order (a {@code range} strategy): it says which range holds a key, where a range can be split so
 * that a sample of its keys' weight falls evenly on the two sides, and what the strategy becomes
 * when a range is split. Tools that propose the next routing table (the rebalance advisor) find it
 * with {@code instanceof} and need no strategy module.
 *
 * <p>Partition numbers are positions in key order: splitting partition p makes its upper part p + 1
 * and renumbers the partitions after it, so a table that takes the split strategy inserts the upper
 * part's group into its placement at p + 1, and every other key keeps its group.
 *
 * <p><b>Thread-safety:</b> implementations are immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface SplittableRanges {

  /**
   * The partition whose range holds the key whose canonical bytes are {@code canonical}, or -1 when
   * no range holds it; never throws {@link NoRouteException}.
   *
   * @throws InvalidKeyException when the bytes are no canonical key of the strategy's key type
   */
  int find(byte[] canonical);

  /** Partition {@code partition}'s range in interval notation, e.g. {@code [1000, 2000)}. */
  String interval(int partition);

  /**
   * True when the last range is open-ended (its end is +∞), so keys that only increase (timestamps,
   * sequences) all land in it, however often it is split.
   */
  boolean openEnded();

  /**
   * Where to split {@code partition} so the weight of the sampled keys falls most evenly on the two
   * sides: the weighted median of those of {@code sample} that the partition holds (keys of other
   * partitions, and keys in no range, are ignored). Empty when the sample holds fewer than two
   * distinct keys of the partition above its start: a key is indivisible, so a range whose load is
   * one hot key has no split point.
   *
   * <p><b>Allocation:</b> allocates; a tool path.
   *
   * @param sample canonical keys; not written
   * @param weights the weight of each sampled key, {@code >= 0} (its count, or its bytes), or null
   *     for 1 each
   * @throws IllegalArgumentException when the partition does not exist, a weight is negative, or
   *     {@code weights} is not as long as {@code sample}
   */
  Optional<SplitPoint> splitPoint(int partition, List<byte[]> sample, long @Nullable [] weights);

  /**
   * This strategy with partition {@code partition} split at {@code at}: {@code [start, at)} stays
   * partition {@code partition}, {@code [at, end)} becomes partition {@code partition + 1}, and the
   * partitions after it are renumbered one up.
   *
   * @throws IllegalArgumentException when the partition does not exist or {@code at} is not
   *     strictly inside it, saying where {@code at} is
   */
  PartitionStrategy withSplit(int partition, byte[] at);

  /**
   * A split point that {@link #splitPoint} found: the key the upper part starts at, and the sampled
   * weight below and at or above it.
   *
   * <p><b>Thread-safety:</b> immutable but for the key's bytes, which are the caller's own copy.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param partition the partition to split
   * @param key the canonical bytes of the first key of the upper part
   * @param shown the key as messages show it (numbers and timestamps as they are, strings quoted)
   * @param lowerWeight the sampled weight below {@code key}
   * @param upperWeight the sampled weight at or above {@code key}
   * @param distinctKeys how many distinct keys of the partition were sampled
   * @since 0.1
   */
  record SplitPoint(
      int partition,
      byte[] key,
      String shown,
      long lowerWeight,
      long upperWeight,
      int distinctKeys) {
    /** Checks the fields. */
    public SplitPoint {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(shown, "shown");
      if (lowerWeight < 0 || upperWeight < 0 || lowerWeight + upperWeight == 0) {
        throw new IllegalArgumentException(
            "split point "
                + shown
                + ": need weights >= 0 with a positive sum, got "
                + lowerWeight
                + " below and "
                + upperWeight
                + " above");
      }
    }

    /** The share of the sampled weight that the split puts in the upper part. */
    public double upperShare() {
      return (double) upperWeight / (lowerWeight + upperWeight);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof SplitPoint s
          && s.partition == partition
          && Arrays.equals(s.key, key)
          && s.shown.equals(shown)
          && s.lowerWeight == lowerWeight
          && s.upperWeight == upperWeight
          && s.distinctKeys == distinctKeys;
    }

    @Override
    public int hashCode() {
      return Objects.hash(
          partition, Arrays.hashCode(key), shown, lowerWeight, upperWeight, distinctKeys);
    }

    @Override
    public String toString() {
      return "split partition "
          + partition
          + " at "
          + shown
          + ": weight "
          + lowerWeight
          + " below, "
          + upperWeight
          + " at or above ("
          + distinctKeys
          + " distinct keys sampled)";
    }
  }
}
