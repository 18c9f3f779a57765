package io.shardrouter.bench.core;

import io.shardrouter.bench.BenchTables;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.hash.HashModStrategy;
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
 * How long does it take to turn a routing document or a binary snapshot into a {@code RoutingTable}
 * for 1k, 100k and 1M partitions? That is what a service pays when a new table arrives: parsing
 * with all the validation, building the table (one route per partition) and its content
 * fingerprint. {@link #document} is {@code RoutingDocuments.read} over compact JSON bytes; {@link
 * #snapshot} is {@code RoutingDocuments.read} over a snapshot (header checks, LZ4 decompression,
 * CRC-32C, then the same document read).
 *
 * <p>Tables are {@code hash_mod} with that many partitions over 128 replica groups. A 1M decode
 * takes around a second, so iterations are few and long (2 s): each holds at least one whole
 * decode, after two warm-up iterations. {@code SingleShotTime} would time the 1k decode cold, in
 * the interpreter.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar DecodeBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class DecodeBenchmark {

  /** The encoded table. */
  @State(Scope.Benchmark)
  public static class Encoded {
    @Param({"1000", "100000", "1000000"})
    public int partitions;

    byte[] document;
    byte[] snapshot;
    StrategyRegistry registry;

    @Setup
    public void setup() {
      RoutingTable t =
          BenchTables.table(
              HashModStrategy.of(StableHash.xxh3(), partitions), 128, KeyType.STRING, 42);
      document = RoutingDocuments.writeCompact(t);
      snapshot = RoutingDocuments.writeSnapshot(t);
      registry = StrategyRegistry.defaultRegistry();
      if (!RoutingDocuments.read(document, registry, ReadLimits.defaults()).equals(t)
          || !RoutingDocuments.read(snapshot).equals(t)) {
        throw new IllegalStateException("the decoded table differs from the encoded one");
      }
    }
  }

  @Benchmark
  public RoutingTable document(Encoded e) {
    return RoutingDocuments.read(e.document, e.registry, ReadLimits.defaults());
  }

  @Benchmark
  public RoutingTable snapshot(Encoded e) {
    return RoutingDocuments.read(e.snapshot, e.registry, ReadLimits.defaults());
  }
}
