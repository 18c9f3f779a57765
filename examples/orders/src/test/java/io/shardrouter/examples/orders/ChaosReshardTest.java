package io.shardrouter.examples.orders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFilePublisher;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.examples.orders.Ledger.Acked;
import io.shardrouter.jdbc.JdbcClaimStore;
import io.shardrouter.jdbc.JdbcMigrationStore;
import io.shardrouter.jdbc.JdbcStoreException;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.jdbc.ShardedTable;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.MovedException;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.ReadRoute;
import io.shardrouter.migrate.Row;
import io.shardrouter.migrate.WriteRoute;
import io.shardrouter.query.ScatterGather;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Chaos on PostgreSQL: the orders table is resharded from four shared groups to five while the
 * coordinator, in a JVM of its own ({@link ChaosCoordinator}), is killed with SIGKILL in every
 * phase from {@code COPY} to {@code DONE} (at chosen steps: mid-copy, between a publish and its
 * fence, between the cut-over's fence and its publish, mid-cleanup, ...; and at random moments) and
 * restarted after a random "coordinator down" window, resuming from its saved state.
 *
 * <p>The service runs in this JVM as separate processes would: each client has its own orders table
 * (router-jdbc's {@link ShardedTable}, its own pools) following the routing file the coordinator
 * publishes, polled and applied promptly or 200-500 ms late. Four writers (one late, one that goes
 * offline: it stops learning versions, buffers its writes, and replays them through its table when
 * it comes back, still on the version it had) and four readers (two late) run their transactions at
 * read committed, repeatable read or serializable, one level per thread. A write is a new revision
 * of one of the writer's own users' orders; the table retries it with the same revision after a
 * {@link MovedException} (once it has the version the fence names) or a serialization failure; a
 * read is a user's orders, fenced, checked against every revision acknowledged before it began.
 *
 * <p>The verdict, after {@code DONE}: every acknowledged write is on its final owner exactly once
 * with its latest acknowledged revision (or a higher one from a retry cut short), no row is on a
 * group that does not own it (in particular no moved key is left on its old group), and no read was
 * stale. The summary line names the seed, the acknowledged writes, the reads, the kills per phase,
 * the fenced and serialization retries, and lost, duplicated and stale rows.
 *
 * <p>Needs PostgreSQL ({@code SHARDROUTER_PG_URL}; skipped without it, failed when {@code
 * SHARDROUTER_REQUIRE_PG=1}). {@code -Dshardrouter.test.seed=N} replays the random choices (not the
 * thread interleavings). {@code -Dshardrouter.chaos.break=unfenced-reads} (readers skip the fence
 * check) or {@code no-dual-write} (writers skip the second group of a dual write) breaks the
 * protocol on purpose, to see the test fail.
 */
class ChaosReshardTest {
  private static final byte[] CURSOR_KEY =
      "the chaos test's cursor key, 32+ bytes".getBytes(StandardCharsets.UTF_8);
  private static final long EPOCH_MILLIS = 1_767_225_600_000L; // 2026-01-01T00:00:00Z
  private static final int TENANTS = 120;
  private static final int USERS_PER_TENANT = 2;
  private static final int ORDERS_PER_USER = 3;
  private static final long POLL_MILLIS = 20;
  private static final long LATE_MIN_MILLIS = 200;
  private static final long LATE_MAX_MILLIS = 500;
  private static final long STEP_MILLIS = 20;
  private static final long BOUNDARY_MILLIS = 150;
  private static final long HOLD_MILLIS = 1_200;
  private static final int BATCH = 100;
  private static final long MIGRATION_DEADLINE_MILLIS = 150_000;
  private static final long VERSION_WAIT_MILLIS = 90_000;
  private static final int MAX_RANDOM_KILLS = 6;
  private static final List<Phase> KILLED_PHASES =
      List.of(
          Phase.COPY,
          Phase.DUAL_WRITE,
          Phase.VERIFY,
          Phase.CANARY,
          Phase.CUT_OVER,
          Phase.ROLLBACK_WINDOW,
          Phase.DONE);

  private final String broken = System.getProperty("shardrouter.chaos.break", "none");

  @Test
  void reshard4to5_coordinatorKilledInEveryPhase_losesNothing() throws Exception {
    List<String> endpoints = Databases.POSTGRESQL.endpoints(6); // skips without PostgreSQL
    long seed = Long.getLong("shardrouter.test.seed", new SplittableRandom().nextLong(1L << 32));
    long t0 = System.nanoTime();
    System.out.println(
        "ChaosReshardTest: seed "
            + seed
            + " (-Dshardrouter.test.seed="
            + seed
            + " replays its choices)"
            + (broken.equals("none") ? "" : "; protocol broken on purpose: " + broken));
    if (!Set.of("none", "unfenced-reads", "no-dual-write").contains(broken)) {
      fail("shardrouter.chaos.break must be unfenced-reads or no-dual-write, got " + broken);
    }
    SplittableRandom random = new SplittableRandom(seed);
    RoutingTable from = ChaosCoordinator.from(endpoints);
    RoutingTable to = ChaosCoordinator.to(endpoints);
    Path dir = Files.createTempDirectory("shardrouter-chaos");
    Path routingFile = dir.resolve("orders.routing.json");
    Path stateDir = dir.resolve("state");
    RoutingFilePublisher.of(routingFile).publish(from, RoutingPublisher.NOTHING_PUBLISHED);

    Ledger ledger = new Ledger();
    Counters counters = new Counters();
    ExecutorService jdbc = Executors.newFixedThreadPool(2);
    List<ServiceProcess> processes = new ArrayList<>();
    try (ShardedDataSource admin =
            ShardedDataSource.create(Databases.factory(), Router.create(from), Router.create(to));
        ScatterGather scatter =
            ScatterGather.builder().maxConcurrency(4).deadline(Duration.ofSeconds(10)).build()) {
      JdbcClaimStore claims = JdbcClaimStore.create(admin, OrdersSchema.CLAIMS_TABLE);
      Map<String, JdbcMigrationStore> stores = new LinkedHashMap<>();
      for (ReplicaGroup g : to.groups()) {
        OrdersSchema.create(admin.primary(g), claims);
        stores.put(g.id(), OrdersSchema.ordersStore(g.id(), admin.primary(g)));
      }
      List<User> users = load(from, stores, ledger, random.split());

      // The service: one process per client thread, each with its own routers and pools.
      record Spec(String name, boolean late, Isolation isolation) {}
      List<Spec> writers =
          List.of(
              new Spec("writer-prompt-rc", false, Isolation.READ_COMMITTED),
              new Spec("writer-late-rr", true, Isolation.REPEATABLE_READ),
              new Spec("writer-prompt-ser", false, Isolation.SERIALIZABLE),
              new Spec("writer-offline-rr", false, Isolation.REPEATABLE_READ));
      List<Spec> readers =
          List.of(
              new Spec("reader-prompt-rr", false, Isolation.REPEATABLE_READ),
              new Spec("reader-late-rc", true, Isolation.READ_COMMITTED),
              new Spec("reader-prompt-ser", false, Isolation.SERIALIZABLE),
              new Spec("reader-late-ser", true, Isolation.SERIALIZABLE));
      Clients clients = new Clients(ledger, counters);
      for (int w = 0; w < writers.size(); w++) {
        Spec s = writers.get(w);
        ServiceProcess p =
            new ServiceProcess(
                s.name(),
                s.late(),
                s.isolation(),
                routingFile,
                from,
                scatter,
                jdbc,
                random.split(),
                counters);
        processes.add(p);
        List<User> mine = new ArrayList<>();
        for (int i = w; i < users.size(); i += writers.size()) {
          mine.add(users.get(i));
        }
        boolean offline = s.name().contains("offline");
        SplittableRandom r = random.split();
        clients.spawn(s.name(), () -> clients.write(p, mine, r, offline));
      }
      for (Spec s : readers) {
        ServiceProcess p =
            new ServiceProcess(
                s.name(),
                s.late(),
                s.isolation(),
                routingFile,
                from,
                scatter,
                jdbc,
                random.split(),
                counters);
        processes.add(p);
        SplittableRandom r = random.split();
        clients.spawn(s.name(), () -> clients.read(p, users, r));
      }

      // The coordinator, killed and restarted until it reaches DONE.
      Driver driver = new Driver(endpoints, stateDir, routingFile, dir, random.split());
      try {
        driver.run();
        Thread.sleep(1_000); // the clients go on in DONE, after the cleanup
      } finally {
        clients.stop();
        for (ServiceProcess p : processes) {
          p.close();
        }
      }
      long wallMillis = (System.nanoTime() - t0) / 1_000_000;

      // The verdict.
      RoutingTable last = RoutingDocuments.read(Files.readAllBytes(routingFile));
      Reconciliation check = Reconciliation.check(last, to.groups(), admin, ledger);
      long leftBehind = movedKeysLeftOnOldGroup(from, to, admin);
      Map<Phase, Integer> kills = driver.killsPerPhase();
      String summary =
          String.format(
              Locale.ROOT,
              "chaos summary: seed %d, %.1f s, acked writes %,d (orders %,d; %,d replayed after"
                  + " going offline %d times), reads %,d, kills %d %s (between the CUT_OVER fence"
                  + " and its publish: %s; the coordinator also died on its own %d times), fenced"
                  + " retries %,d (writes %,d, reads %,d), serialization retries %,d, other SQL"
                  + " retries %,d, canary mismatches %,d, lost %d, duplicated %d (moved keys left"
                  + " on their old group %d), unacknowledged rows %d, stale %d",
              seed,
              wallMillis / 1000.0,
              counters.acked.sum(),
              check.acked(),
              counters.replayed.sum(),
              counters.offlineEpisodes.sum(),
              counters.reads.sum(),
              driver.kills.size(),
              kills,
              driver.cutOverFencePublishKill == null ? "no" : driver.cutOverFencePublishKill,
              driver.crashes,
              counters.fencedWrites.sum() + counters.fencedReads.sum(),
              counters.fencedWrites.sum(),
              counters.fencedReads.sum(),
              counters.serialization.sum(),
              counters.sqlRetries.sum(),
              processes.stream().mapToLong(p -> p.dao.canaryMismatches()).sum(),
              check.lost(),
              check.duplicated(),
              leftBehind,
              check.unacknowledged(),
              counters.stale.sum());
      System.out.println(summary);
      for (String s : counters.staleExamples) {
        System.out.println("  stale read: " + s);
      }
      clients.rethrow();
      assertEquals(0, check.lost(), summary);
      assertEquals(0, check.duplicated(), summary);
      assertEquals(0, leftBehind, summary);
      assertEquals(0, counters.stale.sum(), summary);
      assertTrue(counters.acked.sum() > 0 && counters.reads.sum() > 0, summary);
      assertTrue(counters.replayed.sum() > 0, "the offline client replayed writes: " + summary);
      for (Phase p : KILLED_PHASES) {
        assertTrue(kills.getOrDefault(p, 0) > 0, "no kill in " + p + ": " + summary);
      }
      assertTrue(
          driver.cutOverFencePublishKill != null,
          "no kill between the CUT_OVER fence and its publish: " + summary);
      assertEquals(Phase.DONE, driver.finalState.phase(), summary);
      dropSchemas(endpoints);
      deleteTree(dir); // kept when the test fails: the coordinator's log and state are in it
    } finally {
      jdbc.shutdownNow();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The data

  /** Loads the users' first orders at version 1 through the stores, as acknowledged writes. */
  private static List<User> load(
      RoutingTable table,
      Map<String, JdbcMigrationStore> stores,
      Ledger ledger,
      SplittableRandom rnd) {
    MigrationRoutes routes = MigrationRoutes.of(table);
    List<User> users = new ArrayList<>();
    Map<String, List<Row>> batches = new LinkedHashMap<>();
    for (int i = 0; i < TENANTS * USERS_PER_TENANT; i++) {
      User u = new User("tenant-" + i / USERS_PER_TENANT, "u" + i);
      users.add(u);
      byte[] key = OrdersRouting.key(u.tenant(), u.userId());
      WriteRoute route = routes.write(key);
      JdbcMigrationStore store = stores.get(route.first().id());
      for (int k = 0; k < ORDERS_PER_USER; k++) {
        Order o = order(u, "l" + i + "-" + k, rnd);
        batches
            .computeIfAbsent(store.groupId(), g -> new ArrayList<>())
            .add(row(store, key, o, route, 1));
        ledger.ack(o, 1);
      }
    }
    batches.forEach((g, rows) -> stores.get(g).apply(rows, MigrationStore.WriteOrigin.CLIENT));
    return users;
  }

  private static Order order(User u, String orderId, SplittableRandom rnd) {
    return new Order(
        u.tenant(),
        u.userId(),
        orderId,
        EPOCH_MILLIS + rnd.nextLong(TimeUnit.DAYS.toMillis(300)),
        100 + rnd.nextInt(100_000));
  }

  private static Row row(
      JdbcMigrationStore store, byte[] key, Order o, WriteRoute route, long revision) {
    return store.row(
        key,
        o.orderId().getBytes(StandardCharsets.UTF_8),
        route.version(),
        revision,
        route.partition(),
        o.tenant(),
        o.userId(),
        o.orderId(),
        o.createdAtMillis(),
        OrderDao.monthBucket(o.createdAtMillis()),
        o.amountCents());
  }

  /** Rows of keys that moved ({@code from}'s group is not {@code to}'s) still on the old group. */
  private static long movedKeysLeftOnOldGroup(
      RoutingTable from, RoutingTable to, ShardedDataSource db) throws SQLException {
    long left = 0;
    for (ReplicaGroup g : from.groups()) {
      try (Connection c = db.primary(g).getConnection();
          PreparedStatement ps = c.prepareStatement("SELECT row_key FROM orders");
          ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          byte[] key = rs.getBytes(1);
          String oldOwner = from.routeCanonical(key).group().id();
          String newOwner = to.routeCanonical(key).group().id();
          if (oldOwner.equals(g.id()) && !newOwner.equals(g.id())) {
            left++;
          }
        }
      }
    }
    return left;
  }

  private static void deleteTree(Path dir) throws IOException {
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static void dropSchemas(List<String> endpoints) {
    for (String url : endpoints) {
      int at = url.indexOf("currentSchema=");
      org.postgresql.ds.PGSimpleDataSource ds = new org.postgresql.ds.PGSimpleDataSource();
      ds.setURL(url.substring(0, at - 1));
      try (Connection c = ds.getConnection();
          Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA IF EXISTS " + url.substring(at + 14) + " CASCADE");
      } catch (SQLException e) {
        System.out.println("could not drop the schema of " + url + ": " + e.getMessage());
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The service's processes and clients

  /** What the clients did, summed. */
  static final class Counters {
    final LongAdder acked = new LongAdder();
    final LongAdder replayed = new LongAdder();
    final LongAdder offlineEpisodes = new LongAdder();
    final LongAdder reads = new LongAdder();
    final LongAdder stale = new LongAdder();
    final LongAdder fencedWrites = new LongAdder();
    final LongAdder fencedReads = new LongAdder();
    final LongAdder serialization = new LongAdder();
    final LongAdder sqlRetries = new LongAdder();
    final List<String> staleExamples = Collections.synchronizedList(new ArrayList<>());

    /** A table's retry ({@link ShardedTable.Builder#onRetry}): fenced, or failed to serialize. */
    void retrying(ShardedTable.Call call, Exception cause) {
      if (!(cause instanceof MovedException)) {
        serialization.increment();
      } else if (call == ShardedTable.Call.READ) {
        fencedReads.increment();
      } else {
        fencedWrites.increment();
      }
    }
  }

  /**
   * A service process: its own orders table ({@link OrdersSchema#ordersTable}, with its own pools)
   * following a {@link LateFileSource} of the routing file, and a DAO on it at one isolation level.
   */
  static final class ServiceProcess implements AutoCloseable {
    final String name;
    final LateFileSource source;
    final ShardedTable<User> table;
    final OrderDao dao;

    ServiceProcess(
        String name,
        boolean late,
        Isolation isolation,
        Path routingFile,
        RoutingTable first,
        ScatterGather scatter,
        ExecutorService jdbc,
        SplittableRandom rnd,
        Counters counters) {
      this.name = name;
      this.source = new LateFileSource(name, late, routingFile, first, rnd);
      this.table =
          OrdersSchema.ordersTable(source, Router.create(first), Databases.factory(), isolation)
              .retry(1_000_000, Duration.ofMillis(VERSION_WAIT_MILLIS))
              .onRetry(counters::retrying)
              .build();
      this.dao = new OrderDao(table, scatter, jdbc, CURSOR_KEY);
    }

    void offline(boolean off) {
      source.offline = off;
    }

    @Override
    public void close() {
      table.close();
      source.close();
    }
  }

  /**
   * The routing source of one service process: the routing file, polled every {@value #POLL_MILLIS}
   * ms, each new version given to the subscribed routers at once or, for a late process, 200-500 ms
   * after it was seen (so versions may also arrive out of order: a router refuses an older one);
   * offline, it stops polling.
   */
  static final class LateFileSource implements RoutingSource {
    private final String name;
    private final boolean late;
    private final Router watch;
    private final RoutingFileSource file;
    private final SplittableRandom rnd;
    private final List<Router> subscribers = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService poller;
    volatile boolean offline;
    private long seen;

    LateFileSource(
        String name, boolean late, Path routingFile, RoutingTable first, SplittableRandom rnd) {
      this.name = name;
      this.late = late;
      this.rnd = rnd;
      this.watch = Router.create(first);
      this.file = RoutingFileSource.of(routingFile, watch);
      this.seen = first.version();
      this.poller =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "chaos-poller-" + name);
                t.setDaemon(true);
                return t;
              });
      poller.scheduleWithFixedDelay(this::poll, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void poll() {
      try {
        if (offline) {
          return;
        }
        file.refresh();
        RoutingTable t = watch.table();
        if (t.version() > seen) {
          seen = t.version();
          if (late) {
            long lag = LATE_MIN_MILLIS + rnd.nextLong(LATE_MAX_MILLIS - LATE_MIN_MILLIS + 1);
            poller.schedule(() -> deliver(t), lag, TimeUnit.MILLISECONDS);
          } else {
            deliver(t);
          }
        }
      } catch (RuntimeException e) {
        System.out.println(name + ": routing file poll failed: " + e);
      }
    }

    private synchronized void deliver(RoutingTable t) {
      for (Router r : subscribers) {
        if (t.version() > r.version()) {
          r.update(t);
        }
      }
    }

    @Override
    public synchronized void subscribe(Router router) {
      if (!subscribers.contains(router)) {
        subscribers.add(router);
      }
    }

    @Override
    public void unsubscribe(Router router) {
      subscribers.remove(router);
    }

    @Override
    public RoutingSource.Status status() {
      return file.status();
    }

    @Override
    public void close() {
      poller.shutdownNow();
    }
  }

  /** A buffered write of the offline client: the order and its revision. */
  private record Buffered(Order order, long revision) {}

  /** The client threads. */
  final class Clients {
    private final Ledger ledger;
    private final Counters counters;
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean stop;

    Clients(Ledger ledger, Counters counters) {
      this.ledger = ledger;
      this.counters = counters;
    }

    interface Body {
      void run() throws Exception;
    }

    void spawn(String name, Body body) {
      Thread t =
          new Thread(
              () -> {
                try {
                  body.run();
                } catch (Throwable e) {
                  failure.compareAndSet(null, new AssertionError(name + " failed", e));
                }
              },
              "chaos-" + name);
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }

    void stop() throws InterruptedException {
      stop = true;
      for (Thread t : threads) {
        t.join(TimeUnit.SECONDS.toMillis(120));
        if (t.isAlive()) {
          failure.compareAndSet(null, new AssertionError(t.getName() + " did not stop"));
        }
      }
    }

    void rethrow() {
      Throwable f = failure.get();
      if (f instanceof AssertionError a) {
        throw a;
      }
      if (f != null) {
        throw new AssertionError(f);
      }
    }

    /**
     * A writer of its own users' orders: a new order (one write in 20) or a new revision of one of
     * them, acknowledged once written along the whole route. The offline writer goes offline now
     * and then (1-3 s): it stops learning versions, buffers its writes stamped with the routes it
     * has, and replays them along those routes when it is back (a refused one is retried with the
     * newer routes).
     */
    void write(ServiceProcess p, List<User> mine, SplittableRandom rnd, boolean goesOffline)
        throws Exception {
      Map<String, Long> attempted = new HashMap<>(); // order id -> highest revision tried
      Map<User, List<Order>> orders = new HashMap<>();
      for (User u : mine) {
        List<Order> os = new ArrayList<>();
        for (Acked a : ledger.of(u).values()) {
          os.add(a.order());
        }
        os.sort((a, b) -> a.orderId().compareTo(b.orderId()));
        orders.put(u, os);
      }
      Deque<Buffered> buffer = new ArrayDeque<>();
      boolean offline = false;
      long toggleAt = System.nanoTime() + millis(2_000 + rnd.nextLong(2_000));
      long n = 0;
      while (!stop || offline || !buffer.isEmpty()) {
        if (goesOffline && (stop ? offline : System.nanoTime() > toggleAt)) {
          offline = !offline;
          p.offline(offline);
          if (offline) {
            counters.offlineEpisodes.increment();
          }
          toggleAt =
              System.nanoTime()
                  + millis(offline ? 1_000 + rnd.nextLong(2_000) : 2_000 + rnd.nextLong(2_000));
        }
        if (!offline && !buffer.isEmpty()) {
          Buffered b = buffer.removeFirst();
          save(p, b.order(), b.revision());
          counters.replayed.increment();
          continue;
        }
        if (stop) {
          break;
        }
        User u = mine.get(rnd.nextInt(mine.size()));
        List<Order> os = orders.get(u);
        Order order;
        if (os.isEmpty() || rnd.nextInt(20) == 0) {
          order = order(u, "w" + n++, rnd); // one writer per user: unique among its orders
          os.add(order);
        } else {
          Order o = os.get(rnd.nextInt(os.size()));
          order =
              new Order(
                  o.tenant(), o.userId(), o.orderId(), o.createdAtMillis(), rnd.nextInt(100_000));
        }
        long revision = attempted.merge(order.orderId(), 1L, (a, b) -> a + 1);
        if (offline) {
          buffer.addLast(new Buffered(order, revision));
        } else {
          save(p, order, revision);
        }
        Thread.sleep(offline ? 4 : 2);
      }
    }

    /**
     * Writes one revision until it is acknowledged: the table retries after a fence's refusal (once
     * it has the version the fence names) and after a serialization failure; other SQL failures
     * (the database briefly unreachable) are retried here.
     */
    private void save(ServiceProcess p, Order order, long revision) throws Exception {
      for (int sqlFailures = 0; ; ) {
        try {
          if (broken.equals("no-dual-write")) {
            firstLegOnly(p, order, revision);
          } else {
            p.dao.save(order, revision);
          }
          break;
        } catch (MovedException e) {
          counters.fencedWrites.increment(); // the broken writer's own refusal
          awaitVersion(p, e.minVersion());
        } catch (JdbcStoreException e) {
          if (!(e.getCause() instanceof SQLException) || ++sqlFailures > 20) {
            throw e;
          }
          counters.sqlRetries.increment();
          Thread.sleep(20);
        }
      }
      ledger.ack(order, revision);
      counters.acked.increment();
    }

    /** The broken writer: the route's first group only, fenced, never the second. */
    private void firstLegOnly(ServiceProcess p, Order order, long revision) {
      WriteRoute route = p.table.routes().write(key(order));
      JdbcMigrationStore store =
          p.table.migrationStores(p.table.routes().table()).get(route.first().id());
      Row row = row(store, key(order), order, route, revision);
      MigrationStore.ApplyResult r = store.apply(List.of(row), MigrationStore.WriteOrigin.CLIENT);
      if (r.refused()) {
        throw new MovedException(route.first().id(), r.refusedBy(), route.version(), null);
      }
    }

    /** A reader: a random user's orders, checked against what was acknowledged before the read. */
    void read(ServiceProcess p, List<User> users, SplittableRandom rnd) throws Exception {
      while (!stop) {
        User u = users.get(rnd.nextInt(users.size()));
        Map<String, Acked> before = ledger.of(u);
        long version = p.table.routes().version();
        List<OrderRevision> got = read(p, u);
        counters.reads.increment();
        String stale = staleness(before, got);
        if (stale != null) {
          counters.stale.increment();
          if (counters.staleExamples.size() < 5) {
            counters.staleExamples.add(
                p.name + " at v" + version + ", " + u.tenant() + "/" + u.userId() + ": " + stale);
          }
        }
        Thread.sleep(2);
      }
    }

    private List<OrderRevision> read(ServiceProcess p, User u) throws Exception {
      for (int sqlFailures = 0; ; ) {
        try {
          return broken.equals("unfenced-reads")
              ? unfenced(p, u)
              : p.dao.ordersOf(u.tenant(), u.userId());
        } catch (JdbcStoreException | SQLException e) {
          Throwable cause = e instanceof JdbcStoreException ? e.getCause() : e;
          if (!(cause instanceof SQLException) || ++sqlFailures > 20) {
            throw e;
          }
          counters.sqlRetries.increment();
          Thread.sleep(20);
        }
      }
    }

    /** The broken reader: the read route's (authoritative) group, with no fence check. */
    private List<OrderRevision> unfenced(ServiceProcess p, User u) throws SQLException {
      byte[] key = OrdersRouting.key(u.tenant(), u.userId());
      ReadRoute route = p.table.routes().read(key);
      ReplicaGroup g = route.compareWith() != null ? route.compareWith() : route.group();
      List<OrderRevision> out = new ArrayList<>();
      try (Connection c = p.table.pools().primary(g).getConnection();
          PreparedStatement ps =
              c.prepareStatement(
                  "SELECT tenant, user_id, order_id, created_at, amount_cents, seq FROM orders"
                      + " WHERE row_key = ? ORDER BY row_id")) {
        ps.setBytes(1, key);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            out.add(
                new OrderRevision(
                    new Order(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getLong(4),
                        rs.getLong(5)),
                    rs.getLong(6)));
          }
        }
      }
      return out;
    }

    /** Waits until the process's router has {@code version} (the coordinator may be down). */
    private void awaitVersion(ServiceProcess p, long version) throws InterruptedException {
      long deadline = System.nanoTime() + millis(VERSION_WAIT_MILLIS);
      while (p.table.routes().version() < version) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              p.name
                  + " stayed on version "
                  + p.table.routes().version()
                  + " for "
                  + VERSION_WAIT_MILLIS
                  + " ms while a fence asks for "
                  + version);
        }
        Thread.sleep(2);
      }
    }
  }

  private static byte[] key(Order o) {
    return OrdersRouting.key(o.tenant(), o.userId());
  }

  /** Null, or what a read misses: a revision acknowledged before it that it lacks or has older. */
  static String staleness(Map<String, Acked> before, List<OrderRevision> got) {
    Map<String, Long> seen = new HashMap<>();
    for (OrderRevision r : got) {
      seen.put(r.order().orderId(), r.revision());
    }
    for (Acked a : before.values()) {
      Long r = seen.get(a.order().orderId());
      if (r == null || r < a.revision()) {
        return "order "
            + a.order().orderId()
            + " acknowledged at revision "
            + a.revision()
            + ", read "
            + (r == null ? "missing" : "at revision " + r);
      }
    }
    return null;
  }

  private static long millis(long ms) {
    return TimeUnit.MILLISECONDS.toNanos(ms);
  }

  // ---------------------------------------------------------------------------------------------
  // The coordinator's JVM, killed and restarted

  /** A chosen kill: the first step line of its phase whose steps it matches. */
  private static final class Target {
    final Phase phase;
    final String what;
    final Predicate<Set<String>> steps;
    boolean done;

    Target(Phase phase, String what, Predicate<Set<String>> steps) {
      this.phase = phase;
      this.what = what;
      this.steps = steps;
    }
  }

  private static Predicate<Set<String>> only(String step) {
    return s -> s.equals(Set.of(step));
  }

  private static Predicate<Set<String>> counterAtLeast(String counter, int n) {
    return s -> {
      for (String step : s) {
        if (step.startsWith(counter) && Integer.parseInt(step.substring(counter.length())) >= n) {
          return true;
        }
      }
      return false;
    };
  }

  /** Starts {@link ChaosCoordinator} JVMs until one reaches DONE, killing them on the way. */
  static final class Driver {
    final List<String> kills = new ArrayList<>();
    String cutOverFencePublishKill;
    int crashes;
    MigrationState finalState;
    private final Map<Phase, Integer> perPhase = new EnumMap<>(Phase.class);
    private final List<String> endpoints;
    private final Path stateDir;
    private final Path routingFile;
    private final Path log;
    private final SplittableRandom rnd;
    private final Deque<String> lastLines = new ArrayDeque<>();
    private final long started = System.nanoTime();
    private Phase lastPhase = Phase.PLANNED;
    private final List<Target> targets =
        List.of(
            new Target(Phase.COPY, "mid-copy", counterAtLeast("copy#", 3)),
            new Target(
                Phase.DUAL_WRITE,
                "after its publish, before the source's fence",
                only("published")),
            new Target(Phase.DUAL_WRITE, "mid catch-up", counterAtLeast("catch-up#", 2)),
            new Target(Phase.VERIFY, "mid-verification", counterAtLeast("verify#", 2)),
            new Target(
                Phase.CANARY, "after its publish, before its verification", only("published")),
            new Target(Phase.CUT_OVER, "between the source's fence and the publish", only("fence")),
            new Target(
                Phase.ROLLBACK_WINDOW,
                "after its publish, before the target's fence",
                only("published")),
            new Target(Phase.ROLLBACK_WINDOW, "mid reverse copy", counterAtLeast("reverse#", 2)),
            new Target(
                Phase.DONE, "after its publish, before the source's fence", only("published")),
            new Target(Phase.DONE, "mid-cleanup", counterAtLeast("cleanup#", 2)));

    Driver(
        List<String> endpoints, Path stateDir, Path routingFile, Path dir, SplittableRandom rnd) {
      this.endpoints = endpoints;
      this.stateDir = stateDir;
      this.routingFile = routingFile;
      this.log = dir.resolve("coordinator.log");
      this.rnd = rnd;
    }

    Map<Phase, Integer> killsPerPhase() {
      return new EnumMap<>(perPhase);
    }

    void run() throws Exception {
      long deadline = started + millis(MIGRATION_DEADLINE_MILLIS);
      ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
      int randomKills = 0;
      try {
        while (true) {
          Process child = start();
          AtomicReference<String> why = new AtomicReference<>();
          AtomicBoolean finished = new AtomicBoolean();
          Thread reader = new Thread(() -> follow(child, why, finished), "chaos-coordinator-out");
          reader.setDaemon(true);
          reader.start();
          ScheduledFuture<?> randomKill = null;
          if (randomKills < MAX_RANDOM_KILLS && rnd.nextInt(100) < 40) {
            long after = 300 + rnd.nextLong(2_500);
            randomKill =
                timer.schedule(
                    () -> {
                      if (why.compareAndSet(null, "at random, " + after + " ms after its start")) {
                        child.destroyForcibly();
                      }
                    },
                    after,
                    TimeUnit.MILLISECONDS);
          }
          long left = deadline - System.nanoTime();
          if (!child.waitFor(Math.max(1, left), TimeUnit.NANOSECONDS)) {
            child.destroyForcibly();
            fail("the coordinator did not reach DONE in time; its last lines:\n" + tail());
          }
          reader.join(5_000);
          if (randomKill != null) {
            randomKill.cancel(false);
          }
          MigrationState state =
              MigrationStateStore.inDirectory(stateDir).load(ChaosCoordinator.MIGRATION_ID);
          if (finished.get() && child.exitValue() == 0) {
            finalState = state;
            return;
          }
          if (why.get() == null) {
            crashes++;
            System.out.println(
                "coordinator exited with status "
                    + child.exitValue()
                    + " in "
                    + (state == null ? "PLANNED" : ChaosCoordinator.describe(state))
                    + "; restarting (see "
                    + log
                    + ")");
            if (crashes > 3) {
              fail("the coordinator failed " + crashes + " times; last lines:\n" + tail());
            }
            Thread.sleep(500);
            continue;
          }
          if (why.get().startsWith("at random")) {
            randomKills++;
          }
          Phase phase = state == null ? Phase.PLANNED : state.phase();
          perPhase.merge(phase, 1, Integer::sum);
          long fileVersion = RoutingDocuments.read(Files.readAllBytes(routingFile)).version();
          if (state != null
              && state.phase() == Phase.CUT_OVER
              && state.steps().equals(Set.of("fence"))
              && fileVersion == state.version() - 1) {
            cutOverFencePublishKill =
                "confirmed: state CUT_OVER v" + state.version() + " [fence], file v" + fileVersion;
          }
          long down = 100 + rnd.nextLong(1_100);
          String line =
              String.format(
                  Locale.ROOT,
                  "%5.1f s kill %d: %s, in %s (routing file v%d); down %d ms",
                  (System.nanoTime() - started) / 1e9,
                  kills.size() + 1,
                  why.get(),
                  state == null ? "PLANNED" : ChaosCoordinator.describe(state),
                  fileVersion,
                  down);
          kills.add(line);
          System.out.println(line);
          Thread.sleep(down);
        }
      } finally {
        timer.shutdownNow();
      }
    }

    private Process start() throws IOException {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      List<String> cmd =
          new ArrayList<>(
              List.of(
                  java,
                  "-Xmx256m",
                  "-XX:+UseSerialGC",
                  "-XX:TieredStopAtLevel=1",
                  "-cp",
                  System.getProperty("java.class.path"),
                  ChaosCoordinator.class.getName(),
                  stateDir.toString(),
                  routingFile.toString(),
                  Long.toString(STEP_MILLIS),
                  Long.toString(BOUNDARY_MILLIS),
                  Long.toString(HOLD_MILLIS),
                  Integer.toString(BATCH)));
      cmd.addAll(endpoints);
      return new ProcessBuilder(cmd)
          .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .start();
    }

    /** Reads the child's lines; kills it at the first step line a pending target matches. */
    private void follow(Process child, AtomicReference<String> why, AtomicBoolean finished) {
      try (BufferedReader in =
          new BufferedReader(
              new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          synchronized (lastLines) {
            lastLines.addLast(line);
            if (lastLines.size() > 30) {
              lastLines.removeFirst();
            }
          }
          if (line.startsWith("FINISHED")) {
            finished.set(true);
          }
          if (!line.startsWith("STEP ")) {
            continue;
          }
          Phase phase = Phase.valueOf(field(line, "phase"));
          if (phase != lastPhase) {
            lastPhase = phase;
            System.out.printf(
                Locale.ROOT,
                "%5.1f s coordinator: %s v%s%n",
                (System.nanoTime() - started) / 1e9,
                phase,
                field(line, "version"));
          }
          String steps = field(line, "steps");
          Set<String> done = steps.isEmpty() ? Set.of() : Set.of(steps.split(","));
          for (Target t : targets) {
            if (!t.done && t.phase == phase && t.steps.test(done)) {
              if (why.compareAndSet(null, "chosen, " + phase + " " + t.what)) {
                t.done = true;
                child.destroyForcibly();
              }
              break;
            }
          }
        }
      } catch (IOException e) {
        // the child died: its pipe closed
      }
    }

    private static String field(String line, String name) {
      int at = line.indexOf(name + "=");
      if (at < 0) {
        return "";
      }
      int end = line.indexOf(' ', at);
      return line.substring(at + name.length() + 1, end < 0 ? line.length() : end);
    }

    private String tail() {
      synchronized (lastLines) {
        return String.join("\n", lastLines);
      }
    }
  }
}
