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
 * How long does routing a {@code String} key take, and does it allocate? {@link #table} is {@code
 * RoutingTable.route(String)}: key type check, UTF-8 canonical bytes hashed with xxh3-64 (ASCII in
 * place, other text through the per-thread scratch), the strategy's arithmetic and one array load.
 * {@link #router} adds {@code Router}'s volatile table read. Budget (docs/architecture.md §6):
 * ASCII keys on {@code hash_mod} ≤ 2.0 F; every path 0 B/op.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar StringRouteBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class StringRouteBenchmark {

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
      table = BenchTables.table(strategy, groups, KeyType.STRING);
      router = Router.create(table);
    }
  }

  /** The keys. */
  @State(Scope.Thread)
  public static class Keys {
    @Param({"ascii16", "ascii36", "nonascii"})
    public String keySet;

    String[] keys;
    int i;

    @Setup
    public void setup() {
      keys = KeySet.of(keySet).texts();
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
