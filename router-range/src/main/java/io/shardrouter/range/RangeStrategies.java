package io.shardrouter.range;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Split and merge of a {@link RangeStrategy}'s ranges, for the split and merge tools of this
 * module, which check the split point and the partitions with their own messages first.
 *
 * <p><b>Stability:</b> internal.
 */
final class RangeStrategies {
  private RangeStrategies() {}

  /** The canonical end of the whole span of {@code s}, or null when it is open-ended; a copy. */
  public static byte @Nullable [] end(RangeStrategy s) {
    return s.end(s.partitionCount() - 1);
  }

  /**
   * {@code s} with partition {@code p} split at {@code at}: {@code [start, at)} stays p, {@code
   * [at, end)} becomes p + 1. The caller has checked that {@code at} is strictly inside partition
   * p.
   */
  public static RangeStrategy withSplit(RangeStrategy s, int p, byte[] at) {
    int n = s.partitionCount();
    byte[][] next = new byte[n + 1][];
    for (int i = 0, j = 0; i < n; i++) {
      next[j++] = s.start(i);
      if (i == p) {
        next[j++] = at.clone();
      }
    }
    return RangeStrategy.ofCanonical(s.keyType(), Arrays.asList(next), end(s));
  }

  /** {@code s} with partitions {@code p} and {@code p + 1} joined into one, p. */
  public static RangeStrategy withMerge(RangeStrategy s, int p) {
    int n = s.partitionCount();
    byte[][] next = new byte[n - 1][];
    for (int i = 0, j = 0; i < n; i++) {
      if (i != p + 1) {
        next[j++] = s.start(i);
      }
    }
    return RangeStrategy.ofCanonical(s.keyType(), Arrays.asList(next), end(s));
  }
}
