package io.shardrouter.core;

import java.util.Objects;

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

  /**
   * How a {@link RoutingTable} goes from a key to its {@link Route}. This class is the plain way:
   * the strategy's partition, then the table's route of that partition, {@code
   * routes[partitionOf(key)]}.
   *
   * <p>A strategy that finds partitions through an index of its own can do better for its tables:
   * its {@link IndexedRoutes#routeIndex(Route[])} may return a subclass that keeps, next to each
   * index entry, the route of that entry's partition, so that the route is loaded together with the
   * entry rather than after it (the ring does: {@code docs/ring.md} §6). The layers stay as they
   * are: the strategy still decides the partition and the table's placement the route; the subclass
   * only remembers the composition for one table.
   *
   * <p>Contract for subclasses: for every key, {@code route(key) ==
   * routes[strategy.partitionOf(key)]}; never write {@link #routes}; no allocation. The table
   * checks that an index is over its own strategy and its own routes. A table given the plain index
   * does not call it: it does the same two steps itself, one dependent load shorter (a range route
   * measured 6.45 ns that way and 7.0 ns through the plain index).
   *
   * <p><b>Thread-safety:</b> immutable; safe to share.
   *
   * <p><b>Stability:</b> SPI. Key shapes never reach it: the table encodes them (see {@link
   * PartitionStrategy}).
   *
   * <p><b>Allocation:</b> none on {@code route}.
   *
   * @since 0.1
   */
  class RouteIndex {
    /** The strategy that decides the partition. */
    protected final PartitionStrategy strategy;

    /** The table's route of each partition; never written. */
    protected final Route[] routes;

    /**
     * An index over {@code routes}, the route of each of {@code strategy}'s partitions; kept, not
     * copied.
     */
    protected RouteIndex(PartitionStrategy strategy, Route[] routes) {
      this.strategy = Objects.requireNonNull(strategy, "strategy");
      this.routes = Objects.requireNonNull(routes, "routes");
      if (routes.length != strategy.partitionCount()) {
        throw new IllegalArgumentException(
            "a route index needs one route per partition: the strategy has "
                + strategy.partitionCount()
                + " partitions, got "
                + routes.length
                + " routes");
      }
    }

    /** The plain index: {@code routes[strategy.partitionOf(key)]}. */
    static RouteIndex plain(PartitionStrategy strategy, Route[] routes) {
      return new RouteIndex(strategy, routes);
    }

    final boolean isOver(PartitionStrategy s, Route[] r) {
      return strategy == s && routes == r;
    }

    /**
     * The route of the key whose canonical form is the 8 little-endian bytes of {@code value} (see
     * {@link PartitionStrategy#partitionOfLong(long)}).
     *
     * <p><b>Allocation:</b> none.
     */
    public Route routeLong(long value) {
      return routes[strategy.partitionOfLong(value)];
    }

    /**
     * The route of a key given as its canonical bytes.
     *
     * <p><b>Allocation:</b> none.
     */
    public Route routeCanonical(byte[] canonical, int offset, int length) {
      return routes[strategy.partitionOf(canonical, offset, length)];
    }
  }
}
