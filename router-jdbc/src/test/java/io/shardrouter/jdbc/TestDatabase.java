package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.fail;

import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Assumptions;
import org.postgresql.ds.PGConnectionPoolDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A database the JDBC suite runs on: embedded H2 always; PostgreSQL when {@code SHARDROUTER_PG_URL}
 * (environment or system property) names a server, e.g. {@code
 * jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres} (as {@code .ci/postgres start} prints).
 * Without it the PostgreSQL cases are skipped, or fail when {@code SHARDROUTER_REQUIRE_PG=1}.
 *
 * <p>Each {@link #open} gives fresh groups: H2 in-memory databases, or PostgreSQL schemas, with a
 * name no other test uses.
 */
enum TestDatabase {
  H2,
  POSTGRESQL;

  private static final AtomicInteger NEXT = new AtomicInteger();
  private static final String RUN =
      Long.toString(new SplittableRandom().nextLong(1L << 40), 36).toLowerCase(Locale.ROOT);

  /** Both databases, for {@code @MethodSource}. */
  static Stream<TestDatabase> all() {
    return Stream.of(values());
  }

  static String setting(String name) {
    String v = System.getProperty(name);
    return v != null ? v : System.getenv(name);
  }

  /** Fresh groups {@code g1..gN} on this database; skips (or fails) when it is not available. */
  Cluster open(int groups) {
    String prefix = "t" + RUN + "_" + NEXT.incrementAndGet();
    if (this == H2) {
      return new Cluster(this, prefix, groups, null);
    }
    String url = setting("SHARDROUTER_PG_URL");
    if (url == null || url.isBlank()) {
      if ("1".equals(setting("SHARDROUTER_REQUIRE_PG"))) {
        fail(
            "SHARDROUTER_REQUIRE_PG=1 but SHARDROUTER_PG_URL is not set; start a server with"
                + " '.ci/postgres start DIR' and export the URL it prints");
      }
      Assumptions.abort("no PostgreSQL server: set SHARDROUTER_PG_URL to run these cases");
    }
    return new Cluster(this, prefix, groups, url);
  }

  /** Groups of one test: their endpoints, a factory for their data sources, routing tables. */
  static final class Cluster {
    final TestDatabase database;
    final String prefix;
    final int groups;
    private final String pgUrl;

    Cluster(TestDatabase database, String prefix, int groups, String pgUrl) {
      this.database = database;
      this.prefix = prefix;
      this.groups = groups;
      this.pgUrl = pgUrl;
    }

    /** The endpoint (a JDBC URL) of group {@code g<i>}. */
    String endpoint(int i) {
      if (database == H2) {
        return "jdbc:h2:mem:" + prefix + "_g" + i + ";DB_CLOSE_DELAY=-1";
      }
      return pgUrl + (pgUrl.contains("?") ? "&" : "?") + "currentSchema=" + prefix + "_g" + i;
    }

    /**
     * Makes a data source for a JDBC URL endpoint, creating its PG schema; PostgreSQL's is pooled
     * by H2's {@link JdbcConnectionPool}, as a service would pool its connections.
     */
    ShardedDataSource.Factory factory() {
      return new ShardedDataSource.Factory() {
        @Override
        public DataSource create(ReplicaGroup group, Replica replica) {
          return dataSource(replica.endpoint());
        }

        @Override
        public void close(DataSource dataSource) {
          if (dataSource instanceof JdbcConnectionPool pool) {
            pool.dispose();
          }
        }
      };
    }

    DataSource dataSource(String endpoint) {
      if (database == H2) {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL(endpoint);
        return ds;
      }
      String schema = endpoint.substring(endpoint.indexOf("currentSchema=") + 14);
      PGSimpleDataSource base = new PGSimpleDataSource();
      base.setURL(pgUrl);
      try (Connection c = base.getConnection();
          Statement s = c.createStatement()) {
        s.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
      } catch (SQLException e) {
        throw new IllegalStateException("cannot create schema " + schema + " at " + pgUrl, e);
      }
      PGConnectionPoolDataSource ds = new PGConnectionPoolDataSource();
      ds.setURL(endpoint);
      JdbcConnectionPool pool = JdbcConnectionPool.create(ds);
      pool.setMaxConnections(16);
      return pool;
    }

    /**
     * A routing table of {@code entity} at {@code version}: hash_mod over {@code partitions}
     * partitions with string keys, placed round-robin on groups {@code g1..g<count>}.
     */
    RoutingTable table(String entity, long version, int partitions, int count) {
      return table(entity, version, partitions, count, p -> p % count + 1);
    }

    /** As above, with partition p on group {@code g<placement(p)>}. */
    RoutingTable table(
        String entity, long version, int partitions, int count, IntUnaryOperator placement) {
      StringBuilder groupsJson = new StringBuilder();
      for (int i = 1; i <= count; i++) {
        groupsJson
            .append(i == 1 ? "" : ", ")
            .append("{\"id\": \"g")
            .append(i)
            .append("\", \"primary\": \"")
            .append(endpoint(i))
            .append("\"}");
      }
      StringBuilder places = new StringBuilder();
      for (int p = 0; p < partitions; p++) {
        places.append(p == 0 ? "" : ", ").append("\"g").append(placement.applyAsInt(p)).append('"');
      }
      return RoutingDocuments.read(
          "{\"format\": 1, \"routing_version\": "
              + version
              + ", \"entity\": \""
              + entity
              + "\", \"key\": {\"type\": \"string\"},"
              + " \"strategy\": {\"type\": \"hash_mod\", \"hash\": \"xxh3-64\", \"partitions\": "
              + partitions
              + "}, \"groups\": ["
              + groupsJson
              + "], \"placement\": ["
              + places
              + "]}");
    }

    RoutingTable table(String entity, long version, int partitions) {
      return table(entity, version, partitions, groups);
    }

    @Override
    public String toString() {
      return database + " " + prefix + " " + List.of(groups);
    }
  }
}
