package io.shardrouter.hash.internal;

import io.shardrouter.core.Route;

/**
 * The ring lookup: from a 64-bit routing point to the partition of the first token strictly above
 * it, wrapping to the first token, in constant time and without allocating.
 *
 * <p>Rule (a right bisection with wrap-around, {@code docs/routing-spec.md} §4.7): a point {@code
 * h} belongs to the smallest token {@code t > h} (unsigned); when no token is above {@code h}, to
 * the smallest token.
 *
 * <p>Structure: the hash space is cut into 2<sup>b</sup> equal buckets by the top {@code b} bits of
 * a point, with 2<sup>b</sup> between n and 2n for n tokens. Let {@code first(B)} be the partition
 * of the first token at or after bucket B's start (wrapping). A point {@code h} in a bucket with no
 * token belongs to {@code first(B)}; in a bucket with exactly one token {@code t}, to {@code
 * first(B)} when {@code h < t} and to {@code first(B + 1)} otherwise. So two numbers per bucket
 * answer every bucket with at most one token, packed into one 32-bit word per bucket:
 *
 * <pre>
 *   words[B]   bits 31-16: the 16 bits of the bucket's token that follow the bucket bits
 *                          (0xFFFF for a bucket without a token, and for a flagged one)
 *              bits 15-0:  first(B), or 0xFFFF (escape) for a flagged bucket and for a
 *                          first(B) of 0xFFFF or more
 *   values[B]  first(B); on a flagged bucket, the flag (bit 31), the number of tokens in the
 *              bucket (3 bits, 7 meaning seven or more) and the position of its first token
 * </pre>
 *
 * A lookup compares the point's 16 bits after the bucket bits with B's threshold: below, the answer
 * is B's partition; above, it is B + 1's (the same cache line for nearly every bucket). Equal bits
 * cannot decide {@code h < t}; they, and a picked word that escapes, go to an exact path that reads
 * {@code values}. A bucket is flagged when it holds two or more tokens. Entry 2<sup>b</sup> (past
 * the last bucket) is the wrap: the first token's partition, so the wrap costs nothing: a point in
 * the last bucket above its token reads that entry.
 *
 * <p>A {@link io.shardrouter.core.RoutingTable} of a ring reads the same word and then the table's
 * route of its partition ({@link #routeOf}): the route array, one reference per partition (4 KiB
 * for 1,024 partitions), stays in the nearest cache, so a route waits for one load from memory
 * after the hash, as for {@code hash_mod}. A table keeps nothing per bucket.
 *
 * <p>Cost: a shift, one load (4 bytes per bucket, in use on every lookup; {@code values}, 4 more,
 * only on the exact path: ≈ 256 KiB in use for the 35,000 tokens of a 1,024-group allocator ring,
 * 512 KiB in all), a comparison and a select, for nearly every point. The comparison is a branch:
 * most points lie below the threshold (all points of a bucket without a token), so it is predicted,
 * and the next word's load does not wait for it. The rest go to {@code exact}: points in a bucket
 * of two or three tokens (about 3.5% of an allocator ring's buckets: its tokens are spread nearly
 * evenly, unlike random ones) count those tokens with two or three comparisons; points above the
 * token of a bucket whose next bucket is flagged, and points whose partition is 0xFFFF or more,
 * read one value; points in a bucket of four or more tokens (a hand-written list bunched in a few
 * buckets) scan it, and points whose 16 bits equal the threshold binary search the tokens. The
 * first two need no loop, and the last two do not occur on allocator rings (or once in 65,536
 * points), so the compiler, which inlines {@code exact} into a route and compiles only the paths
 * its profile has seen, inlines no loop: with the loops inlined, the route of a pre-hashed point at
 * 1,024 groups took 3.5 ns, without them 2.65 ns ({@code hash_mod}'s: 1.3 ns). Bunched tokens
 * lengthen scans but never change an answer.
 *
 * <p><b>Thread-safety:</b> immutable; the token and partition arrays it is given must never change.
 *
 * <p><b>Stability:</b> internal; the rule above is the contract ({@code docs/ring.md}).
 *
 * <p><b>Allocation:</b> none on {@link #partitionOf(long)} and {@link #routeOf}.
 */
public final class TokenIndex {
  /** Bits of a bucket's threshold. */
  public static final int THRESHOLD_BITS = 16;

  /** The most tokens an index takes: a flagged value holds a token position below 2^20. */
  public static final int MAX_TOKENS = 1 << 20;

  private static final int THRESHOLD_MASK = (1 << THRESHOLD_BITS) - 1;

  /**
   * A word's partition bits when the word cannot answer: a flagged bucket, or a partition of this
   * value or more (which goes to {@code values}).
   */
  private static final int ESCAPE = THRESHOLD_MASK;

  private static final int FLAG = Integer.MIN_VALUE;
  private static final int POSITION_BITS =
      20; // a flagged value: the flag, the bucket's token count (3 bits), a position
  private static final int POSITION_MASK = (1 << POSITION_BITS) - 1;
  private static final int COUNT_MASK = 7; // 7: seven or more
  private static final int UNROLLED =
      3; // buckets of up to this many tokens are counted without a loop

  private final int[] words; // one per bucket, then the wrap entry: threshold << 16 | partition
  private final int[] values; // one per bucket, then the wrap entry: the first token's partition
  private final int shift; // point >>> shift: the bucket bits, then THRESHOLD_BITS more
  private final long[] tokens; // shared with the strategy, never written
  private final int[] partitions;

  /**
   * {@code tokens} strictly increasing (unsigned), 1 to {@value #MAX_TOKENS}; {@code partitions[i]}
   * (non-negative) owns {@code tokens[i]}. Both arrays are kept, not copied.
   */
  public TokenIndex(long[] tokens, int[] partitions) {
    int n = tokens.length;
    if (n < 1 || n > MAX_TOKENS || partitions.length != n) {
      throw new IllegalArgumentException(
          "a token index needs 1 to "
              + MAX_TOKENS
              + " tokens and one partition each, got "
              + n
              + " tokens and "
              + partitions.length
              + " partitions");
    }
    this.tokens = tokens;
    this.partitions = partitions;
    int bits =
        Math.max(
            1, 64 - Long.numberOfLeadingZeros(n - 1L)); // 2^bits in [n, 2n), at least 2 buckets
    int bucketShift = 64 - bits;
    this.shift = bucketShift - THRESHOLD_BITS;
    int buckets = 1 << bits;
    this.words = new int[buckets + 1];
    this.values = new int[buckets + 1];
    int t = 0; // first token at or after the current bucket's start
    for (int b = 0; b < buckets; b++) {
      while (t < n && tokens[t] >>> bucketShift < b) {
        t++;
      }
      int inside = 0;
      while (inside < COUNT_MASK && t + inside < n && tokens[t + inside] >>> bucketShift == b) {
        inside++;
      }
      if (inside >= 2) {
        values[b] = FLAG | inside << POSITION_BITS | t;
        words[b] = THRESHOLD_MASK << THRESHOLD_BITS | ESCAPE;
      } else {
        values[b] = partitions[t < n ? t : 0];
        int threshold = inside == 0 ? THRESHOLD_MASK : (int) (tokens[t] >>> shift) & THRESHOLD_MASK;
        words[b] = threshold << THRESHOLD_BITS | Math.min(values[b], ESCAPE);
      }
    }
    values[buckets] = partitions[0];
    words[buckets] = THRESHOLD_MASK << THRESHOLD_BITS | Math.min(partitions[0], ESCAPE);
  }

  /**
   * The partition of routing point {@code point}.
   *
   * <p><b>Allocation:</b> none.
   */
  public int partitionOf(long point) {
    int picked = wordPartition(words, shift, point);
    return picked >= 0 ? picked : exact(point);
  }

  /**
   * The route of routing point {@code point}: {@code routes[partitionOf(point)]}, where {@code
   * words} and {@code shift} are this index's (a table's {@link RingRouteIndex} holds them in its
   * own fields, next to its routes). A word that cannot answer, and a point whose bits equal its
   * bucket's threshold, take {@link #partitionOf(long)}'s exact path.
   *
   * <p><b>Allocation:</b> none.
   */
  public static Route routeOf(
      int[] words, int shift, long point, TokenIndex index, Route[] routes) {
    int picked = wordPartition(words, shift, point);
    return routes[picked >= 0 ? picked : index.exact(point)];
  }

  /**
   * The partition that {@code point}'s bucket word answers, or -1 when it cannot: the word escapes,
   * or the point's bits equal the bucket's threshold.
   */
  private static int wordPartition(int[] words, int shift, long point) {
    long top = point >>> shift; // the bucket bits, then the point's threshold bits
    int bucket = (int) (top >>> THRESHOLD_BITS);
    int bitsOfPoint = (int) top & THRESHOLD_MASK;
    int word = words[bucket];
    int threshold = word >>> THRESHOLD_BITS;
    // A branch, not a select: it is predictable (most points lie below the threshold, which is the
    // maximum in a bucket without a token), and a predicted branch keeps the next word's load from
    // waiting for the comparison.
    int picked = (bitsOfPoint < threshold ? word : words[bucket + 1]) & THRESHOLD_MASK;
    return picked == ESCAPE || bitsOfPoint == threshold ? -1 : picked;
  }

  /** The words, for a table's route index to hold next to {@link #shift()}; never written. */
  public int[] words() {
    return words;
  }

  /** The shift of a point that leaves its bucket bits, then its threshold bits. */
  public int shift() {
    return shift;
  }

  /**
   * The lookups the words cannot answer alone, in their own method so the common path stays short.
   * The two that allocator rings meet (a bucket of two or three tokens; a point above its bucket's
   * token when the next bucket is flagged) are answered without a loop, as is a partition of 0xFFFF
   * or more, so that a compiler that inlines this method into a route (its profile says the rest
   * never happens) inlines no loop.
   */
  private int exact(long point) {
    long top = point >>> shift;
    int bucket = (int) (top >>> THRESHOLD_BITS);
    int bitsOfPoint = (int) top & THRESHOLD_MASK;
    int here = values[bucket];
    if (here < 0) { // two or more tokens in the point's bucket
      int from = here & POSITION_MASK;
      int count = (here >>> POSITION_BITS) & COUNT_MASK;
      return count <= UNROLLED
          ? partitionAt(from + atOrBelow(point, from, count))
          : scan(point, from);
    }
    int threshold = words[bucket] >>> THRESHOLD_BITS;
    if (bitsOfPoint == threshold) {
      return search(point); // the bits cannot tell the point from the bucket's token
    }
    // Below the bucket's token: the bucket's partition; above it: the next bucket's, or, when that
    // bucket is flagged, the partition of its first token. Either escaped by being 0xFFFF or more.
    int value = values[bitsOfPoint < threshold ? bucket : bucket + 1];
    return value < 0 ? partitionAt(value & POSITION_MASK) : value;
  }

  /**
   * How many of the {@code count} (2 or 3) tokens from position {@code from} on are at or below
   * {@code point}.
   */
  private int atOrBelow(long point, int from, int count) {
    int n = Tokens.lessThan(point, tokens[from]) ? 0 : 1;
    n += Tokens.lessThan(point, tokens[from + 1]) ? 0 : 1;
    if (count == UNROLLED) {
      n += Tokens.lessThan(point, tokens[from + 2]) ? 0 : 1;
    }
    return n;
  }

  /** The partition of the first token above {@code point}, by binary search over all tokens. */
  private int search(long point) {
    int lo = 0;
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

  /**
   * The partition of the first token above {@code point}, looking from token position {@code from}
   * on.
   */
  private int scan(long point, int from) {
    int i = from;
    while (i < tokens.length && !Tokens.lessThan(point, tokens[i])) {
      i++;
    }
    return partitionAt(i);
  }

  /**
   * The partition of token position {@code i}; position n (past the last token) wraps to the first.
   */
  private int partitionAt(int i) {
    return partitions[i < tokens.length ? i : 0];
  }

  /** The number of index buckets, for tests and memory estimates. */
  public int buckets() {
    return values.length - 1;
  }

  /** The number of flagged buckets: those whose points all take the exact search. */
  public int flaggedBuckets() {
    int flagged = 0;
    for (int b = 0; b < values.length - 1; b++) {
      flagged += values[b] >>> 31;
    }
    return flagged;
  }

  /** The longest scan any point can need: the most tokens inside one bucket. */
  public int longestScan() {
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
