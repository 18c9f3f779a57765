package io.shardrouter.consumercheck.strategy;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Spec;

/**
 * Rendezvous (highest random weight) hashing, written outside the ShardRouter project with its
 * public API only (docs/writing-a-strategy.md): a key goes to the partition whose score, a mix of
 * the key's hash and the partition's number, is highest. Growing P to P + 1 moves only the keys
 * whose new top score is the new partition's, about 1/(P + 1) of them. O(P) per key, so P is kept
 * to at most {@value #MAX_PARTITIONS}.
 *
 * <p>The key's hash is 64-bit FNV-1a over its canonical bytes, finished with SplitMix64's mixer;
 * a partition's score is the mixer of that hash XOR {@code seed + p * 0x9E3779B97F4A7C15}.
 */
public final class RendezvousStrategy implements PartitionStrategy {
  /** The registered type name. */
  public static final String TYPE = "rendezvous";

  /** The most partitions: every route scores them all. */
  public static final int MAX_PARTITIONS = 4096;

  private static final long FNV_OFFSET = 0xCBF29CE484222325L;
  private static final long FNV_PRIME = 0x100000001B3L;
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private final int partitions;
  private final long seed;

  /** Rendezvous over {@code partitions} partitions (1 to {@value #MAX_PARTITIONS}) with a seed. */
  public RendezvousStrategy(int partitions, long seed) {
    if (partitions < 1 || partitions > MAX_PARTITIONS) {
      throw new IllegalArgumentException(
          "partitions is " + partitions + "; give 1 to " + MAX_PARTITIONS);
    }
    this.partitions = partitions;
    this.seed = seed;
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public int partitionCount() {
    return partitions;
  }

  @Override
  public int partitionOf(byte[] canonical, int offset, int length) {
    long h = FNV_OFFSET;
    for (int i = offset; i < offset + length; i++) {
      h = (h ^ (canonical[i] & 0xFF)) * FNV_PRIME;
    }
    return top(h);
  }

  /** The 8 little-endian bytes of {@code value}, hashed in place: the same answer as the bytes. */
  @Override
  public int partitionOfLong(long value) {
    long h = FNV_OFFSET;
    for (int i = 0; i < 8; i++) {
      h = (h ^ ((value >>> (8 * i)) & 0xFF)) * FNV_PRIME;
    }
    return top(h);
  }

  private int top(long keyHash) {
    long k = mix(keyHash);
    int best = 0;
    long bestScore = Long.MIN_VALUE;
    for (int p = 0; p < partitions; p++) {
      long score = mix(k ^ (seed + p * GOLDEN));
      if (Long.compareUnsigned(score, bestScore) > 0 || p == 0) {
        bestScore = score;
        best = p;
      }
    }
    return best;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  @Override
  public String explain(byte[] canonical, int offset, int length) {
    return TYPE
        + ": the highest of "
        + partitions
        + " scores (seed "
        + seed
        + ") is partition "
        + partitionOf(canonical, offset, length);
  }

  @Override
  public Spec toSpec() {
    return Spec.object().put("type", TYPE).put("partitions", partitions).put("seed", seed).build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RendezvousStrategy r && r.partitions == partitions && r.seed == seed;
  }

  @Override
  public int hashCode() {
    return 31 * partitions + Long.hashCode(seed);
  }

  @Override
  public String toString() {
    return toSpec().toString();
  }
}
