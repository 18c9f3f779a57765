package io.shardrouter.bench.hash;

import io.shardrouter.bench.KeySet;
import java.util.concurrent.TimeUnit;
import net.openhft.hashing.LongHashFunction;
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
 * What does it cost to hash a key that is already in its canonical bytes? That is the floor F
 * (docs/architecture.md §6): routing must read the whole key once, so every route path is reported
 * as a ratio to {@link #xxh3Bytes} over the same key set, measured in the same run. {@link
 * #hashChars} is the obvious alternative for {@code String} keys: Zero-Allocation-Hashing over the
 * UTF-16 chars (twice the bytes, and not the canonical UTF-8 form, so it cannot be used for
 * routing; shown for scale).
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar FloorBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FloorBenchmark {
  private static final LongHashFunction XXH3 = LongHashFunction.xx3();

  /** Canonical bytes of every key set: F exists for every key type. */
  @State(Scope.Thread)
  public static class Bytes {
    @Param({"ascii16", "ascii36", "nonascii", "long", "ascii16_long"})
    public String keySet;

    byte[][] keys;
    int i;

    @Setup
    public void setup() {
      keys = KeySet.of(keySet).canonicalBytes();
    }
  }

  /** The text key sets. */
  @State(Scope.Thread)
  public static class Text {
    @Param({"ascii16", "ascii36", "nonascii"})
    public String keySet;

    String[] keys;
    int i;

    @Setup
    public void setup() {
      keys = KeySet.of(keySet).texts();
    }
  }

  /** F: XXH3-64 over canonical bytes already in a {@code byte[]}. */
  @Benchmark
  public long xxh3Bytes(Bytes s) {
    return XXH3.hashBytes(s.keys[s.i++ & KeySet.MASK]);
  }

  /** Zero-Allocation-Hashing {@code hashChars}: XXH3-64 over the key's UTF-16 chars. */
  @Benchmark
  public long hashChars(Text s) {
    return XXH3.hashChars(s.keys[s.i++ & KeySet.MASK]);
  }
}
