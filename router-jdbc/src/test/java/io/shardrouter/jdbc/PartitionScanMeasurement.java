package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationCoordinator;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Part;
import io.shardrouter.migrate.PartReport;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.postgresql.ds.PGConnectionPoolDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Measures a migration's copy and verify passes on PostgreSQL, with the part's rows read through
 * the index on (part, row_key, row_id) ("after") and with the full-table scan this store used
 * before ("before", reproduced by {@link FullTableScans} on the same data): a group table of
 * 1,000,000 rows in 64 hash_mod partitions, one partition moving to a new group. Skipped unless
 * {@code -Dshardrouter.measure=true}; needs {@code SHARDROUTER_PG_URL}. The source table is kept in
 * schema {@code shardrouter_measure_src} between runs (built once, about a minute); the target
 * schema is emptied before each pass.
 *
 * <pre>
 * export SHARDROUTER_PG_URL=jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres
 * ./mvnw -B -pl router-jdbc test -Dtest=PartitionScanMeasurement -Dshardrouter.measure=true \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * <p>The passes run in a {@link MigrationCoordinator} (pages of 500 rows), with its state kept in
 * memory: the copy is {@code advanceTo(COPY)}, the verification {@code advanceTo(VERIFY)} after the
 * catch-up; what is timed is the stores' work, not a state file's fsync per page.
 */
@EnabledIfSystemProperty(named = "shardrouter.measure", matches = "true")
class PartitionScanMeasurement {
  private static final int ROWS = Integer.getInteger("shardrouter.measure.rows", 1_000_000);
  private static final int ROUNDS = Integer.getInteger("shardrouter.measure.rounds", 3);
  private static final int PARTITIONS = 64;
  private static final int MOVING = 5;
  private static final int BATCH = 500;
  private static final String SOURCE = "shardrouter_measure_src";
  private static final String TARGET = "shardrouter_measure_dst";

  @Test
  void copyAndVerifyOnePartitionOf64_beforeAndAfter() throws Exception {
    String url = TestDatabase.setting("SHARDROUTER_PG_URL");
    assertTrue(url != null && !url.isBlank(), "set SHARDROUTER_PG_URL");
    JdbcConnectionPool src = pool(url, SOURCE);
    JdbcConnectionPool dst = pool(url, TARGET);
    try {
      RoutingTable from = table(url, 1, p -> "g1");
      RoutingTable to = table(url, 2, p -> p == MOVING ? "g2" : "g1");
      MigrationPlan plan = MigrationPlan.between(from, to);
      assertEquals(1, plan.movements().size());
      Part part = plan.movements().get(0).part();
      JdbcMigrationStore source = JdbcMigrationStore.create("g1", src, "kv");
      source.createTables();
      long partRows = populate(src, from);
      System.out.printf(
          Locale.ROOT,
          "source: %,d rows in %d partitions; part %s holds %,d rows (%.2f%%)%n",
          ROWS,
          PARTITIONS,
          part.id(),
          partRows,
          100.0 * partRows / ROWS);
      System.out.println("plan of a page of the part (EXPLAIN ANALYZE, cursor mid-partition):");
      System.out.println(explainPage(src, part));
      List<String> lines = new ArrayList<>();
      for (int round = 1; round <= ROUNDS; round++) {
        for (boolean indexed : new boolean[] {false, true}) {
          JdbcMigrationStore fresh = JdbcMigrationStore.create("g1", src, "kv");
          MigrationStore s = indexed ? fresh : new FullTableScans(fresh, src);
          lines.add(run(round, indexed, s, dst, plan, partRows));
          System.out.println(lines.get(lines.size() - 1));
        }
      }
      System.out.println(
          "| scan | round | rows read by the copy | part rows | read / part | copy rows/s | verify"
              + " rows/s | copy s | verify s |");
      System.out.println("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
      lines.forEach(System.out::println);
    } finally {
      src.dispose();
      dst.dispose();
    }
  }

  private static String run(
      int round,
      boolean indexed,
      MigrationStore source,
      JdbcConnectionPool dst,
      MigrationPlan plan,
      long partRows)
      throws SQLException {
    try (Connection c = dst.getConnection();
        Statement st = c.createStatement()) {
      st.execute("DROP TABLE IF EXISTS kv");
      st.execute("DROP TABLE IF EXISTS kv_fence");
    }
    JdbcMigrationStore fresh = JdbcMigrationStore.create("g2", dst, "kv");
    fresh.createTables();
    MigrationStore target = indexed ? fresh : new FullTableScans(fresh, dst);
    Map<String, MigrationState> states = new HashMap<>();
    MigrationCoordinator coordinator =
        MigrationCoordinator.builder(plan)
            .store(source)
            .store(target)
            .stateStore(
                new MigrationStateStore() {
                  @Override
                  public MigrationState load(String id) {
                    return states.get(id);
                  }

                  @Override
                  public void save(MigrationState state) {
                    states.put(state.migrationId(), state);
                  }
                })
            .publisher(routes -> {})
            .batchSize(BATCH)
            .build();
    long readBefore = rowsRead(source);
    long t0 = System.nanoTime();
    coordinator.advanceTo(Phase.COPY); // publish, then the copy pass, page by page
    long copyNanos = System.nanoTime() - t0;
    long read = rowsRead(source) - readBefore;
    assertEquals(partRows, fresh.stats(plan.movements().get(0).part()).rows(), "rows copied");
    coordinator.advanceTo(Phase.DUAL_WRITE); // fence, catch-up
    t0 = System.nanoTime();
    coordinator.advanceTo(Phase.VERIFY); // publish, then verify (clean: no repair)
    long verifyNanos = System.nanoTime() - t0;
    PartReport report = coordinator.report().get(0);
    assertTrue(report.clean(), report.toString());
    assertEquals(partRows, report.matching());
    return String.format(
        Locale.ROOT,
        "| %s | %d | %,d | %,d | %.2f | %,.0f | %,.0f | %.2f | %.2f |",
        indexed ? "after: index on (part, row_key, row_id)" : "before: whole table",
        round,
        read,
        partRows,
        (double) read / partRows,
        partRows / (copyNanos / 1e9),
        report.matching() / (verifyNanos / 1e9),
        copyNanos / 1e9,
        verifyNanos / 1e9);
  }

  private static long rowsRead(MigrationStore s) {
    return s instanceof FullTableScans f ? f.rowsRead : ((JdbcMigrationStore) s).rowsRead();
  }

  private static JdbcConnectionPool pool(String url, String schema) throws SQLException {
    PGSimpleDataSource base = new PGSimpleDataSource();
    base.setURL(url);
    try (Connection c = base.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
    }
    PGConnectionPoolDataSource ds = new PGConnectionPoolDataSource();
    ds.setURL(url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema);
    ds.setReWriteBatchedInserts(true);
    JdbcConnectionPool pool = JdbcConnectionPool.create(ds);
    pool.setMaxConnections(8);
    return pool;
  }

  private static RoutingTable table(
      String url, long version, java.util.function.IntFunction<String> placement) {
    StringBuilder places = new StringBuilder();
    for (int p = 0; p < PARTITIONS; p++) {
      places.append(p == 0 ? "" : ", ").append('"').append(placement.apply(p)).append('"');
    }
    return io.shardrouter.core.metadata.RoutingDocuments.read(
        "{\"format\": 1, \"routing_version\": "
            + version
            + ", \"entity\": \"users\", \"key\": {\"type\": \"string\"},"
            + " \"strategy\": {\"type\": \"hash_mod\", \"hash\": \"xxh3-64\", \"partitions\": "
            + PARTITIONS
            + "}, \"groups\": [{\"id\": \"g1\", \"primary\": \""
            + url
            + "\"}, {\"id\": \"g2\", \"primary\": \""
            + url
            + "\"}], \"placement\": ["
            + places
            + "]}");
  }

  /** Fills the source table once (reused while it holds {@link #ROWS} rows); the part's rows. */
  private static long populate(DataSource src, RoutingTable from) throws SQLException {
    long have;
    try (Connection c = src.getConnection();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM kv")) {
      rs.next();
      have = rs.getLong(1);
    }
    if (have != ROWS) {
      long t0 = System.nanoTime();
      try (Connection c = src.getConnection();
          Statement st = c.createStatement()) {
        st.execute("TRUNCATE kv");
      }
      RowTable table = new RowTable("kv", List.of(), Dialect.POSTGRESQL);
      SplittableRandom r = new SplittableRandom(42);
      List<Row> batch = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        byte[] key = ("user-" + i).getBytes(StandardCharsets.UTF_8);
        byte[] value = new byte[64];
        r.nextBytes(value);
        batch.add(Row.of(key, value, 1, 1, from.routeCanonical(key).partition()));
        if (batch.size() == 10_000) {
          PartitionScanTest.bulkInsert(src, table, batch);
          batch.clear();
        }
      }
      PartitionScanTest.bulkInsert(src, table, batch);
      try (Connection c = src.getConnection();
          Statement st = c.createStatement()) {
        st.execute("VACUUM ANALYZE kv");
      }
      System.out.printf(
          Locale.ROOT, "built the source table in %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }
    try (Connection c = src.getConnection();
        PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM kv WHERE part = ?")) {
      ps.setInt(1, MOVING);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  private static String explainPage(DataSource src, Part part) throws SQLException {
    RowTable table = new RowTable("kv", List.of(), Dialect.POSTGRESQL);
    byte[] middle;
    try (Connection c = src.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT row_key FROM kv WHERE part = ? ORDER BY part, row_key, row_id"
                    + " OFFSET ? LIMIT 1")) {
      ps.setInt(1, part.sourcePartition());
      ps.setInt(2, 7_000);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        middle = rs.getBytes(1);
      }
    }
    StringBuilder out = new StringBuilder();
    try (Connection c = src.getConnection();
        PreparedStatement ps =
            c.prepareStatement("EXPLAIN (ANALYZE, BUFFERS) " + table.partAfterKey)) {
      ps.setInt(1, part.sourcePartition());
      ps.setBytes(2, middle);
      ps.setInt(3, BATCH);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.append("    ").append(rs.getString(1)).append('\n');
        }
      }
    }
    return out.toString();
  }

  /**
   * The store as it scanned before the index: pages of the whole table in (row_key, row_id) order,
   * filtered by {@link Part#contains} in Java; statistics streamed over the whole table. Everything
   * else is the JDBC store's.
   */
  static final class FullTableScans implements MigrationStore {
    private final JdbcMigrationStore store;
    private final DataSource primary;
    private final RowTable rows = new RowTable("kv", List.of(), Dialect.POSTGRESQL);
    long rowsRead;

    FullTableScans(JdbcMigrationStore store, DataSource primary) {
      this.store = store;
      this.primary = primary;
    }

    @Override
    public ScanPage scan(Part part, byte[] cursor, int limit) {
      List<Row> examined = new ArrayList<>(Math.min(limit, 1024));
      try (Connection c = primary.getConnection()) {
        if (cursor == null) {
          rows.select(c, rows.scanFirst, null, null, limit, examined);
        } else {
          byte[] key = ScanPage.cursorKey(cursor);
          rows.select(c, rows.scanSameKey, key, ScanPage.cursorId(cursor), limit, examined);
          if (examined.size() < limit) {
            rows.select(c, rows.scanAfterKey, key, null, limit - examined.size(), examined);
          }
        }
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
      rowsRead += examined.size();
      List<Row> out = new ArrayList<>();
      for (Row r : examined) {
        if (part.contains(r.key())) {
          out.add(r);
        }
      }
      byte[] last = cursor;
      if (!examined.isEmpty()) {
        Row r = examined.get(examined.size() - 1);
        last = ScanPage.cursorOf(r.key(), r.id());
      }
      return new ScanPage(out, last, examined.size() < limit);
    }

    @Override
    public String groupId() {
      return store.groupId();
    }

    @Override
    public ApplyResult apply(List<Row> batch, WriteOrigin origin) {
      return store.apply(batch, origin);
    }

    @Override
    public ReadResult read(long version, int partition, byte[] key) {
      return store.read(version, partition, key);
    }

    @Override
    public List<Row> fetch(List<byte[]> keys) {
      return store.fetch(keys);
    }

    @Override
    public Row get(byte[] key, byte[] id) {
      return store.get(key, id);
    }

    @Override
    public void setFence(Fence fence) {
      store.setFence(fence);
    }

    @Override
    public void clearFence(int partition) {
      store.clearFence(partition);
    }

    @Override
    public List<Fence> fences() {
      return store.fences();
    }

    @Override
    public void deleteRows(List<Row> doomed) {
      store.deleteRows(doomed);
    }
  }
}
