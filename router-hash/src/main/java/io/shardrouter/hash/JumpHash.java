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

  /**
   * Replaces each of {@code keys[0, n)} with its {@link #bucket}, four keys stepped together.
   *
   * <p>A key's loop is a chain: each step's division waits for the step before it, so one key at a
   * time leaves the processor idle for most of each division. Four chains stepped in one loop
   * overlap, each lane doing exactly {@link #bucket}'s arithmetic until its own {@code j} reaches
   * {@code buckets}, when it stops changing; the loop ends when all four have. A lane that stops
   * early waits for the others, which costs less than what the overlap saves: a batch of {@code
   * long} keys at 128 partitions took 0.71 × the time of the batch before ({@code
   * HashBatchBenchmark}, router-bench; {@code docs/architecture.md} §3.2). The last {@code n % 4}
   * keys go through {@link #bucket}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws IllegalArgumentException when {@code buckets < 1}
   */
  static void buckets(long[] keys, int n, int buckets) {
    if (buckets < 1) {
      throw new IllegalArgumentException("jump hash needs at least 1 bucket, got " + buckets);
    }
    int i = 0;
    for (; i + 4 <= n; i += 4) {
      long k0 = keys[i];
      long k1 = keys[i + 1];
      long k2 = keys[i + 2];
      long k3 = keys[i + 3];
      long b0 = 0;
      long b1 = 0;
      long b2 = 0;
      long b3 = 0;
      long j0 = 0;
      long j1 = 0;
      long j2 = 0;
      long j3 = 0;
      while ((j0 < buckets) | (j1 < buckets) | (j2 < buckets) | (j3 < buckets)) {
        if (j0 < buckets) {
          b0 = j0;
          k0 = k0 * 2862933555777941757L + 1;
          j0 = (long) ((b0 + 1) * (TWO_POW_31 / (double) ((k0 >>> 33) + 1)));
        }
        if (j1 < buckets) {
          b1 = j1;
          k1 = k1 * 2862933555777941757L + 1;
          j1 = (long) ((b1 + 1) * (TWO_POW_31 / (double) ((k1 >>> 33) + 1)));
        }
        if (j2 < buckets) {
          b2 = j2;
          k2 = k2 * 2862933555777941757L + 1;
          j2 = (long) ((b2 + 1) * (TWO_POW_31 / (double) ((k2 >>> 33) + 1)));
        }
        if (j3 < buckets) {
          b3 = j3;
          k3 = k3 * 2862933555777941757L + 1;
          j3 = (long) ((b3 + 1) * (TWO_POW_31 / (double) ((k3 >>> 33) + 1)));
        }
      }
      keys[i] = b0;
      keys[i + 1] = b1;
      keys[i + 2] = b2;
      keys[i + 3] = b3;
    }
    for (; i < n; i++) {
      keys[i] = bucket(keys[i], buckets);
    }
  }
}
