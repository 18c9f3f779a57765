package io.shardrouter.core;

import org.jspecify.annotations.Nullable;

/**
 * A pure function from a key to a logical partition in {@code [0, partitionCount())}: the first of
 * the two layers of routing. Which machines hold a partition is the {@link RoutingTable}'s
 * business, never the strategy's, so rebalancing never changes what a key means.
 *
 * <p>A strategy sees keys in their canonical form only ({@link KeyType.Kind}, {@code
 * docs/routing-spec.md}): the canonical bytes ({@link #partitionOf(byte[], int, int)}), or for keys
 * whose canonical form is one 64-bit number, that number ({@link #partitionOfLong(long)}). Which
 * Java types a key may be given as is the business of {@link RoutingTable} and {@link Router}
 * alone: they encode a {@code String}, a {@code UUID} or a composite once, at the edge, so a new
 * key shape touches one place and no strategy. The bytes a strategy is given are read-only: they
 * may be the array behind the caller's {@code String} (an ASCII string is its own canonical form),
 * and writing them is a defect.
 *
 * <p>What only some strategies do is an optional capability, an interface a strategy implements
 * besides this one, found with {@code instanceof} and, for the checks, in every nested strategy
 * too: {@link GroupConstraint}, {@link NestedStrategies}, {@link IndexedRoutes}, {@link
 * KeyMovement} (docs/architecture.md §3.2).
 *
 * <p>Implementations are registered by {@link #type()} through a {@link StrategyFactory}, and print
 * themselves back as the {@code strategy} object of a routing document with {@link #toSpec()};
 * {@code equals} and {@code hashCode} follow that object.
 *
 * <p><b>Thread-safety:</b> implementations must be immutable and safe to share.
 *
 * <p><b>Stability:</b> stable SPI; new methods arrive as default methods.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf} and {@code partitionOfLong}.
 *
 * @since 0.1
 */
public interface PartitionStrategy {

  /** The registered type name, e.g. {@code jump}; part of the routing document format. */
  String type();

  /**
   * The key type this strategy was built for, or null when it routes the canonical bytes of a key
   * of any type (the hash family). A {@link RoutingTable} refuses a strategy built for another key
   * type than its own: a range strategy's boundaries and a lookup directory's entries are keys, and
   * mean nothing for keys of another type.
   */
  default @Nullable KeyType keyType() {
    return null;
  }

  /** The number of logical partitions P; every answer is in {@code [0, P)}. */
  int partitionCount();

  /**
   * The partition of the key whose canonical bytes are {@code canonical[offset, offset + length)};
   * never writes them.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws RoutingException when the strategy refuses the key (a subtype of its own is allowed): a
   *     new exception for each refusal, never a shared or cached instance, because a batch that
   *     refuses the key records the key's index on it ({@link RoutingException#batchIndex()})
   */
  int partitionOf(byte[] canonical, int offset, int length);

  /**
   * The partition of the key whose canonical bytes are {@code canonical}.
   *
   * @throws InvalidKeyException when {@code canonical} is null
   */
  default int partitionOf(byte[] canonical) {
    CanonicalKeys.requireKey(canonical);
    return partitionOf(canonical, 0, canonical.length);
  }

  /**
   * The partitions of a batch of keys given by their canonical bytes: {@code partitions[i] =
   * partitionOf(keys[i])} for every {@code i} in {@code [from, to)}, nothing else written. For a
   * strategy with {@link BatchPartitions} the keys go through it in groups, so that the reads of a
   * group's keys overlap (as a table's {@link KeyRouter#routeAllCanonical batch routes} do); any
   * other is asked key by key. For code that holds a strategy rather than a table, such as a
   * migration part testing the rows of a page; strategies do not override it.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when {@code keys[i]} is null, naming {@code i}; the partitions of
   *     the keys before it are written, none after
   * @throws RoutingException when the strategy refuses {@code keys[i]}: its own refusal, of its own
   *     type, naming {@code i} ({@link RoutingException#batchIndex()}), the partitions of the keys
   *     before it written, none after
   * @throws IndexOutOfBoundsException when {@code [from, to)} is not within {@code keys} or {@code
   *     partitions}, before anything is written
   * @since 0.1
   */
  default void partitionsOf(byte[][] keys, int from, int to, int[] partitions) {
    StrategyBatches.partitionsOf(this, keys, from, to, partitions);
  }

  /**
   * The partition of the key whose canonical form is the 8 little-endian bytes of {@code value}: a
   * {@code long} key, or a {@code timestamp} key's microseconds since the epoch. It must equal
   * {@link #partitionOf(byte[], int, int)} of those 8 bytes; strategies that work on the number (a
   * range of longs, an id's bits, a hash of 8 bytes) override it to skip writing and reading them.
   * The default writes them into a per-thread buffer.
   *
   * <p><b>Allocation:</b> none.
   */
  default int partitionOfLong(long value) {
    KeyScratch s = KeyScratch.get();
    int n = s.putLong(value);
    return partitionOf(s.bytes(), 0, n);
  }

  /**
   * The share of the key space that {@code partition} receives, for movement reports: {@code 1/P}
   * for strategies whose partitions are equally likely.
   */
  default double shareOf(int partition) {
    return 1.0 / partitionCount();
  }

  /**
   * One line that tells a person how this strategy routes the key whose canonical bytes are {@code
   * canonical[offset, offset + length)}, ending with the partition, for {@code shardctl explain}:
   * which path the key took (a directory hit, a dedicated tenant, a nested strategy, the fallback)
   * and the numbers on the way. The default names the type and the partition; strategies with more
   * than one path override it. A strategy nested in another explains its part inside the outer
   * line.
   *
   * <p><b>Allocation:</b> allocates; a tool path, never call it while routing.
   */
  default String explain(byte[] canonical, int offset, int length) {
    return type() + ": partition " + partitionOf(canonical, offset, length);
  }

  /**
   * The {@code strategy} object of a routing document that rebuilds this strategy: {@code type}
   * first, then every parameter with its effective value; {@link StrategyRegistry#create(Spec,
   * KeyType)} builds an equal strategy from it, and the document writer writes it field by field,
   * in this order.
   *
   * <p>A strategy with a large parameter (a directory of millions of entries) may return that
   * parameter as a value whose members are produced while it is walked rather than held, so that a
   * document is written without a copy of the directory; such a value is walked in linear time
   * (looking up one member included).
   *
   * <p><b>Allocation:</b> allocates; a tool path.
   */
  Spec toSpec();
}
