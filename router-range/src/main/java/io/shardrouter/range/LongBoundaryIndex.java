package io.shardrouter.range;

/**
 * Finds the range of a 64-bit key (a {@code long}, an {@code int} widened, or a timestamp's
 * microseconds) among sorted boundaries, without branches that depend on the key: the boundaries are
 * stored in Eytzinger (breadth-first) order, padded to a full tree, so a lookup is a fixed number of
 * steps {@code k = 2k + (tree[k] <= key)} whose loads walk down from the root, the top levels of
 * every lookup staying in cache (Khuong and Morin, "Array layouts for comparison-based searching", 2017).
 * A precomputed table turns the leaf reached into the partition, or -1 for a key in no range.
 *
 * <p>For 1,024 boundaries it is 11 steps; a plain binary search takes as many, but its branches are
 * mispredicted about half the time on random keys.
 *
 * <p><b>Thread-safety:</b> immutable.
 * <p><b>Allocation:</b> none in {@link #partitionOf}.
 */
final class LongBoundaryIndex {
  private final long[] tree;    // 1-based Eytzinger order, padded with Long.MAX_VALUE
  private final int[] answer;   // by Eytzinger index of the first boundary above the key (0: none)
  private final int depth;

  /**
   * @param boundaries the starts of the ranges in increasing order, then the end of the last range
   *     when it is not open-ended
   * @param ranges the number of ranges (partitions)
   */
  LongBoundaryIndex(long[] boundaries, int ranges) {
    int m = boundaries.length;
    int size = 2;
    int d = 1;
    while (size < m + 1) {
      size <<= 1;
      d++;
    }
    long[] padded = new long[size - 1];
    for (int i = 0; i < padded.length; i++) {
      padded[i] = i < m ? boundaries[i] : Long.MAX_VALUE;
    }
    this.tree = new long[size];
    int[] rank = new int[size];
    fill(padded, rank, 1, new int[1]);
    this.answer = new int[size];
    answer[0] = partitionOfCount(m, ranges);
    for (int k = 1; k < size; k++) {
      answer[k] = partitionOfCount(Math.min(rank[k], m), ranges);
    }
    this.depth = d;
  }

  /** In-order walk of the implicit tree: node k gets the next sorted value, so the tree is a search tree. */
  private void fill(long[] sorted, int[] rank, int k, int[] next) {
    if (k < tree.length) {
      fill(sorted, rank, 2 * k, next);
      tree[k] = sorted[next[0]];
      rank[k] = next[0]++;
      fill(sorted, rank, 2 * k + 1, next);
    }
  }

  /** With {@code count} boundaries at or below the key: the range it is in, or -1 for none. */
  private static int partitionOfCount(int count, int ranges) {
    return count >= 1 && count <= ranges ? count - 1 : -1;
  }

  /**
   * The partition of {@code key}, or -1 when it is below the first start or at or above a closed end.
   *
   * <p><b>Allocation:</b> none.
   */
  int partitionOf(long key) {
    final long[] t = tree;
    int k = 1;
    for (int i = depth; i > 0; i--) {
      k = (k << 1) | (t[k] <= key ? 1 : 0);
    }
    k >>>= Integer.numberOfTrailingZeros(~k) + 1; // up to the last left turn: the first boundary above the key
    return answer[k];
  }
}
