package io.shardrouter.bench.migrate;

import io.shardrouter.bench.KeySet;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.ReadRoute;
import io.shardrouter.migrate.WriteRoute;
import java.util.ArrayList;
import java.util.List;
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
 * What does a route cost while a migration runs? docs/migration.md promises that keys outside the
 * moving parts route as the plain table routes them, at the same cost and with no allocation, and
 * that a key of a moving part costs one more array load (a placement move) or one more route under
 * the target table (a strategy change).
 *
 * <p>Tables: {@code hash_mod} xxh3-64 over P = 1,024 partitions on 4 groups ({@code move}: the
 * placement gives every partition {@code p % 5 == 4} to a fifth group, 204 partitions), or {@code
 * hash_mod} 1,024 → 2,048 on the same 4 groups, partitions from 1,024 up placed one group further
 * ({@code split}: a strategy change, every partition has moving keys, about half of all keys move).
 * Phase {@code DUAL_WRITE}. Keys: the {@code ascii16} key set, split in setup into those whose
 * partition moves and those whose does not (for {@code split}, whose key moves to another group and
 * whose does not).
 *
 * <ul>
 *   <li>{@link #table}: {@code RoutingTable.route(String)} on the source table, the reference;
 *   <li>{@link #writeStill} / {@link #readStill}: {@code MigrationRoutes.write/read} of keys that
 *       stay;
 *   <li>{@link #writeMoving} / {@link #readMoving}: of keys that move.
 * </ul>
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar MigrationRouteBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MigrationRouteBenchmark {
  static final int PARTITIONS = 1024;

  /** The plan, its routes in the dual-write phase, and the keys that stay and move. */
  @State(Scope.Benchmark)
  public static class Routes {
    @Param({"move", "split"})
    public String change;

    RoutingTable from;
    MigrationRoutes routes;
    String[] still;
    String[] moving;

    @Setup
    public void setup() {
      from = table(1, PARTITIONS, 4, false);
      RoutingTable to =
          change.equals("move")
              ? table(2, PARTITIONS, 5, true)
              : table(2, 2 * PARTITIONS, 4, false);
      // split: partitions [P, 2P) are placed one group further, so about half of the keys move
      MigrationPlan plan = MigrationPlan.between(from, to);
      routes = plan.routes(Phase.DUAL_WRITE);
      List<String> s = new ArrayList<>();
      List<String> m = new ArrayList<>();
      for (String k : KeySet.ASCII16.texts()) {
        boolean moves = !from.route(k).group().id().equals(to.route(k).group().id());
        (moves ? m : s).add(k);
      }
      still = fill(s);
      moving = fill(m);
    }

    private static String[] fill(List<String> keys) {
      if (keys.isEmpty()) {
        throw new IllegalStateException("no keys in a class: the plan moves nothing or everything");
      }
      String[] out = new String[KeySet.SIZE];
      for (int i = 0; i < out.length; i++) {
        out[i] = keys.get(i % keys.size());
      }
      return out;
    }
  }

  /** A routing document: hash_mod over {@code partitions}, placed round-robin on {@code groups}. */
  static RoutingTable table(long version, int partitions, int groups, boolean grown) {
    StringBuilder g = new StringBuilder();
    for (int i = 1; i <= groups; i++) {
      g.append(i == 1 ? "" : ", ")
          .append("{\"id\": \"g")
          .append(i)
          .append("\", \"primary\": \"h")
          .append(i)
          .append("\"}");
    }
    StringBuilder p = new StringBuilder();
    for (int i = 0; i < partitions; i++) {
      int group = grown && i % 5 == 4 ? 5 : (i + i / PARTITIONS) % 4 + 1;
      p.append(i == 0 ? "\"g" : ", \"g").append(group).append('"');
    }
    return RoutingDocuments.read(
        "{\"format\": 1, \"routing_version\": "
            + version
            + ", \"entity\": \"bench\","
            + " \"key\": {\"type\": \"string\"}, \"strategy\": {\"type\": \"hash_mod\", \"hash\":"
            + " \"xxh3-64\", \"partitions\": "
            + partitions
            + "}, \"groups\": ["
            + g
            + "], \"placement\": ["
            + p
            + "]}");
  }

  /** A cursor over the key arrays. */
  @State(Scope.Thread)
  public static class Cursor {
    int i;
  }

  @Benchmark
  public Route table(Routes r, Cursor c) {
    return r.from.route(r.still[c.i++ & KeySet.MASK]);
  }

  @Benchmark
  public WriteRoute writeStill(Routes r, Cursor c) {
    return r.routes.write(r.still[c.i++ & KeySet.MASK]);
  }

  @Benchmark
  public ReadRoute readStill(Routes r, Cursor c) {
    return r.routes.read(r.still[c.i++ & KeySet.MASK]);
  }

  @Benchmark
  public WriteRoute writeMoving(Routes r, Cursor c) {
    return r.routes.write(r.moving[c.i++ & KeySet.MASK]);
  }

  @Benchmark
  public ReadRoute readMoving(Routes r, Cursor c) {
    return r.routes.read(r.moving[c.i++ & KeySet.MASK]);
  }
}
