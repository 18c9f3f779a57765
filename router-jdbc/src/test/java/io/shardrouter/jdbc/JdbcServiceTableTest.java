package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Part;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The migration store over a service's own table: many rows per routing key, values in typed
 * columns that plain SQL reads, and writes inside the service's transaction.
 */
class JdbcServiceTableTest {
  private static final List<String> VALUES = List.of("customer", "created_at", "cents", "note");

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private record Setup(DataSource primary, JdbcMigrationStore store, PartitionStrategy strategy) {}

  private static Setup setup(TestDatabase db) throws Exception {
    TestDatabase.Cluster cluster = db.open(1);
    DataSource primary = cluster.dataSource(cluster.endpoint(1));
    String bin = db == TestDatabase.POSTGRESQL ? "BYTEA" : "VARBINARY(1024)";
    try (Connection c = primary.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE sales (row_key "
              + bin
              + " NOT NULL, row_id "
              + bin
              + " NOT NULL, customer VARCHAR(64) NOT NULL, created_at BIGINT NOT NULL,"
              + " cents INT NOT NULL, note VARCHAR(64), routed_version BIGINT NOT NULL,"
              + " seq BIGINT NOT NULL, part INT NOT NULL, PRIMARY KEY (row_key, row_id))");
    }
    JdbcMigrationStore store = JdbcMigrationStore.create("g1", primary, "sales", VALUES);
    store.createTables();
    return new Setup(primary, store, cluster.table("sales", 1, 8).strategy());
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void manyRowsPerKey_typedColumns_scanInStoreOrder(TestDatabase db) throws Exception {
    Setup s = setup(db);
    List<Row> written = new ArrayList<>();
    for (int u = 0; u < 12; u++) {
      byte[] key = b("user-" + u);
      for (int o = 0; o < 5; o++) {
        String note = o % 2 == 0 ? null : "gift ü " + o;
        written.add(
            s.store.row(
                key,
                b("order-" + o),
                1,
                1,
                s.strategy.partitionOf(key),
                "user-" + u,
                1_700_000_000_000L + o,
                100 * o,
                note));
      }
    }
    assertEquals(60, s.store.apply(written, MigrationStore.WriteOrigin.CLIENT).applied());
    assertEquals(
        List.of("user-3", 1_700_000_000_001L, 100, "gift ü 1"),
        s.store.values(s.store.get(b("user-3"), b("order-1"))));
    try (Connection c = s.primary.getConnection();
        PreparedStatement ps =
            c.prepareStatement("SELECT SUM(cents), COUNT(note) FROM sales WHERE customer = ?")) {
      ps.setString(1, "user-3");
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next());
        assertEquals(1000, rs.getLong(1), "the service reads its columns with plain SQL");
        assertEquals(2, rs.getLong(2));
      }
    }
    assertEquals(5, s.store.fetch(List.of(b("user-7"))).size());
    for (int p = 0; p < 8; p++) {
      Part part = Part.of("p" + p, s.strategy, p, null);
      List<Row> expected = new ArrayList<>();
      for (Row r : written) {
        if (part.contains(r.key())) {
          expected.add(r);
        }
      }
      expected.sort(Row::compareStoreOrder);
      List<Row> scanned = new ArrayList<>();
      byte[] cursor = null;
      while (true) {
        MigrationStore.ScanPage page = s.store.scan(part, cursor, 3);
        scanned.addAll(page.rows());
        if (page.done()) {
          break;
        }
        cursor = page.cursor();
      }
      assertEquals(expected, scanned, db + " part " + p);
      long sum = 0;
      for (Row r : expected) {
        sum += r.digest();
      }
      assertEquals(sum, s.store.stats(part).checksum());
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void applyOnTheServicesConnection_isOneTransactionWithItsOtherWrites(TestDatabase db)
      throws Exception {
    Setup s = setup(db);
    byte[] key = b("user-1");
    int p = s.strategy.partitionOf(key);
    try (Connection c = s.primary.getConnection()) {
      IllegalStateException auto =
          assertThrows(
              IllegalStateException.class,
              () ->
                  s.store.apply(
                      c,
                      Arrays.asList(s.store.row(key, b("o"), 1, 1, p, "u", 1L, 1, null)),
                      MigrationStore.WriteOrigin.CLIENT));
      assertTrue(auto.getMessage().contains("setAutoCommit(false)"), auto.getMessage());
      c.setAutoCommit(false);
      s.store.apply(
          c,
          Arrays.asList(s.store.row(key, b("o"), 1, 1, p, "u", 1L, 1, null)),
          MigrationStore.WriteOrigin.CLIENT);
      c.rollback();
    }
    assertNull(s.store.get(key, b("o")), "the service's rollback took the row back");
    s.store.setFence(new Fence(p, 1, 2, Phase.CUT_OVER));
    try (Connection c = s.primary.getConnection()) {
      c.setAutoCommit(false);
      MigrationStore.ApplyResult r =
          s.store.apply(
              c,
              Arrays.asList(s.store.row(key, b("o"), 1, 1, p, "u", 1L, 1, null)),
              MigrationStore.WriteOrigin.CLIENT);
      assertTrue(r.refused(), "the fence is read in the service's transaction");
      c.rollback();
      MigrationStore.ApplyResult ok =
          s.store.apply(
              c,
              Arrays.asList(s.store.row(key, b("o"), 2, 2, p, "u", 2L, 2, null)),
              MigrationStore.WriteOrigin.CLIENT);
      assertFalse(ok.refused());
      c.commit();
    }
    assertEquals(Arrays.asList("u", 2L, 2, null), s.store.values(s.store.get(key, b("o"))));
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void badLayouts_sayWhatToFix(TestDatabase db) throws Exception {
    Setup s = setup(db);
    JdbcStoreException missing =
        assertThrows(
            JdbcStoreException.class,
            () ->
                JdbcMigrationStore.create("g1", s.primary, "sales", List.of("customer", "absent"))
                    .createTables());
    assertTrue(missing.getMessage().contains("add the missing columns"), missing::getMessage);
    IllegalArgumentException own =
        assertThrows(
            IllegalArgumentException.class,
            () -> JdbcMigrationStore.create("g1", s.primary, "sales", List.of("customer", "seq")));
    assertTrue(own.getMessage().contains("one of the store's own columns"), own::getMessage);
    assertThrows(
        IllegalArgumentException.class,
        () -> JdbcMigrationStore.create("g1", s.primary, "sales", List.of()));
    IllegalArgumentException count =
        assertThrows(
            IllegalArgumentException.class, () -> s.store.row(b("k"), b("i"), 1, 1, 0, "only"));
    assertTrue(count.getMessage().contains("needs 4 values, got 1"), count::getMessage);
    JdbcStoreException type =
        assertThrows(
            JdbcStoreException.class,
            () -> s.store.row(b("k"), b("i"), 1, 1, 0, "u", new Object(), 1, null));
    assertTrue(type.getMessage().contains("column 'created_at' holds a java.lang.Object"));
    Row foreign = Row.of(b("k"), b("i"), new byte[] {9, 9}, 1, 1, 0);
    IllegalArgumentException bytes =
        assertThrows(IllegalArgumentException.class, () -> s.store.values(foreign));
    assertTrue(bytes.getMessage().contains("build rows with JdbcMigrationStore.row"));
    JdbcMigrationStore generic = JdbcMigrationStore.create("g1", s.primary, "kv");
    assertThrows(
        IllegalStateException.class,
        () -> generic.row(b("k"), b("i"), 1, 1, 0, Arrays.asList("x").toArray()));
  }
}
