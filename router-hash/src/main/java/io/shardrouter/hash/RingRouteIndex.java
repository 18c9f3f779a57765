package io.shardrouter.hash;

import io.shardrouter.core.IndexedRoutes;
import io.shardrouter.core.Route;
import io.shardrouter.hash.internal.TokenIndex;

/**
 * A ring table's way from a key to its route: the key's routing point, then {@link
 * TokenIndex#routeOf}, which reads the route of the point's bucket at the same time as the bucket's
 * threshold. Without it a route waits for two loads in a row (the bucket's partition, then the
 * table's route of that partition); with it, for one. Costs 4 bytes per bucket per table (8 without
 * compressed references).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> internal.
 *
 * <p><b>Allocation:</b> none on {@code route}.
 */
final class RingRouteIndex extends IndexedRoutes.RouteIndex {
  private final StableHash hash;
  private final short[] thresholds;
  private final int shift;
  private final Route[] bucketRoutes;
  private final TokenIndex index;

  public RingRouteIndex(RingStrategy strategy, TokenIndex index, Route[] routes) {
    super(strategy, routes);
    this.hash = strategy.hash();
    this.thresholds = index.thresholds();
    this.shift = index.shift();
    this.bucketRoutes = index.bucketRoutes(routes);
    this.index = index;
  }

  public Route routeOfPoint(long point) {
    return TokenIndex.routeOf(thresholds, bucketRoutes, shift, point, index, routes);
  }

  @Override
  public Route routeLong(long value) {
    return routeOfPoint(hash.hashLong(value));
  }

  @Override
  public Route routeCanonical(byte[] canonical, int offset, int length) {
    return routeOfPoint(hash.hash(canonical, offset, length));
  }
}
