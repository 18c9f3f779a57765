package io.shardrouter.bench.hash;

import io.shardrouter.bench.BenchTables;
import io.shardrouter.bench.KeySet;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How long does routing a {@code long} key take? {@link #table} is {@code
 * RoutingTable.route(long)}: xxh3-64 of the key's 8 little-endian bytes without writing them
 * anywhere, the strategy's arithmetic and one array load; {@link #router} adds {@code Router}'s
 * volatile table read. Reported as a ratio to F over the same 8 bytes ({@code keySet = long});
 * budget: 0 B/op.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar LongRouteBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LongRouteBenchmark {

  /** The table and router under test. */
  @State(Scope.Benchmark)
  public static class Tables {
    @Param({"hash_mod", "jump", "jump_back2"})
    public String strategy;

    @Param({"16", "128", "1024"})
    public int groups;

    RoutingTable table;
    Router router;

    @Setup
    public void setup() {
      table = BenchTables.table(strategy, groups, KeyType.LONG);
      router = Router.create(table);
    }
  }

  /** The keys. */
  @State(Scope.Thread)
  public static class Keys {
    /** One set; the parameter names the floor this path is compared with. */
    @Param({"long"})
    public String keySet;

    long[] keys;
    int i;

    @Setup
    public void setup() {
      keys = KeySet.of(keySet).longs();
    }
  }

  @Benchmark
  public Route table(Tables t, Keys k) {
    return t.table.route(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public Route router(Tables t, Keys k) {
    return t.router.route(k.keys[k.i++ & KeySet.MASK]);
  }
}
