package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import io.shardrouter.testing.Specs;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * A table asks its strategy once for a {@link IndexedRoutes.RouteIndex} and routes every key
 * through it; the plain index is {@code routes[partitionOf(key)]}; an index over another strategy
 * or other routes is refused when the table is built, so a strategy cannot route through routes
 * that are not the table's.
 */
class RouteIndexTest {

  /**
   * Byte-sum partitions; its route index is whatever {@code index} makes of it and the table's
   * routes.
   */
  private record IndexedStrategy(
      ByteSumStrategy inner, BiFunction<PartitionStrategy, Route[], IndexedRoutes.RouteIndex> index)
      implements PartitionStrategy, IndexedRoutes {
    @Override
    public String type() {
      return "test_indexed";
    }

    @Override
    public int partitionCount() {
      return inner.partitionCount();
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return inner.partitionOf(canonical, offset, length);
    }

    @Override
    public Spec toSpec() {
      return Specs.withType(inner.toSpec(), type());
    }

    @Override
    public IndexedRoutes.RouteIndex routeIndex(Route[] routes) {
      return index.apply(this, routes);
    }
  }

  /** An index that counts its calls and answers the plain way. */
  private static final class CountingIndex extends IndexedRoutes.RouteIndex {
    final AtomicInteger calls = new AtomicInteger();

    CountingIndex(PartitionStrategy strategy, Route[] routes) {
      super(strategy, routes);
    }

    @Override
    public Route routeCanonical(byte[] canonical, int offset, int length) {
      calls.incrementAndGet();
      return routes[strategy.partitionOf(canonical, offset, length)];
    }
  }

  private static RoutingTable table(PartitionStrategy s) {
    return Tables.table(1, s, KeyType.STRING, 3);
  }

  @Test
  void plainIndex_isTheRouteOfThePartition() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    RoutingTable t = Tables.table(1, 13, 4);
    for (int i = 0; i < 2000; i++) {
      String key = Long.toString(rnd.nextLong(), 36);
      assertSame(
          t.routeOfPartition(t.strategy().partitionOf(Keys.of(key))),
          t.route(key),
          "seed " + seed + ", key " + key);
      byte[] b = new byte[rnd.nextInt(20)];
      rnd.nextBytes(b);
      assertSame(
          t.routeOfPartition(t.strategy().partitionOf(b)), t.routeCanonical(b), "seed " + seed);
    }
  }

  @Test
  void table_routesThroughTheStrategysOwnIndex() {
    CountingIndex[] made = new CountingIndex[1];
    RoutingTable t =
        table(
            new IndexedStrategy(
                new ByteSumStrategy(7), (s, routes) -> made[0] = new CountingIndex(s, routes)));
    assertEquals(
        "orders v1 partition "
            + t.strategy().partitionOf(Keys.of("abc"))
            + " -> g"
            + t.strategy().partitionOf(Keys.of("abc")) % 3,
        t.route("abc").toString());
    t.route("xyz");
    assertEquals(2, made[0].calls.get());
  }

  @Test
  void table_refusesAnIndexOverOtherRoutes() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                table(
                    new IndexedStrategy(
                        new ByteSumStrategy(7),
                        (s, routes) -> new CountingIndex(s, routes.clone()))));
    assertTrue(
        e.getMessage()
            .contains(
                "strategy 'test_indexed' gave a route index over another strategy or other routes"),
        e.getMessage());
    assertTrue(
        e.getMessage()
            .contains(
                "IndexedRoutes.routeIndex must return an index over itself and the routes it is given"),
        e.getMessage());
  }

  @Test
  void table_refusesAnIndexOverAnotherStrategy_orNone() {
    ByteSumStrategy other = new ByteSumStrategy(7);
    assertThrows(
        IllegalStateException.class,
        () ->
            table(
                new IndexedStrategy(
                    new ByteSumStrategy(7), (s, routes) -> new CountingIndex(other, routes))));
    assertThrows(
        IllegalStateException.class,
        () -> table(new IndexedStrategy(new ByteSumStrategy(7), (s, routes) -> null)));
  }

  @Test
  void index_needsOneRoutePerPartition() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new CountingIndex(new ByteSumStrategy(7), new Route[6]));
    assertEquals(
        "a route index needs one route per partition: the strategy has 7 partitions, got 6 routes",
        e.getMessage());
  }
}
