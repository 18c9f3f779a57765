package io.shardrouter.bench.hash;

import io.shardrouter.bench.KeySet;
import io.shardrouter.hash.JumpBack2HashStrategy;
import io.shardrouter.hash.JumpBackHashStrategy;
import io.shardrouter.hash.JumpHashStrategy;
import io.shardrouter.hash.StableHash;
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
 * Do {@code jump_back} and {@code jump_back2} cost the same at every partition count? Each method
 * hashes a key's canonical bytes with xxh3-64 and maps the hash to a partition, the strategy's
 * whole work without the table's array load: {@link #jumpBack} and {@link #jumpBack2} in constant
 * expected time, {@link #jump} in about ln(P) steps. The counts one above a power of two (17,
 * 1,025) are each strategy's worst: there about half the keys walk down the top range. The floor F
 * is {@code FloorBenchmark.xxh3Bytes} over the same key set, in the same run. Budget
 * (docs/architecture.md §6): ≤ 1.3 F at every P from 16 to 1,000,000.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar
 * 'JumpBackBenchmark|FloorBenchmark.xxh3Bytes' -p keySet=ascii16 -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class JumpBackBenchmark {

  /** Both strategies at one partition count. */
  @State(Scope.Benchmark)
  public static class Strategies {
    @Param({"16", "17", "1024", "1025", "65536", "1000000"})
    public int partitions;

    JumpBackHashStrategy jumpBack;
    JumpBack2HashStrategy jumpBack2;
    JumpHashStrategy jump;

    @Setup
    public void setup() {
      jumpBack = JumpBackHashStrategy.of(StableHash.xxh3(), partitions);
      jumpBack2 = JumpBack2HashStrategy.of(StableHash.xxh3(), partitions);
      jump = JumpHashStrategy.of(StableHash.xxh3(), partitions);
    }
  }

  /** The keys, as canonical bytes. */
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
  public int jumpBack(Strategies s, Keys k) {
    byte[] key = k.keys[k.i++ & KeySet.MASK];
    return s.jumpBack.partitionOf(key, 0, key.length);
  }

  @Benchmark
  public int jumpBack2(Strategies s, Keys k) {
    byte[] key = k.keys[k.i++ & KeySet.MASK];
    return s.jumpBack2.partitionOf(key, 0, key.length);
  }

  @Benchmark
  public int jump(Strategies s, Keys k) {
    byte[] key = k.keys[k.i++ & KeySet.MASK];
    return s.jump.partitionOf(key, 0, key.length);
  }
}
