package io.shardrouter.examples.orders;

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
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The databases of the reshard demo: one endpoint (JDBC URL) per group, and pooled data sources for
 * them (H2's own pool for embedded H2, HikariCP for PostgreSQL). By default every group is an
 * embedded H2 in-memory database; {@code --jdbc URL} puts every group in a schema of its own on one
 * PostgreSQL server, and {@code --jdbc URL1,URL2,...} gives one database per group (H2 or
 * PostgreSQL, the demo's tables are dropped first).
 */
final class DemoDatabases implements ShardedDataSource.Factory {
  private static final String SCHEMA = "currentSchema=";
  private static final int POOL = 48;
  private static final int PG_POOL = 16;

  private DemoDatabases() {}

  static DemoDatabases factory() {
    return new DemoDatabases();
  }

  /**
   * {@code n} endpoints for run {@code run}: H2 in memory when {@code jdbc} is null, schemas {@code
   * shardrouter_demo_<run>_g<i>} of one PostgreSQL URL, or the {@code n} URLs given.
   *
   * @throws IllegalArgumentException when {@code jdbc} names neither one URL nor {@code n}
   */
  static List<String> endpoints(String jdbc, String run, int n) {
    List<String> out = new ArrayList<>();
    if (jdbc == null) {
      for (int i = 1; i <= n; i++) {
        out.add("jdbc:h2:mem:orders-" + run + "-" + i + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=20000");
      }
      return out;
    }
    String[] urls = jdbc.split(",");
    for (String u : urls) {
      if (!u.startsWith("jdbc:h2:") && !u.startsWith("jdbc:postgresql:")) {
        throw new IllegalArgumentException(
            "--jdbc '"
                + u
                + "' is neither a jdbc:h2: nor a jdbc:postgresql: URL; give one PostgreSQL URL"
                + " (each group gets a schema) or "
                + n
                + " comma-separated URLs");
      }
    }
    if (urls.length == 1 && urls[0].startsWith("jdbc:postgresql:")) {
      String base = urls[0];
      for (int i = 1; i <= n; i++) {
        out.add(
            base
                + (base.contains("?") ? "&" : "?")
                + SCHEMA
                + "shardrouter_demo_"
                + run
                + "_g"
                + i);
      }
      return out;
    }
    if (urls.length != n) {
      throw new IllegalArgumentException(
          "--jdbc names "
              + urls.length
              + " URLs; the demo needs one PostgreSQL URL (each group gets a schema) or "
              + n
              + " URLs: four shared groups, the group that joins, and the big tenant's");
    }
    return List.of(urls);
  }

  /** A pool for the endpoint (no DDL: {@link #prepare} made the endpoints empty before the run). */
  @Override
  public DataSource create(ReplicaGroup group, Replica replica) {
    String url = replica.endpoint();
    if (url.startsWith("jdbc:h2:")) {
      JdbcConnectionPool pool = JdbcConnectionPool.create(url, "sa", "");
      pool.setMaxConnections(POOL);
      return pool;
    }
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setPoolName(group.id() + "@" + replica.endpoint().replaceAll("password=[^&]*", ""));
    config.setMaximumPoolSize(PG_POOL);
    config.setMinimumIdle(0); // open on demand: two processes' pools share one server
    config.setIdleTimeout(Duration.ofSeconds(10).toMillis());
    config.setConnectionTimeout(Duration.ofSeconds(30).toMillis());
    config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
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

  /**
   * Makes every endpoint empty before a run: a fresh schema for each group on one PostgreSQL
   * server, no demo tables on databases given one per group (H2 in memory starts empty).
   */
  static void prepare(List<String> endpoints) throws SQLException {
    for (String url : endpoints) {
      if (url.startsWith("jdbc:h2:mem:")) {
        continue;
      }
      int at = url.indexOf(SCHEMA);
      if (at > 0) {
        PGSimpleDataSource admin = new PGSimpleDataSource();
        admin.setURL(url.substring(0, at - 1));
        try (Connection c = admin.getConnection();
            Statement s = c.createStatement()) {
          String schema = url.substring(at + SCHEMA.length());
          s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
          s.execute("CREATE SCHEMA " + schema);
        }
        continue;
      }
      DataSource ds =
          url.startsWith("jdbc:h2:") ? JdbcConnectionPool.create(url, "sa", "") : pg(url);
      try (Connection c = ds.getConnection();
          Statement s = c.createStatement()) {
        for (String t :
            List.of("orders", "orders_fence", "order_events", "email_claims", "users")) {
          s.execute("DROP TABLE IF EXISTS " + t);
        }
      } finally {
        if (ds instanceof JdbcConnectionPool p) {
          p.dispose();
        }
      }
    }
  }

  private static DataSource pg(String url) {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(url);
    return ds;
  }
}
