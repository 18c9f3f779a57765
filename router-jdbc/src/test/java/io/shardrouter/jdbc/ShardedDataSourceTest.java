package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.Phase;
import java.io.PrintWriter;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** Data sources made per endpoint, shared, rebuilt on routing updates and closed after. */
class ShardedDataSourceTest {

  /** A data source that only records its endpoint and whether it was closed. */
  static final class FakeDataSource implements DataSource, AutoCloseable {
    final String endpoint;
    boolean closed;

    FakeDataSource(String endpoint) {
      this.endpoint = endpoint;
    }

    @Override
    public void close() {
      closed = true;
    }

    @Override
    public Connection getConnection() {
      throw new UnsupportedOperationException("a fake data source has no connections");
    }

    @Override
    public Connection getConnection(String user, String password) {
      return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {}

    @Override
    public void setLoginTimeout(int seconds) {}

    @Override
    public int getLoginTimeout() {
      return 0;
    }

    @Override
    public Logger getParentLogger() {
      return Logger.getGlobal();
    }

    @Override
    public <T> T unwrap(Class<T> iface) {
      throw new UnsupportedOperationException("unwrap");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
      return false;
    }
  }

  private final List<FakeDataSource> made = new ArrayList<>();
  private final ShardedDataSource.Factory factory =
      (group, replica) -> {
        FakeDataSource ds = new FakeDataSource(replica.endpoint());
        made.add(ds);
        return ds;
      };

  static RoutingTable table(String entity, long version, String... groupsJson) {
    StringBuilder placement = new StringBuilder();
    for (int p = 0; p < 8; p++) {
      String g = groupsJson[p % groupsJson.length];
      placement.append(p == 0 ? "" : ", ").append(g, g.indexOf("\"g"), g.indexOf("\", \"primary"));
      placement.append('"');
    }
    return RoutingDocuments.read(
        "{\"format\": 1, \"routing_version\": "
            + version
            + ", \"entity\": \""
            + entity
            + "\", \"key\": {\"type\": \"string\"}, \"strategy\": {\"type\": \"hash_mod\","
            + " \"hash\": \"xxh3-64\", \"partitions\": 8}, \"groups\": ["
            + String.join(", ", groupsJson)
            + "], \"placement\": ["
            + placement
            + "]}");
  }

  static String group(int i, String... replicas) {
    StringBuilder r = new StringBuilder();
    for (String e : replicas) {
      r.append(r.length() == 0 ? "" : ", ").append('"').append(e).append('"');
    }
    return "{\"id\": \"g" + i + "\", \"primary\": \"db" + i + "\", \"replicas\": [" + r + "]}";
  }

  @Test
  void primaryForWrites_replicaForReads_primaryWhenNoReplica() {
    Router router = Router.create(table("orders", 1, group(1, "db1-r1", "db1-r2"), group(2)));
    try (ShardedDataSource sources = ShardedDataSource.create(factory, router)) {
      assertEquals(Set.of("db1", "db1-r1", "db1-r2", "db2"), sources.endpoints());
      Route g1 = router.table().routeOfPartition(0);
      Route g2 = router.table().routeOfPartition(1);
      assertEquals("db1", ((FakeDataSource) sources.primary(g1)).endpoint);
      assertEquals("db1-r1", ((FakeDataSource) sources.replica(g1, 0)).endpoint);
      assertEquals("db1-r2", ((FakeDataSource) sources.replica(g1, 1)).endpoint);
      assertEquals("db2", ((FakeDataSource) sources.replica(g2, 7)).endpoint);
      assertSame(sources.primary(g1), sources.primary(g1.group()), "one data source per endpoint");
    }
  }

  @Test
  void update_addsAndRemovesGroups_closesWhatLeft() {
    Router router = Router.create(table("orders", 1, group(1), group(2)));
    ShardedDataSource sources = ShardedDataSource.create(factory, router);
    DataSource db1 = sources.primary(router.table().routeOfPartition(0));
    router.update(table("orders", 2, group(1), group(3)));
    assertEquals(
        Set.of("db1", "db2", "db3"), sources.endpoints(), "db2 stays for requests in flight");
    FakeDataSource db2 = made.stream().filter(d -> d.endpoint.equals("db2")).findFirst().get();
    assertFalse(db2.closed);
    router.update(table("orders", 3, group(1), group(3)));
    assertEquals(Set.of("db1", "db3"), sources.endpoints());
    assertSame(db1, sources.primary(router.table().routeOfPartition(0)), "kept groups keep theirs");
    assertTrue(db2.closed, "the removed group's data source is closed one version later");
    assertEquals(
        "db3", ((FakeDataSource) sources.primary(router.table().routeOfPartition(1))).endpoint);
    sources.close();
    assertTrue(made.stream().allMatch(d -> d.closed), "close closes every data source");
    assertThrows(IllegalStateException.class, () -> sources.track(router));
  }

  @Test
  void migrationPhases_openTheTargetGroupFirst_andCloseWhatTheLastVersionDropsAfter() {
    RoutingTable from = table("orders", 1, group(1), group(2));
    RoutingTable to = table("orders", 2, group(1), group(3));
    MigrationPlan plan = MigrationPlan.between(from, to);
    Router router = Router.create(from);
    try (ShardedDataSource sources = ShardedDataSource.create(factory, router)) {
      assertEquals(Set.of("db1", "db2"), sources.endpoints());
      router.update(plan.routes(Phase.COPY).table());
      assertEquals(
          Set.of("db1", "db2", "db3"), sources.endpoints(), "the target group opens at COPY");
      router.update(plan.routes(Phase.ROLLBACK_WINDOW, 7).table());
      assertEquals(Set.of("db1", "db2", "db3"), sources.endpoints());
      router.update(plan.routes(Phase.DONE, 8).table());
      assertEquals(Set.of("db1", "db2", "db3"), sources.endpoints(), "in flight at DONE");
      router.update(to.toBuilder().version(9).build());
      assertEquals(Set.of("db1", "db3"), sources.endpoints(), "the emptied group closes after");
      assertTrue(made.stream().filter(d -> d.endpoint.equals("db2")).allMatch(d -> d.closed));
    }
  }

  @Test
  void routersOverTheSameGroups_shareOneDataSourcePerEndpoint() {
    Router orders = Router.create(table("orders", 1, group(1), group(2)));
    Router claims = Router.create(table("claims", 5, group(2), group(1)));
    try (ShardedDataSource sources = ShardedDataSource.create(factory, orders, claims)) {
      assertEquals(2, made.size());
      orders.update(table("orders", 2, group(1)));
      orders.update(table("orders", 3, group(1)));
      assertEquals(Set.of("db1", "db2"), sources.endpoints(), "db2 is still claims' group");
      assertTrue(made.stream().noneMatch(d -> d.closed));
    }
  }

  @Test
  void unknownEndpoint_andNullFromTheFactory_refused() {
    Router router = Router.create(table("orders", 1, group(1)));
    try (ShardedDataSource sources = ShardedDataSource.create(factory, router)) {
      ReplicaGroup other = ReplicaGroup.of("g9", "db9");
      JdbcStoreException e = assertThrows(JdbcStoreException.class, () -> sources.primary(other));
      assertTrue(
          e.getMessage().contains("replica group 'g9' endpoint 'db9' is in no routing table this"),
          e::getMessage);
      assertTrue(e.getMessage().endsWith("track the router that routes to it"), e::getMessage);
    }
    JdbcStoreException nul =
        assertThrows(
            JdbcStoreException.class, () -> ShardedDataSource.create((g, r) -> null, router));
    assertTrue(nul.getMessage().contains("returned null for endpoint 'db1'"), nul::getMessage);
    assertNotSame(null, router.table());
  }
}
