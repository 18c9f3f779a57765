package io.shardrouter.bench.lookup;

import io.shardrouter.bench.BenchTables;
import io.shardrouter.bench.KeySet;
import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.HashModStrategy;
import io.shardrouter.hash.StableHash;
import io.shardrouter.lookup.LookupStrategy;
import io.shardrouter.lookup.LookupStrategyBuilder;
import java.util.SplittableRandom;
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
 * Do batches of two-part keys overlap a directory's misses as batches of text keys do? A directory
 * of 1M {@code (string, long)} keys (an {@code ascii16} tenant and an order number), probed with
 * pairs spread uniformly over it, each probe's text its own {@code String} (2^21 probes). {@link
 * #single} routes {@value LookupBatchBenchmark#BATCH} pairs one by one ({@code route(String,
 * long)}), {@link #pairs} the same pairs in one {@code routeAll(String[], long[], …)}, {@link
 * #composites} the same keys as {@code CompositeKey} objects in one {@code routeAll(CompositeKey[],
 * …)}; all report the time per key.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar PairBatchBenchmark -f 2 -prof gc
 * -prof io.shardrouter.bench.CpuTimeProfiler}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx8g")
public class PairBatchBenchmark {
  static final int ENTRIES = 1_000_000;

  /** The table and its spread probes, as parts and as composite keys. */
  @State(Scope.Thread)
  public static class Spread {
    RoutingTable table;
    String[] tenants;
    long[] orders;
    CompositeKey[] composites;
    final Route[] out = new Route[LookupBatchBenchmark.PROBES]; // route i goes to out[i]
    int next;

    @Setup(Level.Trial)
    public void setup() {
      KeyType type = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
      LookupStrategyBuilder b =
          LookupStrategy.builder(type)
              .fallback(
                  HashModStrategy.of(StableHash.xxh3(), LookupRouteBenchmark.FALLBACK_PARTITIONS));
      for (int r = 0; r < ENTRIES; r++) {
        b.entry(
            CompositeKey.of(KeySet.ASCII16.text(r), order(r)).toBytes(),
            LookupRouteBenchmark.partitionOf(r));
      }
      table = BenchTables.table(b.build(), LookupRouteBenchmark.GROUPS, type, 1);
      int n = LookupBatchBenchmark.PROBES;
      tenants = new String[n];
      orders = new long[n];
      composites = new CompositeKey[n];
      SplittableRandom rnd = new SplittableRandom(42);
      for (int j = 0; j < n; j++) {
        int r = rnd.nextInt(ENTRIES);
        tenants[j] = new String(KeySet.ASCII16.text(r)); // a fresh object each
        orders[j] = order(r);
        composites[j] = CompositeKey.of(tenants[j], orders[j]);
      }
    }

    private static long order(int rank) {
      return 1_000_000_007L * rank;
    }

    int advance() {
      int from = next;
      next = (from + LookupBatchBenchmark.BATCH) & (LookupBatchBenchmark.PROBES - 1);
      return from;
    }
  }

  @Benchmark
  @OperationsPerInvocation(LookupBatchBenchmark.BATCH)
  public Route[] single(Spread s) {
    int from = s.advance();
    String[] t = s.tenants;
    long[] o = s.orders;
    Route[] out = s.out;
    RoutingTable table = s.table;
    for (int i = from; i < from + LookupBatchBenchmark.BATCH; i++) {
      out[i] = table.route(t[i], o[i]);
    }
    return out;
  }

  @Benchmark
  @OperationsPerInvocation(LookupBatchBenchmark.BATCH)
  public Route[] pairs(Spread s) {
    int from = s.advance();
    s.table.routeAll(s.tenants, s.orders, from, from + LookupBatchBenchmark.BATCH, s.out);
    return s.out;
  }

  @Benchmark
  @OperationsPerInvocation(LookupBatchBenchmark.BATCH)
  public Route[] composites(Spread s) {
    int from = s.advance();
    s.table.routeAll(s.composites, from, from + LookupBatchBenchmark.BATCH, s.out);
    return s.out;
  }
}
