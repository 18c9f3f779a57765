package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.testing.KeyGenerators;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The plain {@link RouteIndex}, called directly as a subclass that keeps its answers calls it:
 * every overload is {@code routes[strategy.partitionOf(key)]} for the same key, so a subclass that
 * overrides one shape and inherits the rest routes every shape as the table does.
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
  void everyOverload_isTheRouteOfTheStrategysPartition() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    ByteSumStrategy s = new ByteSumStrategy(PARTITIONS);
    Route[] routes = routes();
    RouteIndex index = new RouteIndex(s, routes) {};
    for (int i = 0; i < 300; i++) {
      String msg = "seed " + seed + ", round " + i;
      String text = Long.toString(rnd.nextLong(), 36);
      String other = Long.toString(rnd.nextLong(), 36);
      long l = rnd.nextLong();
      long l2 = rnd.nextLong();
      int n = rnd.nextInt();
      UUID u = new UUID(rnd.nextLong(), rnd.nextLong());
      Instant t = Instant.ofEpochSecond(rnd.nextLong(0, 1L << 32), 1000L * rnd.nextInt(1_000_000));
      byte[] bytes = new byte[2 + rnd.nextInt(20)];
      rnd.nextBytes(bytes);
      assertSame(routes[s.partitionOf(text)], index.route(text), msg);
      assertSame(routes[s.partitionOf(l)], index.route(l), msg);
      assertSame(routes[s.partitionOf(n)], index.route(n), msg);
      assertSame(routes[s.partitionOf(u)], index.route(u), msg);
      assertSame(routes[s.partitionOf(t)], index.route(t), msg);
      assertSame(routes[s.partitionOf(text, other)], index.route(text, other), msg);
      assertSame(routes[s.partitionOf(text, l)], index.route(text, l), msg);
      assertSame(routes[s.partitionOf(l, l2)], index.route(l, l2), msg);
      CompositeKey ck = CompositeKey.of(text, l, n);
      assertSame(routes[s.partitionOf(ck)], index.route(ck), msg);
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
    RouteIndex index = RouteIndex.plain(s, routes);
    assertTrue(index.isOver(s, routes));
    assertFalse(index.isOver(new ByteSumStrategy(PARTITIONS), routes), "an equal strategy");
    assertFalse(index.isOver(s, routes.clone()), "equal routes");
    assertFalse(index.isOver(new ByteSumStrategy(PARTITIONS), routes.clone()));
  }
}
