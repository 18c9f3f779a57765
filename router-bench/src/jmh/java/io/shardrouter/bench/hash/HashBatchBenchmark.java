package io.shardrouter.bench.hash;

import io.shardrouter.bench.BenchTables;
import io.shardrouter.bench.KeySet;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * What does a key cost in a batch of {@value #BATCH} through {@code routeAll}, for the two hash
 * strategies without a table to miss in (hash_mod, jump, jump_back and jump_back2)? {@link
 * #batchLong} routes {@code long} keys, {@link #batchText} {@code ascii16} strings; {@link
 * #singleLong} and {@link #singleText} route the same keys one call each. Every figure is per key
 * ({@code @OperationsPerInvocation}) and is reported against F over the same key set ({@code
 * FloorBenchmark.xxh3Bytes}, run beside it). Goal (issue 32): the batch at most 1.1 F per key.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar
 * 'HashBatchBenchmark|FloorBenchmark.xxh3Bytes' -p keySet=long,ascii16 -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HashBatchBenchmark {
  /** Keys per batch, and per single-call invocation. */
  public static final int BATCH = 64;

  /** A table of each strategy, and its keys of both shapes. */
  @State(Scope.Thread)
  public static class Batch {
    @Param({"hash_mod", "jump", "jump_back", "jump_back2"})
    public String strategy;

    RoutingTable longs;
    RoutingTable texts;
    long[] longKeys;
    String[] textKeys;
    final Route[] out = new Route[KeySet.SIZE]; // route i goes to out[i], in both forms
    int next;

    @Setup
    public void setup() {
      longs = BenchTables.table(strategy, 128, KeyType.LONG);
      texts = BenchTables.table(strategy, 128, KeyType.STRING);
      longKeys = KeySet.of("long").longs();
      textKeys = KeySet.of("ascii16").texts();
    }

    int from() {
      int from = next;
      next = (from + BATCH) & KeySet.MASK;
      return from;
    }
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public Route[] batchLong(Batch b) {
    int from = b.from();
    b.longs.routeAll(b.longKeys, from, from + BATCH, b.out);
    return b.out;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public Route[] singleLong(Batch b) {
    int from = b.from();
    long[] keys = b.longKeys;
    Route[] out = b.out;
    RoutingTable t = b.longs;
    for (int i = 0; i < BATCH; i++) {
      out[from + i] = t.route(keys[from + i]);
    }
    return out;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public Route[] batchText(Batch b) {
    int from = b.from();
    b.texts.routeAll(b.textKeys, from, from + BATCH, b.out);
    return b.out;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public Route[] singleText(Batch b) {
    int from = b.from();
    String[] keys = b.textKeys;
    Route[] out = b.out;
    RoutingTable t = b.texts;
    for (int i = 0; i < BATCH; i++) {
      out[from + i] = t.route(keys[from + i]);
    }
    return out;
  }
}
