package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Part;
import io.shardrouter.migrate.Row;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scans by partition: a part's scan, statistics and deletion read the rows stamped with its source
 * partition through the index on (part, row_key, row_id), and nothing else; the restamp pass that
 * keeps the stamps exact after a strategy change is idempotent and resumable.
 */
class PartitionScanTest {
  private static final int PARTITIONS = 8;

  private record Setup(
      TestDatabase db, DataSource primary, JdbcMigrationStore store, PartitionStrategy strategy) {}

  private static Setup setup(TestDatabase db, int partitions) {
    TestDatabase.Cluster cluster = db.open(1);
    DataSource primary = cluster.dataSource(cluster.endpoint(1));
    JdbcMigrationStore store = JdbcMigrationStore.create("g1", primary, "kv");
    store.createTables();
    return new Setup(db, primary, store, cluster.table("kv", 1, partitions).strategy());
  }

  /** Keys of 1 to 4 bytes, with 0x00 and high bytes (the cursor escapes 0x00). */
  private static byte[] randomKey(SplittableRandom r) {
    byte[] k = new byte[1 + r.nextInt(4)];
    for (int i = 0; i < k.length; i++) {
      int c = r.nextInt(8);
      k[i] = c == 0 ? 0 : c == 1 ? (byte) (0x80 + r.nextInt(128)) : (byte) ('a' + r.nextInt(6));
    }
    return k;
  }

  /** Distinct (key, id) rows, 1 to 3 ids per key, stamped with the key's partition. */
  private static List<Row> rows(SplittableRandom r, PartitionStrategy s, int keys) {
    List<Row> out = new ArrayList<>();
    List<byte[]> seen = new ArrayList<>();
    while (seen.size() < keys) {
      byte[] key = randomKey(r);
      if (seen.stream().anyMatch(k -> Arrays.equals(k, key))) {
        continue;
      }
      seen.add(key);
      int ids = 1 + r.nextInt(3);
      for (int i = 0; i < ids; i++) {
        byte[] id = i == 0 ? new byte[0] : new byte[] {(byte) i, 0};
        byte[] value = new byte[r.nextInt(5)];
        r.nextBytes(value);
        out.add(Row.of(key, id, value, 1, 1 + r.nextInt(9), s.partitionOf(key)));
      }
    }
    return out;
  }

  private static List<Row> expected(List<Row> all, Part part) {
    List<Row> out = new ArrayList<>();
    for (Row r : all) {
      if (part.contains(r.key())) {
        out.add(r);
      }
    }
    out.sort(Row::compareStoreOrder);
    return out;
  }

  private static long stampedWith(List<Row> all, int partition) {
    return all.stream().filter(r -> r.partition() == partition).count();
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void scanOfAPart_exactRowsInStoreOrder_readingOnlyItsPartition(TestDatabase db) {
    long seed = JdbcMigrationStoreTest.seed();
    String at = "seed " + seed + " on " + db;
    SplittableRandom r = new SplittableRandom(seed);
    Setup s = setup(db, PARTITIONS);
    List<Row> all = rows(r, s.strategy, 400);
    s.store.apply(all, MigrationStore.WriteOrigin.MIGRATION);
    for (int p = 0; p < PARTITIONS; p++) {
      long inPartition = stampedWith(all, p);
      assertTrue(inPartition > 20, at + ": partition " + p + " holds " + inPartition);
      for (Part part :
          List.of(
              Part.of("p" + p, s.strategy, p, null),
              Part.of("p" + p + "f", s.strategy, p, k -> (k[k.length - 1] & 1) == 0))) {
        List<Row> want = expected(all, part);
        for (int limit : new int[] {1, 3, 7, 64, 1000}) {
          long before = s.store.rowsRead();
          List<Row> got = new ArrayList<>();
          List<byte[]> cursors = new ArrayList<>();
          byte[] cursor = null;
          while (true) {
            MigrationStore.ScanPage page = s.store.scan(part, cursor, limit);
            got.addAll(page.rows());
            if (page.done()) {
              break;
            }
            cursor = page.cursor();
            cursors.add(cursor);
          }
          assertEquals(want, got, at + " " + part + " limit " + limit);
          assertEquals(
              inPartition,
              s.store.rowsRead() - before,
              at + " " + part + " limit " + limit + ": every row stamped p once, no other row");
          if (!cursors.isEmpty()) {
            // A restarted store (and coordinator) continues from a saved cursor.
            byte[] saved = cursors.get(cursors.size() / 2);
            JdbcMigrationStore restarted = JdbcMigrationStore.create("g1", s.primary, "kv");
            List<Row> rest = new ArrayList<>();
            cursor = saved;
            while (true) {
              MigrationStore.ScanPage page = restarted.scan(part, cursor, limit);
              rest.addAll(page.rows());
              if (page.done()) {
                break;
              }
              cursor = page.cursor();
            }
            byte[] savedKey = MigrationStore.ScanPage.cursorKey(saved);
            byte[] savedId = MigrationStore.ScanPage.cursorId(saved);
            List<Row> after = new ArrayList<>();
            for (Row w : want) {
              int c = Arrays.compareUnsigned(w.key(), savedKey);
              if (c > 0 || (c == 0 && Arrays.compareUnsigned(w.id(), savedId) > 0)) {
                after.add(w);
              }
            }
            assertEquals(after, rest, at + " " + part + " limit " + limit + " restarted");
          }
        }
        long before = s.store.rowsRead();
        MigrationStore.PartStats stats = s.store.stats(part);
        assertEquals(inPartition, s.store.rowsRead() - before, at + " stats read the partition");
        long sum = 0;
        for (Row w : want) {
          sum += w.digest();
        }
        assertEquals(new MigrationStore.PartStats(want.size(), sum), stats, at);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void cursorOfAFullTableScan_resumesInsideThePartition(TestDatabase db) {
    long seed = JdbcMigrationStoreTest.seed();
    SplittableRandom r = new SplittableRandom(seed);
    Setup s = setup(db, PARTITIONS);
    List<Row> all = rows(r, s.strategy, 200);
    s.store.apply(all, MigrationStore.WriteOrigin.MIGRATION);
    List<Row> sorted = new ArrayList<>(all);
    sorted.sort(Row::compareStoreOrder);
    Part part = Part.of("p5", s.strategy, 5, null);
    // A state saved by the full-table scan named the last row examined, of any partition.
    for (int i = 0; i < sorted.size(); i += 17) {
      Row last = sorted.get(i);
      byte[] cursor = MigrationStore.ScanPage.cursorOf(last.key(), last.id());
      List<Row> want = new ArrayList<>();
      for (Row w : sorted.subList(i + 1, sorted.size())) {
        if (part.contains(w.key())) {
          want.add(w);
        }
      }
      List<Row> got = new ArrayList<>();
      while (true) {
        MigrationStore.ScanPage page = s.store.scan(part, cursor, 4);
        got.addAll(page.rows());
        if (page.done()) {
          break;
        }
        cursor = page.cursor();
      }
      assertEquals(want, got, "seed " + seed + " on " + db + " after row " + i);
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void deleteOfAPart_readsOnlyItsPartition_deletesOnlyItsRows(TestDatabase db) {
    long seed = JdbcMigrationStoreTest.seed();
    SplittableRandom r = new SplittableRandom(seed);
    Setup s = setup(db, PARTITIONS);
    List<Row> all = rows(r, s.strategy, 300);
    s.store.apply(all, MigrationStore.WriteOrigin.MIGRATION);
    Part part = Part.of("p2f", s.strategy, 2, k -> k[0] != 'a');
    List<Row> doomed = expected(all, part);
    long before = s.store.rowsRead();
    List<Row> archived = new ArrayList<>();
    byte[] cursor = null;
    while (true) {
      MigrationStore.ScanPage page = s.store.delete(part, cursor, 5, archived::addAll);
      if (page.done()) {
        break;
      }
      cursor = page.cursor();
    }
    assertEquals(doomed, archived);
    // Pages re-read nothing: deleted rows lie before the cursor.
    assertEquals(stampedWith(all, 2), s.store.rowsRead() - before, "seed " + seed + " on " + db);
    for (Row w : all) {
      boolean gone = doomed.contains(w);
      assertEquals(!gone, s.store.get(w.key(), w.id()) != null, "seed " + seed + " " + w);
    }
  }

  /** EXPLAIN of the statements a part's pages run: the planner reads the new index. */
  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void partPages_readTheIndex(TestDatabase db) throws Exception {
    Setup s = setup(db, 64);
    SplittableRandom r = new SplittableRandom(7);
    List<Row> all = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      byte[] key = ("key-" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      all.add(Row.of(key, new byte[] {(byte) r.nextInt(3)}, 1, 1, s.strategy.partitionOf(key)));
    }
    RowTable table = new RowTable("kv", List.of(), Dialect.of(s.primary));
    bulkInsert(s.primary, table, all);
    byte[] key = "key-1".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    try (Connection c = s.primary.getConnection()) {
      try (Statement st = c.createStatement()) {
        st.execute(db == TestDatabase.H2 ? "ANALYZE" : "ANALYZE kv");
      }
      String first = explain(c, table.partFirst, 5, null, 50);
      String after = explain(c, table.partAfterKey, 5, key, 50);
      String stats = explain(c, table.partRows, 5, null, -1);
      System.out.printf(
          "%s plans:%n-- first page%n%s%n-- next page%n%s%n-- stats%n%s%n",
          db, first, after, stats);
      if (db == TestDatabase.H2) {
        for (String plan : List.of(first, after)) {
          assertTrue(plan.contains("PUBLIC.KV_BY_PART: PART = "), plan);
          assertTrue(plan.contains("/* index sorted */"), "H2 stops at the limit: " + plan);
        }
        assertTrue(stats.contains("PUBLIC.KV_BY_PART: PART = "), stats);
      } else {
        for (String plan : List.of(first, after)) {
          assertTrue(
              plan.contains("Index Scan using kv_by_part on kv")
                  || plan.contains("Index Only Scan using kv_by_part on kv"),
              plan);
          assertFalse(plan.contains("Sort"), "read in index order up to the limit: " + plan);
        }
        // The last pages of a partition (few rows left) may be planned as a bitmap scan of the
        // same index and a sort of what is left: still only that partition's rows after the key.
        String tail = explain(c, table.partAfterKey, 5, lastKeyOf(all, 5), 50);
        assertTrue(tail.contains("kv_by_part") && !tail.contains("Seq Scan"), tail);
        assertTrue(tail.contains("(part = 5) AND (row_key > "), tail);
        assertTrue(stats.contains("kv_by_part") && !stats.contains("Seq Scan"), stats);
      }
    }
  }

  /** A key of one of the last rows stamped {@code partition}. */
  private static byte[] lastKeyOf(List<Row> all, int partition) {
    List<Row> in = new ArrayList<>();
    for (Row w : all) {
      if (w.partition() == partition) {
        in.add(w);
      }
    }
    in.sort(Row::compareStoreOrder);
    return in.get(in.size() - 20).key();
  }

  private static String explain(Connection c, String sql, int part, byte[] key, int limit)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("EXPLAIN " + sql)) {
      int i = 1;
      ps.setInt(i++, part);
      if (key != null) {
        ps.setBytes(i++, key);
      }
      if (limit > 0) {
        ps.setInt(i, limit);
      }
      StringBuilder out = new StringBuilder();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.append(rs.getString(1)).append('\n');
        }
      }
      return out.toString();
    }
  }

  static void bulkInsert(DataSource primary, RowTable table, List<Row> rows) throws SQLException {
    try (Connection c = primary.getConnection()) {
      c.setAutoCommit(false);
      try (PreparedStatement ps = c.prepareStatement(table.insert)) {
        int n = 0;
        for (Row w : rows) {
          table.bindRow(ps, w);
          ps.addBatch();
          if (++n % 2000 == 0) {
            ps.executeBatch();
          }
        }
        ps.executeBatch();
      }
      c.commit();
      c.setAutoCommit(true);
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void serviceTable_indexFoundOrCreated_orTheStatementToRunNamed(TestDatabase db) throws Exception {
    TestDatabase.Cluster cluster = db.open(1);
    DataSource primary = cluster.dataSource(cluster.endpoint(1));
    String bin = db == TestDatabase.POSTGRESQL ? "BYTEA" : "VARBINARY(1024)";
    List<String> values = List.of("note");
    try (Connection c = primary.getConnection();
        Statement st = c.createStatement()) {
      for (String t : List.of("own", "theirs")) {
        st.execute(
            "CREATE TABLE "
                + t
                + " (row_key "
                + bin
                + " NOT NULL, row_id "
                + bin
                + " NOT NULL, note VARCHAR(64), routed_version BIGINT NOT NULL,"
                + " seq BIGINT NOT NULL, part INT NOT NULL, PRIMARY KEY (row_key, row_id))");
      }
      st.execute("CREATE INDEX theirs_scan ON theirs (part, row_key, row_id, seq)");
      st.execute("CREATE VIEW own_view AS SELECT * FROM own");
    }
    JdbcMigrationStore own = JdbcMigrationStore.create("g1", primary, "own", values);
    own.createTables();
    own.createTables(); // idempotent
    assertEquals(List.of("own_by_part", "own_pkey"), indexes(primary, "own"));
    JdbcMigrationStore theirs = JdbcMigrationStore.create("g1", primary, "theirs", values);
    theirs.createTables();
    assertEquals(
        List.of("theirs_pkey", "theirs_scan"),
        indexes(primary, "theirs"),
        "the service's own index on (part, row_key, row_id, ...) serves: no second one");
    JdbcMigrationStore view = JdbcMigrationStore.create("g1", primary, "own_view", values);
    JdbcStoreException e = assertThrows(JdbcStoreException.class, view::createTables);
    assertTrue(
        e.getMessage().contains("has no index on (part, row_key, row_id)")
            && e.getMessage()
                .contains(
                    "run 'CREATE INDEX IF NOT EXISTS own_view_by_part ON own_view (part, row_key,"
                        + " row_id)'"),
        e::getMessage);
    assertEquals(
        "CREATE INDEX IF NOT EXISTS own_view_by_part ON own_view (part, row_key, row_id)",
        view.partIndexStatement());
  }

  /** The table's index names, lower case, sorted; H2's primary key index shown as "_pkey". */
  private static List<String> indexes(DataSource primary, String table) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = primary.getConnection()) {
      boolean upper = c.getMetaData().storesUpperCaseIdentifiers();
      try (ResultSet rs =
          c.getMetaData()
              .getIndexInfo(
                  c.getCatalog(),
                  c.getSchema(),
                  upper ? table.toUpperCase(Locale.ROOT) : table,
                  false,
                  true)) {
        while (rs.next()) {
          String name = rs.getString("INDEX_NAME");
          if (name == null) {
            continue;
          }
          name = name.toLowerCase(Locale.ROOT);
          if (name.startsWith("primary_key")) {
            name = table + "_pkey";
          }
          if (!out.contains(name)) {
            out.add(name);
          }
        }
      }
    }
    out.sort(null);
    return out;
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void restamp_newNumberingBelowTheVersion_idempotentAndResumable(TestDatabase db) {
    long seed = JdbcMigrationStoreTest.seed();
    String at = "seed " + seed + " on " + db;
    SplittableRandom r = new SplittableRandom(seed);
    TestDatabase.Cluster cluster = db.open(1);
    DataSource primary = cluster.dataSource(cluster.endpoint(1));
    JdbcMigrationStore store = JdbcMigrationStore.create("g1", primary, "kv");
    store.createTables();
    PartitionStrategy oldNumbering = cluster.table("kv", 1, 16).strategy();
    PartitionStrategy newNumbering = cluster.table("kv", 1, 32).strategy();
    long done = 8;
    // Rows routed before DONE carry the old numbering; rows routed at DONE or later the new one,
    // except a few marked 99 to show the restamp leaves rows of DONE or later alone.
    List<Row> all = new ArrayList<>();
    for (Row w : rows(r, oldNumbering, 300)) {
      long version = 1L + r.nextInt(10);
      int stamp =
          version < done
              ? oldNumbering.partitionOf(w.key())
              : r.nextInt(5) == 0 ? 99 : newNumbering.partitionOf(w.key());
      all.add(Row.of(w.key(), w.id(), w.value(), version, w.sequence(), stamp));
    }
    store.apply(all, MigrationStore.WriteOrigin.MIGRATION);
    List<Row> want = new ArrayList<>();
    int changes = 0;
    for (Row w : all) {
      int p = newNumbering.partitionOf(w.key());
      if (w.version() < done && p != w.partition()) {
        want.add(Row.of(w.key(), w.id(), w.value(), w.version(), w.sequence(), p));
        changes++;
      } else {
        want.add(w);
      }
    }
    want.sort(Row::compareStoreOrder);
    assertTrue(changes > 50, at + ": " + changes + " rows to restamp");

    // The first pass stops after a few pages (a crash) and a new store object resumes it.
    List<Row> restamped = new ArrayList<>();
    byte[] cursor = null;
    JdbcMigrationStore current = store;
    for (int page = 0; ; page++) {
      MigrationStore.ScanPage p = current.restamp(newNumbering::partitionOf, done, cursor, 13);
      restamped.addAll(p.rows());
      if (p.done()) {
        break;
      }
      cursor = p.cursor();
      if (page == 4) {
        current = JdbcMigrationStore.create("g1", primary, "kv");
        // and the crashed pass's last page runs again: it changes nothing twice
        assertEquals(List.of(), current.restamp(newNumbering::partitionOf, done, null, 13).rows());
      }
    }
    assertEquals(changes, restamped.size(), at);
    assertEquals(want, dump(primary), at);
    for (Row w : restamped) {
      assertEquals(newNumbering.partitionOf(w.key()), w.partition(), at);
    }
    // Idempotent: a second whole pass changes nothing.
    long before = store.rowsRead();
    cursor = null;
    while (true) {
      MigrationStore.ScanPage p = store.restamp(newNumbering::partitionOf, done, cursor, 50);
      assertEquals(List.of(), p.rows(), at);
      if (p.done()) {
        break;
      }
      cursor = p.cursor();
    }
    assertEquals(all.size(), store.rowsRead() - before, "a pass reads the table once");
    assertEquals(want, dump(primary), at);
    // Scans by the new numbering now find every row of each partition.
    for (int q = 0; q < 32; q++) {
      Part part = Part.of("q" + q, newNumbering, q, null);
      List<Row> got = new ArrayList<>();
      byte[] c = null;
      while (true) {
        MigrationStore.ScanPage p = store.scan(part, c, 9);
        got.addAll(p.rows());
        if (p.done()) {
          break;
        }
        c = p.cursor();
      }
      List<Row> inQ = new ArrayList<>();
      for (Row w : want) {
        if (w.partition() == q) {
          inQ.add(w);
        }
      }
      assertEquals(inQ, got, at + " partition " + q);
    }
    MigrationStore inMemory = MigrationStore.inMemory("g1");
    MigrationStore.ScanPage none = inMemory.restamp(newNumbering::partitionOf, done, null, 10);
    assertTrue(none.done() && none.rows().isEmpty(), "the default restamp does nothing");
  }

  /** Every row of the store's table {@code kv}, in store order. */
  private static List<Row> dump(DataSource primary) {
    RowTable table = new RowTable("kv", List.of(), Dialect.of(primary));
    List<Row> out = new ArrayList<>();
    try (Connection c = primary.getConnection();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(table.select + " ORDER BY row_key, row_id")) {
      while (rs.next()) {
        out.add(table.read(rs));
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return out;
  }
}
