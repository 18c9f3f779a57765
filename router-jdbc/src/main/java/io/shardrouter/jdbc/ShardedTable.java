package io.shardrouter.jdbc;

import io.shardrouter.core.KeyText;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingListener;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.MovedException;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.ReadRoute;
import io.shardrouter.migrate.Row;
import io.shardrouter.migrate.WriteRoute;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiPredicate;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One business table sharded over the replica groups of a routing table: the service-side object
 * that writes and reads its rows by key while router-migrate moves keys between groups under it.
 *
 * <p>It follows a {@link Router} kept up to date by the caller's {@link RoutingSource} (a file, or
 * ZooKeeper): the router the source was made with ({@link Builder#routing(RoutingSource, Router)}),
 * or one of its own, subscribed to the source ({@link Builder#routing(RoutingSource,
 * RoutingTable)}). It owns the {@link MigrationRoutes} of the router's version, one pool per group
 * member ({@link ShardedDataSource}, made by the caller's {@link ShardedDataSource.Factory}) and
 * one {@link JdbcMigrationStore} per group. One listener on the router moves all of them to a new
 * version, in this order: the pools of the new version's groups (and of a migration's target
 * groups), then a store per new group (with its fence table), then the routes, in one volatile
 * swap; the pools of groups no version names any more are closed one version later. Calls read that
 * swap once, so a call never routes to a group whose pool or store is not open yet.
 *
 * <p><b>A failed update is never silent.</b> When a step fails (the pool factory throws, a group's
 * table lacks a column), the table stays on its previous version, and the failure shows in {@link
 * #status()} (the version it could not apply and why, a count of failed updates), in the log, and
 * in every call while the router is ahead: the call throws a {@link JdbcStoreException} naming the
 * version and the cause, after trying the update once more when {@link Builder#updateRetryInterval}
 * has passed since the last attempt (so a pool that was down is picked up without a restart).
 *
 * <p><b>Writes</b> ({@link #write}): the key is routed under the current routes; the row is applied
 * with {@link JdbcMigrationStore#apply(Connection, List, MigrationStore.WriteOrigin)} in a
 * transaction on the authoritative group's primary at the table's isolation level, with the fence
 * checked inside it; the caller's {@link InTransaction} statements (an {@link Outbox} event) run in
 * the same transaction when the row was applied, and commit with it; then, while keys move (a dual
 * write), the same row is applied on the second group. A fence's refusal, or a serialization
 * failure, rolls the transaction back, and the whole write is retried (with the same sequence, so
 * retries apply once) after the table reaches the fence's {@code minVersion}, within the bound of
 * {@link Builder#retry}: attempts and time. A call ends with one {@link Outcome}, or a {@link
 * JdbcStoreException} once the bound is spent (its cause is the last {@link MovedException} or
 * {@link SQLException}).
 *
 * <p><b>Batches</b> ({@link #writeAll}): rows routed in one batch route ({@link
 * MigrationRoutes#writeAll(byte[][], int, int, WriteRoute[])}, so that a lookup directory's cache
 * misses overlap), grouped by their authoritative group, one transaction per group, then one per
 * second group for the dual-written rows; a group's refused rows are retried as single writes are.
 *
 * <p><b>Reads</b> ({@link #read}): every row of one key, with the fence check and the rows in one
 * transaction ({@link JdbcMigrationStore#read(Connection, long, int, byte[])}); a compared canary
 * read reads both groups, counts a mismatch ({@link Status#canaryMismatches()}) and returns the
 * authoritative group's rows. Rows reach the caller's {@link RowMapper} as {@link StoredRow}s,
 * values by column name.
 *
 * <p><b>Isolation levels:</b> {@code READ COMMITTED}, {@code REPEATABLE READ} or {@code
 * SERIALIZABLE}, at which the fences hold (see {@link JdbcMigrationStore}, "Isolation levels"); a
 * connection is given back to its pool at the level it came with. Size each pool for two
 * connections per concurrent call: the fence check may read the fences on a second one.
 *
 * <p><b>Thread-safety:</b> safe for any number of threads; share one per table and process.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <K> the key class
 * @since 0.1
 */
public final class ShardedTable<K> implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ShardedTable.class);

  /**
   * Where the retry bound is set, for the message of a call that spent it: the builder, and the
   * Spring Boot starter's settings, which a starter user configures instead.
   */
  static final String RETRY_SETTINGS =
      "ShardedTable.Builder.retry(attempts, maxWait), or with the Spring Boot starter"
          + " shardrouter.table.retry-attempts and shardrouter.table.retry-max-wait";

  private final String table;
  private final List<String> columns;
  private final KeyEncoding<K> keys;
  private final RoutingSource source;
  private final Router router;
  private final boolean ownRouter; // made here, so unsubscribed from the source at close
  private final ShardedDataSource pools;
  private final int isolation;
  private final int maxAttempts;
  private final long maxWaitNanos;
  private final long updateRetryNanos;
  private final boolean createTables;
  private final RetryListener retries;
  private final RoutingListener listener =
      new RoutingListener() {
        @Override
        public void onUpdate(RoutingTable previous, RoutingTable current) {
          follow(current);
        }

        @Override
        public String toString() {
          return "ShardedTable '" + table + "'";
        }
      };

  private final Object updates = new Object();
  private final Map<String, Opened> opened = new HashMap<>(); // guarded by updates

  @SuppressWarnings("NullAway.Init") // build() sets it (follow(initial)) or throws before returning
  private volatile State state;

  private volatile @Nullable Failure failure;
  private volatile boolean closed;
  private long lastAttemptNanos; // guarded by updates

  private final LongAdder failedUpdates = new LongAdder();
  private final LongAdder movedRetries = new LongAdder();
  private final LongAdder serializationRetries = new LongAdder();
  private final LongAdder canaryMismatches = new LongAdder();

  /** The routes of one version and the stores of its groups. */
  private record State(RoutingTable table, MigrationRoutes routes, Map<String, Opened> stores) {
    long version() {
      return routes.version();
    }
  }

  /** A group's store and the pool it was opened on. */
  private record Opened(DataSource primary, JdbcMigrationStore store) {}

  /** An update that could not be applied. */
  private record Failure(long version, RuntimeException cause) {}

  private ShardedTable(
      Builder<K> b,
      RoutingSource source,
      RoutingTable initial,
      @Nullable Router shared,
      ShardedDataSource.Factory pools) {
    this.table = b.table;
    this.columns = b.columns;
    this.keys = b.keys;
    this.source = source;
    this.isolation = b.isolation;
    this.maxAttempts = b.maxAttempts;
    this.maxWaitNanos = b.maxWait.toNanos();
    this.updateRetryNanos = b.updateRetry.toNanos();
    this.createTables = b.createTables;
    this.retries = b.retries;
    this.router = shared != null ? shared : Router.create(initial);
    this.ownRouter = shared == null;
    this.pools = ShardedDataSource.create(pools);
  }

  /**
   * A builder for the table {@code table} with value columns {@code columns} (beside the five
   * bookkeeping columns {@link JdbcMigrationStore#create(String, DataSource, String, List)}
   * describes), keys encoded by {@code keys}.
   */
  public static <K> Builder<K> builder(String table, KeyEncoding<K> keys, String... columns) {
    return new Builder<>(table, keys, List.of(columns));
  }

  // ---- following versions

  /** Applies {@code next} when it is newer than the current state; records a failure. */
  private void follow(RoutingTable next) {
    synchronized (updates) {
      State s = state;
      if (closed || (s != null && next.version() <= s.version())) {
        return;
      }
      lastAttemptNanos = System.nanoTime();
      try {
        State now = open(next);
        state = now;
        Failure failed = failure;
        failure = null;
        if (s != null) {
          pools.untrack(s.table()); // closed one version later: calls in flight may still use it
          warnOfUnmigratedMoves(s, now);
        }
        Phase phase = migrationPhase(now.routes());
        if (s == null || phase != null || failed != null) {
          // the first version, a migration's phase, or the end of a failure: the router's line
          // of the swap ('routing table ... swapped') says none of these
          LOG.info(
              "sharded table '{}' follows routing version {} ({})",
              table,
              next.version(),
              phase == null ? "no migration" : phase);
        } else {
          LOG.debug("sharded table '{}' follows routing version {}", table, next.version());
        }
      } catch (RuntimeException e) {
        Failure before = failure;
        failure = new Failure(next.version(), e);
        if (before == null || before.version() != next.version()) { // a version, not an attempt
          failedUpdates.increment();
          LOG.error(
              "sharded table '{}' cannot follow routing version {} and stays on version {}; calls"
                  + " fail until it can",
              table,
              next.version(),
              s == null ? "none" : s.version(),
              e);
        } else {
          LOG.debug(
              "sharded table '{}' still cannot follow routing version {}: {}",
              table,
              next.version(),
              e.toString());
        }
      } finally {
        updates.notifyAll();
      }
    }
  }

  /**
   * The migration phase of {@code routes}, or null when no migration has touched its version (a
   * plain table, without a finished migration's {@code migration_end} marker): what {@link
   * Status#phase()} reports, and what the line logged for each version says ({@code no migration}).
   */
  static @Nullable Phase migrationPhase(MigrationRoutes routes) {
    return routes.plan() == null && routes.phase() == Phase.PLANNED ? null : routes.phase();
  }

  /** A key for a message: a {@code bytes} key in hex ({@code 0x0a1b}), any other as it prints. */
  static String shown(@Nullable Object key) {
    return key instanceof byte[] b ? "0x" + KeyText.hex(b) : String.valueOf(key);
  }

  /** Logs {@link #unmigratedMoves}, which never fails the version already applied. */
  private void warnOfUnmigratedMoves(State was, State now) {
    try {
      String moves = unmigratedMoves(table, was.routes(), now.routes());
      if (moves != null) {
        LOG.warn(moves);
      }
    } catch (RuntimeException e) { // a strategy's equals or movement: the version stands
      LOG.warn(
          "sharded table '{}' could not compare routing versions {} and {}",
          table,
          was.version(),
          now.version(),
          e);
    }
  }

  /**
   * What a warning says when {@code now} places partitions on other groups than {@code was} did (or
   * routes by another strategy) outside a migration, or null: the rows written before stay on their
   * old groups and drop out of reads. A migration's phases move rows with copies; a plain version
   * that moves partitions is a mistake unless they hold no rows.
   */
  static @Nullable String unmigratedMoves(String table, MigrationRoutes was, MigrationRoutes now) {
    if (was.plan() != null || now.plan() != null) {
      return null; // a migration's phases: its copies move the rows
    }
    RoutingTable a = was.table();
    RoutingTable b = now.table();
    String head = "sharded table '" + table + "': routing version " + b.version();
    String tail =
        " without a migration: rows written before stay where they are and drop out of reads;"
            + " move partitions that hold rows with a migration (docs/migration.md)";
    if (!a.strategy().equals(b.strategy())) {
      MovementReport r = MovementReport.between(a, b);
      if (r.partitionsKeepKeys() && r.moves().isEmpty() && r.keyMoves().isEmpty()) {
        return null; // e.g. a range split whose upper part stays on its group: no key moves group
      }
      return head
          + " routes by another strategy than version "
          + a.version()
          + (r.partitionsKeepKeys()
              ? " and moves "
                  + (r.moves().size() + r.keyMoves().size())
                  + " pieces of the key space"
              : ", so keys map to other partitions")
          + tail;
    }
    StringBuilder moved = new StringBuilder();
    int n = 0;
    for (int p = 0; p < a.partitionCount(); p++) {
      String from = a.groupOf(p).id();
      String to = b.groupOf(p).id();
      if (!from.equals(to)) {
        if (n++ < 10) {
          moved.append(n == 1 ? "" : ", ").append('p').append(p).append(' ').append(from);
          moved.append(" -> ").append(to);
        }
      }
    }
    if (n == 0) {
      return null;
    }
    return head
        + " places "
        + n
        + (n == 1 ? " partition" : " partitions")
        + " on another group than version "
        + a.version()
        + " did ("
        + moved
        + (n > 10 ? ", ..." : "")
        + ")"
        + tail;
  }

  /** Pools, then stores, then routes: the state of {@code next}. Guarded by updates. */
  private State open(RoutingTable next) {
    MigrationRoutes routes = MigrationRoutes.of(next); // a bad transition fails before any pool
    List<ReplicaGroup> groups = new ArrayList<>(next.groups());
    if (routes.plan() != null) {
      groups.addAll(routes.plan().from().groups());
      groups.addAll(routes.plan().to().groups());
    }
    pools.track(next);
    try {
      Map<String, Opened> stores = new HashMap<>();
      for (ReplicaGroup g : groups) {
        if (!stores.containsKey(g.id())) {
          stores.put(g.id(), storeOf(g));
        }
      }
      return new State(next, routes, Map.copyOf(stores));
    } catch (RuntimeException e) {
      pools.untrack(next);
      throw e;
    }
  }

  /** The store of {@code g} on its current pool, opened once per pool. Guarded by updates. */
  private Opened storeOf(ReplicaGroup g) {
    DataSource primary = pools.primary(g);
    Opened o = opened.get(g.id());
    if (o == null || o.primary() != primary) {
      JdbcMigrationStore store = JdbcMigrationStore.create(g.id(), primary, table, columns);
      if (createTables) {
        store.createTables();
      } else {
        store.checkTables(); // a missing table fails the version here, not every call later
      }
      o = new Opened(primary, store);
      opened.put(g.id(), o);
    }
    return o;
  }

  /**
   * The current state; when the router is ahead, the update is applied now or its failure thrown.
   */
  private State current() {
    State s = state;
    if (closed) {
      throw new IllegalStateException("sharded table '" + table + "' is closed");
    }
    if (s.version() >= router.version()) {
      return s;
    }
    synchronized (updates) {
      RoutingTable wanted = router.table();
      if (state.version() < wanted.version()
          && (failure == null || System.nanoTime() - lastAttemptNanos >= updateRetryNanos)) {
        follow(wanted);
      }
      s = state;
      Failure f = failure;
      if (s.version() < wanted.version() && f != null) {
        throw behind(s, f);
      }
      return s;
    }
  }

  private JdbcStoreException behind(State s, Failure f) {
    return new JdbcStoreException(
        "sharded table '"
            + table
            + "' is on routing version "
            + s.version()
            + " but its router has version "
            + router.version()
            + ": applying version "
            + f.version()
            + " failed ("
            + f.cause().getMessage()
            + "); fix the cause (the group's pool or its tables): the update is tried again by the"
            + " next call after "
            + Duration.ofNanos(updateRetryNanos)
            + ", or by refresh()",
        f.cause());
  }

  /**
   * Applies the router's current version now when the table is behind it (after a failed update),
   * whatever the retry interval.
   *
   * @return the status after the attempt
   */
  public Status refresh() {
    synchronized (updates) {
      follow(router.table());
    }
    return status();
  }

  /**
   * Waits until the table serves at least {@code version}, until {@code deadline} (nanoTime).
   *
   * @return true when it does
   * @throws JdbcStoreException when the router has that version but the update failed
   */
  private boolean awaitVersion(long version, long deadline) {
    synchronized (updates) {
      while (true) {
        State s = current();
        if (s.version() >= version) {
          return true;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        try {
          updates.wait(Math.max(1, Math.min(50, left / 1_000_000)));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException(
              "interrupted while waiting for routing version " + version + " of '" + table + "'",
              e);
        }
      }
    }
  }

  // ---- writes

  /**
   * Writes the row {@code id} of {@code key} with {@code sequence} and the value columns' {@code
   * values} (in the table's column order), as {@link #write(Write, InTransaction)} does with no
   * statements of the caller's.
   */
  public Outcome write(K key, String id, long sequence, Object... values) {
    if (values == null) {
      throw new IllegalArgumentException(
          "write of table '"
              + table
              + "': the values of row '"
              + id
              + "' are a null array; the table's value columns are "
              + columns
              + ": give one value per column, in that order (a SQL NULL is a null inside the"
              + " array)");
    }
    return write(Write.of(key, id, sequence, values), null);
  }

  /**
   * Writes {@code row}: on the authoritative group, with {@code extra} run in the same transaction
   * when the row was applied (not when it was already written, or superseded by a newer sequence),
   * then on the second group while keys move. Retries after a fence's refusal or a serialization
   * failure within the table's bound. The statements of {@code extra} commit with the row at most
   * once per call, even when a retry writes the row on another group.
   *
   * @param row the row
   * @param extra the caller's statements, or null
   * @return what the write did
   * @throws IllegalArgumentException when the row does not fit the table (names what and where)
   * @throws io.shardrouter.core.RoutingException when the key has no route (a range table's key in
   *     no range; a strategy's refusal), as the router words it
   * @throws JdbcStoreException when the bound is spent (cause: the last refusal or failure), a
   *     statement fails, or the table cannot follow its router's version
   */
  public Outcome write(Write<K> row, @Nullable InTransaction extra) {
    Pending p = pending(row, "write");
    long deadline = System.nanoTime() + maxWaitNanos;
    boolean applied = false;
    boolean extraDone = false;
    for (int attempt = 1; ; attempt++) {
      State s = current();
      WriteRoute route = s.routes().write(p.key);
      Row r = p.row(route);
      ReplicaGroup on = route.first(); // the group of the statement that may fail, for its error
      try {
        MigrationStore.ApplyResult first =
            applyLeg(s, on, List.of(r), extraDone ? null : extra, route.version());
        if (first.applied() > 0) {
          applied = true;
          extraDone = extra != null;
        }
        if (route.second() != null) {
          on = route.second();
          applyLeg(s, on, List.of(r), null, route.version());
        }
        if (applied) {
          return Outcome.WRITTEN;
        }
        return first.duplicates() > 0 ? Outcome.ALREADY_WRITTEN : Outcome.SUPERSEDED;
      } catch (MovedException e) {
        awaitOrThrow(Call.WRITE, "write of " + p, attempt, deadline, e.minVersion(), e);
      } catch (SQLException e) {
        retryOrThrow(
            Call.WRITE, "write of " + p + " on group '" + on.id() + "'", attempt, deadline, e);
      }
    }
  }

  /**
   * Writes {@code rows}: grouped by authoritative group, one transaction per group, then one per
   * second group for the rows that are dual-written; rows a fence refused, or whose transaction
   * failed to serialize, are retried together within the table's bound.
   *
   * @return how many rows were written, were already written, and were superseded
   * @throws IllegalArgumentException when a row does not fit the table or has no route (names its
   *     index; unlike {@link #write}, which lets the route's {@code RoutingException} out as it
   *     is). Rows are routed before an attempt writes any: on the first attempt nothing is written;
   *     a newer version that refuses a row left for a retry finds what earlier attempts wrote
   *     (other groups' rows, and first copies of rows whose second copy was refused)
   * @throws JdbcStoreException when the bound is spent with rows left (how many, and the last
   *     refusal or failure as the cause), a statement fails, or the table cannot follow its router
   */
  public BatchOutcome writeAll(List<Write<K>> rows) {
    Objects.requireNonNull(rows, "rows is null: give a list of rows (an empty one for none)");
    current(); // a closed table refuses every call, an empty one too
    List<Pending> left = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      left.add(pending(rows.get(i), "rows[" + i + "]"));
    }
    long deadline = System.nanoTime() + maxWaitNanos;
    int[] counts = new int[3];
    for (int attempt = 1; !left.isEmpty(); attempt++) {
      State s = current();
      Map<String, List<Pending>> byFirst = new LinkedHashMap<>();
      Map<String, ReplicaGroup> groups = new HashMap<>();
      WriteRoute[] routed = routeAll(s, left);
      for (int j = 0; j < left.size(); j++) {
        Pending p = left.get(j);
        p.route = routed[j];
        groups.put(p.route.first().id(), p.route.first());
        byFirst.computeIfAbsent(p.route.first().id(), g -> new ArrayList<>()).add(p);
      }
      List<Pending> retry = new ArrayList<>();
      Map<String, List<Pending>> bySecond = new LinkedHashMap<>();
      long minVersion = 0;
      Exception last = null;
      for (Map.Entry<String, List<Pending>> e : byFirst.entrySet()) {
        try {
          ReplicaGroup group = Objects.requireNonNull(groups.get(e.getKey()), "group of a batch");
          applyFirstLegs(s, group, e.getValue(), counts);
          for (Pending p : e.getValue()) {
            p.counted = true;
            if (p.route.second() != null) {
              groups.put(p.route.second().id(), p.route.second());
              bySecond.computeIfAbsent(p.route.second().id(), g -> new ArrayList<>()).add(p);
            }
          }
        } catch (MovedException m) {
          retry.addAll(e.getValue());
          minVersion = Math.max(minVersion, m.minVersion());
          last = m;
        } catch (SQLException x) {
          retry.addAll(e.getValue());
          last =
              retriable(
                  "write of " + e.getValue().size() + " rows on group '" + e.getKey() + "'", x);
        }
      }
      for (Map.Entry<String, List<Pending>> e : bySecond.entrySet()) {
        List<Row> batch = new ArrayList<>(e.getValue().size());
        for (Pending p : e.getValue()) {
          batch.add(p.row(p.route));
        }
        try {
          ReplicaGroup group = Objects.requireNonNull(groups.get(e.getKey()), "group of a batch");
          applyLeg(s, group, batch, null, s.version());
        } catch (MovedException m) {
          retry.addAll(e.getValue());
          minVersion = Math.max(minVersion, m.minVersion());
          last = m;
        } catch (SQLException x) {
          retry.addAll(e.getValue());
          last =
              retriable(
                  "write of " + batch.size() + " second copies on group '" + e.getKey() + "'", x);
        }
      }
      left = retry;
      if (left.isEmpty()) {
        break;
      }
      String what = "batch write (" + left.size() + " of " + rows.size() + " rows left)";
      if (last instanceof MovedException m) {
        awaitOrThrow(Call.BATCH, what, attempt, deadline, minVersion, m);
      } else {
        // every row left for a retry was put there with its group's failure
        againOrThrow(Call.BATCH, what, attempt, deadline, Objects.requireNonNull(last, what));
      }
    }
    return new BatchOutcome(counts[0], counts[1], counts[2]);
  }

  /** The first legs of one group's rows in one transaction; counts the rows not counted before. */
  private void applyFirstLegs(State s, ReplicaGroup g, List<Pending> ps, int[] counts)
      throws SQLException {
    List<Row> fresh = new ArrayList<>(ps.size());
    List<Row> again = new ArrayList<>();
    for (Pending p : ps) {
      (p.counted ? again : fresh).add(p.row(p.route));
    }
    Opened o = opened(s, g);
    try (Connection c = o.primary().getConnection()) {
      int was = begin(c);
      try {
        MigrationStore.ApplyResult r = fresh.isEmpty() ? null : apply(o, c, fresh, g, s.version());
        if (!again.isEmpty()) {
          apply(o, c, again, g, s.version());
        }
        c.commit();
        if (r != null) {
          counts[0] += r.applied();
          counts[1] += r.duplicates();
          counts[2] += r.superseded();
        }
      } catch (SQLException | RuntimeException e) {
        rollback(c, e);
        throw e;
      } finally {
        end(c, was);
      }
    }
  }

  /** Applies {@code rows} (at least one) on the caller's transaction; throws when refused. */
  private static MigrationStore.ApplyResult apply(
      Opened o, Connection c, List<Row> rows, ReplicaGroup g, long version) throws SQLException {
    MigrationStore.ApplyResult r = o.store().apply(c, rows, MigrationStore.WriteOrigin.CLIENT);
    Fence refusal = r.refusedBy(); // null exactly when not refused()
    if (refusal != null) {
      throw new MovedException(g.id(), refusal, version, null);
    }
    return r;
  }

  /**
   * Rows (at least one) on one group in one transaction, with the caller's statements when any was
   * applied.
   */
  private MigrationStore.ApplyResult applyLeg(
      State s, ReplicaGroup g, List<Row> rows, @Nullable InTransaction extra, long version)
      throws SQLException {
    Opened o = opened(s, g);
    try (Connection c = o.primary().getConnection()) {
      int was = begin(c);
      try {
        MigrationStore.ApplyResult r = apply(o, c, rows, g, version);
        if (extra != null && r.applied() > 0) {
          extra.run(c);
        }
        c.commit();
        return r;
      } catch (SQLException | RuntimeException e) {
        rollback(c, e);
        throw e;
      } finally {
        end(c, was);
      }
    }
  }

  // ---- reads

  /**
   * Every row of {@code key} in id order, each given to {@code mapper}: the fence check and the
   * rows in one transaction on the group the key's read route names (both groups of a compared
   * canary read, the authoritative one's rows returned); retried as writes are.
   *
   * @throws IllegalArgumentException when the key is null or cannot be encoded
   * @throws io.shardrouter.core.RoutingException when the key has no route (a range table's key in
   *     no range; a strategy's refusal), as the router words it
   * @throws JdbcStoreException when the bound is spent, a statement fails, or the table cannot
   *     follow its router's version
   */
  public <T> List<T> read(K key, RowMapper<T> mapper) {
    Objects.requireNonNull(mapper, "mapper");
    List<Row> rows =
        fencedRead(
            "read",
            key,
            (store, c, route, kb) -> {
              MigrationStore.ReadResult r = store.read(c, route.version(), route.partition(), kb);
              return r.refused() ? new Fenced<>(null, r.refusedBy()) : new Fenced<>(r.rows(), null);
            },
            ShardedTable::sameRows);
    return mapped(rows, mapper);
  }

  private <T> List<T> mapped(List<Row> rows, RowMapper<T> mapper) {
    List<T> out = new ArrayList<>(rows.size());
    for (Row r : rows) {
      out.add(
          mapper.map(
              new StoredRow(
                  table,
                  columns,
                  ColumnValues.decode(columns, r.value()),
                  r.id(),
                  r.sequence(),
                  r.version())));
    }
    return out;
  }

  /**
   * Every row of each of {@code keys}, a multi-get: element i holds the rows of {@code
   * keys.get(i)}, in id order, each given to {@code mapper}, as {@link #read} gives them. The keys
   * are routed in one batch route (a lookup directory's cache misses overlap) and grouped by the
   * group their read route names, and each group's keys are read in one transaction: one fence
   * check for their partitions, then their rows in one statement per 200 distinct keys, so that no
   * key is read from a group that stopped receiving its writes; a compared canary key is also read
   * on its second group, in that group's transaction, and gets the authoritative group's rows,
   * counting a mismatch, as {@link #read} does. Keep the list to a page: a group's fences cannot
   * change while its transaction runs. When a fence refuses one of a group's keys, or the group's
   * transaction fails to serialize, the transaction is rolled back and the group's keys are read
   * again with the others left, on the version the refusal asks for, within the table's retry
   * bound; the keys of the other groups are not read again. A key given twice gets its rows twice.
   *
   * @return one list of rows per key, in the order of {@code keys}
   * @throws IllegalArgumentException when a key is null, cannot be encoded or has no route (names
   *     its index; unlike {@link #read}, which lets the route's {@code RoutingException} out as it
   *     is)
   * @throws JdbcStoreException when the bound is spent with keys left (how many, and the last
   *     refusal or failure as the cause), a statement fails, or the table cannot follow its
   *     router's version
   */
  public <T> List<List<T>> readAll(List<K> keys, RowMapper<T> mapper) {
    Objects.requireNonNull(keys, "keys is null: give a list of keys (an empty one for none)");
    Objects.requireNonNull(mapper, "mapper is null: give a RowMapper of the table's rows");
    int n = keys.size();
    byte[][] encoded = new byte[n][];
    for (int i = 0; i < n; i++) {
      try {
        encoded[i] = this.keys.canonical(keys.get(i)); // refuses a null key, saying what it needs
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            "keys[" + i + "] of table '" + table + "': " + e.getMessage(), e);
      }
    }
    List<List<Row>> rows = new ArrayList<>(Collections.nCopies(n, List.<Row>of()));
    List<Integer> left = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      left.add(i);
    }
    if (n == 0) {
      current(); // a closed table refuses every call, an empty one too
      return List.of();
    }
    long deadline = System.nanoTime() + maxWaitNanos;
    for (int attempt = 1; !left.isEmpty(); attempt++) {
      State s = current();
      MultiRead read = new MultiRead(s, encoded, left);
      read.run();
      for (int i : left) {
        if (!read.retry.contains(i)) {
          rows.set(i, Objects.requireNonNull(read.answers.get(i), "an answer for every key read"));
        }
      }
      left = new ArrayList<>(read.retry);
      if (left.isEmpty()) {
        break;
      }
      String what = "multi-key read (" + left.size() + " of " + n + " keys left)";
      MovedException moved = read.moved;
      if (moved != null) { // a refusal asks for a newer version: wait for it
        if (read.failed != null) {
          serializationRetries.increment(); // the keys that failed to serialize go again too
        }
        awaitOrThrow(Call.READ, what, attempt, deadline, read.minVersion, moved);
      } else {
        againOrThrow(Call.READ, what, attempt, deadline, Objects.requireNonNull(read.failed, what));
      }
    }
    List<List<T>> out = new ArrayList<>(n);
    for (List<Row> r : rows) {
      out.add(mapped(r, mapper));
    }
    return out;
  }

  /**
   * The write routes of {@code left} on {@code s}'s version, in one batch (a directory's misses
   * overlap); a row no route holds (a range table's gap) is refused naming its index in the
   * caller's list.
   */
  private WriteRoute[] routeAll(State s, List<Pending> left) {
    int n = left.size();
    byte[][] keys = new byte[n][];
    for (int j = 0; j < n; j++) {
      keys[j] = left.get(j).key;
    }
    WriteRoute[] routed = new WriteRoute[n];
    try {
      s.routes().writeAll(keys, 0, n, routed);
    } catch (RoutingException e) {
      throw refusal(e, j -> left.get(j).where, j -> s.routes().write(keys[j]));
    }
    return routed;
  }

  /**
   * The refusal of a batch route, as the caller's argument: the key the batch refused ({@link
   * RoutingException#batchIndex()}), named {@code where} (its index in the caller's list: the
   * batch's own {@code keys[j]} counts within the keys it was given, which on a retry are the ones
   * left), with its single route's ({@code single}) own words. A batch refuses exactly the keys
   * single routes refuse.
   */
  private RuntimeException refusal(
      RoutingException batch, IntFunction<String> where, IntConsumer single) {
    int j = batch.batchIndex();
    if (j >= 0) {
      try {
        single.accept(j);
      } catch (RoutingException refused) {
        return new IllegalArgumentException(
            where.apply(j) + " of table '" + table + "': " + refused.getMessage(), refused);
      }
    }
    return new IllegalStateException(
        "the batch route refused a key that its single route takes: " + batch.getMessage(), batch);
  }

  /**
   * One attempt of {@link #readAll} on one routing version: the keys {@code left} read group by
   * group, one transaction each, the authoritative groups of compared canary reads after the
   * others; each key answered, or put back for the next attempt with the refusal or failure that
   * stopped it.
   */
  private final class MultiRead {
    final State s;
    final byte[][] encoded;
    final Map<Integer, ReadRoute> routes = new HashMap<>();
    final Map<Integer, List<Row>> answers = new HashMap<>();
    final Set<Integer> retry = new TreeSet<>();
    long minVersion; // the newest version a refusal asked for
    @Nullable MovedException moved; // the last refusal
    @Nullable Exception failed; // the last failure to serialize

    MultiRead(State s, byte[][] encoded, List<Integer> left) {
      this.s = s;
      this.encoded = encoded;
      int n = left.size();
      byte[][] asked = new byte[n][];
      for (int j = 0; j < n; j++) {
        asked[j] = encoded[left.get(j)];
      }
      ReadRoute[] routed = new ReadRoute[n];
      try {
        s.routes().readAll(asked, 0, n, routed); // a directory's misses overlap
      } catch (RoutingException e) { // no route holds a key (a range table's gap): name it
        throw refusal(e, j -> "keys[" + left.get(j) + "]", j -> s.routes().read(asked[j]));
      }
      for (int j = 0; j < n; j++) {
        routes.put(left.get(j), routed[j]);
      }
    }

    void run() {
      Map<String, List<Integer>> first = new LinkedHashMap<>();
      Map<String, List<Integer>> compared = new LinkedHashMap<>();
      Map<String, ReplicaGroup> groups = new HashMap<>();
      for (Map.Entry<Integer, ReadRoute> e : routes.entrySet()) {
        // by group and version: one fence check covers the keys routed with one version
        ReadRoute r = e.getValue();
        String at = r.group().id() + "@" + r.version();
        groups.put(at, r.group());
        first.computeIfAbsent(at, g -> new ArrayList<>()).add(e.getKey());
        ReplicaGroup other = r.compareWith();
        if (other != null) {
          String otherAt = other.id() + "@" + r.version();
          groups.put(otherAt, other);
          compared.computeIfAbsent(otherAt, g -> new ArrayList<>()).add(e.getKey());
        }
      }
      Map<Integer, List<Row>> seen = new HashMap<>();
      for (Map.Entry<String, List<Integer>> e : first.entrySet()) {
        onGroup(
            Objects.requireNonNull(groups.get(e.getKey()), "group of a read"), e.getValue(), seen);
      }
      Map<Integer, List<Row>> authoritative = new HashMap<>();
      for (Map.Entry<String, List<Integer>> e : compared.entrySet()) {
        List<Integer> still = new ArrayList<>();
        for (int i : e.getValue()) {
          if (!retry.contains(i)) {
            still.add(i);
          }
        }
        if (!still.isEmpty()) {
          onGroup(
              Objects.requireNonNull(groups.get(e.getKey()), "group of a read"),
              still,
              authoritative);
        }
      }
      for (Map.Entry<Integer, List<Row>> e : seen.entrySet()) {
        int i = e.getKey();
        if (retry.contains(i)) {
          continue;
        }
        List<Row> answer = e.getValue();
        if (route(i).compareWith() != null) {
          List<Row> a = Objects.requireNonNull(authoritative.get(i), "the compared group's rows");
          if (!sameRows(answer, a)) {
            canaryMismatches.increment();
          }
          answer = a;
        }
        answers.put(i, answer);
      }
    }

    private ReadRoute route(int i) {
      return Objects.requireNonNull(routes.get(i), "the route of a key being read");
    }

    /**
     * The keys {@code idx}, routed with one version, on group {@code g} in one transaction: one
     * fence check for their partitions, then their rows ({@link JdbcMigrationStore#read(Connection,
     * long, int[], List)}). A refusal rolls the transaction back and sends all of them back for a
     * retry (at {@code REPEATABLE READ} the refusal may have aborted it), as does a failure to
     * serialize.
     */
    private void onGroup(ReplicaGroup g, List<Integer> idx, Map<Integer, List<Row>> into) {
      Opened o = opened(s, g);
      long version = route(idx.get(0)).version(); // the same for all: grouped so
      int[] partitions = new int[idx.size()];
      List<byte[]> asked = new ArrayList<>(idx.size());
      for (int j = 0; j < idx.size(); j++) {
        partitions[j] = route(idx.get(j)).partition();
        asked.add(encoded[idx.get(j)]);
      }
      try (Connection c = o.primary().getConnection()) {
        int was = begin(c);
        try {
          JdbcMigrationStore.KeysRead r = o.store().read(c, version, partitions, asked);
          Fence refusedBy = r.refusedBy();
          if (refusedBy != null) {
            MovedException refusal = new MovedException(g.id(), refusedBy, version, null);
            rollback(c, refusal); // a failed rollback is kept on the refusal, as read keeps it
            retry.addAll(idx);
            minVersion = Math.max(minVersion, refusedBy.minVersion());
            moved = refusal;
            return;
          }
          c.commit();
          for (int j = 0; j < idx.size(); j++) {
            into.put(idx.get(j), r.rows().get(j));
          }
        } catch (SQLException | RuntimeException e) {
          rollback(c, e);
          throw e;
        } finally {
          end(c, was);
        }
      } catch (SQLException x) {
        retry.addAll(idx);
        failed = retriable("read of " + idx.size() + " keys on group '" + g.id() + "'", x);
      }
    }
  }

  /**
   * Runs the caller's {@code query} of {@code key}'s rows (its own SQL over the table, e.g. a page
   * of one user's orders) in a transaction on the group the key's read route names, after that
   * group's fence check in the same transaction: the query never reads a group that stopped
   * receiving the key's writes. A compared canary read runs it on both groups, counts a mismatch
   * when the two answers are not {@link Object#equals equal}, and returns the authoritative
   * group's. Retried as writes are (the query runs again: keep it free of side effects).
   *
   * @param key the key whose rows the query reads (only this key's: the fence covers its partition,
   *     not the whole table)
   * @param query the caller's statements, given the transaction's connection
   * @return the query's answer
   * @throws IllegalArgumentException when the key is null or cannot be encoded
   * @throws io.shardrouter.core.RoutingException when the key has no route (a range table's key in
   *     no range; a strategy's refusal), as the router words it
   * @throws JdbcStoreException when the bound is spent, a statement fails (cause: its {@link
   *     SQLException}), or the table cannot follow its router's version
   */
  public <T> T query(K key, KeyQuery<T> query) {
    Objects.requireNonNull(query, "query");
    return fencedRead(
        "query",
        key,
        (store, c, route, kb) -> {
          Fence refusing = store.checkFence(c, route.version(), route.partition());
          return refusing != null ? new Fenced<>(null, refusing) : new Fenced<>(query.run(c), null);
        },
        Objects::equals);
  }

  /** One group's answer to a read, or the fence that refused it (and no answer). */
  private record Fenced<T>(@Nullable T answer, @Nullable Fence refusedBy) {}

  /** A read on one group's connection, in a transaction: the fence check, then the rows. */
  private interface GroupRead<T> {
    Fenced<T> run(JdbcMigrationStore store, Connection c, ReadRoute route, byte[] key)
        throws SQLException;
  }

  /** The retry loop of reads: routes, reads (both groups of a compared canary), compares. */
  private <T> T fencedRead(String call, K key, GroupRead<T> read, BiPredicate<T, T> same) {
    byte[] kb;
    try {
      kb = keys.canonical(key);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          call + " of table '" + table + "': " + e.getMessage(), e); // as write names it
    }
    long deadline = System.nanoTime() + maxWaitNanos;
    for (int attempt = 1; ; attempt++) {
      State s = current();
      ReadRoute route = s.routes().read(kb);
      ReplicaGroup on = route.group(); // the group of the statement that may fail, for its error
      try {
        T answer = onGroup(s, on, route, kb, read);
        if (route.compareWith() != null) {
          on = route.compareWith();
          T authoritative = onGroup(s, on, route, kb, read);
          if (!same.test(answer, authoritative)) {
            canaryMismatches.increment();
          }
          answer = authoritative;
        }
        return answer;
      } catch (MovedException e) {
        awaitOrThrow(
            Call.READ, call + " of key " + shown(key), attempt, deadline, e.minVersion(), e);
      } catch (SQLException e) {
        retryOrThrow(
            Call.READ,
            call + " of key " + shown(key) + " on group '" + on.id() + "'",
            attempt,
            deadline,
            e);
      }
    }
  }

  @SuppressWarnings("NullAway") // a Fenced that no fence refused carries the read's answer
  private <T> T onGroup(State s, ReplicaGroup g, ReadRoute route, byte[] key, GroupRead<T> read)
      throws SQLException {
    Opened o = opened(s, g);
    try (Connection c = o.primary().getConnection()) {
      int was = begin(c);
      try {
        Fenced<T> r = read.run(o.store(), c, route, key);
        Fence refusedBy = r.refusedBy();
        if (refusedBy != null) {
          throw new MovedException(g.id(), refusedBy, route.version(), null);
        }
        c.commit();
        return r.answer();
      } catch (SQLException | RuntimeException e) {
        rollback(c, e);
        throw e;
      } finally {
        end(c, was);
      }
    }
  }

  private static boolean sameRows(List<Row> a, List<Row> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!Arrays.equals(a.get(i).id(), b.get(i).id()) || !a.get(i).sameContent(b.get(i))) {
        return false;
      }
    }
    return true;
  }

  // ---- transactions and retries

  private Opened opened(State s, ReplicaGroup g) {
    Opened o = s.stores().get(g.id());
    if (o == null) {
      throw new IllegalStateException(
          "sharded table '"
              + table
              + "' has no store for replica group '"
              + g.id()
              + "' at version "
              + s.version()
              + " (it has "
              + new java.util.TreeSet<>(s.stores().keySet())
              + ")");
    }
    return o;
  }

  /** Auto-commit off, at the table's level; returns the level to restore. */
  private int begin(Connection c) throws SQLException {
    c.setAutoCommit(false);
    int was = c.getTransactionIsolation();
    if (was != isolation) {
      c.setTransactionIsolation(isolation);
    }
    return was;
  }

  private void end(Connection c, int was) throws SQLException {
    if (c.isClosed()) {
      return;
    }
    if (was != isolation) {
      c.setTransactionIsolation(was);
    }
    c.setAutoCommit(true);
  }

  private static void rollback(Connection c, Exception e) {
    try {
      c.rollback();
    } catch (SQLException | RuntimeException cleanup) {
      e.addSuppressed(cleanup);
    }
  }

  /**
   * True for a serialization failure or deadlock, so the transaction may be run again: a {@link
   * SQLTransactionRollbackException}, SQL state {@code 40001} (H2 reports a deadlock so too),
   * {@code 40P01} (PostgreSQL's deadlock) or {@code 90131} (H2's concurrent update of a row under
   * {@code REPEATABLE READ}), on {@code e}, its causes or its chained exceptions.
   */
  static boolean serializationFailure(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SQLTransactionRollbackException) {
        return true;
      }
      if (t instanceof SQLException x) {
        for (SQLException n = x; n != null; n = n.getNextException()) {
          String state = n.getSQLState();
          if ("40001".equals(state) || "40P01".equals(state) || "90131".equals(state)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private SQLException retriable(String what, SQLException e) {
    if (!serializationFailure(e)) {
      throw new JdbcStoreException(what + " on table '" + table + "' failed", e);
    }
    return e;
  }

  /**
   * After a refusal: counts it and waits for {@code minVersion}, or throws when the attempts or the
   * time are spent.
   */
  private void awaitOrThrow(
      Call call, String what, int attempt, long deadline, long minVersion, MovedException e) {
    movedRetries.increment();
    if (attempt >= maxAttempts || !awaitVersion(minVersion, deadline)) {
      throw exhausted(what, attempt, deadline, e);
    }
    retries.retrying(call, e);
  }

  private void retryOrThrow(Call call, String what, int attempt, long deadline, SQLException e) {
    againOrThrow(call, what, attempt, deadline, retriable(what, e));
  }

  /**
   * After a serialization failure: counts it and backs off, or throws when the attempts or the time
   * are spent.
   */
  private void againOrThrow(Call call, String what, int attempt, long deadline, Exception e) {
    serializationRetries.increment();
    if (attempt >= maxAttempts || System.nanoTime() >= deadline) {
      throw exhausted(what, attempt, deadline, e);
    }
    retries.retrying(call, e);
    backOff(attempt);
  }

  private static void backOff(int attempt) {
    try {
      Thread.sleep(Math.min(20, attempt));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted between retries", e);
    }
  }

  private JdbcStoreException exhausted(String what, int attempts, long deadline, Exception last) {
    boolean timedOut = System.nanoTime() >= deadline;
    boolean moved = last instanceof MovedException; // else the last attempt failed to serialize
    return new JdbcStoreException(
        what
            + " on table '"
            + table
            + (moved ? "' refused after " : "' failed after ")
            + attempts
            + (attempts == 1 ? " attempt" : " attempts")
            + (timedOut ? " and " + Duration.ofNanos(maxWaitNanos) : "")
            + " (the retry bound: "
            + maxAttempts
            + " attempts, "
            + Duration.ofNanos(maxWaitNanos)
            + "); the table serves routing version "
            + state.version()
            + ", the source reports "
            + source.status()
            + ". Last: "
            + last.getMessage()
            + (moved
                ? ". Check that the routing source delivers the version the fence asks for, or"
                : ". The last attempt failed to serialize against other transactions on the same"
                    + " rows: spread the writers of these keys out in time, or")
            + " raise the bound: "
            + RETRY_SETTINGS,
        last);
  }

  private Pending pending(Write<K> w, String where) {
    if (w == null) {
      throw new IllegalArgumentException(
          where + " of table '" + table + "' is null: give a Write for every row");
    }
    String id = w.id(); // a Write is made before any table is named: its id is checked here
    if (id == null) {
      throw new IllegalArgumentException(
          where
              + " of table '"
              + table
              + "' has no row id (null): every row needs an id among the rows of its key");
    }
    if (w.sequence() < 1) {
      throw new IllegalArgumentException(
          where
              + " of table '"
              + table
              + "' has sequence "
              + w.sequence()
              + "; sequences start at 1 and grow per key and id");
    }
    byte[] key;
    try {
      key = keys.canonical(w.key());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(where + " of table '" + table + "': " + e.getMessage(), e);
    }
    if (w.values().size() != columns.size()) {
      throw new IllegalArgumentException(
          where
              + " of table '"
              + table
              + "' has "
              + w.values().size()
              + " values; the table's value columns are "
              + columns
              + ": give one value per column, in that order");
    }
    byte[] value;
    try {
      value = ColumnValues.encode(columns, w.values().toArray());
    } catch (JdbcStoreException e) {
      throw new IllegalArgumentException(where + " of table '" + table + "': " + e.getMessage(), e);
    }
    return new Pending(w, where, key, id.getBytes(StandardCharsets.UTF_8), value);
  }

  /** A row on its way: its bytes, and the route of the current attempt. */
  private static final class Pending {
    final Write<?> write;
    final String where; // rows[i], as errors name it
    final byte[] key;
    final byte[] id;
    final byte[] value;

    @SuppressWarnings("NullAway.Init") // writeAll routes every Pending before it reads the route
    WriteRoute route;

    boolean counted;

    Pending(Write<?> write, String where, byte[] key, byte[] id, byte[] value) {
      this.write = write;
      this.where = where;
      this.key = key;
      this.id = id;
      this.value = value;
    }

    Row row(WriteRoute r) {
      return Row.of(key, id, value, r.version(), write.sequence(), r.partition());
    }

    @Override
    public String toString() {
      return "row '"
          + write.id()
          + "' of key "
          + shown(write.key())
          + " (sequence "
          + write.sequence()
          + ")";
    }
  }

  // ---- what the service sees

  /** The table's name. */
  public String table() {
    return table;
  }

  /** The value columns, in order. */
  public List<String> columns() {
    return columns;
  }

  /**
   * The router this table follows (the one given to {@link Builder#routing(RoutingSource, Router)},
   * or its own): give it to other components that route the same entity.
   */
  public Router router() {
    return router;
  }

  /** The routing source the table follows (the caller's: closing the table leaves it open). */
  public RoutingSource source() {
    return source;
  }

  /** The routes of the version the table serves. */
  public MigrationRoutes routes() {
    return state.routes();
  }

  /** The pools of every group the table serves: e.g. for queries across groups. */
  public ShardedDataSource pools() {
    return pools;
  }

  /**
   * The store of every group of the current version and of {@code target} (the target table of a
   * migration a coordinator in this process runs), opening pools and stores for target's groups
   * now; those stay open until the table is closed. Give the map to {@code
   * MigrationCoordinator.Builder.stores}.
   *
   * @throws JdbcStoreException when a pool or store cannot be opened
   */
  public Map<String, JdbcMigrationStore> migrationStores(RoutingTable target) {
    Objects.requireNonNull(target, "target");
    synchronized (updates) {
      State s = current();
      pools.track(target);
      Map<String, JdbcMigrationStore> out = new HashMap<>();
      s.stores().forEach((id, o) -> out.put(id, o.store()));
      Set<String> seen = new HashSet<>(out.keySet());
      for (ReplicaGroup g : target.groups()) {
        if (seen.add(g.id())) {
          out.put(g.id(), storeOf(g).store());
        }
      }
      return Map.copyOf(out);
    }
  }

  /** The version served, the router's and the source's state, failures and counters. */
  public Status status() {
    Failure f = failure;
    State s = state;
    return new Status(
        s.version(),
        migrationPhase(s.routes()),
        router.version(),
        source.status(),
        f == null ? RoutingSource.Status.NO_VERSION : f.version(),
        f == null ? null : f.cause(),
        failedUpdates.sum(),
        movedRetries.sum(),
        serializationRetries.sum(),
        canaryMismatches.sum());
  }

  /**
   * Stops following the source (which stays open: the caller owns it) and closes every pool. Calls
   * after close throw {@link IllegalStateException}.
   */
  @Override
  public void close() {
    synchronized (updates) {
      if (closed) {
        return;
      }
      closed = true;
    }
    if (ownRouter) {
      source.unsubscribe(router); // a router given to the builder stays the caller's
    }
    router.removeListener(listener);
    pools.close();
  }

  @Override
  public String toString() {
    return "ShardedTable{" + table + " " + columns + ", " + state.routes() + "}";
  }

  // ---- nested types

  /** What one write did. */
  public enum Outcome {
    /** The row was applied (and the caller's statements committed with it). */
    WRITTEN,
    /** The row was there with this sequence already: a retried request, nothing changed. */
    ALREADY_WRITTEN,
    /** The row was there with a higher sequence: this write was older, nothing changed. */
    SUPERSEDED
  }

  /**
   * What a batch did: how many rows were written, already written, superseded.
   *
   * @param written rows applied
   * @param alreadyWritten rows that were there with the same sequence
   * @param superseded rows that were there with a higher sequence
   */
  public record BatchOutcome(int written, int alreadyWritten, int superseded) {}

  /**
   * One row to write: its key, its id among the rows of the key, its sequence (growing per key and
   * id; a retry reuses it) and its value columns' values in the table's column order ({@code
   * String}, {@code Long}, {@code Integer}, {@code Short}, {@code Boolean}, {@code Double}, {@code
   * BigDecimal}, {@code byte[]} or null). The table checks the row when it is written ({@link
   * #write(Write, InTransaction)}, {@link #writeAll}), naming itself: a null key or id, a sequence
   * below 1, values that do not fit its columns.
   *
   * @param <K> the key class
   * @param key the key
   * @param id the row's id
   * @param sequence the sequence
   * @param values the values
   */
  public record Write<K>(K key, String id, long sequence, List<Object> values) {
    /**
     * Copies the values (null values allowed).
     *
     * @throws NullPointerException when {@code values} itself is null
     */
    public Write {
      if (values == null) {
        throw new NullPointerException(nullValues(id));
      }
      values = java.util.Collections.unmodifiableList(new ArrayList<>(values));
    }

    /**
     * A write of {@code values}.
     *
     * @throws NullPointerException when {@code values} is a null array
     */
    public static <K> Write<K> of(K key, String id, long sequence, Object... values) {
      if (values == null) {
        throw new NullPointerException(nullValues(id));
      }
      return new Write<>(key, id, sequence, Arrays.asList(values));
    }

    private static String nullValues(@Nullable String id) {
      return "the values of Write '"
          + id
          + "' are null: give one value per value column of its table, in the table's column"
          + " order (a SQL NULL is a null inside them)";
    }
  }

  /** Statements of the caller's in a write's transaction (an outbox event). */
  @FunctionalInterface
  public interface InTransaction {
    /**
     * Runs the statements on {@code transaction}; do not commit or roll back.
     *
     * @throws SQLException to roll the write back (the call throws)
     */
    void run(Connection transaction) throws SQLException;
  }

  /**
   * The caller's statements reading one key's rows in a fenced transaction ({@link #query}).
   *
   * @param <T> the answer's type
   */
  @FunctionalInterface
  public interface KeyQuery<T> {
    /**
     * Reads on {@code transaction}, after the group's fence check; do not commit or roll back.
     *
     * @throws SQLException to fail the read (a serialization failure is retried)
     */
    T run(Connection transaction) throws SQLException;
  }

  /** The kinds of call a {@link RetryListener} hears of. */
  public enum Call {
    /** {@link #write}. */
    WRITE,
    /** {@link #writeAll}. */
    BATCH,
    /** {@link #read}, {@link #readAll} or {@link #query}. */
    READ
  }

  /** Hears of each retry of a call ({@link Builder#onRetry}). */
  @FunctionalInterface
  public interface RetryListener {
    /**
     * {@code call} runs again after {@code cause}: a {@link MovedException} (a fence refused it;
     * the table now serves the version the fence named) or a serialization failure ({@link
     * SQLException}).
     */
    void retrying(Call call, Exception cause);
  }

  /** Makes the caller's object of one stored row. */
  @FunctionalInterface
  public interface RowMapper<T> {
    /** The caller's object of {@code row}. */
    T map(StoredRow row);
  }

  /**
   * What a {@link ShardedTable} reports.
   *
   * @param version the routing version the table serves
   * @param phase the migration phase of that version: a moving phase while a migration runs, {@code
   *     DONE} or {@code ROLLED_BACK} for the last version of one that ended; null when no migration
   *     has touched the version (the table's log line says {@code no migration})
   * @param routerVersion the version its router has: higher than {@code version} while an update is
   *     being applied, or after one failed
   * @param source the routing source's own status (a table it refused shows there)
   * @param failedVersion the version whose update failed last, or -1
   * @param lastError why, or null when the last update succeeded
   * @param failedUpdates routing versions the table could not apply since it was built (a version
   *     that fails again when retried counts once)
   * @param movedRetries a fence's refusals of a call's attempt, each retried while the call's retry
   *     bound lasts (the last one of a call that spent its bound is counted too)
   * @param serializationRetries serialization failures of a call's attempt, counted as {@code
   *     movedRetries} are
   * @param canaryMismatches compared canary reads whose two groups answered differently
   */
  public record Status(
      long version,
      @Nullable Phase phase,
      long routerVersion,
      RoutingSource.Status source,
      long failedVersion,
      @Nullable RuntimeException lastError,
      long failedUpdates,
      long movedRetries,
      long serializationRetries,
      long canaryMismatches) {
    /**
     * True when the table is ready for traffic: it {@link #followsRouter() follows its router}, and
     * its routing source has a table ({@link RoutingSource.Status#hasTable()}). A source that has
     * delivered none (ZooKeeper has not answered and there is no good last-known-good copy) leaves
     * the table serving the table it was built with ({@link Builder#routing(RoutingSource,
     * RoutingTable)}'s initial table, or the router's), which nothing has confirmed is the one the
     * fleet routes by: a version published since, which places partitions on other groups, would
     * have this process write rows where no other process reads them. Calls still run. A source
     * that serves the table it was made with reports it as its own: {@link RoutingSource#fixed}
     * always, a {@code RoutingFileSource} its router's table (the seed until the file is read), a
     * ZooKeeper source its last-known-good copy. A table the source refused while it keeps one does
     * not count here: the table serves the source's last good version, as every process that
     * refused the same table does; {@link RoutingSource.Status#healthy()} reports it.
     */
    public boolean healthy() {
      return followsRouter() && source.hasTable();
    }

    /**
     * True when the table serves its router's version and its last update succeeded; false while
     * the router is ahead (every call throws a {@link JdbcStoreException} until the update
     * succeeds).
     */
    public boolean followsRouter() {
      return lastError == null && version >= routerVersion;
    }
  }

  /**
   * Builds a {@link ShardedTable}.
   *
   * <p><b>Thread-safety:</b> not thread-safe; build on one thread.
   *
   * @param <K> the key class
   */
  public static final class Builder<K> {
    private final String table;
    private final KeyEncoding<K> keys;
    private final List<String> columns;
    private @Nullable RoutingSource source;
    private @Nullable RoutingTable initial; // set with source, or else
    private @Nullable Router router; // the caller's, whose table is the initial one
    private ShardedDataSource.@Nullable Factory pools;
    private int isolation = Connection.TRANSACTION_READ_COMMITTED;
    private int maxAttempts = 20;
    private Duration maxWait = Duration.ofSeconds(10);
    private Duration updateRetry = Duration.ofSeconds(1);
    private boolean createTables = true;
    private RetryListener retries = (call, cause) -> {};

    private Builder(String table, KeyEncoding<K> keys, List<String> columns) {
      this.table = SqlIdentifiers.check("sharded table", table);
      this.keys = Objects.requireNonNull(keys, "keys");
      if (columns.isEmpty()) {
        throw new IllegalArgumentException(
            "sharded table '"
                + table
                + "' needs at least one value column beside row_key, row_id, routed_version, seq"
                + " and part; name them in builder(table, keys, columns...)");
      }
      if (new HashSet<>(columns).size() != columns.size()) {
        throw new IllegalArgumentException(
            "sharded table '" + table + "' names a value column twice: " + columns);
      }
      for (String c : columns) {
        SqlIdentifiers.check("value column of table '" + table + "'", c);
      }
      this.columns = List.copyOf(columns);
    }

    /**
     * Where routing versions come from, and the table to start from until the source gives a newer
     * one (the table the source was built with, or the last one saved): the table's router
     * subscribes to the source at build time. The table serves {@code initial} at once; while the
     * source has delivered no table, {@link Status#healthy()} is false.
     */
    public Builder<K> routing(RoutingSource source, RoutingTable initial) {
      this.source = Objects.requireNonNull(source, "source");
      this.initial = Objects.requireNonNull(initial, "initial");
      this.router = null;
      return this;
    }

    /**
     * Where routing versions come from, and the router the source keeps up to date (the one it was
     * made with: {@code RoutingFileSource.of(file, router)}, {@code ZkRoutingSource.router()}): the
     * table follows that router from its current table on, instead of a router of its own, so that
     * a process has one router per entity and each version is swapped, and logged, once. The table
     * subscribes the router to the source at build time (a router already subscribed, or the
     * source's own, stays as it is) and leaves it subscribed when it closes, and when the build
     * fails: the router, like the source, is the caller's. While the source has delivered no table
     * (a router of the caller's own, beside a source that has none yet), {@link Status#healthy()}
     * is false.
     */
    public Builder<K> routing(RoutingSource source, Router router) {
      this.source = Objects.requireNonNull(source, "source");
      this.router = Objects.requireNonNull(router, "router");
      this.initial = null;
      return this;
    }

    /** Makes each group member's pool (and closes it when no version names the member). */
    public Builder<K> pools(ShardedDataSource.Factory factory) {
      this.pools = Objects.requireNonNull(factory, "factory");
      return this;
    }

    /**
     * The isolation level of the table's transactions: {@link
     * Connection#TRANSACTION_READ_COMMITTED} (the default), {@link
     * Connection#TRANSACTION_REPEATABLE_READ} or {@link Connection#TRANSACTION_SERIALIZABLE}.
     */
    public Builder<K> isolation(int level) {
      if (level != Connection.TRANSACTION_READ_COMMITTED
          && level != Connection.TRANSACTION_REPEATABLE_READ
          && level != Connection.TRANSACTION_SERIALIZABLE) {
        throw new IllegalArgumentException(
            "isolation level "
                + level
                + " of table '"
                + table
                + "' is not one the fences hold at; use Connection.TRANSACTION_READ_COMMITTED ("
                + Connection.TRANSACTION_READ_COMMITTED
                + "), TRANSACTION_REPEATABLE_READ ("
                + Connection.TRANSACTION_REPEATABLE_READ
                + ") or TRANSACTION_SERIALIZABLE ("
                + Connection.TRANSACTION_SERIALIZABLE
                + ")");
      }
      this.isolation = level;
      return this;
    }

    /**
     * The bound of one call's retries after a fence's refusal or a serialization failure: at most
     * {@code attempts} attempts and {@code maxWait} (default 20 attempts, 10 s).
     */
    public Builder<K> retry(int attempts, Duration maxWait) {
      if (attempts < 1) {
        throw new IllegalArgumentException(
            "retry attempts of table '" + table + "' must be >= 1, got " + attempts);
      }
      if (maxWait == null || maxWait.isNegative() || maxWait.isZero()) {
        throw new IllegalArgumentException(
            "retry maxWait of table '" + table + "' must be positive, got " + maxWait);
      }
      this.maxAttempts = attempts;
      this.maxWait = maxWait;
      return this;
    }

    /** How long after a failed update a call tries it again (default 1 s; zero: every call). */
    public Builder<K> updateRetryInterval(Duration interval) {
      if (interval == null || interval.isNegative()) {
        throw new IllegalArgumentException(
            "updateRetryInterval of table '" + table + "' must be >= 0, got " + interval);
      }
      this.updateRetry = interval;
      return this;
    }

    /**
     * Told of every retry, on the caller's thread, before the call runs again (e.g. to count the
     * retries of each phase of a migration, or to trace a request); it must not throw. None by
     * default: {@link #status()} counts them anyway.
     */
    public Builder<K> onRetry(RetryListener listener) {
      this.retries = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * Whether opening a group's store creates its fence table and checks the table's columns
     * (default true; both are idempotent), or only checks that both tables are there, creating
     * nothing ({@link JdbcMigrationStore#checkTables()}: for a schema the service's own migrations
     * create).
     */
    public Builder<K> createTables(boolean create) {
      this.createTables = create;
      return this;
    }

    /**
     * The table, following the source from now on.
     *
     * @throws IllegalStateException when the routing source or the pool factory is missing
     * @throws IllegalArgumentException when the key encoding does not match the routing table's key
     *     type, or the source serves another entity
     * @throws JdbcStoreException when a group's pool or store cannot be opened (a missing column is
     *     named)
     */
    public ShardedTable<K> build() {
      RoutingSource source = this.source;
      Router shared = this.router;
      RoutingTable initial = shared != null ? shared.table() : this.initial;
      ShardedDataSource.Factory pools = this.pools;
      if (source == null || initial == null) {
        throw new IllegalStateException(
            "sharded table '"
                + table
                + "' has no routing source: call routing(source, router) with the router the"
                + " source keeps up to date, or routing(source, initial)");
      }
      if (pools == null) {
        throw new IllegalStateException(
            "sharded table '" + table + "' has no pool factory: call pools(factory)");
      }
      if (!keys.keyType().equals(initial.keyType())) {
        throw new IllegalArgumentException(
            "sharded table '"
                + table
                + "' encodes keys as "
                + keys.keyType()
                + " but routing table '"
                + initial.entity()
                + "' routes keys of type "
                + initial.keyType()
                + "; build it with "
                + KeyEncoding.factoryFor(initial.keyType()));
      }
      ShardedTable<K> t = new ShardedTable<>(this, source, initial, shared, pools);
      try {
        if (shared != null) {
          // a router the source refuses (another entity's) is refused before any pool is opened
          try {
            source.subscribe(shared);
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                "sharded table '"
                    + table
                    + "': the router given to routing(source, router) cannot follow its source: "
                    + e.getMessage(),
                e);
          }
        }
        t.follow(initial);
        if (t.failure != null) {
          throw new JdbcStoreException(
              "sharded table '"
                  + table
                  + "' cannot open routing version "
                  + initial.version()
                  + ": "
                  + t.failure.cause().getMessage(),
              t.failure.cause());
        }
        t.router.addListener(t.listener);
        source.subscribe(t.router);
        t.current(); // a newer version from the source must open, or the build fails
      } catch (RuntimeException e) {
        t.close();
        throw e;
      }
      return t;
    }
  }
}
