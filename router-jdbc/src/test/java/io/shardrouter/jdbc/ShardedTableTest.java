package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.lookup.LookupStrategy;
import io.shardrouter.lookup.LookupStrategyBuilder;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationCoordinator;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.migrate.MigrationWriter;
import io.shardrouter.migrate.MovedException;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The service-side table: routes and writes through fences, follows published versions in one
 * listener, reshards 4 -> 5 under writes and reads with the coordinator, makes a failed update
 * visible, and refuses bad inputs with what, where and what to do.
 */
class ShardedTableTest {
  private static final int PARTITIONS = 16;

  /** Groups whose pools create the business table, as a provisioned group has it. */
  private static final class Groups implements ShardedDataSource.Factory {
    final TestDatabase.Cluster cluster;
    final ShardedDataSource.Factory pools;
    volatile String broken; // an endpoint whose pool cannot be made
    volatile boolean withTable = true;
    // connections taken per group id, when counted: the data sources given are counting proxies
    final Map<String, AtomicInteger> connections = new ConcurrentHashMap<>();
    private final Map<DataSource, DataSource> proxied = new ConcurrentHashMap<>();
    private volatile boolean counted;

    Groups(TestDatabase.Cluster cluster) {
      this.cluster = cluster;
      this.pools = cluster.factory();
    }

    /** Counts the connections each group's data sources give from now on. */
    Groups counted() {
      counted = true;
      return this;
    }

    int connections(String group) {
      return connections.computeIfAbsent(group, g -> new AtomicInteger()).get();
    }

    @Override
    public DataSource create(ReplicaGroup group, Replica replica) {
      if (replica.endpoint().equals(broken)) {
        throw new IllegalStateException("connection refused to " + replica.endpoint());
      }
      DataSource ds = pools.create(group, replica);
      if (withTable) {
        createOrders(cluster.database, ds);
      }
      if (!counted) {
        return ds;
      }
      AtomicInteger n = connections.computeIfAbsent(group.id(), g -> new AtomicInteger());
      DataSource proxy =
          (DataSource)
              Proxy.newProxyInstance(
                  DataSource.class.getClassLoader(),
                  new Class<?>[] {DataSource.class},
                  (self, method, args) -> {
                    if (method.getName().equals("getConnection")) {
                      n.incrementAndGet();
                    }
                    try {
                      return method.invoke(ds, args);
                    } catch (InvocationTargetException e) {
                      throw e.getCause();
                    }
                  });
      proxied.put(proxy, ds);
      return proxy;
    }

    @Override
    public void close(DataSource dataSource) throws Exception {
      DataSource own = proxied.remove(dataSource);
      pools.close(own != null ? own : dataSource);
    }
  }

  static void createOrders(TestDatabase db, DataSource ds) {
    String bin = db == TestDatabase.POSTGRESQL ? "BYTEA" : "VARBINARY(1024)";
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE IF NOT EXISTS orders (row_key "
              + bin
              + " NOT NULL, row_id "
              + bin
              + " NOT NULL, customer VARCHAR(64), cents BIGINT, routed_version BIGINT NOT NULL,"
              + " seq BIGINT NOT NULL, part INT NOT NULL, PRIMARY KEY (row_key, row_id))");
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private record Order(String id, String customer, long cents, long sequence) {}

  private static Order order(StoredRow r) {
    return new Order(r.id(), r.getString("customer"), r.getLong("cents"), r.sequence());
  }

  private static ShardedTable.Builder<String> orders(PushSource source, Groups groups) {
    return ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
        .routing(source, source.current())
        .pools(groups);
  }

  /**
   * Pushes {@code next} through {@code source} once a call on {@code t} has been refused (its moved
   * retries went up, so it now waits for a newer version), never before: the call meets the refusal
   * first, whatever the machine's load.
   */
  private static Thread publishOnRefusal(
      ShardedTable<String> t, PushSource source, RoutingTable next) {
    long before = t.status().movedRetries();
    Thread publisher =
        new Thread(
            () -> {
              long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
              try {
                while (t.status().movedRetries() == before && System.nanoTime() < until) {
                  Thread.sleep(1);
                }
              } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
              }
              source.push(next);
            });
    publisher.start();
    return publisher;
  }

  /** Rows with {@code key} on groups g1..gN of the table's current version, read with plain SQL. */
  private static int[] copies(ShardedTable<String> t, int groups, String key) throws Exception {
    int[] out = new int[groups];
    RoutingTable current = t.router().table();
    for (int g = 1; g <= groups; g++) {
      DataSource ds = t.pools().primary(current.group("g" + g));
      try (Connection c = ds.getConnection();
          PreparedStatement ps =
              c.prepareStatement("SELECT COUNT(*) FROM orders WHERE row_key = ?")) {
        ps.setBytes(1, key.getBytes(StandardCharsets.UTF_8));
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          out[g - 1] = rs.getInt(1);
        }
      }
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void write_routesToOwner_readsBackByColumn_outcomes(TestDatabase db) throws Exception {
    TestDatabase.Cluster cluster = db.open(4);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 4));
    try (ShardedTable<String> t = orders(source, new Groups(cluster)).build()) {
      for (int u = 0; u < 20; u++) {
        String key = "user-" + u;
        assertEquals(ShardedTable.Outcome.WRITTEN, t.write(key, "o1", 1, "alice " + u, 100L * u));
        assertEquals(ShardedTable.Outcome.WRITTEN, t.write(key, "o2", 1, null, 7L));
        int owner = Integer.parseInt(t.router().route(key).group().id().substring(1));
        int[] rows = copies(t, 4, key);
        for (int g = 1; g <= 4; g++) {
          assertEquals(g == owner ? 2 : 0, rows[g - 1], key + " on g" + g);
        }
        List<Order> read = t.read(key, ShardedTableTest::order);
        assertEquals(
            List.of(new Order("o1", "alice " + u, 100L * u, 1), new Order("o2", null, 7, 1)), read);
      }
      assertEquals(ShardedTable.Outcome.ALREADY_WRITTEN, t.write("user-1", "o1", 1, "x", 1L));
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write("user-1", "o1", 3, "bob", 1L));
      assertEquals(ShardedTable.Outcome.SUPERSEDED, t.write("user-1", "o1", 2, "carol", 2L));
      assertEquals("bob", t.read("user-1", r -> r.getString("customer")).get(0));
      assertTrue(t.read("nobody", ShardedTableTest::order).isEmpty());
      assertTrue(t.status().healthy(), t.status().toString());
      assertSame(source, t.source(), "the source it follows, for a health check");
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void write_extraStatements_commitWithTheRow_orRollItBack(TestDatabase db) throws Exception {
    TestDatabase.Cluster cluster = db.open(2);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 2));
    Outbox outbox = Outbox.create("outbox");
    Groups groups = new Groups(cluster);
    try (ShardedTable<String> t = orders(source, groups).build()) {
      for (int g = 1; g <= 2; g++) {
        outbox.createTable(t.pools().primary(t.router().table().group("g" + g)));
      }
      ShardedTable.Write<String> w = ShardedTable.Write.of("user-1", "o1", 1, "alice", 5L);
      ShardedTable.InTransaction event =
          c -> outbox.append(c, new Outbox.Event("placed:o1", "user-1", "order-placed", "{}", 1L));
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write(w, event));
      assertEquals(ShardedTable.Outcome.ALREADY_WRITTEN, t.write(w, event)); // no second event
      DataSource owner = t.pools().primary(t.router().route("user-1").group());
      assertEquals(1, count(owner, "SELECT COUNT(*) FROM outbox"));

      ShardedTable.Write<String> failing = ShardedTable.Write.of("user-1", "o2", 1, "bob", 6L);
      JdbcStoreException e =
          assertThrows(
              JdbcStoreException.class,
              () ->
                  t.write(
                      failing,
                      c -> {
                        throw new java.sql.SQLException("outbox full", "23000");
                      }));
      assertTrue(e.getMessage().contains("outbox full"), e.getMessage());
      assertEquals(1, t.read("user-1", ShardedTableTest::order).size(), "o2 rolled back");
    }
  }

  private static int count(DataSource ds, String sql) throws Exception {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getInt(1);
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void writeAll_oneTransactionPerGroup_countsOutcomes(TestDatabase db) throws Exception {
    TestDatabase.Cluster cluster = db.open(4);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 4));
    try (ShardedTable<String> t = orders(source, new Groups(cluster)).build()) {
      List<ShardedTable.Write<String>> rows = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        rows.add(ShardedTable.Write.of("user-" + i % 60, "o" + i, 2, "c" + i, (long) i));
      }
      assertEquals(new ShardedTable.BatchOutcome(300, 0, 0), t.writeAll(rows));
      rows.set(0, ShardedTable.Write.of("user-0", "o0", 1, "older", 0L));
      rows.set(1, ShardedTable.Write.of("user-1", "o1", 3, "newer", 1L));
      assertEquals(new ShardedTable.BatchOutcome(1, 298, 1), t.writeAll(rows));
      assertEquals(5, t.read("user-7", ShardedTableTest::order).size());
      assertEquals("newer", t.read("user-1", ShardedTableTest::order).get(0).customer());
      assertEquals(new ShardedTable.BatchOutcome(0, 0, 0), t.writeAll(List.of()));
    }
  }

  /**
   * A multi-get gives each key's rows, in the order asked, as one read per key gives them: keys of
   * every group, a key without rows, a key asked twice; bad keys are refused naming their index.
   */
  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void readAll_eachKeysRowsInOrder_asReadGivesThem(TestDatabase db) throws Exception {
    TestDatabase.Cluster cluster = db.open(4);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 4));
    try (ShardedTable<String> t = orders(source, new Groups(cluster)).build()) {
      List<ShardedTable.Write<String>> rows = new ArrayList<>();
      for (int i = 0; i < 120; i++) {
        rows.add(ShardedTable.Write.of("user-" + i % 40, "o" + i, 1, "c" + i, (long) i));
      }
      t.writeAll(rows);
      List<String> keys = new ArrayList<>();
      Set<String> groups = new HashSet<>();
      for (int u = 39; u >= 0; u -= 3) {
        keys.add("user-" + u);
        groups.add(t.router().route("user-" + u).group().id());
      }
      keys.add("nobody");
      keys.add("user-39");
      assertEquals(4, groups.size(), "keys of every group: " + groups);
      List<List<Order>> all = t.readAll(keys, ShardedTableTest::order);
      assertEquals(keys.size(), all.size());
      for (int i = 0; i < keys.size(); i++) {
        assertEquals(t.read(keys.get(i), ShardedTableTest::order), all.get(i), keys.get(i));
      }
      assertEquals(3, all.get(0).size(), "user-39 has three orders");
      assertEquals(List.of(), all.get(keys.size() - 2), "nobody");
      assertEquals(List.of(), t.readAll(List.of(), ShardedTableTest::order));

      List<String> withNull = new ArrayList<>(List.of("user-1", "user-2"));
      withNull.add(null);
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> t.readAll(withNull, ShardedTableTest::order));
      assertEquals(
          "keys[2] of table 'orders': key is null; every row needs a key of type string",
          e.getMessage());
      assertThrows(NullPointerException.class, () -> t.readAll(null, ShardedTableTest::order));
      assertThrows(NullPointerException.class, () -> t.readAll(keys, null));
    }
  }

  /**
   * A key the table's strategy refuses (a negative routable id) is refused naming its index, before
   * any group is read.
   */
  @Test
  void readAllAndWriteAll_keyTheStrategyRefuses_refusedNamingItsIndex() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    RoutingTable ids =
        RoutingDocuments.read(
            "{\"format\": 1, \"routing_version\": 1, \"entity\": \"orders\", \"key\": {\"type\":"
                + " \"long\"}, \"strategy\": {\"type\": \"routable_id\", \"partitions\": 2},"
                + " \"groups\": [{\"id\": \"g1\", \"primary\": \""
                + cluster.endpoint(1)
                + "\"}, {\"id\": \"g2\", \"primary\": \""
                + cluster.endpoint(2)
                + "\"}], \"placement\": [\"g1\", \"g2\"]}");
    PushSource source = new PushSource(ids);
    try (ShardedTable<Long> t =
        ShardedTable.builder("orders", KeyEncoding.longs(), "customer", "cents")
            .routing(source, ids)
            .pools(new Groups(cluster))
            .build()) {
      t.write(1L, "o1", 1, "c", 5L);
      ShardedTable.RowMapper<String> customer = r -> r.getString("customer");
      assertEquals(List.of(List.of("c"), List.of()), t.readAll(List.of(1L, 0L), customer));
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> t.readAll(List.of(1L, 0L, -5L), customer));
      assertTrue(e.getMessage().startsWith("keys[2] of table 'orders': "), e.getMessage());
      assertThrows(RuntimeException.class, () -> t.read(-5L, customer), "as a single read");
      // a batch write is refused as a whole before any group is written
      IllegalArgumentException w =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  t.writeAll(
                      List.of(
                          ShardedTable.Write.of(2L, "o2", 1, "d", 6L),
                          ShardedTable.Write.of(-5L, "o3", 1, "e", 7L))));
      assertTrue(w.getMessage().startsWith("rows[1] of table 'orders': "), w.getMessage());
      assertEquals(List.of(List.of()), t.readAll(List.of(2L), customer), "nothing written");
    }
  }

  /**
   * On a lookup directory, whose batches route in groups (not key by key), a batch write puts each
   * row on the group its single route names, and a multi-get gives each key what {@link
   * ShardedTable#read} gives.
   */
  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void batches_onALookupDirectory_routeEachKeyAsItsSingleCall(TestDatabase db) throws Exception {
    TestDatabase.Cluster cluster = db.open(2);
    RoutingTable hashed = cluster.table("orders", 1, PARTITIONS, 2);
    LookupStrategyBuilder directory =
        LookupStrategy.builder(KeyType.STRING).fallback(hashed.strategy());
    for (int u = 0; u < 150; u += 2) { // every other key listed, the rest on the fallback
      directory.entry("user-" + u, u * 7 % PARTITIONS);
    }
    RoutingTable table = hashed.toBuilder().strategy(directory.build()).build();
    try (ShardedTable<String> t = orders(new PushSource(table), new Groups(cluster)).build()) {
      List<ShardedTable.Write<String>> rows = new ArrayList<>();
      List<String> keys = new ArrayList<>();
      for (int u = 0; u < 150; u++) {
        keys.add("user-" + u);
        rows.add(ShardedTable.Write.of("user-" + u, "o1", 1, "c" + u, (long) u));
      }
      assertEquals(new ShardedTable.BatchOutcome(150, 0, 0), t.writeAll(rows));
      List<List<Order>> all = t.readAll(keys, ShardedTableTest::order);
      for (int u = 0; u < 150; u++) {
        String k = keys.get(u);
        int[] expected = new int[2];
        expected[Integer.parseInt(table.route(k).group().id().substring(1)) - 1] = 1;
        assertArrayEquals(expected, copies(t, 2, k), k + " on its single route's group");
        assertEquals(List.of(new Order("o1", "c" + u, u, 1)), all.get(u), k);
        assertEquals(t.read(k, ShardedTableTest::order), all.get(u), k);
      }
    }
  }

  /**
   * A multi-get whose one key is fenced ahead of the table's version reads the other group's keys
   * once, waits for the version the fence asks for and reads the fenced key's group there (one
   * transaction per group, rolled back on the refusal); a fence no version reaches ends it, naming
   * how many keys were left.
   */
  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void readAll_fencedKey_itsGroupReadAgainOnTheNewerVersion_orRefusedWithTheCount(TestDatabase db)
      throws Exception {
    TestDatabase.Cluster cluster = db.open(2);
    RoutingTable v1 = cluster.table("orders", 1, PARTITIONS, 2);
    PushSource source = new PushSource(v1);
    List<String> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
    Groups groups = new Groups(cluster).counted();
    try (ShardedTable<String> t =
        orders(source, groups)
            .retry(3, Duration.ofMillis(300))
            .onRetry((call, cause) -> heard.add(call + " " + cause.getClass().getSimpleName()))
            .build()) {
      List<String> keys = new ArrayList<>();
      for (int u = 0; u < 12; u++) {
        keys.add("user-" + u);
        t.write("user-" + u, "o1", 1, "c" + u, (long) u);
      }
      String fenced = keys.get(5);
      int p = v1.route(fenced).partition();
      JdbcMigrationStore owner = t.migrationStores(v1).get(v1.route(fenced).group().id());
      owner.setFence(new Fence(p, 1, 99, Phase.CUT_OVER));
      long before = t.status().movedRetries();
      JdbcStoreException e =
          assertThrows(JdbcStoreException.class, () -> t.readAll(keys, ShardedTableTest::order));
      assertInstanceOf(MovedException.class, e.getCause());
      int sameGroup = 0; // the fenced key's group is read in one transaction, so all of it is left
      for (String k : keys) {
        sameGroup += v1.route(k).group().equals(v1.route(fenced).group()) ? 1 : 0;
      }
      assertTrue(sameGroup < keys.size(), "keys of the other group were read");
      assertTrue(
          e.getMessage().contains("multi-key read (" + sameGroup + " of 12 keys left)"),
          e.getMessage());
      assertTrue(t.status().movedRetries() > before, t.status().toString());
      assertEquals(List.of(), heard, "version 99 never came: nothing was retried");

      owner.setFence(new Fence(p, 1, 2, Phase.CUT_OVER)); // version 2 arrives while it waits
      Thread publisher = publishOnRefusal(t, source, cluster.table("orders", 2, PARTITIONS, 2));
      String fencedGroup = v1.route(fenced).group().id();
      String otherGroup = fencedGroup.equals("g1") ? "g2" : "g1";
      int fencedBefore = groups.connections(fencedGroup);
      int otherBefore = groups.connections(otherGroup);
      List<List<Order>> all = t.readAll(keys, ShardedTableTest::order);
      publisher.join();
      assertEquals(
          1, groups.connections(otherGroup) - otherBefore, "the other group's keys read once");
      assertEquals(
          2, groups.connections(fencedGroup) - fencedBefore, "refused, then read on version 2");
      for (int u = 0; u < 12; u++) {
        assertEquals(List.of(new Order("o1", "c" + u, u, 1)), all.get(u), keys.get(u));
      }
      assertEquals(List.of("READ MovedException"), heard, "one retry, on version 2");
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void publishedVersion_followed_newGroupOpenedBeforeRoutesSwitch(TestDatabase db)
      throws Exception {
    TestDatabase.Cluster cluster = db.open(5);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 4));
    try (ShardedTable<String> t = orders(source, new Groups(cluster)).build()) {
      assertEquals(1, t.status().version());
      assertEquals(4, t.pools().endpoints().size());
      source.push(cluster.table("orders", 2, PARTITIONS, 5));
      assertEquals(2, t.status().version());
      assertEquals(2, t.routes().version());
      assertEquals(5, t.pools().endpoints().size());
      String onG5 = "k0";
      for (int i = 0; !t.router().route(onG5).group().id().equals("g5"); i++) {
        onG5 = "k" + i;
      }
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write(onG5, "o1", 1, "x", 1L));
      assertEquals(1, copies(t, 5, onG5)[4]);
      assertTrue(t.status().healthy(), t.status().toString());
      assertNull(t.status().lastError());
    }
  }

  @Test
  void status_phase_noneWithoutAMigration_theMigrationsPhaseWhileOneRuns_andAtItsEnd() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(5);
    RoutingTable from = cluster.table("orders", 1, PARTITIONS, 4);
    MigrationPlan plan = MigrationPlan.between(from, cluster.table("orders", 2, PARTITIONS, 5));
    PushSource source = new PushSource(from);
    try (ShardedTable<String> t = orders(source, new Groups(cluster)).build()) {
      assertNull(t.status().phase(), "no migration: " + t.status());
      source.push(plan.routes(Phase.COPY).table());
      assertEquals(Phase.COPY, t.status().phase());
      RoutingTable done = plan.routes(Phase.DONE).table(); // the target, with the end marker
      source.push(done);
      assertEquals(Phase.DONE, t.status().phase(), "a finished migration's last version");
      source.push(
          done.toBuilder().version(done.version() + 1).extension("migration_end", null).build());
      assertNull(t.status().phase(), "a later plain version: no migration again");
    }
    // the line logged for each version says what the status says
    assertNull(ShardedTable.migrationPhase(io.shardrouter.migrate.MigrationRoutes.of(from)));
    assertEquals(
        Phase.DONE,
        ShardedTable.migrationPhase(
            io.shardrouter.migrate.MigrationRoutes.of(plan.routes(Phase.DONE).table())));
  }

  @Test
  void routing_theSourcesRouter_isFollowed_notOneOfTheTablesOwn_andStaysTheCallers() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(5);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 4));
    Router router = Router.create(source.current());
    source.subscribe(router);
    try (ShardedTable<String> t =
        ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
            .routing(source, router)
            .pools(new Groups(cluster))
            .build()) {
      assertSame(router, t.router());
      assertEquals(List.of(router), source.subscribers(), "one router: each version swapped once");
      source.push(cluster.table("orders", 2, PARTITIONS, 5));
      assertEquals(2, t.status().version());
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write("k", "o1", 1, "x", 1L));
    }
    assertEquals(List.of(router), source.subscribers(), "the caller's router stays subscribed");
    source.push(cluster.table("orders", 3, PARTITIONS, 5));
    assertEquals(3, router.version());

    // a router the source does not keep up to date yet is subscribed, from a newer version on
    PushSource other = new PushSource(cluster.table("orders", 4, PARTITIONS, 4));
    Router behind = Router.create(cluster.table("orders", 3, PARTITIONS, 4));
    try (ShardedTable<String> t =
        ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
            .routing(other, behind)
            .pools(new Groups(cluster))
            .build()) {
      assertEquals(List.of(behind), other.subscribers());
      assertEquals(4, t.status().version(), "the source's newer version, at build time");
      other.push(cluster.table("orders", 5, PARTITIONS, 4));
      assertEquals(5, t.status().version());
    }
    // the table's own router, by contrast, leaves the source with the table
    try (ShardedTable<String> t = orders(other, new Groups(cluster)).build()) {
      assertEquals(2, other.subscribers().size());
      assertTrue(other.subscribers().contains(t.router()));
    }
    assertEquals(List.of(behind), other.subscribers());
  }

  /** A router of another entity is refused by the source before any pool is opened. */
  @Test
  void routing_routerOfAnotherEntity_refusedNamingTheTable_beforeAnyPool() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 2));
    Router payments = Router.create(cluster.table("payments", 1, PARTITIONS, 2));
    java.util.concurrent.atomic.AtomicInteger opened =
        new java.util.concurrent.atomic.AtomicInteger();
    ShardedDataSource.Factory counting =
        (group, replica) -> {
          opened.incrementAndGet();
          return cluster.factory().create(group, replica);
        };
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
                    .routing(source, payments)
                    .pools(counting)
                    .build());
    assertEquals(
        "sharded table 'orders': the router given to routing(source, router) cannot follow its"
            + " source: router of entity 'payments' cannot subscribe to a source of entity"
            + " 'orders'",
        e.getMessage());
    assertEquals(0, opened.get(), "no pool opened");
    assertEquals(List.of(), source.subscribers());
  }

  @Test
  void failedUpdate_visibleInStatusCounterAndNextCall_thenRecovers() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(5);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 4));
    Groups groups = new Groups(cluster);
    groups.broken = cluster.endpoint(5);
    try (ShardedTable<String> t =
        orders(source, groups).updateRetryInterval(Duration.ofHours(1)).build()) {
      source.push(cluster.table("orders", 2, PARTITIONS, 5));
      ShardedTable.Status s = t.status();
      assertEquals(1, s.version(), s.toString());
      assertEquals(2, s.routerVersion());
      assertEquals(2, s.failedVersion());
      assertEquals(1, s.failedUpdates());
      assertFalse(s.healthy());
      assertTrue(s.lastError().getMessage().contains("connection refused"), s.toString());
      JdbcStoreException e =
          assertThrows(JdbcStoreException.class, () -> t.write("k", "o1", 1, "x", 1L));
      assertTrue(
          e.getMessage().contains("routing version 1 but its router has version 2"),
          e.getMessage());
      assertTrue(e.getMessage().contains("connection refused"), e.getMessage());
      assertThrows(JdbcStoreException.class, () -> t.read("k", ShardedTableTest::order));
      assertEquals(1, t.status().failedUpdates(), "calls within the interval do not retry");

      groups.broken = null; // the group's database is back
      ShardedTable.Status after = t.refresh();
      assertTrue(after.healthy(), after.toString());
      assertEquals(2, after.version());
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write("k", "o1", 1, "x", 1L));
    }
  }

  /**
   * A source that has delivered no table (ZooKeeper not answering, no last-known-good copy): the
   * table serves the table it was built with, which nobody has confirmed is the fleet's, so it is
   * not healthy until the source delivers one, whether it was given an initial table or a router.
   */
  @Test
  void healthy_sourceWithoutTable_isFalse_untilTheSourceDeliversOne() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(4);
    RoutingTable v1 = cluster.table("orders", 1, PARTITIONS, 4);
    PushSource forInitial = PushSource.undelivered(v1);
    PushSource forRouter = PushSource.undelivered(v1);
    Groups groups = new Groups(cluster);
    try (ShardedTable<String> fromInitial =
            ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
                .routing(forInitial, v1)
                .pools(groups)
                .build();
        ShardedTable<String> fromRouter =
            ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
                .routing(forRouter, Router.create(v1))
                .pools(groups)
                .build()) {
      int n = 0;
      for (ShardedTable<String> t : List.of(fromInitial, fromRouter)) {
        ShardedTable.Status s = t.status();
        assertEquals(RoutingSource.Status.NO_VERSION, s.source().version(), s.toString());
        assertTrue(s.followsRouter(), s.toString());
        assertFalse(s.healthy(), s.toString());
        assertEquals(
            ShardedTable.Outcome.WRITTEN, t.write("k", "o" + ++n, 1, "x", 1L), "it serves");
      }
      forInitial.push(v1); // the source's first table: the one the table serves
      forRouter.push(cluster.table("orders", 2, PARTITIONS, 4));
      assertTrue(fromInitial.status().healthy(), fromInitial.status().toString());
      assertTrue(fromRouter.status().healthy(), fromRouter.status().toString());
      assertEquals(2, fromRouter.status().version());
    }
  }

  /**
   * Sources that serve the table they were made with report it as theirs: a fixed source, and a
   * file source before its first read (its router's seed), so a table on them is healthy at once.
   */
  @Test
  void healthy_sourceServingItsOwnSeed_fixedOrUnreadFile_isTrue() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(4);
    RoutingTable v1 = cluster.table("orders", 1, PARTITIONS, 4);
    java.nio.file.Path file = Files.createTempFile("orders", ".json");
    Files.writeString(file, RoutingDocuments.write(v1));
    Router seed = Router.create(v1);
    Groups groups = new Groups(cluster);
    try (RoutingFileSource unread = RoutingFileSource.of(file, seed);
        ShardedTable<String> onFile =
            ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
                .routing(unread, seed)
                .pools(groups)
                .build();
        ShardedTable<String> onFixed =
            ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
                .routing(RoutingSource.fixed(v1), v1)
                .pools(groups)
                .build()) {
      for (ShardedTable<String> t : List.of(onFile, onFixed)) {
        assertEquals(1, t.status().source().version(), t.status().toString());
        assertTrue(t.status().healthy(), t.status().toString());
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void aPlainVersionThatMovesPartitions_isNamedForTheWarning_aMigrationsIsNot() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(5);
    RoutingTable v1 = cluster.table("orders", 1, PARTITIONS, 4);
    RoutingTable v2 = cluster.table("orders", 2, PARTITIONS, 5);
    String moves =
        ShardedTable.unmigratedMoves(
            "orders",
            io.shardrouter.migrate.MigrationRoutes.of(v1),
            io.shardrouter.migrate.MigrationRoutes.of(v2));
    assertNotNull(moves);
    assertTrue(moves.startsWith("sharded table 'orders': routing version 2 places "), moves);
    assertTrue(moves.contains(" on another group than version 1 did (p"), moves);
    assertTrue(moves.endsWith("with a migration (docs/migration.md)"), moves);
    assertEquals("0x0a1b", ShardedTable.shown(new byte[] {0x0a, 0x1b}), "a bytes key in messages");
    assertEquals("user-7", ShardedTable.shown("user-7"));
    // the same placement under a new version moves nothing
    assertNull(
        ShardedTable.unmigratedMoves(
            "orders",
            io.shardrouter.migrate.MigrationRoutes.of(v1),
            io.shardrouter.migrate.MigrationRoutes.of(v1.toBuilder().version(3).build())));
    // more than ten moved partitions: the first ten named, then '...'
    String many =
        ShardedTable.unmigratedMoves(
            "orders",
            io.shardrouter.migrate.MigrationRoutes.of(v1),
            io.shardrouter.migrate.MigrationRoutes.of(
                cluster.table("orders", 3, PARTITIONS, 4, p -> (p + 1) % 4 + 1)));
    assertNotNull(many);
    assertTrue(many.contains(" places 16 partitions on another group "), many);
    assertTrue(many.contains("p9 g2 -> g3, ...)"), many);
    assertFalse(many.contains("p10 "), many);
    // another strategy whose partitions mean other keys (16 -> 32 hash_mod partitions)
    String strategy =
        ShardedTable.unmigratedMoves(
            "orders",
            io.shardrouter.migrate.MigrationRoutes.of(v1),
            io.shardrouter.migrate.MigrationRoutes.of(cluster.table("orders", 3, 32, 4)));
    assertNotNull(strategy);
    assertTrue(
        strategy.contains(
            " routes by another strategy than version 1, so keys map to other partitions"),
        strategy);
    // a migration's phases move rows with copies
    MigrationPlan plan = MigrationPlan.between(v1, v2);
    assertNull(
        ShardedTable.unmigratedMoves(
            "orders", io.shardrouter.migrate.MigrationRoutes.of(v1), plan.routes(Phase.COPY)));
  }

  @Test
  void failedUpdate_retriedByTheNextCallAfterTheInterval() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(5);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 4));
    Groups groups = new Groups(cluster);
    groups.broken = cluster.endpoint(5);
    try (ShardedTable<String> t =
        orders(source, groups).updateRetryInterval(Duration.ZERO).build()) {
      source.push(cluster.table("orders", 2, PARTITIONS, 5));
      assertThrows(JdbcStoreException.class, () -> t.write("k", "o1", 1, "x", 1L));
      assertEquals(
          1, t.status().failedUpdates(), "one version failed, however often the calls retried it");
      groups.broken = null;
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write("k", "o1", 1, "x", 1L));
      assertEquals(2, t.status().version());
    }
  }

  @Test
  void fenceAheadOfEveryVersion_retriesWithinBound_thenThrowsWithTheRefusal() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    RoutingTable v1 = cluster.table("orders", 1, PARTITIONS, 2);
    PushSource source = new PushSource(v1);
    try (ShardedTable<String> t =
        orders(source, new Groups(cluster)).retry(3, Duration.ofMillis(300)).build()) {
      Map<String, JdbcMigrationStore> stores = t.migrationStores(v1);
      int p = v1.route("k").partition();
      stores.get(v1.route("k").group().id()).setFence(new Fence(p, 1, 99, Phase.CUT_OVER));
      long started = System.nanoTime();
      JdbcStoreException e =
          assertThrows(JdbcStoreException.class, () -> t.write("k", "o1", 1, "x", 1L));
      assertInstanceOf(MovedException.class, e.getCause());
      assertTrue(e.getMessage().contains("refused after"), e.getMessage());
      assertTrue(e.getMessage().contains("version 99"), e.getMessage());
      assertTrue(System.nanoTime() - started < Duration.ofSeconds(5).toNanos());
      assertThrows(JdbcStoreException.class, () -> t.read("k", ShardedTableTest::order));
      assertTrue(t.status().movedRetries() >= 2, t.status().toString());
      // the stores as the coordinator takes them: MigrationWriter accepts the JDBC stores' map
      assertNotNull(new MigrationWriter(stores));
    }
  }

  /** The caller's own SQL of one key, after the fence check in the same transaction. */
  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void query_runsCallersSqlAfterTheFenceCheck_refusedLikeARead(TestDatabase db) throws Exception {
    TestDatabase.Cluster cluster = db.open(2);
    RoutingTable v1 = cluster.table("orders", 1, PARTITIONS, 2);
    PushSource source = new PushSource(v1);
    List<String> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
    AtomicLong ran = new AtomicLong();
    ShardedTable.KeyQuery<List<Long>> centsOfK =
        c -> {
          ran.incrementAndGet();
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT cents FROM orders WHERE row_key = ? AND cents >= ? ORDER BY cents DESC")) {
            ps.setBytes(1, "k".getBytes(StandardCharsets.UTF_8));
            ps.setLong(2, 5);
            List<Long> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.add(rs.getLong(1));
              }
            }
            return out;
          }
        };
    Groups groups = new Groups(cluster).counted();
    try (ShardedTable<String> t =
        orders(source, groups)
            .retry(3, Duration.ofMillis(300))
            .onRetry((call, cause) -> heard.add(call + " " + cause.getClass().getSimpleName()))
            .build()) {
      for (long cents = 1; cents <= 9; cents += 2) {
        t.write("k", "o" + cents, 1, "c", cents);
      }
      assertEquals(List.of(9L, 7L, 5L), t.query("k", centsOfK));
      assertEquals(1, ran.get());
      int p = v1.route("k").partition();
      JdbcMigrationStore owner = t.migrationStores(v1).get(v1.route("k").group().id());
      owner.setFence(new Fence(p, 1, 99, Phase.CUT_OVER));
      JdbcStoreException e = assertThrows(JdbcStoreException.class, () -> t.query("k", centsOfK));
      assertInstanceOf(MovedException.class, e.getCause());
      assertEquals(1, ran.get(), "a refused query never runs the caller's statements");
      assertEquals(List.of(), heard, "version 99 never came: nothing was retried");
      // a fence asking for version 2, which arrives while the query waits: one retry, then rows
      owner.setFence(new Fence(p, 1, 2, Phase.CUT_OVER));
      Thread publisher = publishOnRefusal(t, source, cluster.table("orders", 2, PARTITIONS, 2));
      assertEquals(List.of(9L, 7L, 5L), t.query("k", centsOfK));
      publisher.join();
      assertEquals(2, ran.get(), "the retry on version 2 ran the statements once");
      assertEquals(List.of("READ MovedException"), heard);
      JdbcStoreException bad =
          assertThrows(
              JdbcStoreException.class,
              () ->
                  t.query(
                      "other",
                      c -> {
                        throw new java.sql.SQLSyntaxErrorException("no such column: nope");
                      }));
      assertTrue(
          bad.getMessage().startsWith("query of key other on group 'g1' on table 'orders' failed"),
          bad.getMessage());
      assertTrue(bad.getCause().getMessage().contains("nope"), bad.getCause().toString());
    }
  }

  /**
   * The coordinator reshards 4 -> 5 groups and publishes each phase through the routing source,
   * while writers and readers go through the table: every acknowledged write once on its owner, no
   * read older than a write acknowledged before it started.
   */
  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void reshardFourToFive_underWritesAndReads_nothingLostOrStale(TestDatabase db) throws Exception {
    long seed = JdbcMigrationStoreTest.seed();
    TestDatabase.Cluster cluster = db.open(5);
    RoutingTable from = cluster.table("orders", 1, PARTITIONS, 4);
    RoutingTable to = cluster.table("orders", 2, PARTITIONS, 5, p -> p % 5 == 4 ? 5 : p % 4 + 1);
    PushSource source = new PushSource(from);
    String at = "seed " + seed + " on " + db;
    try (ShardedTable<String> t =
        orders(source, new Groups(cluster)).retry(10_000, Duration.ofSeconds(30)).build()) {
      MigrationCoordinator coordinator =
          MigrationCoordinator.builder(MigrationPlan.between(from, to))
              .stores(t.migrationStores(to))
              .stateStore(
                  MigrationStateStore.inDirectory(Files.createTempDirectory("sharded-table")))
              .publisher(routes -> source.push(routes.table()))
              .batchSize(50)
              .build();
      Map<String, Long> acked = new ConcurrentHashMap<>();
      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong stale = new AtomicLong();
      AtomicLong reads = new AtomicLong();
      List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
      List<Thread> threads = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        SplittableRandom random = new SplittableRandom(seed + w);
        String prefix = "w" + w + "-";
        threads.add(
            new Thread(
                () -> {
                  long[] seqs = new long[50];
                  try {
                    while (!stop.get()) {
                      int k = random.nextInt(50);
                      long seq = ++seqs[k];
                      t.write(prefix + k, "r", seq, prefix, seq);
                      acked.put(prefix + k, seq);
                    }
                  } catch (Throwable e) {
                    errors.add(e);
                  }
                }));
      }
      SplittableRandom readRandom = new SplittableRandom(seed + 99);
      threads.add(
          new Thread(
              () -> {
                try {
                  while (!stop.get()) {
                    // one key by read or by the caller's own SQL, or four by one multi-get
                    int how = readRandom.nextInt(3);
                    List<String> asked = new ArrayList<>();
                    for (int k = how == 2 ? 4 : 1; k > 0; k--) {
                      asked.add("w" + readRandom.nextInt(2) + "-" + readRandom.nextInt(50));
                    }
                    List<Long> before = new ArrayList<>();
                    for (String key : asked) {
                      before.add(acked.get(key));
                    }
                    String key = asked.get(0);
                    List<List<Long>> seen;
                    if (how == 0) {
                      seen = List.of(t.read(key, StoredRow::sequence));
                    } else if (how == 1) {
                      List<Long> own = t.query(key, c -> sequences(c, key)); // the caller's SQL
                      seen = List.of(own);
                    } else {
                      seen = t.readAll(asked, StoredRow::sequence);
                    }
                    reads.addAndGet(asked.size());
                    for (int k = 0; k < asked.size(); k++) {
                      Long b = before.get(k);
                      List<Long> got = seen.get(k);
                      if (b != null && (got.isEmpty() || got.get(0) < b)) {
                        stale.incrementAndGet();
                      }
                    }
                  }
                } catch (Throwable e) {
                  errors.add(e);
                }
              }));
      threads.forEach(Thread::start);
      while (acked.size() < 50) {
        Thread.sleep(5);
      }
      coordinator.cutOver();
      coordinator.finish();
      Thread.sleep(50); // writes and reads on the final version too
      stop.set(true);
      for (Thread th : threads) {
        th.join();
      }
      assertEquals(List.of(), errors, at);
      assertEquals(Phase.DONE, coordinator.phase(), at);
      assertEquals(coordinator.routes().version(), t.status().version(), at);
      RoutingTable last = t.router().table();
      Map<String, JdbcMigrationStore> stores = t.migrationStores(last); // g1..g5
      assertEquals(5, stores.size(), at);
      long lost = 0;
      long duplicated = 0;
      for (Map.Entry<String, Long> e : acked.entrySet()) {
        byte[] kb = e.getKey().getBytes(StandardCharsets.UTF_8);
        byte[] id = "r".getBytes(StandardCharsets.UTF_8);
        String owner = last.route(e.getKey()).group().id();
        Row r = stores.get(owner).get(kb, id);
        if (r == null || r.sequence() != e.getValue()) {
          lost++;
        }
        for (Map.Entry<String, JdbcMigrationStore> g : stores.entrySet()) {
          if (!g.getKey().equals(owner) && g.getValue().get(kb, id) != null) {
            duplicated++;
          }
        }
      }
      System.out.printf(
          "ShardedTable reshard 4 -> 5 on %s: %d keys, %d reads, lost %d, duplicated %d, stale %d,"
              + " %s%n",
          db, acked.size(), reads.get(), lost, duplicated, stale.get(), t.status());
      assertEquals(0, lost, at);
      assertEquals(0, duplicated, at);
      assertEquals(0, stale.get(), at);
      assertTrue(reads.get() > 0, at);
    }
  }

  private static List<Long> sequences(Connection c, String key) throws java.sql.SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT seq FROM orders WHERE row_key = ?")) {
      ps.setBytes(1, key.getBytes(StandardCharsets.UTF_8));
      List<Long> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getLong(1));
        }
      }
      return out;
    }
  }

  // ---- bad inputs: what, where, what to do

  @Test
  void builder_keyEncodingOfAnotherType_throws() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 2));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ShardedTable.builder("orders", KeyEncoding.longs(), "customer", "cents")
                    .routing(source, source.current())
                    .pools(new Groups(cluster))
                    .build());
    assertTrue(e.getMessage().contains("encodes keys as long"), e.getMessage());
    assertTrue(e.getMessage().endsWith("build it with KeyEncoding.strings()"), e.getMessage());
  }

  @Test
  void builder_badSettings_throwNamingTheSetting() {
    KeyEncoding<String> keys = KeyEncoding.strings();
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> ShardedTable.builder("orders", keys))
            .getMessage()
            .contains("at least one value column"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> ShardedTable.builder("orders", keys, "a", "a"))
            .getMessage()
            .contains("twice"));
    assertThrows(
        IllegalArgumentException.class, () -> ShardedTable.builder("orders; drop", keys, "a"));
    ShardedTable.Builder<String> b = ShardedTable.builder("orders", keys, "a");
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> b.isolation(Connection.TRANSACTION_READ_UNCOMMITTED))
            .getMessage()
            .contains("TRANSACTION_READ_COMMITTED"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.retry(0, Duration.ofSeconds(1)))
            .getMessage()
            .contains("retry attempts"));
    assertThrows(IllegalArgumentException.class, () -> b.retry(1, Duration.ZERO));
    assertThrows(
        IllegalArgumentException.class, () -> b.updateRetryInterval(Duration.ofSeconds(-1)));
    assertTrue(
        assertThrows(IllegalStateException.class, b::build)
            .getMessage()
            .contains("routing(source"));
  }

  @Test
  void builder_tableWithoutTheColumns_throwsNamingThem() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 2));
    Groups groups = new Groups(cluster);
    groups.withTable = false;
    JdbcStoreException e =
        assertThrows(JdbcStoreException.class, () -> orders(source, groups).build());
    assertTrue(e.getMessage().contains("cannot open routing version 1"), e.getMessage());
    assertTrue(e.getMessage().contains("add the missing columns"), e.getMessage());
  }

  @Test
  void builder_sourceOfAnotherEntity_throws() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource other = new PushSource(cluster.table("claims", 1, PARTITIONS, 2));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
                .routing(other, cluster.table("orders", 1, PARTITIONS, 2))
                .pools(new Groups(cluster))
                .build());
  }

  @Test
  void write_badRows_throwNamingRowAndColumns() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 2));
    try (ShardedTable<String> t = orders(source, new Groups(cluster)).build()) {
      IllegalArgumentException count =
          assertThrows(IllegalArgumentException.class, () -> t.write("k", "o1", 1, "only one"));
      assertTrue(count.getMessage().contains("[customer, cents]"), count.getMessage());
      IllegalArgumentException type =
          assertThrows(
              IllegalArgumentException.class,
              () -> t.write("k", "o1", 1, "x", new java.util.Date()));
      assertTrue(type.getMessage().contains("column 'cents'"), type.getMessage());
      assertTrue(
          assertThrows(IllegalArgumentException.class, () -> t.write(null, "o1", 1, "x", 1L))
              .getMessage()
              .contains("key is null"));
      IllegalArgumentException batch =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  t.writeAll(
                      List.of(
                          ShardedTable.Write.of("a", "o1", 1, "x", 1L),
                          ShardedTable.Write.of("b", "o1", 1, "x"))));
      assertTrue(batch.getMessage().startsWith("rows[1]"), batch.getMessage());
      assertTrue(
          assertThrows(IllegalArgumentException.class, () -> t.write("k", "o1", 0, "x", 1L))
              .getMessage()
              .contains("sequences start at 1"));
      assertEquals(0, t.read("a", ShardedTableTest::order).size(), "a bad batch writes nothing");
      t.write("k", "o1", 1, "x", 1L);
      IllegalArgumentException column =
          assertThrows(IllegalArgumentException.class, () -> t.read("k", r -> r.get("amount")));
      assertTrue(column.getMessage().contains("no value column 'amount'"), column.getMessage());
      IllegalArgumentException kind =
          assertThrows(
              IllegalArgumentException.class, () -> t.read("k", r -> r.getString("cents")));
      assertTrue(kind.getMessage().contains("holds a Long"), kind.getMessage());
    }
  }

  @Test
  void closed_callsThrow() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 2));
    ShardedTable<String> t = orders(source, new Groups(cluster)).build();
    t.close();
    assertTrue(
        assertThrows(IllegalStateException.class, () -> t.write("k", "o1", 1, "x", 1L))
            .getMessage()
            .contains("closed"));
    // an empty batch too: a caller learns of the closed table at its first call, not its first row
    assertTrue(
        assertThrows(IllegalStateException.class, () -> t.writeAll(List.of()))
            .getMessage()
            .contains("closed"));
    assertTrue(
        assertThrows(IllegalStateException.class, () -> t.readAll(List.of(), r -> r))
            .getMessage()
            .contains("closed"));
    assertTrue(t.pools().endpoints().isEmpty());
  }

  @Test
  void createTablesFalse_checksBothTables_aMissingFenceTableFailsTheStart_namingItsStatement()
      throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    Groups groups = new Groups(cluster); // creates the orders table, never its fence table
    JdbcStoreException e =
        assertThrows(
            JdbcStoreException.class, () -> orders(source, groups).createTables(false).build());
    String m = e.getMessage() + " / " + e.getCause().getMessage();
    assertTrue(m.contains("fence table 'orders_fence' of replica group 'g1' cannot be read"), m);
    assertTrue(m.contains("CREATE TABLE orders_fence (part INT NOT NULL PRIMARY KEY"), m);
    // the fence table without its lock record: named, with the statement that adds it
    try (java.sql.Connection c = cluster.dataSource(cluster.endpoint(1)).getConnection();
        Statement st = c.createStatement()) {
      st.execute(
          "CREATE TABLE orders_fence (part INT NOT NULL PRIMARY KEY, base_version BIGINT NOT NULL,"
              + " min_version BIGINT NOT NULL, phase VARCHAR(32) NOT NULL)");
    }
    JdbcStoreException lock =
        assertThrows(
            JdbcStoreException.class, () -> orders(source, groups).createTables(false).build());
    String l = lock.getMessage() + " / " + lock.getCause().getMessage();
    assertTrue(
        l.contains(
            "fence table 'orders_fence' of replica group 'g1' has no lock record: insert it,"
                + " 'INSERT INTO orders_fence (part, base_version, min_version, phase) VALUES (-1,"
                + " 0, 0, 'LOCK')'"),
        l);
    // created (as the default does), the check passes and the table serves
    try (ShardedTable<String> created = orders(source, groups).build()) {
      created.write("k", "o1", 1, "x", 1L);
    }
    try (ShardedTable<String> checked = orders(source, groups).createTables(false).build()) {
      assertEquals(1, checked.read("k", r -> r).size());
    }
  }

  @Test
  void write_nullId_refusedNamingTheTable_nothingWritten() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 2));
    try (ShardedTable<String> t = orders(source, new Groups(cluster)).build()) {
      IllegalArgumentException one =
          assertThrows(IllegalArgumentException.class, () -> t.write("k", null, 1, "x", 1L));
      assertEquals(
          "write of table 'orders' has no row id (null): every row needs an id among the rows of"
              + " its key",
          one.getMessage());
      IllegalArgumentException batch =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  t.writeAll(
                      List.of(
                          ShardedTable.Write.of("k", "o1", 1, "x", 1L),
                          ShardedTable.Write.of("k", null, 1, "x", 1L))));
      assertEquals(
          "rows[1] of table 'orders' has no row id (null): every row needs an id among the rows"
              + " of its key",
          batch.getMessage());
      assertTrue(t.read("k", r -> r).isEmpty(), "nothing written");
    }
  }

  @Test
  void write_nullValues_refusedNamingTheRowAndWhatToGive_nothingWritten() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 2));
    try (ShardedTable<String> t = orders(source, new Groups(cluster)).build()) {
      IllegalArgumentException one =
          assertThrows(
              IllegalArgumentException.class, () -> t.write("k", "o1", 1, (Object[]) null));
      assertEquals(
          "write of table 'orders': the values of row 'o1' are a null array; the table's value"
              + " columns are [customer, cents]: give one value per column, in that order (a SQL"
              + " NULL is a null inside the array)",
          one.getMessage());
      NullPointerException of =
          assertThrows(
              NullPointerException.class,
              () -> ShardedTable.Write.of("k", "o2", 1, (Object[]) null));
      assertEquals(
          "the values of Write 'o2' are null: give one value per value column of its table, in"
              + " the table's column order (a SQL NULL is a null inside them)",
          of.getMessage());
      NullPointerException list =
          assertThrows(
              NullPointerException.class, () -> new ShardedTable.Write<>("k", "o3", 1, null));
      assertTrue(
          list.getMessage().startsWith("the values of Write 'o3' are null"), list.getMessage());
      assertEquals(
          List.of(java.util.Arrays.asList(null, null)),
          List.of(ShardedTable.Write.of("k", "o4", 1, null, null).values()),
          "null values inside are kept");
      assertTrue(t.read("k", r -> r).isEmpty(), "nothing written");
    }
  }

  @Test
  void writeAll_nullListOrRow_refusedNamingIt_nothingWritten() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 2));
    try (ShardedTable<String> t = orders(source, new Groups(cluster)).build()) {
      NullPointerException list = assertThrows(NullPointerException.class, () -> t.writeAll(null));
      assertTrue(list.getMessage().startsWith("rows is null"), list.getMessage());
      List<ShardedTable.Write<String>> rows =
          java.util.Arrays.asList(ShardedTable.Write.of("k", "o1", 1, "x", 1L), null);
      IllegalArgumentException row =
          assertThrows(IllegalArgumentException.class, () -> t.writeAll(rows));
      assertEquals(
          "rows[1] of table 'orders' is null: give a Write for every row", row.getMessage());
      assertTrue(t.read("k", r -> r).isEmpty(), "nothing written");
      NullPointerException keys =
          assertThrows(NullPointerException.class, () -> t.readAll(null, r -> r));
      assertTrue(keys.getMessage().startsWith("keys is null"), keys.getMessage());
    }
  }

  @Test
  void keyEncodings_routeAsTheTableRoutesTheKey() {
    String doc =
        "{\"format\": 1, \"routing_version\": 1, \"entity\": \"e\", \"key\": %s,"
            + " \"strategy\": {\"type\": \"hash_mod\", \"hash\": \"xxh3-64\", \"partitions\": 64},"
            + " \"groups\": [{\"id\": \"g1\", \"primary\": \"x\"}], \"placement\": [%s]}";
    String placement = String.join(", ", java.util.Collections.nCopies(64, "\"g1\""));
    RoutingTable strings =
        RoutingDocuments.read(String.format(doc, "{\"type\": \"string\"}", placement));
    RoutingTable longs =
        RoutingDocuments.read(String.format(doc, "{\"type\": \"long\"}", placement));
    RoutingTable uuids =
        RoutingDocuments.read(String.format(doc, "{\"type\": \"uuid\"}", placement));
    RoutingTable pairs =
        RoutingDocuments.read(
            String.format(
                doc, "{\"type\": \"composite\", \"parts\": [\"string\", \"long\"]}", placement));
    RoutingTable times =
        RoutingDocuments.read(String.format(doc, "{\"type\": \"timestamp\"}", placement));
    RoutingTable bytes =
        RoutingDocuments.read(String.format(doc, "{\"type\": \"bytes\"}", placement));
    KeyEncoding<String> s = KeyEncoding.strings();
    KeyEncoding<java.time.Instant> ts = KeyEncoding.timestamps();
    KeyEncoding<byte[]> b = KeyEncoding.bytes();
    assertEquals(times.keyType(), ts.keyType());
    assertEquals(bytes.keyType(), b.keyType());
    KeyEncoding<Long> l = KeyEncoding.longs();
    KeyEncoding<UUID> u = KeyEncoding.uuids();
    KeyEncoding<String> c =
        KeyEncoding.composite(
            k -> CompositeKey.of(k, (long) k.length()), KeyType.Kind.STRING, KeyType.Kind.LONG);
    assertEquals(longs.keyType(), l.keyType());
    assertEquals(pairs.keyType(), c.keyType());
    for (int i = 0; i < 200; i++) {
      String key = "k-" + i + (i % 3 == 0 ? "é😀" : "");
      assertEquals(
          strings.route(key).partition(), strings.routeCanonical(s.canonical(key)).partition());
      long n = i * 0x9E3779B97F4A7C15L;
      assertEquals(longs.route(n).partition(), longs.routeCanonical(l.canonical(n)).partition());
      UUID id = new UUID(n, ~n);
      assertEquals(uuids.route(id).partition(), uuids.routeCanonical(u.canonical(id)).partition());
      assertEquals(
          pairs.route(key, (long) key.length()).partition(),
          pairs.routeCanonical(c.canonical(key)).partition());
      java.time.Instant at = java.time.Instant.ofEpochSecond(n >> 34, (i % 1000) * 1000L);
      assertEquals(times.route(at).partition(), times.routeCanonical(ts.canonical(at)).partition());
      byte[] raw = key.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      assertEquals(
          bytes.routeCanonical(raw).partition(),
          bytes.routeCanonical(b.canonical(raw)).partition());
    }
    byte[] raw = {1, 2, 3};
    byte[] kept = b.canonical(raw);
    raw[0] = 9; // the caller's later change does not reach the row's key
    assertArrayEquals(new byte[] {1, 2, 3}, kept);
  }

  @Test
  void keyEncodings_badKeys_refusedSayingWhy() {
    IllegalArgumentException lone =
        assertThrows(
            IllegalArgumentException.class, () -> KeyEncoding.strings().canonical("a\uD800"));
    // the core's words: the surrogate escaped, never the raw char
    assertTrue(
        lone.getMessage().contains("lone surrogate U+D800 at char index 1"), lone.getMessage());
    assertFalse(lone.getMessage().contains("\uD800"), lone.getMessage());
    IllegalArgumentException fine =
        assertThrows(
            IllegalArgumentException.class,
            () -> KeyEncoding.timestamps().canonical(java.time.Instant.ofEpochSecond(1, 1)));
    assertTrue(fine.getMessage().contains("microsecond"), fine.getMessage());
    KeyEncoding<String> nulls =
        KeyEncoding.composite(k -> null, KeyType.Kind.STRING, KeyType.Kind.LONG);
    IllegalArgumentException none =
        assertThrows(IllegalArgumentException.class, () -> nulls.canonical("k"));
    assertTrue(
        none.getMessage().startsWith("the composite key function gave null for the key k;"),
        none.getMessage());
    KeyEncoding<String> halves =
        KeyEncoding.composite(
            k -> CompositeKey.of(k, (String) null), KeyType.Kind.STRING, KeyType.Kind.STRING);
    IllegalArgumentException half =
        assertThrows(IllegalArgumentException.class, () -> halves.canonical("k"));
    assertTrue(half.getMessage().contains("null"), half.getMessage());
    assertThrows(IllegalArgumentException.class, () -> KeyEncoding.bytes().canonical(null));
  }

  @Test
  void builder_keyEncodingOfAnotherType_namesTheEncodingToUse() {
    assertEquals("KeyEncoding.timestamps()", KeyEncoding.factoryFor(KeyType.TIMESTAMP));
    assertEquals("KeyEncoding.bytes()", KeyEncoding.factoryFor(KeyType.BYTES));
    assertEquals("KeyEncoding.ints()", KeyEncoding.factoryFor(KeyType.INT));
    assertEquals("KeyEncoding.uuids()", KeyEncoding.factoryFor(KeyType.UUID_KEY));
    assertEquals("KeyEncoding.longs()", KeyEncoding.factoryFor(KeyType.LONG));
    assertEquals(
        "KeyEncoding.composite(toKey, Kind.STRING, Kind.LONG)",
        KeyEncoding.factoryFor(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG)));
  }
}
