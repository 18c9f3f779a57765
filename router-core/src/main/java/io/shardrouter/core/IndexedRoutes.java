package io.shardrouter.core;

/**
 * An optional capability of a {@link PartitionStrategy} that finds partitions through an index of
 * its own (the weighted ring's token index): a table of such a strategy asks it once, when the
 * table is built, for a {@link RouteIndex} that loads a key's route together with the index entry,
 * one dependent load shorter than the strategy's partition and then the table's route of it. A
 * strategy without it is routed the plain way, {@code routes[partitionOf(key)]}.
 *
 * <p><b>Thread-safety:</b> implementations are immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface IndexedRoutes {

  /**
   * How a table of this strategy finds a key's route, given the table's route of each partition
   * ({@code routes[p]} for partition p; kept, never written). The index must be over this strategy
   * and these routes (see {@link RouteIndex} for the contract); the table refuses any other.
   */
  RouteIndex routeIndex(Route[] routes);
}
