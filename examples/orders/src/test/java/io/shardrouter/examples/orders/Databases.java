package io.shardrouter.examples.orders;

import static org.junit.jupiter.api.Assertions.fail;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.jdbc.ShardedDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;
import org.junit.jupiter.api.Assumptions;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Where the example's tests run: embedded H2 always, PostgreSQL when {@code SHARDROUTER_PG_URL}
 * names a server (skipped otherwise, failed when {@code SHARDROUTER_REQUIRE_PG=1}). Each group is
 * an H2 in-memory database pooled with H2's {@link JdbcConnectionPool}, or a PostgreSQL schema
 * pooled with HikariCP.
 */
enum Databases {
  H2,
  POSTGRESQL;

  private static final AtomicInteger NEXT = new AtomicInteger();
  private static final long RUN = System.nanoTime() % 1_000_000;

  static Stream<Databases> all() {
    return Stream.of(values());
  }

  private static String setting(String name) {
    String v = System.getProperty(name);
    return v != null ? v : System.getenv(name);
  }

  /** Endpoints (JDBC URLs) of {@code n} fresh groups. */
  List<String> endpoints(int n) {
    String prefix = "orders" + RUN + "_" + NEXT.incrementAndGet();
    List<String> out = new ArrayList<>();
    String url = setting("SHARDROUTER_PG_URL");
    if (this == POSTGRESQL && (url == null || url.isBlank())) {
      if ("1".equals(setting("SHARDROUTER_REQUIRE_PG"))) {
        fail("SHARDROUTER_REQUIRE_PG=1 but SHARDROUTER_PG_URL is not set");
      }
      Assumptions.abort("no PostgreSQL server: set SHARDROUTER_PG_URL to run these cases");
    }
    for (int i = 1; i <= n; i++) {
      out.add(
          this == H2
              ? "jdbc:h2:mem:" + prefix + "_" + i + ";DB_CLOSE_DELAY=-1"
              : url + (url.contains("?") ? "&" : "?") + "currentSchema=" + prefix + "_" + i);
    }
    return out;
  }

  /**
   * Pooled data sources for JDBC URL endpoints (creating PostgreSQL schemas), disposed on close.
   */
  static ShardedDataSource.Factory factory() {
    return new ShardedDataSource.Factory() {
      @Override
      public DataSource create(ReplicaGroup group, Replica replica) {
        String url = replica.endpoint();
        if (url.startsWith("jdbc:h2:")) {
          return JdbcConnectionPool.create(url, "sa", "");
        }
        int at = url.indexOf("currentSchema=");
        PGSimpleDataSource base = new PGSimpleDataSource();
        base.setURL(url.substring(0, at - 1));
        try (Connection c = base.getConnection();
            Statement s = c.createStatement()) {
          s.execute("CREATE SCHEMA IF NOT EXISTS " + url.substring(at + 14));
        } catch (SQLException e) {
          throw new IllegalStateException("cannot create the schema of " + url, e);
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(10);
        config.setMinimumIdle(0); // on demand: many pools share one test server
        config.setIdleTimeout(Duration.ofSeconds(10).toMillis());
        return new HikariDataSource(config);
      }

      @Override
      public void close(DataSource dataSource) {
        if (dataSource instanceof HikariDataSource hikari) {
          hikari.close();
        } else {
          ((JdbcConnectionPool) dataSource).dispose();
        }
      }
    };
  }
}
