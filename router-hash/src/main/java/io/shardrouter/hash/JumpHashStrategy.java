package io.shardrouter.hash;

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
 * <p><b>Allocation:</b> none on {@code partitionOf}.
 *
 * @since 0.1
 */
public final class JumpHashStrategy extends HashPartitionStrategy {
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
}
