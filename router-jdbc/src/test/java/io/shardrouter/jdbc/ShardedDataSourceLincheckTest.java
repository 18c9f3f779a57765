package io.shardrouter.jdbc;

import static io.shardrouter.jdbc.ShardedDataSourceTest.group;
import static io.shardrouter.jdbc.ShardedDataSourceTest.table;
import static io.shardrouter.testing.concurrent.Interleavings.check;
import static io.shardrouter.testing.concurrent.Interleavings.failure;
import static io.shardrouter.testing.concurrent.Interleavings.runAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.jdbc.ShardedDataSourceTest.FakeDataSource;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * A controlled concurrency test of {@link ShardedDataSource} (docs/testing.md §4), under Lincheck's
 * model checker: a request routed with the table that was current when it started gets an open data
 * source while a routing update moves its group to another endpoint (the previous table's endpoints
 * stay open until the next version). A broken twin that closes what the new table no longer names
 * at once hands such a request a closed pool.
 */
class ShardedDataSourceLincheckTest {
  static final String KEY = "order-1";
  static final RoutingTable V1 = table("orders", 1, group(1));
  static final RoutingTable V2 = table("orders", 2, group(3));

  /**
   * One request (route, then its primary's data source) races the update from v1 to v2, which moves
   * every partition from db1 to db3.
   */
  static void requestDuringUpdate(Router router, Function<Route, DataSource> primary) {
    Object[] got = new Object[1];
    Thread update = new Thread(() -> router.update(V2));
    Thread request =
        new Thread(
            () -> {
              Route r = router.route(KEY);
              try {
                got[0] = primary.apply(r);
              } catch (RuntimeException e) {
                got[0] = e;
              }
            });
    runAll(update, request);
    assertTrue(got[0] instanceof FakeDataSource, () -> "the request got " + got[0]);
    FakeDataSource ds = (FakeDataSource) got[0];
    assertTrue(!ds.closed, () -> "a request on a closed pool: " + ds.endpoint);
    assertEquals(2, router.version());
  }

  static ShardedDataSource.Factory fakes() {
    return (group, replica) -> new FakeDataSource(replica.endpoint());
  }

  @Test
  void primary_duringUpdate_neverClosedPool() {
    check(
        () -> {
          Router router = Router.create(V1);
          ShardedDataSource sources = ShardedDataSource.create(fakes(), router);
          requestDuringUpdate(router, sources::primary);
        });
  }

  @Test
  void brokenTwin_closesAtOnce_requestOnClosedPool() {
    String report =
        failure(
            () -> {
              Router router = Router.create(V1);
              NoGraceSources sources = new NoGraceSources(V1);
              router.addListener((prev, next) -> sources.refresh(next));
              requestDuringUpdate(router, sources::primary);
            });
    assertTrue(report.contains("closed pool") || report.contains("got"), report);
  }

  /**
   * Broken twin of {@link ShardedDataSource}'s refresh: it publishes the endpoints of the new table
   * only and closes the rest at once, with no grace for requests routed with the previous table.
   */
  static final class NoGraceSources {
    private final ReentrantLock updates = new ReentrantLock();
    private volatile Map<String, FakeDataSource> byEndpoint;

    NoGraceSources(RoutingTable initial) {
      byEndpoint = open(initial, Map.of());
    }

    void refresh(RoutingTable table) {
      updates.lock();
      try {
        Map<String, FakeDataSource> old = byEndpoint;
        Map<String, FakeDataSource> next = open(table, old);
        byEndpoint = next;
        old.forEach(
            (endpoint, ds) -> {
              if (!next.containsKey(endpoint)) {
                ds.close();
              }
            });
      } finally {
        updates.unlock();
      }
    }

    private static Map<String, FakeDataSource> open(
        RoutingTable table, Map<String, FakeDataSource> old) {
      Map<String, FakeDataSource> next = new HashMap<>();
      for (ReplicaGroup g : table.groups()) {
        for (Replica m : g.members()) {
          FakeDataSource ds = old.get(m.endpoint());
          next.put(m.endpoint(), ds != null ? ds : new FakeDataSource(m.endpoint()));
        }
      }
      return next;
    }

    DataSource primary(Route route) {
      DataSource ds = byEndpoint.get(route.group().primary().endpoint());
      if (ds == null) {
        throw new IllegalStateException("no data source for " + route.group().primary());
      }
      return ds;
    }
  }
}
