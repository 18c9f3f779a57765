package io.shardrouter.hash;

import io.shardrouter.core.RoutingTable;

/**
 * {@code jump_back}: partition = JumpBackHash ({@code docs/routing-spec.md} §4.2.1) of the 64-bit
 * hash of the key's canonical bytes, over P partitions.
 *
 * <p>Good for: a partition count that grows, as {@code jump}: going from P to P+1 moves exactly the
 * keys that land in the new partition, about 1/(P+1) of them, and no key moves between old
 * partitions. It answers other partitions than {@code jump} (another generator), in constant
 * expected time at any P, with no division and no floating point: {@code jump} costs about ln(P)
 * steps per key. Not for: removing a partition other than the last, or partitions of different
 * capacity (use the placement, or the weighted ring).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable. Output for a given key, hash and P never changes; see {@code
 * docs/routing-spec.md} §4.2.1.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf}.
 *
 * @since 0.1
 */
public final class JumpBackHashStrategy extends HashPartitionStrategy {
  /** The registered type name. */
  public static final String TYPE = "jump_back";

  private JumpBackHashStrategy(StableHash hash, int partitions) {
    super(hash, partitions);
  }

  /**
   * {@code jump_back} over {@code partitions} partitions with {@code hash}.
   *
   * @throws IllegalArgumentException when {@code partitions} is not in [1, {@value
   *     RoutingTable#MAX_PARTITIONS}]
   */
  public static JumpBackHashStrategy of(StableHash hash, int partitions) {
    if (partitions > RoutingTable.MAX_PARTITIONS) {
      throw new IllegalArgumentException(
          "strategy.partitions must be <= "
              + RoutingTable.MAX_PARTITIONS
              + " for strategy 'jump_back', got "
              + partitions);
    }
    return new JumpBackHashStrategy(hash, partitions);
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public int partitionOfHash(long hash) {
    return JumpBackHash.bucket(hash, partitions);
  }
}
