package io.shardrouter.jdbc;

import static io.shardrouter.jdbc.ShardedDataSourceTest.group;
import static io.shardrouter.jdbc.ShardedDataSourceTest.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingListener;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.jdbc.ShardedDataSourceTest.FakeDataSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Fixed tables tracked beside routers, lookups that catch up with a router before its listeners
 * run, the grace of a previous version's endpoints, and closing.
 */
class ShardedDataSourceTrackingTest {
  private final List<FakeDataSource> made = new CopyOnWriteArrayList<>();
  private volatile String refused;
  private final ShardedDataSource.Factory factory =
      (group, replica) -> {
        if (replica.endpoint().equals(refused)) {
          throw new IllegalStateException("connection refused to " + replica.endpoint());
        }
        FakeDataSource ds = new FakeDataSource(replica.endpoint());
        made.add(ds);
        return ds;
      };

  private FakeDataSource made(String endpoint) {
    return made.stream().filter(d -> d.endpoint.equals(endpoint)).findFirst().orElseThrow();
  }

  @Test
  void trackedTable_opensItsEndpointsNow_untracked_closesThemAfterTheNextUpdate() {
    Router router = Router.create(table("orders", 1, group(1)));
    try (ShardedDataSource sources = ShardedDataSource.create(factory, router)) {
      RoutingTable target = table("orders", 2, group(1), group(9));
      sources.track(target);
      assertEquals(Set.of("db1", "db9"), sources.endpoints(), "opened when tracked");
      sources.untrack(target);
      assertEquals(Set.of("db1", "db9"), sources.endpoints(), "kept for calls in flight");
      router.update(table("orders", 2, group(1)));
      assertEquals(Set.of("db1"), sources.endpoints(), "closed after the next update");
      assertTrue(made("db9").closed);
      assertFalse(made("db1").closed);
    }
  }

  @Test
  void trackedTable_whoseEndpointCannotBeMade_closesWhatItMade_andChangesNothing() {
    Router router = Router.create(table("orders", 1, group(1)));
    try (ShardedDataSource sources = ShardedDataSource.create(factory, router)) {
      refused = "db7";
      RoutingTable target = table("orders", 2, group(5), group(6), group(7), group(8));
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> sources.track(target));
      assertTrue(e.getMessage().contains("db7"), e.getMessage());
      assertEquals(Set.of("db1"), sources.endpoints());
      assertTrue(made.size() > 1, "some endpoints were made before db7: " + made.size());
      for (FakeDataSource ds : made) {
        assertEquals(!ds.endpoint.equals("db1"), ds.closed, ds.endpoint);
      }
      refused = null;
      router.update(table("orders", 2, group(1)));
      assertEquals(Set.of("db1"), sources.endpoints(), "the refused table is not tracked");
    }
  }

  @Test
  void closed_refusesToTrackATable_andASecondCloseFromAnotherThreadReturns() throws Exception {
    Router router = Router.create(table("orders", 1, group(1)));
    ShardedDataSource sources = ShardedDataSource.create(factory, router);
    sources.close();
    assertTrue(
        assertThrows(IllegalStateException.class, () -> sources.track(table("orders", 2, group(2))))
            .getMessage()
            .contains("closed"));
    assertThrows(IllegalStateException.class, () -> sources.primary(ReplicaGroup.of("g1", "db1")));
    Thread other = new Thread(sources::close);
    other.setDaemon(true);
    other.start();
    other.join(10_000);
    assertFalse(other.isAlive(), "close from another thread waits for nothing");
    assertTrue(made("db1").closed);
  }

  /**
   * A router swaps its table before it tells its listeners: a listener registered before the
   * sources' own (or a call on another thread) may look up a new group then.
   */
  @Test
  void lookupBeforeTheListenerRan_catchesUpWithTheRouter() {
    Router router = Router.create(table("orders", 1, group(1)));
    List<String> seen = new ArrayList<>();
    ShardedDataSource[] sources = new ShardedDataSource[1];
    RoutingListener early =
        (previous, current) ->
            seen.add(((FakeDataSource) sources[0].primary(current.group("g2"))).endpoint);
    router.addListener(early);
    sources[0] = ShardedDataSource.create(factory, router);
    try (ShardedDataSource s = sources[0]) {
      router.update(table("orders", 2, group(1), group(2)));
      assertEquals(List.of("db2"), seen);
      assertEquals(Set.of("db1", "db2"), s.endpoints());
    }
  }

  /** Lookups of unknown groups catch up with the routers, but do not cut the grace short. */
  @Test
  void lookupsOfUnknownGroups_keepThePreviousVersionsEndpoints() {
    Router router = Router.create(table("orders", 1, group(1), group(2)));
    try (ShardedDataSource sources = ShardedDataSource.create(factory, router)) {
      router.update(table("orders", 2, group(1), group(3)));
      ReplicaGroup unknown = ReplicaGroup.of("g9", "db9");
      for (int i = 0; i < 3; i++) {
        assertThrows(JdbcStoreException.class, () -> sources.primary(unknown));
      }
      assertEquals(Set.of("db1", "db2", "db3"), sources.endpoints(), "db2 is kept a version");
      assertFalse(made("db2").closed);
      router.update(table("orders", 3, group(1), group(3)));
      assertEquals(Set.of("db1", "db3"), sources.endpoints());
      assertTrue(made("db2").closed);
    }
  }
}
