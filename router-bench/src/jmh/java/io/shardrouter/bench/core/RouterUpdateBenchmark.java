package io.shardrouter.bench.core;

import io.shardrouter.bench.BenchTables;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What does publishing a routing table with {@code Router.update} cost? {@link #swap} publishes the
 * next higher version (entity and key type checks, version and fingerprint comparison, one CAS, the
 * INFO log call, the listener loop); {@link #repeatedDelivery} hands over a table of the current
 * version with equal content (a re-delivered update), which compares fingerprints and changes
 * nothing.
 *
 * <p>The {@value #VERSIONS} tables of versions 1..{@value #VERSIONS} are built in {@code @Setup};
 * after the last one a fresh router is created, one small allocation per {@value #VERSIONS} swaps.
 * SLF4J is bound to slf4j-simple at level {@code warn} in the benchmark jar, so the swap's INFO
 * line is built (its arguments are) but not written.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar RouterUpdateBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RouterUpdateBenchmark {
  static final int VERSIONS = 1024;

  /** Tables of increasing versions with the same content, and the router they are published to. */
  @State(Scope.Thread)
  public static class Tables {
    RoutingTable[] tables;
    RoutingTable sameAsFirst;
    Router router;
    Router repeatRouter;
    int next;

    @Setup
    public void setup() {
      RoutingTable first =
          BenchTables.table(BenchTables.strategy("jump", 256), 16, KeyType.STRING, 1);
      tables = new RoutingTable[VERSIONS];
      for (int v = 0; v < VERSIONS; v++) {
        tables[v] = first.toBuilder().version(v + 1).build();
      }
      sameAsFirst = first.toBuilder().build();
      if (sameAsFirst == first || !sameAsFirst.fingerprint().equals(first.fingerprint())) {
        throw new IllegalStateException("expected a distinct table with the same content");
      }
      router = Router.create(tables[0]);
      repeatRouter = Router.create(first);
      next = 1;
    }
  }

  @Benchmark
  public boolean swap(Tables t) {
    if (t.next == VERSIONS) {
      t.router = Router.create(t.tables[0]);
      t.next = 1;
    }
    return t.router.update(t.tables[t.next++]);
  }

  @Benchmark
  public boolean repeatedDelivery(Tables t) {
    return t.repeatRouter.update(t.sameAsFirst);
  }
}
