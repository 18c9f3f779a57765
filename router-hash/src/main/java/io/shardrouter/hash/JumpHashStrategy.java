package io.shardrouter.hash;

import io.shardrouter.core.BatchPartitions;
import io.shardrouter.core.RoutingTable;

/**
 * {@code jump}: partition = jump consistent hash (Lamping and Veach, {@code docs/routing-spec.md}
 * §4.2) of the 64-bit hash of the key's canonical bytes, over P partitions.
 *
 * <p>Good for: a partition count that grows. Going from P to P+1 moves exactly the keys that land
 * in the new partition, about 1/(P+1) of them, and no key moves between old partitions. Not for:
 * removing a partition other than the last, or partitions of different capacity (use the placement,
 * or the weighted ring). Costs about ln(P) iterations per key.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable. Output for a given key, hash and P never changes; see {@code
 * docs/routing-spec.md} §4.2.
 *
 * <p><b>Batches:</b> a table's batch route ({@link BatchPartitions}) hashes a group of keys, then
 * runs their loops four at a time ({@code loadGroup}), so the divisions of different keys overlap;
 * the answers are the single route's.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf} and the batch methods.
 *
 * @since 0.1
 */
public final class JumpHashStrategy extends HashPartitionStrategy implements BatchPartitions {
  /** The registered type name. */
  public static final String TYPE = "jump";

  private JumpHashStrategy(StableHash hash, int partitions) {
    super(hash, partitions);
  }

  /**
   * {@code jump} over {@code partitions} partitions with {@code hash}.
   *
   * @throws IllegalArgumentException when {@code partitions} is not in [1, {@value
   *     RoutingTable#MAX_PARTITIONS}]
   */
  public static JumpHashStrategy of(StableHash hash, int partitions) {
    if (partitions > RoutingTable.MAX_PARTITIONS) {
      throw new IllegalArgumentException(
          "strategy.partitions must be <= "
              + RoutingTable.MAX_PARTITIONS
              + " for strategy 'jump', got "
              + partitions);
    }
    return new JumpHashStrategy(hash, partitions);
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public int partitionOfHash(long hash) {
    return JumpHash.bucket(hash, partitions);
  }

  // ---- batches (BatchPartitions): prepare hashes, the load pass runs the loops four keys at a
  // time, finish reads the partition out of the token

  /** The key's hash. */
  @Override
  public long prepare(byte[] canonical, int offset, int length) {
    return hash.hash(canonical, offset, length);
  }

  /** The key's hash, as {@link #partitionOfLong} hashes it. */
  @Override
  public long prepareLong(long value) {
    return hash.hashLong(value);
  }

  /** The partition of the hash {@code token}. */
  @Override
  public long load(long token) {
    return JumpHash.bucket(token, partitions);
  }

  /** The partitions of the hashes {@code tokens[0, n)}, four keys' loops stepped together. */
  @Override
  public void loadGroup(long[] tokens, int n) {
    JumpHash.buckets(tokens, n, partitions);
  }

  @Override
  public int finish(byte[] canonical, int offset, int length, long token) {
    return (int) token;
  }

  @Override
  public int finishLong(long value, long token) {
    return (int) token;
  }
}
