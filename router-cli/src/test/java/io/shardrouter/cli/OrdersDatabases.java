package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code orders} table of docs/examples/orders-v1.json and orders-v2.json on one H2 database
 * per group, filled with keys {@code order-0 .. order-(n-1)} where the source table puts them, and
 * the check that every key ends on its owner only.
 */
final class OrdersDatabases {
  static final String V1 = Cli.EXAMPLES.resolve("orders-v1.json").toString();
  static final String V2 = Cli.EXAMPLES.resolve("orders-v2.json").toString();
  static final String COLUMNS = "customer,cents";

  /** JDBC URL by group id, in the order {@code --jdbc} takes them: g0, g1, g2. */
  final Map<String, String> urls = new LinkedHashMap<>();

  /** Databases at {@code String.format(urlPattern, groupId)}. */
  OrdersDatabases(String urlPattern) {
    for (String g : new String[] {"g0", "g1", "g2"}) {
      urls.put(g, String.format(java.util.Locale.ROOT, urlPattern, g));
    }
  }

  String jdbcOption() {
    return String.join(",", urls.values());
  }

  /**
   * Creates the table on every group and writes {@code n} orders where {@code from} routes them.
   */
  void fill(RoutingTable from, int n) throws SQLException {
    for (String url : urls.values()) {
      try (Connection c = DriverManager.getConnection(url);
          Statement s = c.createStatement()) {
        s.execute(
            "CREATE TABLE IF NOT EXISTS orders (row_key VARBINARY(256) NOT NULL, row_id"
                + " VARBINARY(16) NOT NULL, customer VARCHAR(64), cents BIGINT, routed_version"
                + " BIGINT NOT NULL, seq BIGINT NOT NULL, part INT NOT NULL, PRIMARY KEY (row_key,"
                + " row_id))");
      }
    }
    Map<String, Connection> connections = new LinkedHashMap<>();
    Map<String, PreparedStatement> inserts = new LinkedHashMap<>();
    try {
      for (Map.Entry<String, String> e : urls.entrySet()) {
        Connection c = DriverManager.getConnection(e.getValue());
        connections.put(e.getKey(), c);
        inserts.put(
            e.getKey(), c.prepareStatement("INSERT INTO orders VALUES (?, ?, ?, ?, ?, 1, ?)"));
      }
      for (int i = 0; i < n; i++) {
        String key = "order-" + i;
        Route r = from.route(key);
        PreparedStatement p = inserts.get(r.group().id());
        p.setBytes(1, key.getBytes(StandardCharsets.US_ASCII));
        p.setBytes(2, new byte[] {1});
        p.setString(3, "customer-" + (i % 7));
        p.setLong(4, 100L * i);
        p.setLong(5, from.version());
        p.setInt(6, r.partition());
        p.addBatch();
      }
      for (PreparedStatement p : inserts.values()) {
        p.executeBatch();
      }
    } finally {
      for (Connection c : connections.values()) {
        c.close(); // closes its statement
      }
    }
  }

  /**
   * Asserts that each of the {@code n} keys is on its owner under {@code last} and nowhere else.
   */
  void assertEveryRowOnItsOwner(RoutingTable last, int n) throws SQLException {
    Map<String, Set<String>> keys = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : urls.entrySet()) {
      Set<String> on = new HashSet<>();
      try (Connection c = DriverManager.getConnection(e.getValue());
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT row_key FROM orders")) {
        while (rs.next()) {
          on.add(new String(rs.getBytes(1), StandardCharsets.US_ASCII));
        }
      }
      keys.put(e.getKey(), on);
    }
    int total = 0;
    for (Set<String> on : keys.values()) {
      total += on.size();
    }
    assertEquals(n, total, "every key once: " + keys.keySet());
    for (int i = 0; i < n; i++) {
      String key = "order-" + i;
      String owner = last.route(key).group().id();
      assertEquals(
          true,
          keys.get(owner).contains(key),
          key + " on its owner " + owner + " under v" + last.version());
    }
  }
}
