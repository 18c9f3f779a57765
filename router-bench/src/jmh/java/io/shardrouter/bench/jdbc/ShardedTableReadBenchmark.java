package io.shardrouter.bench.jdbc;

import io.shardrouter.jdbc.ShardedTable;
import io.shardrouter.jdbc.StoredRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * How much faster is a multi-get than single reads through router-jdbc's {@link ShardedTable}? The
 * table of {@link ShardedTableWriteBenchmark} (four embedded H2 groups), its 1,000 keys written
 * once with one row each; each invocation reads them all, either as 1,000 {@link ShardedTable#read}
 * calls ({@link #single}: a transaction and a fence check per key) or as one {@link
 * ShardedTable#readAll} ({@link #batch}: per group one transaction, one fence check and one
 * statement per 200 keys). The score is time per key.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar ShardedTableReadBenchmark}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ShardedTableReadBenchmark {

  /** The table's rows, written once. */
  @State(Scope.Benchmark)
  public static class Rows {
    @Setup(Level.Trial)
    public void write(ShardedTableWriteBenchmark.Table t) {
      List<ShardedTable.Write<String>> rows = new ArrayList<>();
      for (String key : t.keys) {
        rows.add(ShardedTable.Write.of(key, "o1", 1, key, 1L));
      }
      t.table.writeAll(rows);
    }
  }

  @Benchmark
  @OperationsPerInvocation(ShardedTableWriteBenchmark.ROWS)
  public long single(ShardedTableWriteBenchmark.Table t, Rows rows) {
    long sum = 0;
    for (String key : t.keys) {
      for (long seq : t.table.read(key, StoredRow::sequence)) {
        sum += seq;
      }
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(ShardedTableWriteBenchmark.ROWS)
  public long batch(ShardedTableWriteBenchmark.Table t, Rows rows) {
    long sum = 0;
    for (List<Long> seqs : t.table.readAll(t.keys, StoredRow::sequence)) {
      for (long seq : seqs) {
        sum += seq;
      }
    }
    return sum;
  }
}
