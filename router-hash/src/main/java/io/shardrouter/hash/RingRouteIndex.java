package io.shardrouter.hash;

import io.shardrouter.core.IndexedRoutes;
import io.shardrouter.core.Route;
import io.shardrouter.hash.internal.TokenIndex;

/**
 * A ring table's way from a key to its route: the key's routing point, then {@link
 * TokenIndex#routeOf}, which reads the point's bucket word (threshold and partition together) and
 * then the table's route of that partition. The route array, one reference per partition, stays in
 * the nearest cache, so a route waits for one load from memory after the hash; the table keeps
 * nothing per bucket ({@code docs/ring.md} §6).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> internal.
 *
 * <p><b>Allocation:</b> none on {@code route}.
 */
final class RingRouteIndex extends IndexedRoutes.RouteIndex {
  private final StableHash hash;
  private final int[] words;
  private final int shift;
  private final TokenIndex index;

  public RingRouteIndex(RingStrategy strategy, TokenIndex index, Route[] routes) {
    super(strategy, routes);
    this.hash = strategy.hash();
    this.words = index.words();
    this.shift = index.shift();
    this.index = index;
  }

  public Route routeOfPoint(long point) {
    return TokenIndex.routeOf(words, shift, point, index, routes);
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
