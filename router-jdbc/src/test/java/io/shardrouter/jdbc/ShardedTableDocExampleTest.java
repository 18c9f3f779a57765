package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFileSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The example of {@code docs/sharded-table.md}, compiled and run here: a service's order rows
 * through a {@link ShardedTable} that follows a routing file. The doc holds the region verbatim.
 */
class ShardedTableDocExampleTest {
  record Order(String id, String customer, long cents) {}

  @Test
  void example_writesWithItsEventAndReadsBack() throws Exception {
    TestDatabase.Cluster cluster = TestDatabase.H2.open(2);
    RoutingTable v1 = cluster.table("orders", 1, 16, 2);
    Path file = Files.createTempFile("orders", ".json");
    Files.writeString(file, RoutingDocuments.write(v1));
    ShardedDataSource.Factory pools =
        (group, replica) -> {
          var ds = cluster.dataSource(replica.endpoint());
          try {
            createTables(ds);
          } catch (java.sql.SQLException e) {
            throw new IllegalStateException("cannot create the tables on " + replica, e);
          }
          return ds;
        };
    // --- docs/sharded-table.md: example begins
    Router seed = Router.create(RoutingDocuments.read(Files.readString(file)));
    RoutingFileSource source = RoutingFileSource.of(file, seed).start(Duration.ofSeconds(1));
    ShardedTable<String> orders =
        ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
            .routing(source, seed) // follows the router the source keeps up to date
            .pools(pools) // (group, replica) -> a pool for replica.endpoint()
            .isolation(java.sql.Connection.TRANSACTION_REPEATABLE_READ)
            .retry(20, java.time.Duration.ofSeconds(10)) // after MovedException, at most
            .build();
    Outbox outbox = Outbox.create("outbox");

    // One row of key "user-7" and its event, in one transaction on the key's group.
    ShardedTable.Outcome placed =
        orders.write(
            ShardedTable.Write.of("user-7", "order-1", 1, "alice", 1250L),
            tx ->
                outbox.append(tx, new Outbox.Event("placed:order-1", "user-7", "placed", "{}", 0)));

    // Every row of the key, fenced, values by column name.
    List<Order> mine =
        orders.read("user-7", r -> new Order(r.id(), r.getString("customer"), r.getLong("cents")));

    ShardedTable.Status status = orders.status(); // version, last error, counters
    // --- docs/sharded-table.md: example ends
    assertEquals(ShardedTable.Outcome.WRITTEN, placed);
    assertEquals(List.of(new Order("order-1", "alice", 1250)), mine);
    assertTrue(status.healthy(), status.toString());
    try (ShardedTable<String>
        checked = // the schema below is all a table that creates nothing needs
        ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
                .routing(source, seed)
                .pools(pools)
                .createTables(false)
                .build()) {
      assertEquals(1, checked.read("user-7", r -> r.id()).size());
    }
    orders.close();
    source.close();
  }

  /** The schema of docs/sharded-table.md, on one group's primary {@code primary}. */
  private static void createTables(javax.sql.DataSource primary) throws java.sql.SQLException {
    // --- docs/sharded-table.md: schema begins
    try (java.sql.Connection c = primary.getConnection();
        java.sql.Statement s = c.createStatement()) {
      s.execute( // VARBINARY on H2; BYTEA on PostgreSQL
          "CREATE TABLE IF NOT EXISTS orders ("
              + " row_key VARBINARY(1024) NOT NULL, row_id VARBINARY(1024) NOT NULL,"
              + " customer VARCHAR(64), cents BIGINT," // the value columns, in builder order
              + " routed_version BIGINT NOT NULL, seq BIGINT NOT NULL, part INT NOT NULL,"
              + " PRIMARY KEY (row_key, row_id))");
      s.execute( // the fence table and its lock record, as createTables makes them
          "CREATE TABLE IF NOT EXISTS orders_fence (part INT NOT NULL PRIMARY KEY,"
              + " base_version BIGINT NOT NULL, min_version BIGINT NOT NULL,"
              + " phase VARCHAR(32) NOT NULL)");
      s.execute(
          "INSERT INTO orders_fence (part, base_version, min_version, phase)"
              + " SELECT -1, 0, 0, 'LOCK' WHERE NOT EXISTS"
              + " (SELECT 1 FROM orders_fence WHERE part = -1)");
    }
    Outbox.create("outbox").createTable(primary); // only for a service that appends events
    // --- docs/sharded-table.md: schema ends
  }

  @Test
  void docs_holdTheExampleVerbatim() throws IOException {
    String source =
        Files.readString(
            Path.of("src/test/java/io/shardrouter/jdbc/ShardedTableDocExampleTest.java"));
    String doc = Files.readString(Path.of("../docs/sharded-table.md"));
    Matcher m =
        Pattern.compile(
                "// --- docs/sharded-table.md: (\\w+) begins\\n(.*?)\\n\\s*// --- docs/sharded-table.md: \\1 ends",
                Pattern.DOTALL)
            .matcher(source);
    List<String> regions = new java.util.ArrayList<>();
    while (m.find()) {
      regions.add(m.group(1));
      String snippet = dedent(m.group(2));
      assertTrue(
          doc.contains("```java\n" + snippet + "\n```"),
          "docs/sharded-table.md must hold the "
              + m.group(1)
              + " region verbatim, in a java code block:\n"
              + snippet);
    }
    assertEquals(List.of("example", "schema"), regions, "the regions of this file");
  }

  /**
   * {@code block} with the indentation its lines share removed (a code region, as docs show it).
   */
  static String dedent(String block) {
    List<String> lines = block.lines().toList();
    int indent = Integer.MAX_VALUE;
    for (String l : lines) {
      if (!l.isBlank()) {
        indent = Math.min(indent, l.length() - l.stripLeading().length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String l : lines) {
      sb.append(l.isBlank() ? "" : l.substring(indent)).append('\n');
    }
    return sb.toString().stripTrailing();
  }
}
