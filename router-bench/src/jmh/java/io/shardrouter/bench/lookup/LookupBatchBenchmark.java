package io.shardrouter.bench.lookup;

import io.shardrouter.bench.BenchTables;
import io.shardrouter.bench.KeySet;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import java.util.HashMap;
import java.util.Map;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Does a batch route hide the cache misses of a lookup hit? A directory of E = 1M (or 10M) {@code
 * ascii16} keys, as in {@link LookupRouteBenchmark}, probed with keys spread uniformly over the
 * whole directory, each probe its own {@code String} object (as a request's key is), 2^21 of them
 * so that neither the probes nor the buckets they reach stay in the caches. {@link #single} routes
 * {@value #BATCH} consecutive probes one by one ({@code route(String)}), {@link #batch} routes the
 * same number with one {@code routeAll(String[], …)}; both report the time per key
 * ({@code @OperationsPerInvocation}). Goal (issue 32): the batch at most a third of the single
 * cost. {@link #hashMap} is the peer: a {@code HashMap<String, Integer>} of the same entries asked
 * for the same probes one by one (after the first pass over the probes each {@code String} holds
 * its cached hash code, which a route does not use: the map's advantage).
 *
 * <p>With {@code -p keySet=nonascii} the directory and its probes are {@code nonascii} keys, which
 * a route encodes instead of reading in place: what a batch saves by encoding each key once. The
 * guard judges only the {@code ascii16} batch.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar 'LookupBatchBenchmark' -p
 * entries=1000000 -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx8g")
public class LookupBatchBenchmark {
  /** Keys per batch, and per {@link #single} invocation. */
  public static final int BATCH = 64;

  /** Probes, a power of two. */
  static final int PROBES = 1 << 21;

  /** The table and its spread probes. */
  @State(Scope.Thread)
  public static class Spread {
    @Param({"1000000", "10000000"})
    public int entries;

    /**
     * The directory's keys: {@code ascii16}, read in place, or {@code nonascii}, which a route
     * encodes (run with {@code -p keySet=nonascii}).
     */
    @Param({"ascii16"})
    public String keySet;

    RoutingTable table;
    String[] probes;
    final Route[] out = new Route[PROBES]; // route i goes to out[i], in both forms
    int[] partitions; // the peer's answers
    int next;

    @Setup(Level.Trial)
    public void setup() {
      KeySet set = KeySet.of(keySet);
      table =
          BenchTables.table(
              LookupRouteBenchmark.directory(entries, set),
              LookupRouteBenchmark.GROUPS,
              KeyType.STRING,
              1);
      partitions = new int[PROBES];
      SplittableRandom rnd = new SplittableRandom(42);
      probes = new String[PROBES];
      for (int j = 0; j < PROBES; j++) {
        probes[j] = new String(set.text(rnd.nextInt(entries))); // a fresh object each
      }
    }
  }

  /** The same entries in a {@code HashMap}, for {@link #hashMap}. */
  @State(Scope.Thread)
  public static class Peer {
    Map<String, Integer> map;

    @Setup(Level.Trial)
    public void setup(Spread s) {
      map = new HashMap<>(s.entries * 4 / 3 + 1);
      KeySet set = KeySet.of(s.keySet);
      for (int r = 0; r < s.entries; r++) {
        map.put(set.text(r), LookupRouteBenchmark.partitionOf(r)); // as the directory
      }
    }
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public Route[] single(Spread s) {
    int from = s.next;
    s.next = (from + BATCH) & (PROBES - 1);
    String[] p = s.probes;
    Route[] out = s.out;
    RoutingTable t = s.table;
    for (int i = from; i < from + BATCH; i++) {
      out[i] = t.route(p[i]);
    }
    return out;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public Route[] batch(Spread s) {
    int from = s.next;
    s.next = (from + BATCH) & (PROBES - 1);
    s.table.routeAll(s.probes, from, from + BATCH, s.out);
    return s.out;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int[] hashMap(Spread s, Peer m) {
    int from = s.next;
    s.next = (from + BATCH) & (PROBES - 1);
    String[] p = s.probes;
    int[] out = s.partitions;
    Map<String, Integer> map = m.map;
    for (int i = from; i < from + BATCH; i++) {
      out[i] = map.get(p[i]);
    }
    return out;
  }
}
