package io.shardrouter.bench.hash;

import io.shardrouter.bench.BenchTables;
import io.shardrouter.bench.KeySet;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import java.nio.charset.StandardCharsets;
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
 * What does the naive way cost: {@code routeCanonical(key.getBytes(UTF_8))}, a new array per call?
 * The answer the library's {@code route(String)} is measured against, and the guard's canary: run
 * {@code BenchGuard} with {@code -Dshardrouter.bench.canary=true} and it guards this path like a
 * library route path, so it must fail on the allocation (see {@code router-bench/README.md}).
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar NaiveStringRouteBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class NaiveStringRouteBenchmark {

  /** A hash_mod table (N only changes the placement, so one N is enough). */
  @State(Scope.Benchmark)
  public static class Tables {
    @Param({"hash_mod"})
    public String strategy;

    @Param({"1024"})
    public int groups;

    RoutingTable table;

    @Setup
    public void setup() {
      table = BenchTables.table(strategy, groups, KeyType.STRING);
    }
  }

  /** ASCII keys. */
  @State(Scope.Thread)
  public static class Keys {
    @Param({"ascii16", "ascii36"})
    public String keySet;

    String[] keys;
    int i;

    @Setup
    public void setup() {
      keys = KeySet.of(keySet).texts();
    }
  }

  @Benchmark
  public Route getBytesUtf8(Tables t, Keys k) {
    return t.table.routeCanonical(k.keys[k.i++ & KeySet.MASK].getBytes(StandardCharsets.UTF_8));
  }
}
