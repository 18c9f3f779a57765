package io.shardrouter.examples.orders;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.examples.orders.Ledger.User;
import io.shardrouter.jdbc.JdbcClaimStore;
import io.shardrouter.jdbc.JdbcMigrationStore;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.migrate.MigrationCoordinator;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRouter;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import io.shardrouter.migrate.WriteRoute;
import io.shardrouter.query.ScatterGather;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One run of the reshard demo: four shared groups and the big tenant's, orders loaded, clients
 * writing and reading, and router-migrate moving the orders table from four shared groups to five
 * online; then (or, with {@code rollback}, after the cut-over and a rollback instead of the
 * cleanup) the {@link Reconciliation} of every group against what the clients were told.
 */
final class ReshardRun {
  /** The demo's settings; {@code isolation} holds the level of each of the two runs. */
  record Options(
      String jdbc,
      int users,
      int ordersPerUser,
      long holdMillis,
      long seed,
      int writers,
      int readers,
      long lagMillis,
      List<Isolation> isolation) {}

  /**
   * What one run found: {@code totals} as {@link PhaseStats#totals()}, {@code sqlRetries} the SQL
   * failures other than serialization failures that were retried.
   */
  record Result(
      String title,
      Isolation isolation,
      long[] totals,
      Reconciliation check,
      long sqlRetries,
      long verifiedRows,
      long millis) {}

  /** Users per tenant: a pooled tenant's users route together (docs/orders-example.md). */
  private static final int USERS_PER_TENANT = 4;

  private static final long EPOCH_MILLIS = 1_767_225_600_000L; // 2026-01-01T00:00:00Z
  private static final byte[] CURSOR_KEY =
      "the orders demo's cursor key, 32+ bytes".getBytes(StandardCharsets.UTF_8);

  private ReshardRun() {}

  static Result run(Options o, boolean rollback, Isolation isolation, String run, PrintStream out)
      throws Exception {
    long t0 = System.nanoTime();
    List<String> endpoints = DemoDatabases.endpoints(o.jdbc(), run, 6);
    RoutingTable from = OrdersRouting.orders(1, endpoints.subList(0, 4), endpoints.get(5));
    RoutingTable to = OrdersRouting.orders(2, endpoints.subList(0, 5), endpoints.get(5));
    MigrationPlan plan = MigrationPlan.between(from, to).withCanary(25, false);
    ExecutorService jdbc = Executors.newFixedThreadPool(4);
    ScheduledExecutorService fleet = Executors.newSingleThreadScheduledExecutor();
    Path stateDir = Files.createTempDirectory("shardrouter-demo-state");
    DemoDatabases.prepare(endpoints);
    // The service routes with one Router, which the coordinator updates; its ShardedDataSource
    // opens
    // g5 when the first phase of the migration names it. The operator's side (schema, load,
    // coordinator, end check) has its own pools over all six groups.
    Router ordersRouter = Router.create(from);
    Router slowTables = Router.create(from); // the slow client is another process: its own pools
    try (ShardedDataSource admin =
            ShardedDataSource.create(
                DemoDatabases.factory(), Router.create(from), Router.create(to));
        ShardedDataSource db = ShardedDataSource.create(DemoDatabases.factory(), ordersRouter);
        ShardedDataSource slowDb = ShardedDataSource.create(DemoDatabases.factory(), slowTables);
        ScatterGather scatter =
            ScatterGather.builder().maxConcurrency(8).deadline(Duration.ofSeconds(10)).build()) {
      JdbcClaimStore claims = JdbcClaimStore.create(admin, OrdersSchema.CLAIMS_TABLE);
      Map<String, JdbcMigrationStore> stores = new LinkedHashMap<>();
      for (ReplicaGroup g : to.groups()) {
        OrdersSchema.create(admin.primary(g), claims);
        stores.put(g.id(), OrdersSchema.ordersStore(g.id(), admin.primary(g)));
      }
      MigrationRouter router = new MigrationRouter(MigrationRoutes.of(from));
      MigrationRouter slow = new MigrationRouter(MigrationRoutes.of(from));
      Ledger ledger = new Ledger();
      List<User> users = load(o, from, stores, ledger, out);
      out.printf(
          Locale.ROOT,
          "plan: %d of %d partitions move to g5 (%.1f%% of keys); %d movements; canary %d%% of"
              + " reads%n",
          movedPartitions(plan),
          from.partitionCount(),
          100 * plan.movedShare(),
          plan.movements().size(),
          plan.canaryPercent());
      MigrationCoordinator coordinator =
          MigrationCoordinator.builder(plan)
              .stores(stores)
              .stateStore(MigrationStateStore.inDirectory(stateDir))
              .routers(ordersRouter)
              .migrationRouters(router)
              .publisher(
                  r ->
                      fleet.schedule(
                          () -> {
                            slowTables.update(r.table());
                            slow.update(r);
                          },
                          o.lagMillis(),
                          TimeUnit.MILLISECONDS))
              .gate(v -> awaitVersion(slow, v))
              .batchSize(250)
              .build();
      PhaseStats stats = new PhaseStats(from.version());
      LoadGenerator.Client client =
          new LoadGenerator.Client(
              new OrderDao(router, db, scatter, jdbc, CURSOR_KEY, isolation), router);
      LoadGenerator.Client lagging =
          new LoadGenerator.Client(
              new OrderDao(slow, slowDb, scatter, jdbc, CURSOR_KEY, isolation), slow);
      LoadGenerator load =
          new LoadGenerator(
              users,
              ledger,
              stats,
              client,
              lagging,
              o.seed(),
              o.writers(),
              o.readers(),
              EPOCH_MILLIS);
      long sqlRetries;
      try (LoadGenerator running = load.start()) {
        Thread.sleep(o.holdMillis());
        Progress progress = new Progress(out, plan.movements().size());
        List<Phase> goals = new ArrayList<>(MigrationPlan.FORWARD);
        if (rollback) { // instead of DONE: roll back from the rollback window
          goals.set(goals.indexOf(Phase.DONE), Phase.ROLLED_BACK);
        }
        for (Phase goal : goals) {
          if (goal == Phase.ROLLED_BACK) {
            coordinator.requestRollback();
          } else {
            coordinator.target(goal);
          }
          drive(coordinator, stats, progress);
          progress.end(stats);
          Thread.sleep(o.holdMillis()); // the clients run on in this phase
        }
        sqlRetries = running.sqlRetries();
      }
      stats.end();
      RoutingTable last = coordinator.routes().table();
      Reconciliation check = Reconciliation.check(last, to.groups(), admin, ledger);
      out.println();
      stats.print(out);
      long verified = 0;
      for (var r : coordinator.report()) {
        verified += r.matching();
      }
      return new Result(
          rollback ? "rollback after cut-over" : "reshard 4 -> 5",
          isolation,
          stats.totals(),
          check,
          sqlRetries,
          verified,
          (System.nanoTime() - t0) / 1_000_000);
    } finally {
      jdbc.shutdownNow();
      fleet.shutdownNow();
      try (var files = Files.list(stateDir)) {
        for (Path f : files.toList()) {
          Files.deleteIfExists(f);
        }
      }
      Files.deleteIfExists(stateDir);
    }
  }

  /** Steps the coordinator to its goal, reporting phase changes and progress. */
  private static void drive(MigrationCoordinator c, PhaseStats stats, Progress progress) {
    while (true) {
      Phase before = c.phase();
      boolean more = c.step();
      if (c.phase() != before) {
        progress.end(stats);
        stats.enter(c.phase(), c.state().version());
        progress.start(c.phase(), c.state().version());
      }
      progress.show(c.state());
      if (!more) {
        return;
      }
    }
  }

  private static void awaitVersion(MigrationRouter router, long version) {
    try {
      LoadGenerator.awaitVersion(router, version);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for version " + version, e);
    }
  }

  private static int movedPartitions(MigrationPlan plan) {
    return (int) plan.movements().stream().mapToInt(m -> m.sourcePartition()).distinct().count();
  }

  /** Loads {@code users * ordersPerUser} orders, in batches per group, as acknowledged writes. */
  private static List<User> load(
      Options o,
      RoutingTable table,
      Map<String, JdbcMigrationStore> stores,
      Ledger ledger,
      PrintStream out) {
    long t0 = System.nanoTime();
    SplittableRandom rnd = new SplittableRandom(o.seed());
    MigrationRoutes routes = MigrationRoutes.of(table);
    List<User> users = new ArrayList<>();
    Map<String, List<Row>> batches = new LinkedHashMap<>();
    for (int i = 0; i < o.users(); i++) {
      String tenant = i % 20 == 0 ? OrdersRouting.BIG_TENANT : "tenant-" + i / USERS_PER_TENANT;
      User u = new User(tenant, "u" + i);
      users.add(u);
      byte[] key = OrdersRouting.key(tenant, u.userId());
      WriteRoute route = routes.write(key);
      JdbcMigrationStore store = stores.get(route.first().id());
      for (int k = 0; k < o.ordersPerUser(); k++) {
        Order order =
            new Order(
                tenant,
                u.userId(),
                "l" + i + "-" + k,
                EPOCH_MILLIS + rnd.nextLong(TimeUnit.DAYS.toMillis(300)),
                100 + rnd.nextInt(100_000));
        Row row =
            store.row(
                key,
                order.orderId().getBytes(StandardCharsets.UTF_8),
                route.version(),
                1,
                route.partition(),
                order.tenant(),
                order.userId(),
                order.orderId(),
                order.createdAtMillis(),
                OrderDao.monthBucket(order.createdAtMillis()),
                order.amountCents());
        List<Row> batch = batches.computeIfAbsent(store.groupId(), g -> new ArrayList<>());
        batch.add(row);
        if (batch.size() == 500) {
          store.apply(batch, MigrationStore.WriteOrigin.CLIENT);
          batch.clear();
        }
        ledger.ack(order, 1);
      }
    }
    batches.forEach((g, rows) -> stores.get(g).apply(rows, MigrationStore.WriteOrigin.CLIENT));
    out.printf(
        Locale.ROOT,
        "loaded %,d orders of %,d users (%,d tenants) on g1..g4 and %s in %.1f s%n",
        (long) o.users() * o.ordersPerUser(),
        o.users(),
        (o.users() + USERS_PER_TENANT - 1) / USERS_PER_TENANT,
        OrdersRouting.BIG_TENANT,
        (System.nanoTime() - t0) / 1e9);
    return users;
  }
}
