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

import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MovedException;
import io.shardrouter.migrate.Phase;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The retry bound of the table's calls (attempts, time, what the failure says), serialization
 * failures taken for retries and other failures not, the transactions' rollbacks, and the state a
 * pooled connection is given back in. H2 only: the failures are injected at the data source.
 */
class ShardedTableRetryTest {
  private static final int PARTITIONS = 16;

  /** Pools over H2 whose connections can fail on cue; each creates the business table. */
  static final class Pools implements ShardedDataSource.Factory {
    final TestDatabase.Cluster cluster;
    final String ddl;
    final Map<String, FaultyDataSource> byEndpoint = new ConcurrentHashMap<>();
    final List<DataSource> made = new CopyOnWriteArrayList<>();
    final List<DataSource> closed = new CopyOnWriteArrayList<>();
    volatile int handOutAt = Connection.TRANSACTION_READ_COMMITTED;

    Pools(TestDatabase.Cluster cluster, String ddl) {
      this.cluster = cluster;
      this.ddl = ddl;
    }

    Pools(TestDatabase.Cluster cluster) {
      this(
          cluster,
          "CREATE TABLE IF NOT EXISTS orders (row_key VARBINARY(1024) NOT NULL, row_id"
              + " VARBINARY(1024) NOT NULL, customer VARCHAR(64), cents BIGINT, routed_version"
              + " BIGINT NOT NULL, seq BIGINT NOT NULL, part INT NOT NULL, PRIMARY KEY (row_key,"
              + " row_id))");
    }

    @Override
    public DataSource create(ReplicaGroup group, Replica replica) {
      FaultyDataSource f = new FaultyDataSource(cluster.dataSource(replica.endpoint()));
      f.handOutAt = handOutAt;
      DataSource ds = f.dataSource();
      execute(ds, ddl);
      byEndpoint.put(replica.endpoint(), f);
      made.add(ds);
      return ds;
    }

    @Override
    public void close(DataSource dataSource) {
      closed.add(dataSource);
    }

    FaultyDataSource group(int i) {
      return byEndpoint.get(cluster.endpoint(i));
    }
  }

  static void execute(DataSource ds, String sql) {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(sql, e);
    }
  }

  static int count(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static ShardedTable.Builder<String> orders(PushSource source, Pools pools) {
    return ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
        .routing(source, source.current())
        .pools(pools);
  }

  private static String customerOf(StoredRow r) {
    return r.getString("customer");
  }

  // ---- serialization failures: retried within the bound, and what the failure says

  @Test
  void serializationFailure_retriedOnce_countedAndHeard_writtenOnce() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    List<String> heard = new CopyOnWriteArrayList<>();
    AtomicInteger ran = new AtomicInteger();
    try (ShardedTable<String> t =
        orders(source, new Pools(cluster))
            .onRetry((call, cause) -> heard.add(call + " " + cause.getMessage()))
            .build()) {
      ShardedTable.InTransaction failsOnce =
          c -> {
            if (ran.incrementAndGet() == 1) {
              throw new SQLException("could not serialize", "40001");
            }
          };
      ShardedTable.Write<String> w = ShardedTable.Write.of("k", "o1", 1, "alice", 5L);
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write(w, failsOnce));
      assertEquals(2, ran.get());
      assertEquals(List.of("WRITE could not serialize"), heard);
      assertEquals(1, t.status().serializationRetries());
      assertEquals(0, t.status().movedRetries());
      assertEquals(List.of("alice"), t.read("k", ShardedTableRetryTest::customerOf));
    }
  }

  /** A commit can fail to serialize too (PostgreSQL's SERIALIZABLE): the call runs again. */
  @Test
  void commitFailsToSerialize_writeAndReadRetried() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    Pools pools = new Pools(cluster);
    List<String> heard = new CopyOnWriteArrayList<>();
    try (ShardedTable<String> t =
        orders(source, pools).onRetry((call, cause) -> heard.add(call.name())).build()) {
      pools.group(1).failCommits.set(1);
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write("k", "o1", 1, "alice", 5L));
      pools.group(1).failCommits.set(1);
      assertEquals(List.of("alice"), t.read("k", ShardedTableRetryTest::customerOf));
      assertEquals(List.of("WRITE", "READ"), heard);
      assertEquals(2, t.status().serializationRetries());
    }
  }

  @Test
  void callersStatements_runOnlyWhenTheRowIsApplied() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    AtomicInteger ran = new AtomicInteger();
    ShardedTable.InTransaction counting = c -> ran.incrementAndGet();
    try (ShardedTable<String> t = orders(source, new Pools(cluster)).build()) {
      assertEquals(
          ShardedTable.Outcome.WRITTEN,
          t.write(ShardedTable.Write.of("k", "o1", 2, "x", 1L), counting));
      assertEquals(
          ShardedTable.Outcome.ALREADY_WRITTEN,
          t.write(ShardedTable.Write.of("k", "o1", 2, "x", 1L), counting));
      assertEquals(
          ShardedTable.Outcome.SUPERSEDED,
          t.write(ShardedTable.Write.of("k", "o1", 1, "x", 1L), counting));
      assertEquals(1, ran.get());
    }
  }

  @Test
  void serializationFailureEveryTime_throwsAfterTheAttempts_namingTheBound() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    AtomicInteger ran = new AtomicInteger();
    try (ShardedTable<String> t =
        orders(source, new Pools(cluster)).retry(2, Duration.ofSeconds(10)).build()) {
      SQLException deadlock = new SQLException("deadlock detected", "40P01");
      JdbcStoreException e =
          assertThrows(
              JdbcStoreException.class,
              () ->
                  t.write(
                      ShardedTable.Write.of("k", "o1", 1, "x", 1L),
                      c -> {
                        ran.incrementAndGet();
                        throw deadlock;
                      }));
      assertSame(deadlock, e.getCause());
      assertEquals(2, ran.get(), "two attempts, as the bound says");
      assertTrue(
          e.getMessage()
              .startsWith(
                  "write of row 'o1' of key k (sequence 1) on group 'g1' on table 'orders' failed"
                      + " after 2"
                      + " attempts (the retry bound: 2 attempts, PT10S)"),
          e.getMessage());
      assertTrue(
          e.getMessage()
              .contains(
                  "Last: deadlock detected. The last attempt failed to serialize against other"
                      + " transactions on the same rows: spread the writers of these keys out in"
                      + " time, or raise the bound"),
          e.getMessage());
      assertFalse(e.getMessage().contains("routing source"), "no fence refused it");
      // where to raise it: the builder, or the starter's settings for a Spring Boot service
      assertTrue(
          e.getMessage()
              .endsWith(
                  "raise the bound: ShardedTable.Builder.retry(attempts, maxWait), or with the"
                      + " Spring Boot starter shardrouter.table.retry-attempts and"
                      + " shardrouter.table.retry-max-wait"),
          e.getMessage());
      assertEquals(2, t.status().serializationRetries());
      assertTrue(t.read("k", ShardedTableRetryTest::customerOf).isEmpty(), "rolled back");
    }
  }

  @Test
  void oneAttempt_saysAttemptInTheSingular() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    AtomicInteger ran = new AtomicInteger();
    try (ShardedTable<String> t =
        orders(source, new Pools(cluster)).retry(1, Duration.ofSeconds(10)).build()) {
      JdbcStoreException e =
          assertThrows(
              JdbcStoreException.class,
              () ->
                  t.write(
                      ShardedTable.Write.of("k", "o1", 1, "x", 1L),
                      c -> {
                        ran.incrementAndGet();
                        throw new SQLException("concurrent update", "90131");
                      }));
      assertEquals(1, ran.get());
      assertTrue(
          e.getMessage().contains("failed after 1 attempt (the retry bound"), e.getMessage());
    }
  }

  @Test
  void serializationFailureUntilTheTimeIsSpent_throwsNamingTheTime() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    AtomicInteger ran = new AtomicInteger();
    try (ShardedTable<String> t =
        orders(source, new Pools(cluster)).retry(1_000_000, Duration.ofMillis(300)).build()) {
      t.write("warm", "o1", 1, "x", 1L); // the first statements of a database are slow
      JdbcStoreException e =
          assertThrows(
              JdbcStoreException.class,
              () ->
                  t.write(
                      ShardedTable.Write.of("k", "o1", 1, "x", 1L),
                      c -> {
                        ran.incrementAndGet();
                        throw new SQLTransactionRollbackException("rolled back");
                      }));
      assertTrue(ran.get() > 1, "retried until the time was spent: " + ran.get());
      assertTrue(e.getMessage().contains(" attempts and PT0.3S (the retry bound"), e.getMessage());
    }
  }

  @Test
  void otherSqlFailure_notRetried_rowRolledBack() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    AtomicInteger ran = new AtomicInteger();
    List<String> heard = new CopyOnWriteArrayList<>();
    try (ShardedTable<String> t =
        orders(source, new Pools(cluster))
            .onRetry((call, cause) -> heard.add(call.name()))
            .build()) {
      JdbcStoreException e =
          assertThrows(
              JdbcStoreException.class,
              () ->
                  t.write(
                      ShardedTable.Write.of("k", "o1", 1, "x", 1L),
                      c -> {
                        ran.incrementAndGet();
                        SQLException outer = new SQLException("constraint", "23505");
                        outer.setNextException(new SQLException("detail", "23000"));
                        throw outer;
                      }));
      assertEquals(1, ran.get());
      assertEquals(List.of(), heard);
      assertEquals("23505", e.sqlState());
      assertTrue(
          e.getMessage()
              .startsWith(
                  "write of row 'o1' of key k (sequence 1) on group 'g1' on table 'orders'"),
          e.getMessage());
      assertEquals(0, t.status().serializationRetries());
      assertTrue(t.read("k", ShardedTableRetryTest::customerOf).isEmpty());
    }
  }

  @Test
  void serializationFailure_foundOnTheExceptionItsCausesAndItsChain() {
    assertTrue(ShardedTable.serializationFailure(new SQLTransactionRollbackException("x")));
    for (String state : List.of("40001", "40P01", "90131")) {
      assertTrue(ShardedTable.serializationFailure(new SQLException("x", state)), state);
      SQLException chained = new SQLException("first", "HY000");
      chained.setNextException(new SQLException("second", "XX000"));
      chained.getNextException().setNextException(new SQLException("third", state));
      assertTrue(ShardedTable.serializationFailure(chained), "chained " + state);
      SQLException caused =
          new SQLException("outer", "HY000", new RuntimeException(new SQLException("in", state)));
      assertTrue(ShardedTable.serializationFailure(caused), "caused " + state);
    }
    assertTrue(
        ShardedTable.serializationFailure(
            new SQLException(
                "outer",
                "HY000",
                new IllegalStateException(new SQLTransactionRollbackException()))));
    SQLException other = new SQLException("x", "23505", new IllegalStateException("not sql"));
    other.setNextException(new SQLException("y", (String) null));
    assertFalse(ShardedTable.serializationFailure(other));
    assertFalse(ShardedTable.serializationFailure(new SQLException("no state")));
  }

  @Test
  void readAndQuery_serializationFailure_retried() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    List<String> heard = new CopyOnWriteArrayList<>();
    AtomicInteger ran = new AtomicInteger();
    try (ShardedTable<String> t =
        orders(source, new Pools(cluster))
            .onRetry((call, cause) -> heard.add(call.name()))
            .build()) {
      t.write("k", "o1", 1, "alice", 5L);
      String answer =
          t.query(
              "k",
              c -> {
                if (ran.incrementAndGet() == 1) {
                  throw new SQLException("deadlock", "40P01");
                }
                return "ok";
              });
      assertEquals("ok", answer);
      assertEquals(2, ran.get());
      assertEquals(List.of("READ"), heard);
      assertEquals(1, t.status().serializationRetries());
    }
  }

  @Test
  void interruptedWhileBackingOff_throwsAndKeepsTheInterrupt() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    AtomicInteger ran = new AtomicInteger();
    try (ShardedTable<String> t = orders(source, new Pools(cluster)).build()) {
      IllegalStateException e;
      try {
        e =
            assertThrows(
                IllegalStateException.class,
                () ->
                    t.write(
                        ShardedTable.Write.of("k", "o1", 1, "x", 1L),
                        c -> {
                          if (ran.incrementAndGet() == 1) {
                            Thread.currentThread().interrupt();
                            throw new SQLException("could not serialize", "40001");
                          }
                        }));
      } finally {
        assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
      }
      assertEquals("interrupted between retries", e.getMessage());
      assertEquals(1, ran.get(), "not run again after the interrupt");
    }
  }

  @Test
  void interruptedWhileWaitingForAVersion_throwsAndKeepsTheInterrupt() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    RoutingTable v1 = cluster.table("orders", 1, PARTITIONS, 1);
    PushSource source = new PushSource(v1);
    try (ShardedTable<String> t =
        orders(source, new Pools(cluster)).retry(100, Duration.ofSeconds(30)).build()) {
      t.migrationStores(v1)
          .get("g1")
          .setFence(new Fence(v1.route("k").partition(), 1, 99, Phase.CUT_OVER));
      AtomicReference<Throwable> thrown = new AtomicReference<>();
      AtomicReference<Boolean> interrupted = new AtomicReference<>();
      Thread writer =
          new Thread(
              () -> {
                try {
                  t.write("k", "o1", 1, "x", 1L);
                } catch (Throwable e) {
                  thrown.set(e);
                }
                interrupted.set(Thread.currentThread().isInterrupted());
              });
      writer.start();
      join(afterRefusals(t, 1, () -> {}));
      writer.interrupt();
      writer.join(10_000);
      assertFalse(writer.isAlive());
      assertInstanceOf(IllegalStateException.class, thrown.get());
      assertEquals(
          "interrupted while waiting for routing version 99 of 'orders'",
          thrown.get().getMessage());
      assertTrue(interrupted.get(), "the interrupt is kept for the caller");
    }
  }

  // ---- fence refusals: the bound of attempts

  @Test
  void fenceRefusal_oneAttempt_throwsAtOnce_withoutWaitingForTheTime() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    RoutingTable v1 = cluster.table("orders", 1, PARTITIONS, 1);
    PushSource source = new PushSource(v1);
    try (ShardedTable<String> t =
        orders(source, new Pools(cluster)).retry(1, Duration.ofSeconds(20)).build()) {
      t.migrationStores(v1)
          .get("g1")
          .setFence(new Fence(v1.route("k").partition(), 1, 99, Phase.CUT_OVER));
      long started = System.nanoTime();
      JdbcStoreException e =
          assertThrows(JdbcStoreException.class, () -> t.write("k", "o1", 1, "x", 1L));
      assertTrue(System.nanoTime() - started < Duration.ofSeconds(10).toNanos());
      assertInstanceOf(MovedException.class, e.getCause());
      assertTrue(
          e.getMessage().contains("refused after 1 attempt (the retry bound"), e.getMessage());
      assertEquals(1, t.status().movedRetries());
    }
  }

  @Test
  void fenceRefusal_readThrowsAfterTheAttempts() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    RoutingTable v1 = cluster.table("orders", 1, PARTITIONS, 1);
    PushSource source = new PushSource(v1);
    try (ShardedTable<String> t =
        orders(source, new Pools(cluster)).retry(2, Duration.ofSeconds(5)).build()) {
      t.migrationStores(v1)
          .get("g1")
          .setFence(new Fence(v1.route("k").partition(), 1, 2, Phase.CUT_OVER));
      Thread publisher =
          afterRefusals(t, 1, () -> source.push(cluster.table("orders", 2, PARTITIONS, 1)));
      // version 2 arrives: the second attempt reads; a fence at 99 then spends both attempts
      assertEquals(List.of(), t.read("k", ShardedTableRetryTest::customerOf));
      join(publisher);
      // a fence asking for version 3, which arrives with a fence asking for 99: two attempts
      JdbcMigrationStore g1 = t.migrationStores(v1).get("g1");
      int p = v1.route("k").partition();
      g1.setFence(new Fence(p, 1, 3, Phase.CUT_OVER));
      Thread later =
          afterRefusals(
              t,
              2,
              () -> {
                g1.setFence(new Fence(p, 1, 99, Phase.CUT_OVER));
                source.push(cluster.table("orders", 3, PARTITIONS, 1));
              });
      JdbcStoreException e =
          assertThrows(
              JdbcStoreException.class, () -> t.read("k", ShardedTableRetryTest::customerOf));
      join(later);
      assertTrue(
          e.getMessage().startsWith("read of key k on table 'orders' refused after 2 attempts ("),
          e.getMessage());
    }
  }

  /**
   * Runs {@code then} on another thread once {@code t} has been refused by fences {@code refusals}
   * times in all (the call that is to wait for a version is waiting for it).
   */
  static Thread afterRefusals(ShardedTable<?> t, long refusals, Runnable then) {
    Thread th =
        new Thread(
            () -> {
              long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
              while (t.status().movedRetries() < refusals && System.nanoTime() < deadline) {
                try {
                  Thread.sleep(1);
                } catch (InterruptedException x) {
                  Thread.currentThread().interrupt();
                  return;
                }
              }
              then.run();
            });
    th.start();
    return th;
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  // ---- batches: retried as single writes are

  private static List<ShardedTable.Write<String>> batch(int n) {
    List<ShardedTable.Write<String>> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(ShardedTable.Write.of("user-" + i, "o1", 1, "c" + i, (long) i));
    }
    return rows;
  }

  @Test
  void batch_commitFailsToSerializeOnce_retried_allRowsWrittenAndCountedOnce() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    Pools pools = new Pools(cluster);
    List<String> heard = new CopyOnWriteArrayList<>();
    try (ShardedTable<String> t =
        orders(source, pools).onRetry((call, cause) -> heard.add(call.name())).build()) {
      pools.group(1).failCommits.set(1);
      assertEquals(new ShardedTable.BatchOutcome(3, 0, 0), t.writeAll(batch(3)));
      assertEquals(List.of("BATCH"), heard);
      assertEquals(1, t.status().serializationRetries());
      for (int i = 0; i < 3; i++) {
        assertEquals(List.of("c" + i), t.read("user-" + i, ShardedTableRetryTest::customerOf));
      }
    }
  }

  @Test
  void batch_commitNeverSerializes_throwsAfterTheAttempts() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    Pools pools = new Pools(cluster);
    try (ShardedTable<String> t = orders(source, pools).retry(2, Duration.ofSeconds(5)).build()) {
      pools.group(1).failCommits.set(1_000_000);
      JdbcStoreException e = assertThrows(JdbcStoreException.class, () -> t.writeAll(batch(3)));
      assertTrue(
          e.getMessage()
              .startsWith(
                  "batch write (3 of 3 rows left) on table 'orders' failed after 2 attempts (the"
                      + " retry bound"),
          e.getMessage());
      assertInstanceOf(SQLException.class, e.getCause());
      assertEquals(2, t.status().serializationRetries());
      pools.group(1).failCommits.set(0);
      assertTrue(t.read("user-0", ShardedTableRetryTest::customerOf).isEmpty());
    }
  }

  @Test
  void batch_refusedByAFence_waitsForTheVersion_thenWritesEveryRow() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    RoutingTable v1 = cluster.table("orders", 1, PARTITIONS, 1);
    PushSource source = new PushSource(v1);
    List<String> heard = new CopyOnWriteArrayList<>();
    try (ShardedTable<String> t =
        orders(source, new Pools(cluster))
            .onRetry((call, cause) -> heard.add(call + " " + cause.getClass().getSimpleName()))
            .build()) {
      t.migrationStores(v1)
          .get("g1")
          .setFence(new Fence(v1.route("user-0").partition(), 1, 2, Phase.CUT_OVER));
      Thread publisher =
          afterRefusals(t, 1, () -> source.push(cluster.table("orders", 2, PARTITIONS, 1)));
      assertEquals(new ShardedTable.BatchOutcome(3, 0, 0), t.writeAll(batch(3)));
      join(publisher);
      assertEquals(List.of("BATCH MovedException"), heard);
      assertEquals(1, t.status().movedRetries());
      assertEquals(List.of("c2"), t.read("user-2", ShardedTableRetryTest::customerOf));
    }
  }

  @Test
  void batch_otherFailure_notRetried_theGroupsRowsRolledBack() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    try (ShardedTable<String> t = orders(source, new Pools(cluster)).build()) {
      List<ShardedTable.Write<String>> rows = batch(3);
      rows.add(ShardedTable.Write.of("user-9", "o1", 1, "x".repeat(65), 9L)); // too long
      JdbcStoreException e = assertThrows(JdbcStoreException.class, () -> t.writeAll(rows));
      assertTrue(
          e.getMessage().startsWith("write of 4 rows on group 'g1' on table 'orders' failed"),
          e.getMessage());
      assertEquals(0, t.status().serializationRetries());
      for (int i = 0; i < 3; i++) {
        assertTrue(t.read("user-" + i, ShardedTableRetryTest::customerOf).isEmpty(), "row " + i);
      }
    }
  }

  // ---- transactions: rolled back on failure, connections given back as they came

  @Test
  void failedRollback_isSuppressedInTheFailure() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    Pools pools = new Pools(cluster);
    try (ShardedTable<String> t = orders(source, pools).build()) {
      pools.group(1).failRollback = true;
      JdbcStoreException e =
          assertThrows(
              JdbcStoreException.class,
              () ->
                  t.write(
                      ShardedTable.Write.of("k", "o1", 1, "x", 1L),
                      c -> {
                        throw new SQLException("outbox full", "23000");
                      }));
      Throwable[] suppressed = e.getCause().getSuppressed();
      assertEquals(1, suppressed.length, e.toString());
      assertTrue(
          suppressed[0].getMessage().contains("connection broken"), suppressed[0].toString());
    }
  }

  @Test
  void failedQuery_rollsBackWhatItWrote() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    try (ShardedTable<String> t = orders(source, new Pools(cluster)).build()) {
      DataSource g1 = t.pools().primary(t.router().table().group("g1"));
      execute(g1, "CREATE TABLE audit (note VARCHAR(20))");
      assertThrows(
          JdbcStoreException.class,
          () ->
              t.query(
                  "k",
                  c -> {
                    try (Statement s = c.createStatement()) {
                      s.executeUpdate("INSERT INTO audit VALUES ('seen')");
                    }
                    throw new SQLException("then failed", "22000");
                  }));
      assertEquals(0, count(g1, "SELECT COUNT(*) FROM audit"));
    }
  }

  @Test
  void connections_runAtTheTablesLevel_andGoBackAsTheyCame() throws Exception {
    for (int[] levels :
        new int[][] {
          {Connection.TRANSACTION_SERIALIZABLE, Connection.TRANSACTION_READ_COMMITTED},
          {Connection.TRANSACTION_READ_COMMITTED, Connection.TRANSACTION_SERIALIZABLE},
          {Connection.TRANSACTION_REPEATABLE_READ, Connection.TRANSACTION_REPEATABLE_READ}
        }) {
      int pool = levels[0];
      int table = levels[1];
      String at = "pool at " + pool + ", table at " + table;
      TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
      PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
      Pools pools = new Pools(cluster);
      pools.handOutAt = pool;
      List<String> inside = new CopyOnWriteArrayList<>();
      try (ShardedTable<String> t = orders(source, pools).isolation(table).build()) {
        FaultyDataSource g1 = pools.group(1);
        g1.returned.clear();
        ShardedTable.InTransaction look =
            c -> inside.add(c.getAutoCommit() + " " + c.getTransactionIsolation());
        assertEquals(
            ShardedTable.Outcome.WRITTEN,
            t.write(ShardedTable.Write.of("k", "o1", 1, "x", 1L), look));
        assertEquals(new ShardedTable.BatchOutcome(2, 0, 0), t.writeAll(batch(2)));
        assertEquals(List.of("x"), t.read("k", ShardedTableRetryTest::customerOf));
        assertEquals(
            "false " + table,
            t.query("k", c -> c.getAutoCommit() + " " + c.getTransactionIsolation()),
            at);
        assertEquals(List.of("false " + table), inside, at);
        assertThrows(
            JdbcStoreException.class,
            () ->
                t.write(
                    ShardedTable.Write.of("k", "o2", 1, "x", 1L),
                    c -> {
                      throw new SQLException("failed", "23000");
                    }));
        assertTrue(g1.returned.size() >= 5, at + ": " + g1.returned);
        for (FaultyDataSource.Returned r : g1.returned) {
          assertEquals(new FaultyDataSource.Returned(true, pool), r, at);
        }
      }
    }
  }

  // ---- what the table serves, following and closing

  @Test
  void accessors_andTheSmallestRetryBound() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    try (ShardedTable<String> t =
        orders(source, new Pools(cluster)).retry(1, Duration.ofNanos(1)).build()) {
      assertEquals("orders", t.table());
      assertEquals(List.of("customer", "cents"), t.columns());
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write("k", "o1", 1, "x", 1L));
    }
  }

  @Test
  void close_stopsFollowingTheSource() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 1));
    Pools pools = new Pools(cluster);
    ShardedTable<String> t = orders(source, pools).build();
    t.close();
    t.close(); // idempotent
    source.push(cluster.table("orders", 2, PARTITIONS, 1));
    assertEquals(1, t.router().version(), "the closed table's router no longer follows");
    assertEquals(pools.made.size(), pools.closed.size());
  }

  @Test
  void failedBuild_closesThePoolsItOpened() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource other = new PushSource(cluster.table("claims", 1, PARTITIONS, 2));
    Pools pools = new Pools(cluster);
    assertThrows(
        IllegalArgumentException.class,
        () ->
            ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
                .routing(other, cluster.table("orders", 1, PARTITIONS, 2))
                .pools(pools)
                .build());
    assertEquals(2, pools.made.size());
    assertEquals(Set.copyOf(pools.made), Set.copyOf(pools.closed));
  }

  @Test
  void migrationStores_holdTheCurrentGroupsBesideTheTargets() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource source = new PushSource(cluster.table("orders", 1, PARTITIONS, 2));
    try (ShardedTable<String> t = orders(source, new Pools(cluster)).build()) {
      Map<String, JdbcMigrationStore> stores =
          t.migrationStores(cluster.table("orders", 2, PARTITIONS, 1));
      assertEquals(Set.of("g1", "g2"), stores.keySet());
      assertEquals("g2", stores.get("g2").groupId());
    }
  }

  /** A one-group table whose group's primary is {@code endpoint}. */
  private static RoutingTable oneGroupAt(String endpoint, long version) {
    String placement = String.join(", ", java.util.Collections.nCopies(PARTITIONS, "\"g1\""));
    return RoutingDocuments.read(
        "{\"format\": 1, \"routing_version\": "
            + version
            + ", \"entity\": \"orders\", \"key\": {\"type\": \"string\"}, \"strategy\": {\"type\":"
            + " \"hash_mod\", \"hash\": \"xxh3-64\", \"partitions\": "
            + PARTITIONS
            + "}, \"groups\": [{\"id\": \"g1\", \"primary\": \""
            + endpoint
            + "\"}], \"placement\": ["
            + placement
            + "]}");
  }

  @Test
  void groupWhosePrimaryMoves_writesGoToTheNewPrimary() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    PushSource source = new PushSource(oneGroupAt(cluster.endpoint(1), 1));
    Pools pools = new Pools(cluster);
    try (ShardedTable<String> t = orders(source, pools).build()) {
      t.write("k", "o1", 1, "old", 1L);
      source.push(oneGroupAt(cluster.endpoint(2), 2));
      assertEquals(2, t.status().version());
      assertEquals(ShardedTable.Outcome.WRITTEN, t.write("k", "o2", 1, "new", 2L));
      DataSource first = cluster.dataSource(cluster.endpoint(1));
      DataSource second = cluster.dataSource(cluster.endpoint(2));
      assertEquals(1, count(first, "SELECT COUNT(*) FROM orders"));
      assertEquals(1, count(second, "SELECT COUNT(*) FROM orders WHERE customer = 'new'"));
      assertEquals(List.of("new"), t.read("k", ShardedTableRetryTest::customerOf));
    }
  }

  // ---- every column type a row can hold, read back by type

  @Test
  void everyColumnType_roundTrips_readByItsGetter() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    PushSource source = new PushSource(cluster.table("items", 1, PARTITIONS, 1));
    Pools pools =
        new Pools(
            cluster,
            "CREATE TABLE IF NOT EXISTS items (row_key VARBINARY(1024) NOT NULL, row_id"
                + " VARBINARY(1024) NOT NULL, name VARCHAR(32), qty INT, price DECIMAL(12, 2),"
                + " paid BOOLEAN, blob VARBINARY(64), small SMALLINT, ratio DOUBLE PRECISION,"
                + " routed_version BIGINT NOT NULL, seq BIGINT NOT NULL, part INT NOT NULL,"
                + " PRIMARY KEY (row_key, row_id))");
    List<String> columns = List.of("name", "qty", "price", "paid", "blob", "small", "ratio");
    try (ShardedTable<String> t =
        ShardedTable.builder("items", KeyEncoding.strings(), columns.toArray(new String[0]))
            .routing(source, source.current())
            .pools(pools)
            .build()) {
      t.write(
          "k",
          "a",
          3,
          "first",
          7,
          new BigDecimal("12.50"),
          true,
          new byte[] {1, 2},
          (short) 3,
          0.5);
      t.write(
          "k",
          "b",
          1,
          "second",
          -2,
          new BigDecimal("-0.01"),
          false,
          new byte[0],
          (short) -4,
          -1.25);
      t.write("k", "c", 1, null, null, null, null, null, null, null);
      List<StoredRow> rows = t.read("k", r -> r);
      assertEquals(3, rows.size());
      StoredRow a = rows.get(0);
      assertEquals("a", a.id());
      assertEquals(3, a.sequence());
      assertEquals(1, a.version());
      assertEquals(columns, a.columns());
      assertEquals("first", a.getString("name"));
      assertEquals(7, a.getInt("qty"));
      assertEquals(0, new BigDecimal("12.50").compareTo(a.getBigDecimal("price")));
      assertTrue(a.getBoolean("paid"));
      assertArrayEquals(new byte[] {1, 2}, (byte[]) a.get("blob"));
      assertEquals(3, a.getInt("small"));
      assertEquals(0.5, a.as("ratio", Double.class));
      StoredRow b = rows.get(1);
      assertEquals(-2, b.getInt("qty"));
      assertEquals(0, new BigDecimal("-0.01").compareTo(b.getBigDecimal("price")));
      assertFalse(b.getBoolean("paid"));
      assertArrayEquals(new byte[0], (byte[]) b.get("blob"));
      assertEquals(-4, b.getInt("small"));
      assertEquals(-1.25, b.as("ratio", Double.class));
      StoredRow c = rows.get(2);
      for (String column : columns) {
        assertNull(c.get(column), column);
      }
      assertThrows(IllegalStateException.class, () -> c.getBoolean("paid"));
      assertEquals(
          ShardedTable.Outcome.ALREADY_WRITTEN,
          t.write(
              "k",
              "b",
              1,
              "second",
              -2,
              new BigDecimal("-0.01"),
              false,
              new byte[0],
              (short) -4,
              -1.25));
      assertNotNull(a.toString());
    }
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static int rowsOf(DataSource ds, String key) throws SQLException {
    try (Connection c = ds.getConnection();
        PreparedStatement ps =
            c.prepareStatement("SELECT COUNT(*) FROM orders WHERE row_key = ?")) {
      ps.setBytes(1, utf8(key));
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }
}
