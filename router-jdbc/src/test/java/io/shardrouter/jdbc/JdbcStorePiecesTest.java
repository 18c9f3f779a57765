package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.Router;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Part;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The pieces under the tables on H2: the migration store's pages, restamps, statistics and writes
 * that meet a concurrent writer; fence changes that change nothing; the store's own transactions;
 * the outbox relay's count; and the small answers of the dialect, the exceptions and the codec.
 */
class JdbcStorePiecesTest {
  private static final int PARTITIONS = 8;

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** A generic (row_value) store on a fresh H2 group, through a data source that can fail. */
  private record Kv(
      FaultyDataSource faulty, DataSource plain, JdbcMigrationStore store, PartitionStrategy s) {}

  private static Kv kv() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    DataSource plain = cluster.dataSource(cluster.endpoint(1));
    FaultyDataSource faulty = new FaultyDataSource(plain);
    JdbcMigrationStore store = JdbcMigrationStore.create("g1", faulty.dataSource(), "kv");
    store.createTables();
    return new Kv(faulty, plain, store, cluster.table("kv", 1, PARTITIONS).strategy());
  }

  /** The first {@code n} keys "a0", "a1", ... of partition {@code p}, in store (byte) order. */
  private static List<String> keysOf(PartitionStrategy s, int p, int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; out.size() < n; i++) {
      if (s.partitionOf(utf8("a" + i)) == p) {
        out.add("a" + i);
      }
    }
    out.sort(null);
    return out;
  }

  private static Row row(String key, int id, long version, int partition) {
    return Row.of(utf8(key), new byte[] {(byte) id}, new byte[] {7}, version, 1, partition);
  }

  /** Key A with ids 1, 2 and key B with ids 1, 2, 3, all of partition 0, routed with version 1. */
  private static List<String> twoKeys(Kv kv) {
    List<String> keys = keysOf(kv.s, 0, 2);
    List<Row> rows = new ArrayList<>();
    for (int id = 1; id <= 2; id++) {
      rows.add(row(keys.get(0), id, 1, 0));
    }
    for (int id = 1; id <= 3; id++) {
      rows.add(row(keys.get(1), id, 1, 0));
    }
    assertEquals(5, kv.store.apply(rows, MigrationStore.WriteOrigin.MIGRATION).applied());
    return keys;
  }

  private static List<String> ids(List<Row> rows) {
    List<String> out = new ArrayList<>();
    for (Row r : rows) {
      out.add(new String(r.key(), StandardCharsets.UTF_8) + "/" + r.id()[0]);
    }
    return out;
  }

  @Test
  void scanFromACursorInsideAKey_fillsThePageFromTheNextKeys_neverBeyondTheLimit() {
    Kv kv = kv();
    List<String> k = twoKeys(kv);
    assertEquals("g1", kv.store.groupId());
    Part part = Part.of("p0", kv.s, 0, null);
    byte[] afterA1 = MigrationStore.ScanPage.cursorOf(utf8(k.get(0)), new byte[] {1});
    MigrationStore.ScanPage three = kv.store.scan(part, afterA1, 3);
    assertEquals(List.of(k.get(0) + "/2", k.get(1) + "/1", k.get(1) + "/2"), ids(three.rows()));
    assertFalse(three.done());
    MigrationStore.ScanPage one = kv.store.scan(part, afterA1, 1);
    assertEquals(List.of(k.get(0) + "/2"), ids(one.rows()));
    assertFalse(one.done());
    MigrationStore.ScanPage rest = kv.store.scan(part, afterA1, 10);
    assertEquals(4, rest.rows().size());
    assertTrue(rest.done());
  }

  @Test
  void restampFromACursorInsideAKey_examinesAtMostTheLimit_andOnlyRowsBelowTheVersion() {
    Kv kv = kv();
    List<String> k = twoKeys(kv);
    kv.store.apply(List.of(row(k.get(1), 9, 2, 0)), MigrationStore.WriteOrigin.MIGRATION);
    MigrationStore.Numbering toOne = key -> 1;
    byte[] afterA1 = MigrationStore.ScanPage.cursorOf(utf8(k.get(0)), new byte[] {1});
    MigrationStore.ScanPage three = kv.store.restamp(toOne, 2, afterA1, 3);
    assertEquals(List.of(k.get(0) + "/2", k.get(1) + "/1", k.get(1) + "/2"), ids(three.rows()));
    assertEquals(1, three.rows().get(0).partition());
    MigrationStore.ScanPage one = kv.store.restamp(toOne, 2, null, 1);
    assertEquals(List.of(k.get(0) + "/1"), ids(one.rows()));
    MigrationStore.ScanPage same = kv.store.restamp(toOne, 2, afterA1, 1);
    assertEquals(List.of(), same.rows(), "restamped already");
    MigrationStore.ScanPage rest = kv.store.restamp(toOne, 2, null, 100);
    assertEquals(List.of(k.get(1) + "/3"), ids(rest.rows()), "version 2 is not below 2");
    assertTrue(rest.done());
    Row newer = kv.store.get(utf8(k.get(1)), new byte[] {9});
    assertEquals(0, newer.partition(), "a row routed with the version keeps its stamp");
  }

  /** A row rewritten by a newer version between the restamp's read and its update is left. */
  @Test
  void restamp_leavesARowANewerWriteChangedMeanwhile_andDoesNotReportIt() throws Exception {
    Kv kv = kv();
    List<String> k = twoKeys(kv);
    AtomicBoolean rewritten = new AtomicBoolean();
    MigrationStore.Numbering rewriting =
        key -> {
          if (new String(key, StandardCharsets.UTF_8).equals(k.get(1))
              && rewritten.compareAndSet(false, true)) {
            try (Connection c = kv.plain.getConnection();
                Statement s = c.createStatement()) {
              s.executeUpdate(
                  "UPDATE kv SET routed_version = 5 WHERE row_id = X'01' AND row_key = X'"
                      + java.util.HexFormat.of().formatHex(key)
                      + "'");
            } catch (SQLException e) {
              throw new IllegalStateException(e);
            }
          }
          return 3;
        };
    MigrationStore.ScanPage page = kv.store.restamp(rewriting, 2, null, 100);
    assertTrue(rewritten.get());
    assertEquals(
        List.of(k.get(0) + "/1", k.get(0) + "/2", k.get(1) + "/2", k.get(1) + "/3"),
        ids(page.rows()));
    assertEquals(0, kv.store.get(utf8(k.get(1)), new byte[] {1}).partition());
    assertEquals(3, kv.store.get(utf8(k.get(1)), new byte[] {2}).partition());
  }

  @Test
  void restamp_ofOneRowAPage_isAllowed_zeroIsNot() {
    Kv kv = kv();
    twoKeys(kv);
    assertEquals(1, kv.store.restamp(key -> 4, 2, null, 1).rows().size());
    assertThrows(IllegalArgumentException.class, () -> kv.store.restamp(key -> 4, 2, null, 0));
  }

  @Test
  void stats_readsInATransaction_givesItsConnectionBackInAutoCommit() {
    Kv kv = kv();
    twoKeys(kv);
    kv.faulty.strict = true; // as PostgreSQL's driver, which streams only in a transaction
    kv.faulty.returned.clear();
    MigrationStore.PartStats stats = kv.store.stats(Part.of("p0", kv.s, 0, null));
    assertEquals(5, stats.rows());
    assertEquals(
        List.of(new FaultyDataSource.Returned(true, Connection.TRANSACTION_READ_COMMITTED)),
        kv.faulty.returned);
  }

  /** An orders store whose customer column holds at most 4 characters. */
  private static JdbcMigrationStore orders(DataSource primary) throws SQLException {
    try (Connection c = primary.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE orders (row_key VARBINARY(64) NOT NULL, row_id VARBINARY(64) NOT NULL,"
              + " customer VARCHAR(4), routed_version BIGINT NOT NULL, seq BIGINT NOT NULL,"
              + " part INT NOT NULL, PRIMARY KEY (row_key, row_id))");
    }
    JdbcMigrationStore store =
        JdbcMigrationStore.create("g1", primary, "orders", List.of("customer"));
    store.createTables();
    return store;
  }

  @Test
  void apply_failingStatement_isThrownAsItIs_notAsARetry() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    DataSource primary = cluster.dataSource(cluster.endpoint(1));
    JdbcMigrationStore store = orders(primary);
    Row tooLong = store.row(utf8("k"), utf8("o1"), 1, 1, 0, "too long");
    try (Connection c = primary.getConnection()) {
      c.setAutoCommit(false);
      SQLException e =
          assertThrows(
              SQLException.class,
              () -> store.apply(c, List.of(tooLong), MigrationStore.WriteOrigin.CLIENT));
      assertFalse(e instanceof SQLTransactionRollbackException, e.toString());
      assertFalse(FenceRecords.isConflict(e), e.getSQLState());
      c.rollback();
    }
  }

  /** Another writer inserts an older row between this write's update and its insert. */
  @Test
  void write_meetingAnOlderRowInsertedMeanwhile_updatesIt() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    DataSource plain = cluster.dataSource(cluster.endpoint(1));
    FaultyDataSource faulty = new FaultyDataSource(plain);
    JdbcMigrationStore store = orders(faulty.dataSource());
    faulty.beforeUpdate =
        () -> {
          try (Connection c = plain.getConnection();
              PreparedStatement ps =
                  c.prepareStatement("INSERT INTO orders VALUES (?, ?, 'old', 1, 1, 0)")) {
            ps.setBytes(1, utf8("k"));
            ps.setBytes(2, utf8("o1"));
            assertEquals(1, ps.executeUpdate());
          }
        };
    faulty.beforeUpdatePrefix.set("INSERT INTO ORDERS");
    MigrationStore.ApplyResult r =
        store.apply(
            List.of(store.row(utf8("k"), utf8("o1"), 1, 2, 0, "new")),
            MigrationStore.WriteOrigin.CLIENT);
    assertNull(faulty.beforeUpdatePrefix.get(), "the other writer ran");
    assertEquals(1, r.applied());
    Row stored = store.get(utf8("k"), utf8("o1"));
    assertEquals(2, stored.sequence());
    assertEquals(List.of("new"), store.values(stored));
  }

  /**
   * Other writers keep deleting the row before this write's update and inserting an older one
   * before its insert: after four tries the write asks for its transaction to be run again.
   */
  @Test
  void write_meetingARowThatKeepsChanging_givesUpAfterFourTries() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    DataSource plain = cluster.dataSource(cluster.endpoint(1));
    FaultyDataSource faulty = new FaultyDataSource(plain);
    JdbcMigrationStore store = orders(faulty.dataSource());
    int[] updates = {0};
    int[] inserts = {0};
    faulty.beforeEachUpdate =
        sql -> {
          String op = sql.substring(0, 6);
          if (op.equals("UPDATE") && ++updates[0] > 1 && updates[0] <= 4) {
            ShardedTableRetryTest.execute(plain, "DELETE FROM orders");
          } else if (op.equals("INSERT") && ++inserts[0] <= 4) {
            ShardedTableRetryTest.execute(
                plain, "INSERT INTO orders VALUES (X'6b', X'6f31', 'old', 1, 1, 0)");
          }
        };
    JdbcStoreException e =
        assertThrows(
            JdbcStoreException.class,
            () ->
                store.apply(
                    List.of(store.row(utf8("k"), utf8("o1"), 1, 2, 0, "new")),
                    MigrationStore.WriteOrigin.CLIENT));
    assertInstanceOf(SQLTransactionRollbackException.class, e.getCause());
    assertEquals(4, updates[0]);
    assertEquals(4, inserts[0]);
    faulty.beforeEachUpdate = null;
    assertEquals(1, store.get(utf8("k"), utf8("o1")).sequence(), "the other writer's row");
  }

  /**
   * Setting a fence that is there already, or clearing one that is not, changes nothing: a
   * transaction whose snapshot is older still checks the fences and writes.
   */
  @Test
  void unchangedFence_keepsAnOlderSnapshotValid() throws Exception {
    Kv kv = kv();
    int p = kv.s.partitionOf(utf8("k"));
    Fence other = new Fence((p + 1) % PARTITIONS, 1, 2, Phase.CUT_OVER);
    kv.store.setFence(other);
    for (Runnable change :
        List.<Runnable>of(() -> kv.store.setFence(other), () -> kv.store.clearFence(p))) {
      try (Connection c = kv.plain.getConnection()) {
        c.setAutoCommit(false);
        c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        try (Statement s = c.createStatement()) {
          s.executeQuery("SELECT COUNT(*) FROM kv").close(); // the snapshot starts here
          s.executeQuery("SELECT COUNT(*) FROM kv_fence").close(); // H2: of each table read
        }
        change.run();
        MigrationStore.ApplyResult r =
            kv.store.apply(
                c,
                List.of(Row.of(utf8("k"), new byte[] {1}, new byte[] {2}, 1, 1, p)),
                MigrationStore.WriteOrigin.CLIENT);
        assertFalse(r.refused());
        c.rollback();
      }
    }
    assertEquals(List.of(other), kv.store.fences());
    // a change that does change a fence: the older snapshot cannot check the fences
    try (Connection c = kv.plain.getConnection()) {
      c.setAutoCommit(false);
      c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      try (Statement s = c.createStatement()) {
        s.executeQuery("SELECT COUNT(*) FROM kv").close();
        s.executeQuery("SELECT COUNT(*) FROM kv_fence").close();
      }
      kv.store.setFence(new Fence((p + 2) % PARTITIONS, 1, 2, Phase.CUT_OVER));
      assertThrows(
          SQLTransactionRollbackException.class,
          () ->
              kv.store.apply(
                  c,
                  List.of(Row.of(utf8("k"), new byte[] {1}, new byte[] {2}, 1, 1, p)),
                  MigrationStore.WriteOrigin.CLIENT));
      c.rollback();
    }
  }

  /**
   * A snapshot older than a fence change, and the current fences cannot be read on a second
   * connection either: a retryable failure that says both.
   */
  @Test
  void staleSnapshot_andNoSecondConnection_retryableFailureSaysBoth() throws Exception {
    Kv kv = kv();
    int p = kv.s.partitionOf(utf8("k"));
    try (Connection c = kv.plain.getConnection()) {
      c.setAutoCommit(false);
      c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      try (Statement s = c.createStatement()) {
        s.executeQuery("SELECT COUNT(*) FROM kv").close();
        s.executeQuery("SELECT COUNT(*) FROM kv_fence").close();
      }
      kv.store.setFence(new Fence((p + 1) % PARTITIONS, 1, 2, Phase.CUT_OVER));
      kv.faulty.failConnections.set(1);
      SQLTransactionRollbackException e =
          assertThrows(
              SQLTransactionRollbackException.class,
              () ->
                  kv.store.apply(
                      c,
                      List.of(Row.of(utf8("k"), new byte[] {1}, new byte[] {2}, 1, 1, p)),
                      MigrationStore.WriteOrigin.CLIENT));
      assertTrue(
          e.getMessage()
              .contains(
                  "the current fences could not be read on another connection either (injected:"
                      + " cannot connect)"),
          e.getMessage());
      assertEquals(1, e.getSuppressed().length);
      assertEquals("injected: cannot connect", e.getSuppressed()[0].getMessage());
      c.rollback();
    }
  }

  @Test
  void tableWithoutTheColumns_refusedNamingTheColumnsItNeeds() {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    JdbcMigrationStore store =
        JdbcMigrationStore.create(
            "g1", cluster.dataSource(cluster.endpoint(1)), "orders", List.of("customer"));
    JdbcStoreException e = assertThrows(JdbcStoreException.class, store::createTables);
    assertTrue(
        e.getMessage().contains("cannot be read as a migration store with columns [row_key,"),
        e.getMessage());
    assertTrue(e.getMessage().contains("customer"), e.getMessage());
  }

  // ---- the store's own transactions

  @Test
  void storeTransaction_failingWork_rolledBack_connectionRestored() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    DataSource plain = cluster.dataSource(cluster.endpoint(1));
    ShardedTableRetryTest.execute(plain, "CREATE TABLE notes (n INT)");
    FaultyDataSource faulty = new FaultyDataSource(plain);
    faulty.handOutAt = Connection.TRANSACTION_SERIALIZABLE;
    IllegalStateException failure = new IllegalStateException("work failed");
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                StoreTransaction.run(
                    faulty.dataSource(),
                    c -> {
                      try (Statement s = c.createStatement()) {
                        s.executeUpdate("INSERT INTO notes VALUES (1)");
                      }
                      throw failure;
                    },
                    x -> true));
    assertSame(failure, e);
    assertEquals(0, e.getSuppressed().length);
    assertEquals(0, ShardedTableRetryTest.count(plain, "SELECT COUNT(*) FROM notes"));
    assertEquals(
        List.of(new FaultyDataSource.Returned(true, Connection.TRANSACTION_SERIALIZABLE)),
        faulty.returned);
  }

  @Test
  void storeTransaction_failingCleanup_suppressedInTheFailure() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    FaultyDataSource faulty = new FaultyDataSource(cluster.dataSource(cluster.endpoint(1)));
    faulty.failRollback = true;
    faulty.failAutoCommitOn = true;
    SQLException failure = new SQLException("work failed", "22000");
    SQLException e =
        assertThrows(
            SQLException.class,
            () ->
                StoreTransaction.run(
                    faulty.dataSource(),
                    c -> {
                      throw failure;
                    },
                    x -> true));
    assertSame(failure, e);
    List<String> suppressed = new ArrayList<>();
    for (Throwable t : e.getSuppressed()) {
      suppressed.add(t.getMessage());
    }
    assertEquals(
        List.of("injected: connection broken during rollback", "injected: connection dropped"),
        suppressed);
  }

  // ---- the outbox

  @Test
  void outboxRelay_countsTheEventsPublishedBeforeAFailure() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(1);
    Router router = Router.create(cluster.table("orders", 1, PARTITIONS, 1));
    Outbox outbox = Outbox.create("events");
    try (ShardedDataSource sources = ShardedDataSource.create(cluster.factory(), router)) {
      DataSource primary = sources.primary(router.table().group("g1"));
      outbox.createTable(primary);
      try (Connection c = primary.getConnection()) {
        c.setAutoCommit(false);
        for (int i = 0; i < 4; i++) {
          outbox.append(c, new Outbox.Event("e" + i, "k", "t", "{}", i));
        }
        c.commit();
      }
      List<String> published = new ArrayList<>();
      OutboxRelay relay =
          OutboxRelay.create(
              router,
              sources,
              outbox,
              (group, event) -> {
                if (event.eventId().equals("e2")) {
                  throw new IllegalStateException("broker down");
                }
                published.add(event.eventId());
              });
      assertEquals(2, relay.runOnce(10));
      assertEquals(List.of("e0", "e1"), published);
    }
  }

  @Test
  void outboxEventId_ofTwoHundredCharacters_isAccepted_longerIsNot() {
    assertEquals(200, new Outbox.Event("e".repeat(200), "k", "t", "{}", 1).eventId().length());
    assertThrows(
        IllegalArgumentException.class, () -> new Outbox.Event("e".repeat(201), "k", "t", "{}", 1));
  }

  // ---- small answers

  @Test
  void jdbcStoreException_sqlStateOfItsCause() {
    assertEquals("23505", new JdbcStoreException("m", new SQLException("dup", "23505")).sqlState());
    assertNull(new JdbcStoreException("m", new IllegalStateException("x")).sqlState());
    assertNull(new JdbcStoreException("m").sqlState());
  }

  @Test
  void conflictsAndUniqueViolations_foundOnTheChain_otherStatesNot() {
    SQLException other = new SQLException("x", "22001");
    other.setNextException(new SQLException("y", "42000"));
    assertFalse(FenceRecords.isConflict(other));
    assertFalse(Dialect.isUniqueViolation(other));
    SQLException chained = new SQLException("x", "22001");
    chained.setNextException(new SQLException("y", "90131"));
    assertTrue(FenceRecords.isConflict(chained));
    SQLException unique = new SQLException("x", "22001");
    unique.setNextException(new SQLException("y", "23505"));
    assertTrue(Dialect.isUniqueViolation(unique));
  }

  @Test
  void dialectStatementsAndTypes_perDatabase() {
    assertEquals(
        "INSERT INTO t (a, b, c) VALUES (?, ?, ?) ON CONFLICT (a, b) DO NOTHING",
        Dialect.POSTGRESQL.insertIfAbsent("t", List.of("a", "b", "c"), 2));
    assertEquals(
        "INSERT INTO t (a, b) VALUES (?, ?)", Dialect.H2.insertIfAbsent("t", List.of("a", "b"), 1));
    assertEquals(
        "('x' || substr(md5(e), 1, 16))::bit(64)::bigint", Dialect.POSTGRESQL.rowHash64("e"));
    assertEquals("BYTEA", Dialect.POSTGRESQL.binaryType(16));
    assertEquals("VARBINARY(16)", Dialect.H2.binaryType(16));
    assertEquals("VARBINARY", Dialect.H2.binaryType(0));
    assertEquals("VARCHAR", Dialect.H2.textType());
    assertEquals("TEXT", Dialect.POSTGRESQL.textType());
  }

  @Test
  void columnValues_ofNoColumns_isEmpty_andEveryTypeRoundTrips() {
    assertArrayEquals(new byte[0], ColumnValues.encode(List.of(), new Object[0]));
    assertArrayEquals(new Object[0], ColumnValues.decode(List.of(), new byte[0]));
    List<String> columns = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
    Object[] values = {
      null,
      "é",
      1L << 40,
      -7,
      new byte[] {9, 8},
      true,
      new java.math.BigDecimal("-1.50"),
      (short) 300,
      2.5,
      false
    };
    Object[] back = ColumnValues.decode(columns, ColumnValues.encode(columns, values));
    assertEquals(values.length, back.length);
    for (int i = 0; i < values.length; i++) {
      if (values[i] instanceof byte[] b) {
        assertArrayEquals(b, (byte[]) back[i]);
      } else {
        assertEquals(values[i], back[i], columns.get(i));
      }
    }
    assertInstanceOf(Short.class, back[7]);
  }
}
