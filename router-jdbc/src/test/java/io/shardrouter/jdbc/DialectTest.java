package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The statements of each dialect, as text and run on the database. */
class DialectTest {

  @Test
  void upsert_text() {
    List<String> cols = List.of("id", "name", "amount");
    assertEquals(
        "MERGE INTO t (id, name, amount) KEY (id) VALUES (?, ?, ?)",
        Dialect.H2.upsert("t", cols, 1));
    assertEquals(
        "INSERT INTO t (id, name, amount) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET"
            + " name = EXCLUDED.name, amount = EXCLUDED.amount",
        Dialect.POSTGRESQL.upsert("t", cols, 1));
    assertEquals(
        "INSERT INTO t (a, b) VALUES (?, ?) ON CONFLICT (a, b) DO NOTHING",
        Dialect.POSTGRESQL.upsert("t", List.of("a", "b"), 2));
  }

  @Test
  void badIdentifiers_refusedWithTheName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Dialect.H2.upsert("orders; DROP TABLE x", List.of("id"), 1));
    assertTrue(e.getMessage().startsWith("table must be a plain SQL identifier"), e::getMessage);
    assertTrue(e.getMessage().contains("'orders; DROP TABLE x'"), e::getMessage);
    IllegalArgumentException col =
        assertThrows(
            IllegalArgumentException.class,
            () -> Dialect.POSTGRESQL.insertIfAbsent("t", List.of("id", "na-me"), 1));
    assertTrue(col.getMessage().startsWith("column of table 't' must be"), col::getMessage);
    IllegalArgumentException keys =
        assertThrows(
            IllegalArgumentException.class, () -> Dialect.H2.upsert("t", List.of("id"), 2));
    assertTrue(keys.getMessage().contains("between 1 and 1 key columns, got 2"), keys::getMessage);
    assertThrows(IllegalArgumentException.class, () -> Outbox.create("1outbox"));
  }

  @Test
  void unknownProduct_refused() {
    JdbcStoreException e =
        assertThrows(JdbcStoreException.class, () -> Dialect.ofProductName("MySQL"));
    assertTrue(
        e.getMessage().contains("'MySQL' has no dialect; router-jdbc speaks [H2, POSTGRESQL]"),
        e::getMessage);
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void statements_runOnTheDatabase(TestDatabase db) throws Exception {
    TestDatabase.Cluster cluster = db.open(1);
    DataSource ds = cluster.dataSource(cluster.endpoint(1));
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      Dialect d = Dialect.of(c);
      assertEquals(db.name(), d.name());
      s.execute("CREATE TABLE kv (k VARCHAR(64) PRIMARY KEY, v VARCHAR(64))");
      List<String> cols = List.of("k", "v");
      try (PreparedStatement up = c.prepareStatement(d.upsert("kv", cols, 1));
          PreparedStatement ins = c.prepareStatement(d.insertIfAbsent("kv", cols, 1))) {
        up.setString(1, "a");
        up.setString(2, "1");
        up.executeUpdate();
        up.setString(2, "2");
        up.executeUpdate();
        ins.setString(1, "a");
        ins.setString(2, "3");
        assertFalse(d.executeInsertIfAbsent(ins), "a present key is not inserted");
        ins.setString(1, "b");
        assertTrue(d.executeInsertIfAbsent(ins));
      }
      try (ResultSet rs = s.executeQuery("SELECT k, v FROM kv ORDER BY k")) {
        assertTrue(rs.next());
        assertEquals("2", rs.getString(2), "the upsert replaced the row");
        assertTrue(rs.next());
        assertEquals("3", rs.getString(2));
        assertFalse(rs.next());
      }
      for (String text : List.of("abc", "", "ünïcode €", "order-1|42|1700000000")) {
        try (PreparedStatement h = c.prepareStatement("SELECT " + d.rowHash64("?"))) {
          h.setString(1, text);
          try (ResultSet rs = h.executeQuery()) {
            rs.next();
            assertEquals(md5Prefix(text), rs.getLong(1), "hash of '" + text + "' on " + db);
          }
        }
      }
    }
  }

  static long md5Prefix(String text) throws Exception {
    byte[] md5 = MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
    return ByteBuffer.wrap(md5).getLong();
  }
}
