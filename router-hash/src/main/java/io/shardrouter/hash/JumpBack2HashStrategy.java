package io.shardrouter.hash;

import io.shardrouter.core.RoutingTable;

/**
 * {@code jump_back2}: partition = {@code jump_back2} ({@code docs/routing-spec.md} §4.2.2) of the
 * 64-bit hash of the key's canonical bytes, over P partitions.
 *
 * <p>Good for: a partition count that grows, as {@code jump} and {@code jump_back}: going from P to
 * P+1 moves exactly the keys that land in the new partition, about 1/(P+1) of them, and no key
 * moves between old partitions. It is {@link JumpBackHashStrategy}'s model with the random bits
 * taken from the hash itself, so the mapping after the hash is one multiplication for most keys
 * (all keys when P is a power of two, 95% at 1,000,000, half when P is one above a power of two,
 * where the other half walk down the top range) (every key when P is a power of two) where {@code
 * jump_back} mixes twice; the choice for a new table that grows one partition at a time. It answers
 * other partitions than {@code jump} and {@code jump_back}: switching an existing table to it moves
 * nearly every key. Not for: removing a partition other than the last, or partitions of different
 * capacity (use the placement, or the weighted ring).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable. Output for a given key, hash and P never changes; see {@code
 * docs/routing-spec.md} §4.2.2.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf}.
 *
 * @since 0.1
 */
public final class JumpBack2HashStrategy extends HashPartitionStrategy {
  /** The registered type name. */
  public static final String TYPE = "jump_back2";

  private JumpBack2HashStrategy(StableHash hash, int partitions) {
    super(hash, partitions);
  }

  /**
   * {@code jump_back2} over {@code partitions} partitions with {@code hash}.
   *
   * @throws IllegalArgumentException when {@code partitions} is not in [1, {@value
   *     RoutingTable#MAX_PARTITIONS}]
   */
  public static JumpBack2HashStrategy of(StableHash hash, int partitions) {
    if (partitions > RoutingTable.MAX_PARTITIONS) {
      throw new IllegalArgumentException(
          "strategy.partitions must be <= "
              + RoutingTable.MAX_PARTITIONS
              + " for strategy 'jump_back2', got "
              + partitions);
    }
    return new JumpBack2HashStrategy(hash, partitions);
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public int partitionOfHash(long hash) {
    return JumpBack2Hash.bucket(hash, partitions);
  }
}
