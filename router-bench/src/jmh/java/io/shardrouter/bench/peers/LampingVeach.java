package io.shardrouter.bench.peers;

/**
 * The jump consistent hash exactly as printed in Lamping and Veach, "A Fast, Minimal Memory,
 * Consistent Hash Algorithm" (2014), Figure 1, transcribed to Java: the plain loop that {@code
 * JumpHashStrategy} must not be slower than (docs/architecture.md §6).
 *
 * <pre>
 * int32_t JumpConsistentHash(uint64_t key, int32_t num_buckets) {
 *   int64_t b = -1, j = 0;
 *   while (j &lt; num_buckets) {
 *     b = j;
 *     key = key * 2862933555777941757ULL + 1;
 *     j = (b + 1) * (double(1LL &lt;&lt; 31) / double((key &gt;&gt; 33) + 1));
 *   }
 *   return b;
 * }
 * </pre>
 */
public final class LampingVeach {
  private LampingVeach() {}

  /** The bucket in {@code [0, buckets)} of {@code key}. */
  public static int jump(long key, int buckets) {
    long b = -1;
    long j = 0;
    while (j < buckets) {
      b = j;
      key = key * 2862933555777941757L + 1;
      j = (long) ((b + 1) * ((double) (1L << 31) / (double) ((key >>> 33) + 1)));
    }
    return (int) b;
  }
}
