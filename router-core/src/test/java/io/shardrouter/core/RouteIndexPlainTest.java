package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The plain {@link IndexedRoutes.RouteIndex}, called directly as a subclass that keeps its answers
 * calls it: both of its forms of a key (the canonical bytes, the one number of a {@code long} or
 * {@code timestamp}) are {@code routes[strategy.partitionOf(key)]}, so a subclass that overrides
 * one form and inherits the other routes every key as the table does.
 */
class RouteIndexPlainTest {
  private static final int PARTITIONS = 11;

  /** One distinct route per partition, so that a wrong partition gives a different object. */
  private static Route[] routes() {
    ReplicaGroup g = ReplicaGroup.of("g0", "db0:5432");
    Route[] routes = new Route[PARTITIONS];
    for (int p = 0; p < PARTITIONS; p++) {
      routes[p] = new Route("orders", 1, p, g);
    }
    return routes;
  }

  @Test
  void bothForms_areTheRouteOfTheStrategysPartition() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    ByteSumStrategy s = new ByteSumStrategy(PARTITIONS);
    Route[] routes = routes();
    IndexedRoutes.RouteIndex index = new IndexedRoutes.RouteIndex(s, routes) {};
    for (int i = 0; i < 300; i++) {
      String msg = "seed " + seed + ", round " + i;
      long l = rnd.nextLong();
      byte[] bytes = new byte[2 + rnd.nextInt(20)];
      rnd.nextBytes(bytes);
      assertSame(routes[s.partitionOf(Keys.of(l))], index.routeLong(l), msg);
      assertSame(
          routes[s.partitionOf(bytes, 1, bytes.length - 2)],
          index.routeCanonical(bytes, 1, bytes.length - 2),
          msg);
    }
  }

  @Test
  void isOver_onlyItsOwnStrategyAndItsOwnRoutes() {
    ByteSumStrategy s = new ByteSumStrategy(PARTITIONS);
    Route[] routes = routes();
    IndexedRoutes.RouteIndex index = IndexedRoutes.RouteIndex.plain(s, routes);
    assertTrue(index.isOver(s, routes));
    assertFalse(index.isOver(new ByteSumStrategy(PARTITIONS), routes), "an equal strategy");
    assertFalse(index.isOver(s, routes.clone()), "equal routes");
    assertFalse(index.isOver(new ByteSumStrategy(PARTITIONS), routes.clone()));
  }
}
