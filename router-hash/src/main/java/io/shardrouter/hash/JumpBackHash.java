package io.shardrouter.hash;

/**
 * JumpBackHash (O. Ertl, 2024): a consistent hash of a 64-bit key to one of n buckets in constant
 * expected time, with no division and no floating point, written out in {@code
 * docs/routing-spec.md} §4.2.1.
 *
 * <p>Like jump consistent hash, each bucket {@code i} is <i>active</i> for a key with probability
 * {@code 1/(i+1)}, bucket 0 always, independently; the key's bucket among n is the largest active
 * bucket below n. So the answer is uniform over {@code [0, n)}, and growing n to n+1 moves a key
 * only to bucket n. Where jump hash walks the active buckets upwards from 0, JumpBackHash finds the
 * largest one below n directly, from above, one power-of-two range {@code [2^j, 2^(j+1))} at a
 * time:
 *
 * <ul>
 *   <li>bit j of one 64-bit random value says whether range j holds an active bucket (probability
 *       1/2, the product of {@code i/(i+1)} over the range);
 *   <li>if it does, its largest active bucket is uniform over the range: {@code 2^j} plus j random
 *       bits;
 *   <li>below an active bucket c of the range, the next active one is uniform over {@code [0, c)}:
 *       drawn by rejection from j+1 random bits, and a draw below {@code 2^j} says there is none in
 *       the range.
 * </ul>
 *
 * <p>Only the range of n-1 can hold active buckets at or above n, so at most one range is walked
 * and one more answers in one draw. The random values are SplitMix64 outputs: one stream for the
 * range bits and one per range, each seeded from the key, so that a range's active buckets do not
 * depend on n.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Allocation:</b> none.
 */
final class JumpBackHash {
  /** SplitMix64's increment (the golden ratio, odd). */
  static final long GOLDEN = 0x9E3779B97F4A7C15L;

  /** Separates the streams of the ranges: range j's starts at {@code key ^ (STREAMS * (j + 1))}. */
  static final long STREAMS = 0xD1B54A32D192ED03L;

  private JumpBackHash() {}

  /**
   * The bucket in {@code [0, buckets)} of the 64-bit {@code key}.
   *
   * <pre>
   * if n == 1: return 0
   * m = n - 1; k = floor(log2(m))
   * bits = mix(key + G)
   * if bit k of bits:                        # range k holds an active bucket
   *   s = key ^ (S * (k + 1))
   *   c = 2^k | (next(s) &amp; (2^k - 1))      # its largest
   *   while c &gt; m:                          # the next one below c, uniform over [0, c)
   *     u = next(s) &amp; (2^(k+1) - 1), again while u &gt;= c
   *     if u &lt; 2^k: c = none; break
   *     c = u
   *   if c: return c
   * low = bits &amp; (2^k - 1)                 # the ranges below k
   * if low == 0: return 0
   * j = floor(log2(low)); s = key ^ (S * (j + 1))
   * return 2^j | (next(s) &amp; (2^j - 1))
   * </pre>
   *
   * where {@code next(s)} is SplitMix64: {@code s += G; return mix(s)}.
   *
   * @throws IllegalArgumentException when {@code buckets < 1}
   */
  static int bucket(long key, int buckets) {
    if (buckets <= 1) {
      if (buckets < 1) {
        throw new IllegalArgumentException(
            "jump_back hash needs at least 1 bucket, got " + buckets);
      }
      return 0;
    }
    int m = buckets - 1;
    int k = 31 - Integer.numberOfLeadingZeros(m);
    long bits = mix(key + GOLDEN);
    if ((bits & (1L << k)) != 0) {
      int c = largestBelow(key, k, m);
      if (c >= 0) {
        return c;
      }
    }
    long low = bits & ((1L << k) - 1);
    if (low == 0) {
      return 0;
    }
    int j = 63 - Long.numberOfLeadingZeros(low);
    return (1 << j) | (int) (mix((key ^ (STREAMS * (j + 1))) + GOLDEN) & ((1L << j) - 1));
  }

  /**
   * The largest active bucket of range k, which holds at least one, that is at most {@code m}; or
   * -1 when every active bucket of the range is above {@code m}.
   */
  private static int largestBelow(long key, int k, int m) {
    long s = (key ^ (STREAMS * (k + 1))) + GOLDEN;
    long range = 1L << k;
    int c = (int) (range | (mix(s) & (range - 1)));
    long twice = (range << 1) - 1;
    while (c > m) {
      long u;
      do {
        s += GOLDEN;
        u = mix(s) & twice;
      } while (u >= c);
      if (u < range) {
        return -1;
      }
      c = (int) u;
    }
    return c;
  }

  /** SplitMix64's output function (Stafford's variant 13). */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
