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
 * How long does routing a key given as its canonical bytes take? {@link #table} is {@code
 * RoutingTable.routeCanonical(byte[])}: xxh3-64 over the bytes (exactly F), the strategy's
 * arithmetic and one array load; {@link #router} adds {@code Router}'s volatile table read. Budget
 * (docs/architecture.md §6): {@code hash_mod} ≤ 1.15 F; {@code jump} no slower than the plain
 * Lamping–Veach loop over the same hash ({@code PeerBenchmark.plainJump}); {@code jump_back} and
 * {@code jump_back2} ≤ 1.3 F; 0 B/op.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar BytesRouteBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class BytesRouteBenchmark {

  /** The table and router under test. */
  @State(Scope.Benchmark)
  public static class Tables {
    @Param({"hash_mod", "jump", "jump_back", "jump_back2"})
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
    @Param({"ascii16", "ascii36"})
    public String keySet;

    byte[][] keys;
    int i;

    @Setup
    public void setup() {
      keys = KeySet.of(keySet).canonicalBytes();
    }
  }

  @Benchmark
  public Route table(Tables t, Keys k) {
    return t.table.routeCanonical(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public Route router(Tables t, Keys k) {
    return t.router.routeCanonical(k.keys[k.i++ & KeySet.MASK]);
  }
}
