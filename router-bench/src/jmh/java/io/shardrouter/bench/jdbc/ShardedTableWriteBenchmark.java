package io.shardrouter.bench.jdbc;

import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.KeyEncoding;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.jdbc.ShardedTable;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How much faster is a batch than single writes through router-jdbc's {@link ShardedTable}? Each
 * invocation writes the same 1,000 rows (1,000 keys, one row each, a new sequence per invocation so
 * every row is applied) on four embedded H2 groups (in-memory, H2's connection pool), either as
 * 1,000 {@link ShardedTable#write} calls ({@link #single}: a transaction and a fence check per row)
 * or as one {@link ShardedTable#writeAll} ({@link #batch}: one transaction and one fence check per
 * group). The score is time per row; the issue asks the batch for at least 5× the single-write
 * rate.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar ShardedTableWriteBenchmark}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ShardedTableWriteBenchmark {
  static final int ROWS = 1000;
  static final int GROUPS = 4;

  /** Four H2 groups, the table over them, and the 1,000 keys. */
  @State(Scope.Benchmark)
  public static class Table {
    ShardedTable<String> table;
    final List<String> keys = new ArrayList<>();
    long sequence;

    @Setup(Level.Trial)
    public void open() {
      String run = Long.toString(System.nanoTime(), 36);
      StringBuilder groups = new StringBuilder();
      StringBuilder placement = new StringBuilder();
      for (int g = 1; g <= GROUPS; g++) {
        groups
            .append(g == 1 ? "" : ", ")
            .append("{\"id\": \"g")
            .append(g)
            .append("\", \"primary\": \"jdbc:h2:mem:bench")
            .append(run)
            .append("_g")
            .append(g)
            .append(";DB_CLOSE_DELAY=-1\"}");
      }
      for (int p = 0; p < 16; p++) {
        placement.append(p == 0 ? "\"g" : ", \"g").append(p % GROUPS + 1).append('"');
      }
      RoutingTable v1 =
          RoutingDocuments.read(
              "{\"format\": 1, \"routing_version\": 1, \"entity\": \"orders\", \"key\": {\"type\":"
                  + " \"string\"}, \"strategy\": {\"type\": \"hash_mod\", \"hash\": \"xxh3-64\","
                  + " \"partitions\": 16}, \"groups\": ["
                  + groups
                  + "], \"placement\": ["
                  + placement
                  + "]}");
      table =
          ShardedTable.builder("orders", KeyEncoding.strings(), "customer", "cents")
              .routing(RoutingSource.fixed(v1), v1)
              .pools(new H2Pools())
              .build();
      for (int i = 0; i < ROWS; i++) {
        keys.add("user-" + i);
      }
    }

    @TearDown(Level.Trial)
    public void close() {
      table.close();
    }
  }

  @Benchmark
  @OperationsPerInvocation(ROWS)
  public int single(Table t) {
    long seq = ++t.sequence;
    int written = 0;
    for (String key : t.keys) {
      if (t.table.write(key, "o1", seq, key, seq) == ShardedTable.Outcome.WRITTEN) {
        written++;
      }
    }
    return written;
  }

  @Benchmark
  @OperationsPerInvocation(ROWS)
  public int batch(Table t) {
    long seq = ++t.sequence;
    List<ShardedTable.Write<String>> rows = new ArrayList<>(ROWS);
    for (String key : t.keys) {
      rows.add(ShardedTable.Write.of(key, "o1", seq, key, seq));
    }
    return t.table.writeAll(rows).written();
  }

  /** H2's pool per group, with the business table created on it. */
  static final class H2Pools implements ShardedDataSource.Factory {
    @Override
    public DataSource create(ReplicaGroup group, Replica replica) {
      JdbcConnectionPool pool = JdbcConnectionPool.create(replica.endpoint(), "sa", "");
      try (Connection c = pool.getConnection();
          Statement s = c.createStatement()) {
        s.execute(
            "CREATE TABLE IF NOT EXISTS orders (row_key VARBINARY(256) NOT NULL, row_id"
                + " VARBINARY(256) NOT NULL, customer VARCHAR(64), cents BIGINT, routed_version"
                + " BIGINT NOT NULL, seq BIGINT NOT NULL, part INT NOT NULL, PRIMARY KEY (row_key,"
                + " row_id))");
      } catch (SQLException e) {
        throw new IllegalStateException("cannot create the orders table on " + replica, e);
      }
      return pool;
    }

    @Override
    public void close(DataSource dataSource) {
      ((JdbcConnectionPool) dataSource).dispose();
    }
  }
}
