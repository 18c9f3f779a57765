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
 * How long does routing a composite {@code (String, long)} key take? {@link #table} is {@code
 * RoutingTable.route(String, long)}: the key's canonical bytes (4-byte length, UTF-8 text, 8-byte
 * long) written into the per-thread scratch, xxh3-64 over them, the strategy's arithmetic and one
 * array load; {@link #router} adds {@code Router}'s volatile table read. Reported as a ratio to F
 * over the same 28 bytes ({@code keySet = ascii16_long}); budget: 0 B/op.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar CompositeRouteBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CompositeRouteBenchmark {

  /** The table and router under test. */
  @State(Scope.Benchmark)
  public static class Tables {
    @Param({"hash_mod", "jump"})
    public String strategy;

    @Param({"16", "128", "1024"})
    public int groups;

    RoutingTable table;
    Router router;

    @Setup
    public void setup() {
      table =
          BenchTables.table(
              strategy, groups, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
      router = Router.create(table);
    }
  }

  /** The keys: ascii16 text and a long id, in parallel arrays. */
  @State(Scope.Thread)
  public static class Keys {
    @Param({"ascii16_long"})
    public String keySet;

    String[] texts;
    long[] longs;
    int i;

    @Setup
    public void setup() {
      texts = KeySet.of(keySet).texts();
      longs = KeySet.of(keySet).longs();
    }
  }

  @Benchmark
  public Route table(Tables t, Keys k) {
    int j = k.i++ & KeySet.MASK;
    return t.table.route(k.texts[j], k.longs[j]);
  }

  @Benchmark
  public Route router(Tables t, Keys k) {
    int j = k.i++ & KeySet.MASK;
    return t.router.route(k.texts[j], k.longs[j]);
  }
}
