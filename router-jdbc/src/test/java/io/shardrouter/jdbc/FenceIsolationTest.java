package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fences hold at every isolation level: a client write ({@code apply}) or read ({@code read}) on
 * the caller's connection, racing a fence change on another connection, is never applied (never
 * answered) below the fence, at {@code READ COMMITTED}, {@code REPEATABLE READ} and {@code
 * SERIALIZABLE}, on H2 and PostgreSQL.
 *
 * <p>The races, each ordered deterministically on two real connections:
 *
 * <ul>
 *   <li>{@link Race#AFTER_SNAPSHOT_OF_ROWS} and {@link Race#AFTER_SNAPSHOT_OF_FENCES}: the caller's
 *       transaction reads first (the row table; or the row table and the fence table), which takes
 *       its snapshot, then {@code setFence} commits on another connection, then the caller calls
 *       the store. H2's {@code REPEATABLE READ} takes a table's snapshot at the transaction's first
 *       read of that table, hence the two variants.
 *   <li>{@link Race#WHILE_WAITING}: {@code setFence} runs its statements and is held before its
 *       commit (holding the lock record), the caller's call starts and is seen blocked on the
 *       database's lock table (PostgreSQL {@code pg_blocking_pids}, H2 {@code
 *       INFORMATION_SCHEMA.SESSIONS.BLOCKER_ID}), then the fence commits.
 * </ul>
 *
 * <p>The documented outcomes: a fence that refuses the call gives a refused result naming it (at
 * every level: directly, or after a serialization failure through the current fences); a fence
 * change that does not refuse it is invisible at {@code READ COMMITTED} (the call succeeds) and a
 * retryable {@link SQLTransactionRollbackException} under a snapshot that predates it, after which
 * the retried transaction succeeds.
 */
class FenceIsolationTest {
  private static final int PARTITIONS = 8;
  private static final byte[] KEY = {'k', 'e', 'y'};
  private static final byte[] OTHER_KEY = {'o'};
  private static final byte[] ID = {1};
  private static final byte[] VALUE = {'v'};

  /** The version the racing client routed with. */
  private static final long STALE = 2;

  /** The version the fence requires. */
  private static final long CURRENT = 3;

  private static final long WAIT_SECONDS = 20;
  private static final ExecutorService THREADS = Executors.newCachedThreadPool();

  @AfterAll
  static void stopThreads() {
    THREADS.shutdownNow();
  }

  /** An isolation level of the caller's transaction. */
  enum Level {
    READ_COMMITTED(Connection.TRANSACTION_READ_COMMITTED),
    REPEATABLE_READ(Connection.TRANSACTION_REPEATABLE_READ),
    SERIALIZABLE(Connection.TRANSACTION_SERIALIZABLE);

    final int jdbc;

    Level(int jdbc) {
      this.jdbc = jdbc;
    }
  }

  /**
   * What the caller does: a fenced write or a fenced read of {@link #KEY}, or a fenced read of
   * several keys ({@code JdbcMigrationStore.read(connection, version, partitions, keys)}, as {@code
   * ShardedTable.readAll} reads a group's keys): {@link #OTHER_KEY} of a partition no fence of
   * these tests names, then {@link #KEY}.
   */
  enum Op {
    WRITE,
    READ,
    READ_KEYS
  }

  /** When the fence commits, relative to the caller's transaction. */
  enum Race {
    /** After the caller's first read (of the row table), before the store call. */
    AFTER_SNAPSHOT_OF_ROWS,
    /** After the caller's first reads (of the row table and the fence table), before the call. */
    AFTER_SNAPSHOT_OF_FENCES,
    /** While the store call waits for the fence transaction's lock on the lock record. */
    WHILE_WAITING
  }

  static Stream<Arguments> races() {
    List<Arguments> out = new ArrayList<>();
    for (TestDatabase db : TestDatabase.values()) {
      for (Level level : Level.values()) {
        for (Op op : Op.values()) {
          for (Race race : Race.values()) {
            out.add(Arguments.of(db, level, op, race));
          }
        }
      }
    }
    return out.stream();
  }

  static Stream<Arguments> levels() {
    List<Arguments> out = new ArrayList<>();
    for (TestDatabase db : TestDatabase.values()) {
      for (Level level : Level.values()) {
        for (Op op : Op.values()) {
          out.add(Arguments.of(db, level, op));
        }
      }
    }
    return out.stream();
  }

  static Stream<Arguments> ownConnection() {
    List<Arguments> out = new ArrayList<>();
    for (TestDatabase db : TestDatabase.values()) {
      for (Level level : Level.values()) {
        for (Op op : new Op[] {Op.WRITE, Op.READ}) { // a read of several keys needs a connection
          for (boolean refusing : new boolean[] {true, false}) {
            out.add(Arguments.of(db, level, op, refusing));
          }
        }
      }
    }
    return out.stream();
  }

  /**
   * Whether a fence change committed during the caller's transaction makes the call fail (and the
   * caller retry) when the fence does not refuse it. Not at {@code READ COMMITTED}, where each
   * statement reads the latest committed rows. Not on H2 at {@code REPEATABLE READ} when the
   * transaction had not read the fence table before the change: H2 takes the table's snapshot at
   * that first read, which then sees the change.
   */
  private static boolean retries(TestDatabase db, Level level, Race race) {
    if (level == Level.READ_COMMITTED) {
      return false;
    }
    return !(db == TestDatabase.H2
        && level == Level.REPEATABLE_READ
        && race == Race.AFTER_SNAPSHOT_OF_ROWS);
  }

  @ParameterizedTest(name = "{0} {1} {2} {3}")
  @MethodSource("races")
  void refusingFenceCommittedDuringTheCall_refusesIt(TestDatabase db, Level level, Op op, Race race)
      throws Exception {
    try (Fixture f = new Fixture(db)) {
      Fence fence = new Fence(f.partition, CURRENT, CURRENT, Phase.CUT_OVER);
      Outcome o = f.race(level, op, race, fence);
      String at = db + " " + level + " " + op + " " + race + ": " + o;
      assertNull(o.failure, at);
      assertEquals(fence, o.refusedBy(), at);
      if (op != Op.WRITE) {
        assertEquals(List.of(), o.read.rows(), at);
      }
      f.assertNotWritten(at);
    }
  }

  @ParameterizedTest(name = "{0} {1} {2} {3}")
  @MethodSource("races")
  void otherFenceCommittedDuringTheCall_passesOrAsksForARetry(
      TestDatabase db, Level level, Op op, Race race) throws Exception {
    try (Fixture f = new Fixture(db)) {
      // Refuses version 2 on another partition only: not this call.
      Fence other = new Fence(f.otherPartition, STALE, CURRENT, Phase.DUAL_WRITE);
      assertNull(FenceRecords.refusing(List.of(other), STALE, f.partition));
      Outcome o = f.race(level, op, race, other);
      String at = db + " " + level + " " + op + " " + race + ": " + o;
      if (!retries(db, level, race)) {
        assertNull(o.failure, at);
        assertFalse(o.refused(), at);
        f.assertDone(op, o, at);
        return;
      }
      SQLTransactionRollbackException retry =
          assertInstanceOf(SQLTransactionRollbackException.class, o.failure, at);
      assertEquals("40001", retry.getSQLState(), at);
      assertTrue(retry.getMessage().contains("retry the transaction"), retry::getMessage);
      assertTrue(retry.getMessage().contains("'kv_fence'"), retry::getMessage);
      f.assertNotWritten(at);
      // The retried transaction starts after the change: it passes.
      try (Connection c = f.primary.getConnection()) {
        c.setTransactionIsolation(level.jdbc);
        c.setAutoCommit(false);
        Outcome again = f.call(op, c);
        c.commit();
        assertNull(again.failure, at + ", retried: " + again);
        assertFalse(again.refused(), at + ", retried: " + again);
        f.assertDone(op, again, at + ", retried");
      }
    }
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("levels")
  void fenceSetBefore_allowsTheCurrentVersionAndRefusesTheStaleOne(
      TestDatabase db, Level level, Op op) throws Exception {
    try (Fixture f = new Fixture(db)) {
      Fence fence = new Fence(f.partition, CURRENT, CURRENT, Phase.CUT_OVER);
      f.coordinator.setFence(fence);
      try (Connection c = f.primary.getConnection()) {
        c.setTransactionIsolation(level.jdbc);
        c.setAutoCommit(false);
        f.firstRead(c, true);
        Outcome stale = f.call(op, c, STALE);
        assertEquals(fence, stale.refusedBy(), stale::toString);
        Outcome current = f.call(op, c, CURRENT);
        assertNull(current.failure, current::toString);
        assertFalse(current.refused(), current::toString);
        c.commit();
        String at = db + " " + level + " " + op + ": " + current;
        if (op == Op.WRITE) {
          assertEquals(1, current.applied.applied(), at);
          Row stored = f.store.get(KEY, ID);
          assertNotNull(stored, at);
          assertEquals(CURRENT, stored.version(), at);
        } else {
          assertEquals(List.of(f.seeded), current.read.rows(), at);
        }
      }
    }
  }

  /**
   * The calls without a connection at a pool's non-default isolation level: the store runs its own
   * transaction at READ COMMITTED, so a fence committed while it waits refuses it (or, when it does
   * not refuse it, the call passes), and the connection goes back to the pool as it came.
   */
  @ParameterizedTest(name = "{0} pool at {1} {2} refusing={3}")
  @MethodSource("ownConnection")
  void storesOwnConnection_atAnyPoolLevel_fencedWhileWaiting(
      TestDatabase db, Level level, Op op, boolean refusing) throws Exception {
    try (Fixture f = new Fixture(db)) {
      Connections pool = new Connections(f.primary, level.jdbc);
      JdbcMigrationStore store = JdbcMigrationStore.create("g1", pool.dataSource(), "kv");
      Fence fence =
          refusing
              ? new Fence(f.partition, CURRENT, CURRENT, Phase.CUT_OVER)
              : new Fence(f.otherPartition, STALE, CURRENT, Phase.DUAL_WRITE);
      Outcome o =
          f.whileFenceWaits(
              fence,
              () ->
                  op == Op.WRITE
                      ? new Outcome(
                          store.apply(List.of(f.staleRow()), MigrationStore.WriteOrigin.CLIENT),
                          null,
                          null)
                      : new Outcome(null, store.read(STALE, f.partition, KEY), null));
      String at = db + " pool at " + level + " " + op + ": " + o;
      if (refusing) {
        assertEquals(fence, o.refusedBy(), at);
        f.assertNotWritten(at);
      } else {
        assertFalse(o.refused(), at);
        f.assertDone(op, o, at);
      }
      assertEquals(
          Collections.nCopies(pool.returned.size(), level.jdbc + "/autocommit"),
          pool.returned,
          "connections go back at the pool's level, in auto-commit mode");
      assertFalse(pool.returned.isEmpty());
    }
  }

  /** What a store call returned or threw. */
  record Outcome(
      MigrationStore.ApplyResult applied, MigrationStore.ReadResult read, SQLException failure) {
    Fence refusedBy() {
      if (applied != null) {
        return applied.refusedBy();
      }
      return read == null ? null : read.refusedBy();
    }

    boolean refused() {
      return refusedBy() != null;
    }
  }

  /** Work run on another thread that may fail with an SQLException. */
  private interface Call {
    Outcome run() throws SQLException;
  }

  /** One group's store, a coordinator's view of it, and the key the races are about. */
  private static final class Fixture implements AutoCloseable {
    final TestDatabase db;
    final DataSource primary;
    final JdbcMigrationStore store;

    /** The coordinator's view of the group: another store on the same tables. */
    final JdbcMigrationStore coordinator;

    /** The coordinator's view, whose first commit waits for {@link Gate#open}. */
    final JdbcMigrationStore heldCoordinator;

    final Gate gate;
    final int partition;
    final int otherPartition;
    final Row seeded;

    Fixture(TestDatabase db) {
      this.db = db;
      TestDatabase.Cluster cluster = db.open(1);
      this.primary = cluster.dataSource(cluster.endpoint(1));
      this.store = JdbcMigrationStore.create("g1", primary, "kv");
      store.createTables();
      this.coordinator = JdbcMigrationStore.create("g1", primary, "kv");
      this.gate = new Gate(primary);
      this.heldCoordinator = JdbcMigrationStore.create("g1", gate.dataSource(), "kv");
      this.partition = cluster.table("kv", 1, PARTITIONS).strategy().partitionOf(KEY);
      this.otherPartition = (partition + 1) % PARTITIONS;
      // The key's row a read finds (written before any fence, by the migration: another id).
      this.seeded = Row.of(KEY, new byte[] {0}, VALUE, 1, 1, partition);
      assertEquals(1, store.apply(List.of(seeded), MigrationStore.WriteOrigin.MIGRATION).applied());
    }

    Row staleRow() {
      return Row.of(KEY, ID, VALUE, STALE, 1, partition);
    }

    /** Takes the transaction's snapshot, as a service reads before it writes. */
    void firstRead(Connection c, boolean fences) throws SQLException {
      try (Statement s = c.createStatement()) {
        s.executeQuery("SELECT COUNT(*) FROM kv").close();
        if (fences) {
          s.executeQuery("SELECT COUNT(*) FROM kv_fence").close();
        }
      }
    }

    Outcome call(Op op, Connection c) {
      return call(op, c, STALE);
    }

    Outcome call(Op op, Connection c, long version) {
      try {
        if (op == Op.WRITE) {
          Row row = Row.of(KEY, ID, VALUE, version, 1, partition);
          return new Outcome(
              store.apply(c, List.of(row), MigrationStore.WriteOrigin.CLIENT), null, null);
        }
        if (op == Op.READ_KEYS) {
          JdbcMigrationStore.KeysRead r =
              store.read(
                  c,
                  version,
                  new int[] {(partition + 2) % PARTITIONS, partition}, // no fence's partition
                  List.of(OTHER_KEY, KEY));
          Fence refusedBy = r.refusedBy();
          if (refusedBy != null) {
            assertEquals(List.of(), r.rows(), "a refused read returns no rows");
            return new Outcome(null, MigrationStore.ReadResult.refused(refusedBy), null);
          }
          assertEquals(List.of(), r.rows().get(0), "the other key has no rows");
          return new Outcome(null, new MigrationStore.ReadResult(r.rows().get(1), null), null);
        }
        return new Outcome(null, store.read(c, version, partition, KEY), null);
      } catch (SQLException e) {
        return new Outcome(null, null, e);
      }
    }

    /**
     * Runs the race on a caller's connection at {@code level}, then ends the caller's transaction
     * as a careless caller would: it commits whatever the outcome, so that the test sees that a
     * refused or failed call wrote nothing (PostgreSQL rolls an aborted transaction back instead).
     */
    Outcome race(Level level, Op op, Race race, Fence fence) throws Exception {
      try (Connection c = primary.getConnection()) {
        c.setTransactionIsolation(level.jdbc);
        c.setAutoCommit(false);
        Outcome o;
        if (race == Race.WHILE_WAITING) {
          o = whileFenceWaits(fence, () -> call(op, c));
        } else {
          firstRead(c, race == Race.AFTER_SNAPSHOT_OF_FENCES);
          coordinator.setFence(fence);
          o = call(op, c);
        }
        try {
          c.commit();
        } catch (SQLException e) {
          c.rollback();
        }
        assertEquals(List.of(fence), store.fences());
        return o;
      }
    }

    /**
     * Sets {@code fence} through the coordinator's store and holds its transaction before the
     * commit; runs {@code call} on another thread, waits until the database shows it blocked by the
     * fence transaction, then lets the fence commit, and returns the call's outcome.
     */
    Outcome whileFenceWaits(Fence fence, Call call) throws Exception {
      Future<?> fencing = THREADS.submit(() -> heldCoordinator.setFence(fence));
      Future<Outcome> calling = null;
      try {
        String fenceSession = gate.awaitHeld(fencing);
        calling = THREADS.submit(call::run);
        awaitBlocked(fenceSession, calling);
      } finally {
        gate.open();
      }
      fencing.get(WAIT_SECONDS, TimeUnit.SECONDS);
      return calling.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** Polls the database's lock table until a session waits for {@code holder}. */
    private void awaitBlocked(String holder, Future<Outcome> calling) throws Exception {
      String sql =
          db == TestDatabase.H2
              ? "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS WHERE BLOCKER_ID = ?"
              : "SELECT COUNT(*) FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))";
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
      try (Connection monitor = primary.getConnection();
          PreparedStatement ps = monitor.prepareStatement(sql)) {
        ps.setInt(1, Integer.parseInt(holder));
        while (true) {
          if (calling.isDone()) {
            fail("the call did not wait for the fence transaction: " + outcome(calling));
          }
          try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            if (rs.getInt(1) > 0) {
              return;
            }
          }
          if (System.nanoTime() > deadline) {
            fail("no session blocked by the fence transaction after " + WAIT_SECONDS + " s");
          }
          TimeUnit.MILLISECONDS.sleep(2); // polling interval, not synchronisation
        }
      }
    }

    private static String outcome(Future<Outcome> f) {
      try {
        return String.valueOf(f.get());
      } catch (InterruptedException | ExecutionException e) {
        return e.toString();
      }
    }

    /** Nothing of the call was written: the write's row is absent, the key's rows unchanged. */
    void assertNotWritten(String at) {
      assertNull(store.get(KEY, ID), at + ": the write of version " + STALE + " was applied");
      assertEquals(List.of(seeded), store.fetch(List.of(KEY)), at);
    }

    /** The call succeeded: the write applied and committed, or the read found the key's row. */
    void assertDone(Op op, Outcome o, String at) {
      if (op == Op.WRITE) {
        assertEquals(1, o.applied.applied(), at);
        assertEquals(staleRow(), store.get(KEY, ID), at);
      } else {
        assertEquals(List.of(seeded), o.read.rows(), at);
      }
    }

    @Override
    public void close() {
      gate.open();
      if (primary instanceof JdbcConnectionPool pool) {
        pool.dispose();
      }
    }
  }

  /** The session id of a connection (H2 {@code SESSION_ID()}, PostgreSQL backend pid). */
  static String sessionId(Connection c) throws SQLException {
    String db = c.getMetaData().getDatabaseProductName();
    String sql = "H2".equals(db) ? "SELECT SESSION_ID()" : "SELECT pg_backend_pid()";
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static Object invoke(Object target, Method m, Object[] args) throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /**
   * A data source whose connections hold their first {@code commit()} until {@link #open}: the
   * coordinator's {@code setFence} runs its statements, holds the lock record, and waits.
   */
  private static final class Gate {
    private final DataSource delegate;
    private final AtomicBoolean armed = new AtomicBoolean(true);
    private final CountDownLatch held = new CountDownLatch(1);
    private final CountDownLatch opened = new CountDownLatch(1);
    private volatile String heldSession;

    Gate(DataSource delegate) {
      this.delegate = delegate;
    }

    DataSource dataSource() {
      return (DataSource)
          Proxy.newProxyInstance(
              Gate.class.getClassLoader(),
              new Class<?>[] {DataSource.class},
              (proxy, m, args) -> {
                Object r = invoke(delegate, m, args);
                return m.getName().equals("getConnection") ? gated((Connection) r) : r;
              });
    }

    private Connection gated(Connection c) throws SQLException {
      String session = sessionId(c); // in auto-commit mode, before the store uses it
      InvocationHandler h =
          (proxy, m, args) -> {
            if (m.getName().equals("commit") && armed.compareAndSet(true, false)) {
              heldSession = session;
              held.countDown();
              if (!opened.await(WAIT_SECONDS * 2, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the gate was never opened");
              }
            }
            return invoke(c, m, args);
          };
      return (Connection)
          Proxy.newProxyInstance(Gate.class.getClassLoader(), new Class<?>[] {Connection.class}, h);
    }

    /** Waits until a commit is held, and returns its connection's session id. */
    String awaitHeld(Future<?> fencing) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
      while (!held.await(10, TimeUnit.MILLISECONDS)) {
        if (fencing.isDone()) {
          fencing.get();
          fail("setFence returned without committing");
        }
        if (System.nanoTime() > deadline) {
          fail("setFence did not reach its commit in " + WAIT_SECONDS + " s");
        }
      }
      return heldSession;
    }

    void open() {
      opened.countDown();
    }
  }

  /**
   * A pool stand-in that hands connections out at {@code isolation} and records, when each is given
   * back, its isolation level and auto-commit mode.
   */
  private static final class Connections {
    private final DataSource delegate;
    private final int isolation;
    final List<String> returned = Collections.synchronizedList(new ArrayList<>());

    Connections(DataSource delegate, int isolation) {
      this.delegate = delegate;
      this.isolation = isolation;
    }

    DataSource dataSource() {
      return (DataSource)
          Proxy.newProxyInstance(
              Connections.class.getClassLoader(),
              new Class<?>[] {DataSource.class},
              (proxy, m, args) -> {
                Object r = invoke(delegate, m, args);
                if (!m.getName().equals("getConnection")) {
                  return r;
                }
                Connection c = (Connection) r;
                c.setTransactionIsolation(isolation);
                return Proxy.newProxyInstance(
                    Connections.class.getClassLoader(),
                    new Class<?>[] {Connection.class},
                    (p, cm, cargs) -> {
                      if (cm.getName().equals("close")) {
                        returned.add(
                            c.getTransactionIsolation()
                                + (c.getAutoCommit() ? "/autocommit" : "/transaction"));
                      }
                      return invoke(c, cm, cargs);
                    });
              });
    }
  }
}
