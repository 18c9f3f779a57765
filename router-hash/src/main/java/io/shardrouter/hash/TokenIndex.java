package io.shardrouter.hash;

/**
 * The ring lookup: from a 64-bit routing point to the partition of the first token strictly above
 * it, wrapping to the first token, in constant time and without allocating.
 *
 * <p>Rule (seed 001's {@code bisect_right} with wrap-around): a point {@code h} belongs to the
 * smallest token {@code t > h} (unsigned); when no token is above {@code h}, to the smallest token.
 * Equivalently, to the first token {@code >= h + 1 (mod 2^64)}, which is what the code computes: the
 * "+1" turns the wrap for {@code h = 2^64-1} into an ordinary search from 0.
 *
 * <p>Structure: the hash space is cut into 2<sup>b</sup> equal buckets by the top {@code b} bits,
 * with 2<sup>b</sup> between 2n and 4n for n tokens. For each bucket, {@code index} holds either
 * the answer itself (bitwise complement of a partition, when no token falls inside the bucket, so
 * every point in it has the same answer) or the position of the first token at or after the
 * bucket's start, from where a scan over the tokens inside the bucket finds the answer. Tokens
 * carry a sentinel (the largest unsigned value) that stops every scan, and its partition is that
 * of the first token (the wrap).
 *
 * <p>Cost: one array load for most points; otherwise a scan over the tokens of one bucket, which
 * for tokens spread like hashes or cut by {@link RingAllocator} is one or two. Tokens bunched in a
 * few buckets (a hand-written list) lengthen the scan but never change the answer.
 *
 * <p><b>Thread-safety:</b> immutable.
 * <p><b>Stability:</b> internal; the rule above is the contract ({@code docs/ring.md}).
 * <p><b>Allocation:</b> none on {@link #partitionOf(long)}.
 */
final class TokenIndex {
  private final long[] keys; // token ^ Long.MIN_VALUE, so signed order is unsigned token order; [n] = sentinel
  private final int[] partitions; // partition of token i; [n] = partitions[0]
  private final int[] index;
  private final int shift;

  /** {@code tokens} strictly increasing (unsigned), at least one; {@code partitions[i]} owns {@code tokens[i]}. */
  TokenIndex(long[] tokens, int[] partitions) {
    int n = tokens.length;
    this.keys = new long[n + 1];
    this.partitions = new int[n + 1];
    for (int i = 0; i < n; i++) {
      keys[i] = tokens[i] ^ Long.MIN_VALUE;
      this.partitions[i] = partitions[i];
    }
    keys[n] = Long.MAX_VALUE;
    this.partitions[n] = partitions[0];
    int bits = Math.max(1, 64 - Long.numberOfLeadingZeros(2L * n - 1)); // 2^bits in [2n, 4n)
    bits = Math.min(bits, 24);
    this.shift = 64 - bits;
    this.index = new int[1 << bits];
    int t = 0; // first token at or after the current bucket's start
    for (int b = 0; b < index.length; b++) {
      long start = (long) b << shift;
      while (t < n && Tokens.lessThan(tokens[t], start)) {
        t++;
      }
      boolean tokenInside = t < n && (b == index.length - 1 || Tokens.lessThan(tokens[t], (long) (b + 1) << shift));
      index[b] = tokenInside ? t : ~this.partitions[t];
    }
  }

  /**
   * The partition of routing point {@code point}.
   *
   * <p><b>Allocation:</b> none.
   */
  int partitionOf(long point) {
    long next = point + 1;
    int e = index[(int) (next >>> shift)];
    if (e < 0) {
      return ~e;
    }
    long key = next ^ Long.MIN_VALUE;
    while (keys[e] < key) {
      e++;
    }
    return partitions[e];
  }

  /** The number of index buckets, for tests and memory estimates. */
  int buckets() {
    return index.length;
  }

  /** The longest scan any point can need: the most tokens inside one bucket. */
  int longestScan() {
    int worst = 0;
    int run = 0;
    int last = -1;
    for (int i = 0; i < keys.length - 1; i++) {
      int bucket = (int) ((keys[i] ^ Long.MIN_VALUE) >>> shift);
      run = bucket == last ? run + 1 : 1;
      last = bucket;
      worst = Math.max(worst, run);
    }
    return worst;
  }
}
