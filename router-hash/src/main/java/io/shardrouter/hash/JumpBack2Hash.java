package io.shardrouter.hash;

/**
 * The bucket function of {@code jump_back2} ({@code docs/routing-spec.md} §4.2.2): JumpBackHash's
 * active buckets, as in {@link JumpBackHash}, with the random bits taken from the 64-bit key itself
 * instead of mixed out of it first.
 *
 * <p>The key's bit j says whether range {@code [2^j, 2^(j+1))} holds an active bucket, and the
 * range's largest active bucket is {@code 2^j} plus the top j bits of {@code key × C(j)} for an odd
 * constant {@code C(j)}. So a key whose answer is the largest active bucket of a range at most
 * {@code n - 1}, every key when n is a power of two, costs a mask, a leading-zero count, a table
 * read and one multiplication. Only when that bucket lies above {@code n - 1}, in the top range,
 * does the walk down the range run, as in {@link JumpBackHash}: its first step from {@code key ×
 * W(k)}, its later ones from the range's SplitMix64 stream, each draw mapped onto {@code [0, c)} by
 * the high half of a product instead of by rejection.
 *
 * <p>The key must be a 64-bit hash: the bits are used as they are (the routing point of a table
 * always is one).
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Allocation:</b> none.
 */
final class JumpBack2Hash {
  /**
   * {@code C(j) = mix(2j × G) | 1} indexed by the leading-zero count z of the flags whose highest
   * set bit is j = 63 - z: {@code BY_ZEROS[z] = C(63 - z)}, and 0 where j is 0 (z = 63, range 0
   * holds only bucket 1) or there is no flag (z = 64), so that {@code (key × BY_ZEROS[z]) >>> (z +
   * 1)} is range j's draw, or 0 in both cases (Java shifts by 64 and 65 as by 0 and 1).
   */
  private static final long[] BY_ZEROS = new long[65];

  /** {@code WALK[j] = W(j) = mix((2j + 1) × G) | 1}: the walk's first step in range j. */
  private static final long[] WALK = new long[31];

  static {
    for (int j = 1; j < WALK.length; j++) {
      BY_ZEROS[63 - j] = multiplier(2 * j);
      WALK[j] = multiplier(2 * j + 1);
    }
  }

  private JumpBack2Hash() {}

  /** {@code mix(i × G) | 1}. */
  static long multiplier(int i) {
    return JumpBackHash.mix(i * JumpBackHash.GOLDEN) | 1;
  }

  /**
   * The bucket in {@code [0, buckets)} of the 64-bit {@code key}.
   *
   * <pre>
   * if n == 1: return 0
   * m = n - 1; k = floor(log2(m))
   * f = key &amp; (2^(k+1) - 1)                # the flags of ranges 0 .. k
   * c = f == 0 ? 0 : top(key, floor(log2(f)))  # the largest active bucket below 2^(k+1)
   * if c &lt;= m: return c
   * walk down range k from c (see walk)
   * </pre>
   *
   * @throws IllegalArgumentException when {@code buckets < 1}
   */
  static int bucket(long key, int buckets) {
    if (buckets <= 1) {
      if (buckets < 1) {
        throw new IllegalArgumentException(
            "jump_back2 hash needs at least 1 bucket, got " + buckets);
      }
      return 0;
    }
    int m = buckets - 1;
    int k = 31 - Integer.numberOfLeadingZeros(m);
    int c = highest(key, key & ((2L << k) - 1));
    return c <= m ? c : walk(key, k, m, c);
  }

  /**
   * The largest active bucket of range j: {@code 2^j} plus the top j bits of {@code key × C(j)}.
   */
  static int top(long key, int j) {
    return highest(key, 1L << j);
  }

  /**
   * {@code top(key, floor(log2(flags)))}, the largest active bucket of the highest range flagged in
   * {@code flags}, or 0 when no flag is set, without a branch: at P = 16 one key in 16 has no flag,
   * too many for a predicted branch.
   */
  private static int highest(long key, long flags) {
    int z = Long.numberOfLeadingZeros(flags);
    return (int) Long.highestOneBit(flags) | (int) ((key * BY_ZEROS[z]) >>> (z + 1));
  }

  /**
   * Range k's active buckets below {@code c}, the largest first, until one is at most {@code m};
   * when the range has none, the largest active bucket of the highest lower range that holds one.
   *
   * <pre>
   * r = key × W(k); i = 0
   * loop:
   *   u = (r × c) &gt;&gt; 64                    # the next active bucket below c, uniform over [0, c)
   *   if u &lt; 2^k: break                     # none left in range k
   *   if u &lt;= m: return u
   *   c = u; i += 1; r = mix((key ^ (S × (k + 1))) + i × G)
   * f = key &amp; (2^k - 1)
   * return f == 0 ? 0 : top(key, floor(log2(f)))
   * </pre>
   */
  private static int walk(long key, int k, int m, int c) {
    long range = 1L << k;
    long r = key * WALK[k];
    long s = key ^ (JumpBackHash.STREAMS * (k + 1));
    long u = below(r, c);
    while (u >= range) {
      if (u <= m) {
        return (int) u;
      }
      s += JumpBackHash.GOLDEN;
      u = below(JumpBackHash.mix(s), (int) u);
    }
    return highest(key, key & (range - 1));
  }

  /** {@code floor(r × c / 2^64)} for an unsigned {@code r} and {@code c ≥ 0}: in {@code [0, c)}. */
  static long below(long r, int c) {
    return Math.multiplyHigh(r, c) + ((r >> 63) & c);
  }
}
