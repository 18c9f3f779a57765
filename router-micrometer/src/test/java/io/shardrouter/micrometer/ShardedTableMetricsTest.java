package io.shardrouter.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.jdbc.KeyEncoding;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.jdbc.ShardedTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ShardedTableMetrics} of a real {@link ShardedTable} on H2, in a SimpleMeterRegistry. */
class ShardedTableMetricsTest {
  private static final AtomicInteger RUN = new AtomicInteger();

  @TempDir Path dir;
  private Path file;
  private RoutingFileSource source;
  private ShardedTable<String> orders;
  private final String db = "metrics" + RUN.incrementAndGet();

  /** Pools for endpoints {@code h2:<name>}; an endpoint named {@code down} cannot be opened. */
  private final ShardedDataSource.Factory pools =
      new ShardedDataSource.Factory() {
        @Override
        public DataSource create(
            io.shardrouter.core.ReplicaGroup group, io.shardrouter.core.Replica r) {
          if (r.endpoint().equals("down")) {
            throw new IllegalStateException("endpoint 'down' refuses connections");
          }
          JdbcConnectionPool ds =
              JdbcConnectionPool.create(
                  "jdbc:h2:mem:" + db + "-" + r.endpoint() + ";DB_CLOSE_DELAY=-1", "sa", "");
          try (Connection c = ds.getConnection();
              Statement s = c.createStatement()) {
            s.execute(
                "CREATE TABLE IF NOT EXISTS orders (row_key VARBINARY(1024) NOT NULL, row_id"
                    + " VARBINARY(1024) NOT NULL, cents BIGINT, routed_version BIGINT NOT NULL,"
                    + " seq BIGINT NOT NULL, part INT NOT NULL, PRIMARY KEY (row_key, row_id))");
          } catch (SQLException e) {
            throw new IllegalStateException(e);
          }
          return ds;
        }

        @Override
        public void close(DataSource ds) {
          ((JdbcConnectionPool) ds).dispose();
        }
      };

  static String document(long version, String... endpoints) {
    StringBuilder groups = new StringBuilder();
    StringBuilder placement = new StringBuilder();
    for (int i = 0; i < endpoints.length; i++) {
      groups.append(i == 0 ? "" : ",");
      groups.append("{\"id\":\"g").append(i).append("\",\"primary\":\"").append(endpoints[i]);
      groups.append("\"}");
      placement.append(i == 0 ? "" : ",").append("\"g").append(i).append('"');
    }
    return "{\"format\":1,\"routing_version\":"
        + version
        + ",\"entity\":\"orders\",\"key\":{\"type\":\"string\"},\"strategy\":{\"type\":"
        + "\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":"
        + endpoints.length
        + "},\"groups\":["
        + groups
        + "],\"placement\":["
        + placement
        + "]}";
  }

  @BeforeEach
  void open() throws Exception {
    file = dir.resolve("orders.json");
    Files.writeString(file, document(1, "a", "b"));
    RoutingTable v1 = RoutingDocuments.read(file);
    source = RoutingFileSource.of(file, Router.create(v1));
    orders =
        ShardedTable.builder("orders", KeyEncoding.strings(), "cents")
            .routing(source, v1)
            .pools(pools)
            .updateRetryInterval(Duration.ofHours(1))
            .build();
  }

  @AfterEach
  void close() {
    orders.close();
    source.close();
  }

  @Test
  void meters_followTheStatus() throws Exception {
    SimpleMeterRegistry reg = new SimpleMeterRegistry();
    ShardedTableMetrics.of(orders).bindTo(reg);
    assertEquals(ShardedTable.Outcome.WRITTEN, orders.write("user-1", "order-1", 1, 100L));
    assertEquals(1, gauge(reg, "version"));
    assertEquals(1, gauge(reg, "router.version"));
    assertEquals(1, gauge(reg, "healthy"));
    assertEquals(1, gauge(reg, "source.healthy"));
    assertEquals(0, counter(reg, "updates.failed"));

    // Version 2 adds a group whose pool cannot be made: the table stays on version 1.
    Files.writeString(file, document(2, "a", "b", "down"));
    assertEquals(RoutingFileSource.Outcome.UPDATED, source.refresh());
    assertEquals(1, gauge(reg, "version"));
    assertEquals(2, gauge(reg, "router.version"));
    assertEquals(0, gauge(reg, "healthy"));
    assertEquals(1, counter(reg, "updates.failed"));

    // A document the source refuses: the source is unhealthy, the table serves what it had.
    Files.writeString(file, "{\"format\": 1,");
    assertEquals(RoutingFileSource.Outcome.REFUSED, source.refresh());
    assertEquals(0, gauge(reg, "source.healthy"));

    // Version 3 drops the group that was down: the table follows it and is healthy again.
    Files.writeString(file, document(3, "a", "b"));
    assertEquals(RoutingFileSource.Outcome.UPDATED, source.refresh());
    assertEquals(3, gauge(reg, "version"));
    assertEquals(1, gauge(reg, "healthy"));
    assertEquals(1, gauge(reg, "source.healthy"));
    assertEquals(1, counter(reg, "updates.failed"));
    assertEquals(
        0,
        reg.get("shardrouter.sharded.table.retries")
            .tag("reason", "moved")
            .functionCounter()
            .count());
    assertEquals(
        0,
        reg.get("shardrouter.sharded.table.retries")
            .tag("reason", "serialization")
            .functionCounter()
            .count());
    assertEquals(0, counter(reg, "canary.mismatches"));

    for (Meter m : reg.getMeters()) {
      String name = m.getId().getName();
      assertTrue(name.matches("shardrouter(\\.[a-z]+)+"), name);
      assertEquals("orders", m.getId().getTag("entity"), m.getId()::toString);
      assertEquals("orders", m.getId().getTag("table"), m.getId()::toString);
      for (Tag tag : m.getId().getTags()) {
        assertTrue(Set.of("entity", "table", "reason").contains(tag.getKey()), m.getId()::toString);
      }
    }
    assertEquals(8, reg.getMeters().size());
  }

  private static double gauge(SimpleMeterRegistry reg, String name) {
    return reg.get("shardrouter.sharded.table." + name).tag("table", "orders").gauge().value();
  }

  private static double counter(SimpleMeterRegistry reg, String name) {
    return reg.get("shardrouter.sharded.table." + name)
        .tag("table", "orders")
        .functionCounter()
        .count();
  }
}
