package io.shardrouter.core;

/**
 * An optional capability of a {@link PartitionStrategy} that can give a single key a partition of
 * its own (a {@code lookup} directory's dedicated entries): what a store's adaptive capacity does
 * for a very hot key, and what hashing alone never does. Tools that propose the next routing table
 * (the rebalance advisor) find it with {@code instanceof} and need no strategy module.
 *
 * <p>The new partition is the strategy's last, number {@link PartitionStrategy#partitionCount()} of
 * the old strategy, and every other key keeps its partition: a table that takes the new strategy
 * appends that partition's group to its placement, and {@link KeyMovement} lists the one moved key.
 *
 * <p><b>Thread-safety:</b> implementations are immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface DedicatedPartitions {

  /**
   * Whether a dedicated partition holds exactly the key it was made for: false when the strategy
   * matches a part of keys (the first part of composite keys, a tenant), so that every key sharing
   * that part goes with it.
   */
  boolean dedicatesWholeKeys();

  /**
   * This strategy with the key whose canonical bytes are {@code key} alone on a new partition,
   * dedicated to it (nothing else reaches it): the strategy of the next routing version, with one
   * partition more. When the strategy does not {@link #dedicatesWholeKeys dedicate whole keys},
   * {@code key} holds the canonical bytes of the part it matches.
   *
   * <p><b>Allocation:</b> allocates; a tool path.
   *
   * @throws IllegalArgumentException when the key cannot have a partition of its own (it is alone
   *     on one already, it is split over several, or the strategy has the most partitions a table
   *     can have), saying why and what to do instead
   * @throws InvalidKeyException when the bytes are no canonical key of the strategy's key type
   */
  PartitionStrategy withDedicatedPartition(byte[] key);
}
