package io.shardrouter.range;

import io.shardrouter.core.SplittableRanges.SplitPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Suggests where to split a range from a sample of its keys: the weighted median, the sampled key
 * {@code k} that leaves the most even weight on the two sides, {@code [start, k)} and {@code [k,
 * end)}. A weight is what the key costs: 1 per sampled row or write, or its bytes.
 *
 * <p>Only a key strictly above the range's start can split it, and a key is indivisible: a range
 * whose sample holds one distinct key (a hot key) has no split point; relieve it with a hash
 * dimension instead.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
final class SplitPoints {

  private SplitPoints() {}

  /** {@link #suggest(RangeStrategy, int, List, long[])} with weight 1 per sampled key. */
  public static Optional<SplitPoint> suggest(
      RangeStrategy strategy, int partition, List<byte[]> sample) {
    return suggest(strategy, partition, sample, null);
  }

  /**
   * The weighted median of the sampled keys of {@code partition}; keys of other partitions, and
   * keys in no range, are ignored. Empty when the sample holds fewer than two distinct keys of the
   * partition above its start.
   *
   * @param weights the weight of each sampled key, {@code >= 0}, or null for 1 each
   * @throws IllegalArgumentException when the partition does not exist, or a weight is negative or
   *     {@code weights} is not as long as {@code sample}
   */
  public static Optional<SplitPoint> suggest(
      RangeStrategy strategy, int partition, List<byte[]> sample, long @Nullable [] weights) {
    if (partition < 0 || partition >= strategy.partitionCount()) {
      throw new IllegalArgumentException(
          "partition "
              + partition
              + " does not exist; the strategy has partitions 0 to "
              + (strategy.partitionCount() - 1));
    }
    if (weights != null && weights.length != sample.size()) {
      throw new IllegalArgumentException(
          "weights has "
              + weights.length
              + " entries for "
              + sample.size()
              + " sampled keys; give one weight per key, or null for 1 each");
    }
    KeyOrder order = strategy.order();
    List<byte[]> keys = new ArrayList<>();
    List<Long> ws = new ArrayList<>();
    for (int i = 0; i < sample.size(); i++) {
      long w = weights == null ? 1 : weights[i];
      if (w < 0) {
        throw new IllegalArgumentException("weights[" + i + "] is " + w + "; weights are >= 0");
      }
      if (strategy.find(sample.get(i)) == partition) {
        keys.add(sample.get(i));
        ws.add(w);
      }
    }
    Integer[] idx = new Integer[keys.size()];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    java.util.Arrays.sort(idx, (x, y) -> order.compare(keys.get(x), keys.get(y)));
    List<byte[]> distinct = new ArrayList<>();
    List<Long> weightOf = new ArrayList<>();
    long total = 0;
    for (int i : idx) {
      long w = ws.get(i);
      total += w;
      if (!distinct.isEmpty()
          && order.compare(distinct.get(distinct.size() - 1), keys.get(i)) == 0) {
        weightOf.set(weightOf.size() - 1, weightOf.get(weightOf.size() - 1) + w);
      } else {
        distinct.add(keys.get(i));
        weightOf.add(w);
      }
    }
    byte[] start = strategy.start(partition);
    int best = -1;
    long bestImbalance = Long.MAX_VALUE;
    long bestBelow = 0;
    long below = 0;
    for (int j = 0; j < distinct.size(); j++) {
      if (j > 0 && order.compare(start, distinct.get(j)) < 0 && below > 0) {
        long imbalance = Math.abs(total - 2 * below);
        if (imbalance < bestImbalance) {
          best = j;
          bestImbalance = imbalance;
          bestBelow = below;
        }
      }
      below += weightOf.get(j);
    }
    if (best < 0) {
      return Optional.empty();
    }
    byte[] k = distinct.get(best).clone();
    return Optional.of(
        new SplitPoint(
            partition, k, strategy.show(k), bestBelow, total - bestBelow, distinct.size()));
  }
}
