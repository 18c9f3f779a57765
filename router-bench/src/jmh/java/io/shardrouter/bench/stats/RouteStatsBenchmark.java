package io.shardrouter.bench.stats;

import io.shardrouter.bench.BenchTables;
import io.shardrouter.bench.KeySet;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.stats.RouteStats;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What does recording a route in {@link RouteStats} cost on top of routing? {@link #plain} routes a
 * Zipf-distributed 16-character string key through a {@code jump} router; {@link #recorded} routes
 * it and records it as a read (an add to the thread's own counter cells, and one route in {@code
 * sampleEvery} offered to the hot key sketch). The {@code *Two} methods run the same at two threads
 * against one router and one {@code RouteStats}, to show that the threads stay off each other's
 * cache lines. Budget ({@code docs/observability.md}): recorded ≤ 1.3 × plain at one thread, no
 * false sharing at two; 0 B/op.
 *
 * <p>{@code sampleEvery} 256 is the default; 32 shows what a sketch sample costs.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar RouteStatsBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RouteStatsBenchmark {

  /** The router and its statistics, shared by the threads. */
  @State(Scope.Benchmark)
  public static class Routing {
    /** One route in this many is offered to the hot-key sketch (the default is 256). */
    @Param({"32", "256"})
    public int sampleEvery;

    Router router;
    RouteStats stats;

    @Setup
    public void setup() {
      router = Router.create(BenchTables.table("jump", 128, KeyType.STRING));
      stats = RouteStats.builder().sampleEvery(sampleEvery).build(router);
    }
  }

  /** Each thread's keys. */
  @State(Scope.Thread)
  public static class Keys {
    String[] keys;
    int i;

    @Setup
    public void setup() {
      keys = KeySet.of("ascii16").texts();
    }
  }

  @Benchmark
  public Route plain(Routing r, Keys k) {
    return r.router.route(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public Route recorded(Routing r, Keys k) {
    String key = k.keys[k.i++ & KeySet.MASK];
    Route route = r.router.route(key);
    r.stats.record(route, key, RouteStats.Op.READ);
    return route;
  }

  @Benchmark
  @Threads(2)
  public Route plainTwo(Routing r, Keys k) {
    return plain(r, k);
  }

  @Benchmark
  @Threads(2)
  public Route recordedTwo(Routing r, Keys k) {
    return recorded(r, k);
  }
}
