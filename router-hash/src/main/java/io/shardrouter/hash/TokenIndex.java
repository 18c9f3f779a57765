package io.shardrouter.hash;

/**
 * The ring lookup: from a 64-bit routing point to the partition of the first token strictly above
 * it, wrapping to the first token, in constant time and without allocating.
 *
 * <p>Rule (seed 001's {@code bisect_right} with wrap-around): a point {@code h} belongs to the
 * smallest token {@code t > h} (unsigned); when no token is above {@code h}, to the smallest token.
 *
 * <p>Structure: the hash space is cut into 2<sup>b</sup> equal buckets by the top {@code b} bits of
 * a point, with 2<sup>b</sup> between 2n and 4n for n tokens. Let {@code first(B)} be the partition of
 * the first token at or after bucket B's start (wrapping). A point {@code h} in a bucket with no
 * token belongs to {@code first(B)}; in a bucket with exactly one token {@code t}, to
 * {@code first(B)} when {@code h < t} and to {@code first(B + 1)} otherwise. So one {@code int}
 * per bucket answers every bucket with at most one token:
 * <pre>
 *   bit 31      flag: the fast answer does not apply (see below)
 *   bits 10-30  first(B), a partition id below 2^21; on a flagged entry, the position of the first
 *               token at or after the bucket's start
 *   bits 0-9    threshold: the 10 bits of the bucket's token that follow the bucket bits
 *               (1023 for a bucket without a token, and for a flagged one)
 * </pre>
 * A lookup loads B's entry and compares the point's 10 bits after the bucket bits with the
 * threshold: below, the answer is B's value; above, it is B + 1's, the next entry (the same cache
 * line for 15 of 16 buckets). Equal bits cannot decide {@code h < t}; they, and a picked entry that
 * is flagged, go to an exact search over the tokens. A bucket is flagged when it holds two or more
 * tokens, or when {@code first(B)} is 2<sup>21</sup> or more (partition ids go up to
 * 2<sup>24</sup>); its value is then a token position, which always fits since there are at most
 * 2<sup>20</sup> tokens. Entry 2<sup>b</sup> (past the last bucket) is the wrap: the first token's
 * partition, so the wrap costs nothing: a point in the last bucket above its token reads that entry.
 *
 * <p>Cost: one shift, one load from an {@code int[]} of 2<sup>b</sup> + 1 entries (4 bytes per
 * bucket: 0.5 MB for the 35,000 tokens of a 1,024-group allocator ring), a comparison and a shift,
 * on one cache line, for nearly every point. The comparison is a branch: most points lie below the threshold
 * (all points of a bucket without a token: for allocator rings three buckets in four), so it is
 * predicted, and the load of B + 1's entry and the comparison stay off the path from the hash to the
 * partition. The rest: points above the token of their bucket (about one in eight on allocator
 * rings) also read B + 1's entry, usually on the same line; points in a bucket with two or more
 * tokens (about 2% of an allocator ring's buckets: its tokens are spread nearly evenly, unlike random
 * ones) scan that bucket's tokens; points whose 10 bits equal the threshold (1 in 1,024 of those in a
 * bucket with a token) binary search the tokens; points above the token of a bucket whose next bucket
 * is flagged read one token's partition. Tokens bunched in a few buckets (a hand-written list) flag
 * those buckets and lengthen their scans, but never change an answer.
 *
 * <p><b>Thread-safety:</b> immutable; the token and partition arrays it is given must never change.
 * <p><b>Stability:</b> internal; the rule above is the contract ({@code docs/ring.md}).
 * <p><b>Allocation:</b> none on {@link #partitionOf(long)}.
 */
final class TokenIndex {
  /** Bits of an entry's threshold. */
  static final int THRESHOLD_BITS = 10;
  /** Bits of an entry's value: a partition id, or on a flagged entry a token position. */
  static final int VALUE_BITS = 21;
  private static final int THRESHOLD_MASK = (1 << THRESHOLD_BITS) - 1;
  private static final int VALUE_MASK = (1 << VALUE_BITS) - 1;
  private static final int FLAG = Integer.MIN_VALUE;

  private final int[] entries; // one per bucket, then the wrap entry
  private final int shift; // point >>> shift: the bucket bits, then THRESHOLD_BITS more
  private final long[] tokens; // shared with the strategy, never written
  private final int[] partitions;

  /**
   * {@code tokens} strictly increasing (unsigned), at least one and fewer than 2<sup>21</sup>;
   * {@code partitions[i]} owns {@code tokens[i]}. Both arrays are kept, not copied.
   */
  TokenIndex(long[] tokens, int[] partitions) {
    int n = tokens.length;
    if (n < 1 || n > VALUE_MASK || partitions.length != n) {
      throw new IllegalArgumentException("a token index needs 1 to " + VALUE_MASK + " tokens and one partition each, got "
          + n + " tokens and " + partitions.length + " partitions");
    }
    this.tokens = tokens;
    this.partitions = partitions;
    int bits = Math.max(1, 64 - Long.numberOfLeadingZeros(2L * n - 1)); // 2^bits in [2n, 4n)
    int bucketShift = 64 - bits;
    this.shift = bucketShift - THRESHOLD_BITS;
    int buckets = 1 << bits;
    this.entries = new int[buckets + 1];
    int t = 0; // first token at or after the current bucket's start
    for (int b = 0; b < buckets; b++) {
      while (t < n && tokens[t] >>> bucketShift < b) {
        t++;
      }
      int inside = 0;
      while (inside < 2 && t + inside < n && tokens[t + inside] >>> bucketShift == b) {
        inside++;
      }
      int first = partitions[t < n ? t : 0];
      if (inside == 2 || first > VALUE_MASK) {
        entries[b] = FLAG | t << THRESHOLD_BITS | THRESHOLD_MASK;
      } else {
        int threshold = inside == 0 ? THRESHOLD_MASK : (int) (tokens[t] >>> shift) & THRESHOLD_MASK;
        entries[b] = first << THRESHOLD_BITS | threshold;
      }
    }
    entries[buckets] = partitions[0] > VALUE_MASK ? FLAG | THRESHOLD_MASK : partitions[0] << THRESHOLD_BITS | THRESHOLD_MASK;
  }

  /**
   * The partition of routing point {@code point}.
   *
   * <p><b>Allocation:</b> none.
   */
  int partitionOf(long point) {
    return partitionOf(entries, shift, point, this);
  }

  /**
   * The partition of {@code point} from {@code entries} and {@code shift} of {@code index}, which a
   * strategy holds in its own fields: on the route, the path from the hash to the partition then
   * dereferences the strategy only, not the strategy and then the index.
   *
   * <p><b>Allocation:</b> none.
   */
  static int partitionOf(int[] entries, int shift, long point, TokenIndex index) {
    long top = point >>> shift; // the bucket bits, then the point's threshold bits
    int bucket = (int) (top >>> THRESHOLD_BITS);
    int bitsOfPoint = (int) top & THRESHOLD_MASK;
    int here = entries[bucket];
    int threshold = here & THRESHOLD_MASK;
    // A branch, not a select: it is predictable (most points lie below the threshold, which is the
    // maximum in a bucket without a token), and a predicted branch keeps the next entry's load and
    // the comparison off the path from the hash to the partition.
    int picked = bitsOfPoint < threshold ? here : entries[bucket + 1];
    if (picked < 0 || bitsOfPoint == threshold) {
      return index.exact(point);
    }
    return picked >>> THRESHOLD_BITS;
  }

  /** The entries, for a strategy to hold next to {@link #shift()}; never written. */
  int[] entries() {
    return entries;
  }

  /** The shift of a point that leaves its bucket bits, then its threshold bits. */
  int shift() {
    return shift;
  }

  /** The rare lookups the entries cannot answer alone, in their own method so the common path stays short. */
  private int exact(long point) {
    long top = point >>> shift;
    int bucket = (int) (top >>> THRESHOLD_BITS);
    int bitsOfPoint = (int) top & THRESHOLD_MASK;
    int here = entries[bucket];
    int threshold = here & THRESHOLD_MASK;
    if (here < 0) {
      return scan(point, (here >>> THRESHOLD_BITS) & VALUE_MASK);
    }
    if (bitsOfPoint > threshold) { // above this bucket's token; the next bucket is flagged: its first token
      return partitionAt((entries[bucket + 1] >>> THRESHOLD_BITS) & VALUE_MASK);
    }
    int lo = 0; // the bits cannot tell the point from the bucket's token: binary search
    int hi = tokens.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Tokens.lessThan(point, tokens[mid])) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return partitionAt(lo);
  }

  /** The partition of the first token above {@code point}, looking from token position {@code from} on. */
  private int scan(long point, int from) {
    int i = from;
    while (i < tokens.length && !Tokens.lessThan(point, tokens[i])) {
      i++;
    }
    return partitionAt(i);
  }

  /** The partition of token position {@code i}; position n (past the last token) wraps to the first. */
  private int partitionAt(int i) {
    return partitions[i < tokens.length ? i : 0];
  }

  /** The number of index buckets, for tests and memory estimates. */
  int buckets() {
    return entries.length - 1;
  }

  /** The number of flagged buckets: those whose points all take the exact search. */
  int flaggedBuckets() {
    int flagged = 0;
    for (int b = 0; b < entries.length - 1; b++) {
      flagged += entries[b] >>> 31;
    }
    return flagged;
  }

  /** The longest scan any point can need: the most tokens inside one bucket. */
  int longestScan() {
    int worst = 0;
    int run = 0;
    long last = -1;
    for (long token : tokens) {
      long bucket = token >>> (shift + THRESHOLD_BITS);
      run = bucket == last ? run + 1 : 1;
      last = bucket;
      worst = Math.max(worst, run);
    }
    return worst;
  }
}
