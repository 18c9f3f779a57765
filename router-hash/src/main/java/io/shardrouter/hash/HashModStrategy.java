package io.shardrouter.hash;

import io.shardrouter.core.RoutingTable;

/**
 * {@code hash_mod}: partition = hash of the key's canonical bytes, as an unsigned 64-bit integer,
 * modulo P.
 *
 * <p>Good for: a fixed, generous number of logical partitions (1,024 to 16,384) placed on fewer
 * replica groups, scaling by moving whole partitions in the placement (docs/architecture.md §1:
 * many small virtual shards). Not for: changing P itself. Going from P to 2P re-maps about half of
 * all keys, and most other changes re-map nearly all; use {@code jump} when P must grow.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable. Output for a given key, hash and P never changes; see {@code
 * docs/routing-spec.md} §4.1.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf}.
 *
 * @since 0.1
 */
public final class HashModStrategy extends HashPartitionStrategy {
  /** The registered type name. */
  public static final String TYPE = "hash_mod";

  private final long mask; // P - 1 when P is a power of two, else -1

  private HashModStrategy(StableHash hash, int partitions) {
    super(hash, partitions);
    this.mask = Integer.bitCount(partitions) == 1 ? partitions - 1 : -1;
  }

  /**
   * {@code hash_mod} over {@code partitions} partitions with {@code hash}.
   *
   * @throws IllegalArgumentException when {@code partitions} is not in [1, {@value
   *     RoutingTable#MAX_PARTITIONS}]
   */
  public static HashModStrategy of(StableHash hash, int partitions) {
    if (partitions > RoutingTable.MAX_PARTITIONS) {
      throw new IllegalArgumentException(
          "strategy.partitions must be <= "
              + RoutingTable.MAX_PARTITIONS
              + " for strategy 'hash_mod', got "
              + partitions);
    }
    return new HashModStrategy(hash, partitions);
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public int partitionOfHash(long hash) {
    return mask >= 0 ? (int) (hash & mask) : (int) Long.remainderUnsigned(hash, partitions);
  }
}
