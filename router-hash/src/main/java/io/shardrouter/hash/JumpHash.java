package io.shardrouter.hash;

/**
 * Jump consistent hash (Lamping and Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm",
 * 2014), with the paper's generator and arithmetic, written out in {@code docs/routing-spec.md}
 * §4.2.
 *
 * <p>Not Guava's {@code Hashing.consistentHash}, which uses another generator and gives other
 * answers.
 *
 * <p>Reached through {@link JumpHashStrategy#partitionOfHash}, the {@code jump} strategy's
 * partition of a 64-bit hash.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Allocation:</b> none.
 */
final class JumpHash {
  private static final double TWO_POW_31 = 2147483648.0;

  private JumpHash() {}

  /**
   * The bucket in {@code [0, buckets)} of the 64-bit {@code key}.
   *
   * <pre>
   * b = -1, j = 0
   * while j &lt; buckets:
   *   b = j
   *   key = key * 2862933555777941757 + 1           (mod 2^64)
   *   j = trunc((b + 1) * (2^31 / ((key &gt;&gt;&gt; 33) + 1)))   (IEEE 754 doubles, in this order)
   * return b
   * </pre>
   *
   * @throws IllegalArgumentException when {@code buckets < 1}
   */
  static int bucket(long key, int buckets) {
    if (buckets < 1) {
      throw new IllegalArgumentException("jump hash needs at least 1 bucket, got " + buckets);
    }
    long b = -1;
    long j = 0;
    while (j < buckets) {
      b = j;
      key = key * 2862933555777941757L + 1;
      j = (long) ((b + 1) * (TWO_POW_31 / (double) ((key >>> 33) + 1)));
    }
    return (int) b;
  }
}
