package io.shardrouter.bench.lookup;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.ReadRoute;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
 * Does a migration's batch route keep the overlap of a directory's cache misses? The directory and
 * spread probes of {@link LookupBatchBenchmark} (1M or 10M {@code ascii16} keys, each probe its own
 * {@code String}), while a placement move runs: in phase {@code DUAL_WRITE} every partition {@code
 * p % 5 == 4} of the 1,024 goes to a 17th group. {@link #single} asks {@code
 * MigrationRoutes.read(String)} for {@value LookupBatchBenchmark#BATCH} consecutive probes one by
 * one, {@link #batch} asks {@code MigrationRoutes.readAll(String[], …)} for as many; {@link
 * #singleCanonical} and {@link #batchCanonical} do the same with each probe's canonical bytes (its
 * own array), as a {@code ShardedTable} multi-get asks for its keys. All report the time per key.
 * Read them beside {@code LookupBatchBenchmark.single} and {@code .batch}, the table's own routes
 * of the same probes: the migration's batch adds the copy of each chunk of 64 keys and the read
 * route of each key. It lives beside {@link LookupBatchBenchmark} to share its directory and
 * probes.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar
 * 'MigrationBatchBenchmark|LookupBatchBenchmark.(single|batch)$' -p entries=1000000 -f 2 -prof gc
 * -prof io.shardrouter.bench.CpuTimeProfiler}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx8g")
public class MigrationBatchBenchmark {

  /** The routes of the move, in its dual-write phase. */
  @State(Scope.Thread)
  public static class Moving {
    MigrationRoutes routes;
    final ReadRoute[] out = new ReadRoute[LookupBatchBenchmark.PROBES]; // route i to out[i]
    final byte[][] canonical = new byte[LookupBatchBenchmark.PROBES][]; // the probes' bytes

    @Setup(Level.Trial)
    public void setup(LookupBatchBenchmark.Spread s) {
      RoutingTable from = s.table;
      List<ReplicaGroup> groups = new ArrayList<>(from.groups());
      groups.add(ReplicaGroup.of("g-new", "db-new.example:5432"));
      List<String> placement = new ArrayList<>();
      for (int p = 0; p < from.partitionCount(); p++) {
        placement.add(p % 5 == 4 ? "g-new" : from.groupOf(p).id());
      }
      RoutingTable to =
          from.toBuilder().version(from.version() + 1).groups(groups).placement(placement).build();
      routes = MigrationPlan.between(from, to).routes(Phase.DUAL_WRITE);
      for (int i = 0; i < canonical.length; i++) {
        canonical[i] = s.probes[i].getBytes(StandardCharsets.UTF_8);
      }
    }
  }

  @Benchmark
  @OperationsPerInvocation(LookupBatchBenchmark.BATCH)
  public ReadRoute[] single(LookupBatchBenchmark.Spread s, Moving m) {
    int from = s.next;
    s.next = (from + LookupBatchBenchmark.BATCH) & (LookupBatchBenchmark.PROBES - 1);
    String[] p = s.probes;
    ReadRoute[] out = m.out;
    MigrationRoutes r = m.routes;
    for (int i = from; i < from + LookupBatchBenchmark.BATCH; i++) {
      out[i] = r.read(p[i]);
    }
    return out;
  }

  @Benchmark
  @OperationsPerInvocation(LookupBatchBenchmark.BATCH)
  public ReadRoute[] batch(LookupBatchBenchmark.Spread s, Moving m) {
    int from = s.next;
    s.next = (from + LookupBatchBenchmark.BATCH) & (LookupBatchBenchmark.PROBES - 1);
    m.routes.readAll(s.probes, from, from + LookupBatchBenchmark.BATCH, m.out);
    return m.out;
  }

  @Benchmark
  @OperationsPerInvocation(LookupBatchBenchmark.BATCH)
  public ReadRoute[] singleCanonical(LookupBatchBenchmark.Spread s, Moving m) {
    int from = s.next;
    s.next = (from + LookupBatchBenchmark.BATCH) & (LookupBatchBenchmark.PROBES - 1);
    byte[][] p = m.canonical;
    ReadRoute[] out = m.out;
    MigrationRoutes r = m.routes;
    for (int i = from; i < from + LookupBatchBenchmark.BATCH; i++) {
      out[i] = r.read(p[i]);
    }
    return out;
  }

  @Benchmark
  @OperationsPerInvocation(LookupBatchBenchmark.BATCH)
  public ReadRoute[] batchCanonical(LookupBatchBenchmark.Spread s, Moving m) {
    int from = s.next;
    s.next = (from + LookupBatchBenchmark.BATCH) & (LookupBatchBenchmark.PROBES - 1);
    m.routes.readAll(m.canonical, from, from + LookupBatchBenchmark.BATCH, m.out);
    return m.out;
  }
}
