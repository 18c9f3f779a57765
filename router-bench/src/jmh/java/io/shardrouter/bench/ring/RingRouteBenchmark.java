package io.shardrouter.bench.ring;

import io.shardrouter.bench.BenchTables;
import io.shardrouter.bench.KeySet;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.HashPartitionStrategy;
import io.shardrouter.hash.RingAllocator;
import io.shardrouter.hash.RingStrategy;
import io.shardrouter.hash.StableHash;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * How much does a weighted ring cost over {@code hash_mod}? {@link #string} is {@code
 * RoutingTable.route(String)} and {@link #bytes} {@code routeCanonical(byte[])} on a ring in mode
 * {@code tokens} built the way an operator builds one: {@code RingAllocator.standard().initial}
 * over N − 4 groups of weight 1–3, then four {@code addGroup} steps, {@value #VNODES} vnodes per
 * unit of weight (about 2 × 16 × N tokens).
 *
 * <p>{@link #stringHashMod} and {@link #bytesHashMod} are the reference: the same calls on a {@code
 * hash_mod} table over the same N groups ({@code BenchTables}, as in {@code StringRouteBenchmark}),
 * with the same keys, in a JVM set up exactly as for the ring: both tables are built, then the
 * keys. Only the table a method routes on differs, so the ratio is the routes' and not the heap's:
 * measured in separate classes, where the keys and tables land differently in memory, the ring's
 * ratio at 1,024 groups moved between 1.1 and 1.6 from fork to fork while the routes themselves did
 * not change. Budget (docs/architecture.md §6): ≤ 1.25 × the {@code hash_mod} route at 1,024
 * groups; 0 B/op. {@link #string001} is mode {@code 001} (the vnode-named ring: blake2b-64 of the
 * key, 4 nodes × 150 vnodes), for scale: its hash, not its search, is the cost.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar RingRouteBenchmark -p
 * keySet=ascii16,ascii36 -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RingRouteBenchmark {
  /** Vnodes per unit of weight. */
  public static final int VNODES = 16;

  /** Groups added one by one after the initial ring. */
  public static final int ADDED = 4;

  /** The weighted ring under test, and the {@code hash_mod} table it is compared with. */
  @State(Scope.Benchmark)
  public static class Ring {
    @Param({"16", "128", "1024"})
    public int groups;

    RoutingTable table;
    RoutingTable hashMod;

    @Setup(Level.Trial)
    public void setup() {
      table = ring(groups);
      hashMod = BenchTables.table("hash_mod", groups, KeyType.STRING);
      System.gc(); // the allocator's garbage goes now, not while the keys are being made
    }
  }

  /** The vnode-named ring: 4 nodes × 150 vnodes, mode {@code 001}. */
  @State(Scope.Benchmark)
  public static class NamedVnodes {
    RoutingTable table;

    @Setup(Level.Trial)
    public void setup() {
      List<String> nodes = List.of("node-a", "node-b", "node-c", "node-d");
      RoutingTable.Builder b =
          RoutingTable.builder()
              .version(1)
              .entity("orders")
              .keyType(KeyType.STRING)
              .strategy(RingStrategy.namedVnodes(nodes, RingStrategy.DEFAULT_NAMED_VNODES));
      List<ReplicaGroup> gs = new ArrayList<>();
      List<String> placement = new ArrayList<>();
      for (int g = 0; g < nodes.size(); g++) {
        gs.add(group(g));
        placement.add("g" + g);
      }
      table = b.groups(gs).placement(placement).build();
    }
  }

  /** The keys as text. */
  @State(Scope.Thread)
  public static class Texts {
    @Param({"ascii16", "ascii36"})
    public String keySet;

    String[] keys;
    int i;

    /**
     * After the tables ({@code ring}: a dependency), so that every method's heap is laid out alike.
     */
    @Setup
    public void setup(Ring ring) {
      keys = KeySet.of(keySet).texts();
    }
  }

  /** The keys as canonical bytes. */
  @State(Scope.Thread)
  public static class Bytes {
    @Param({"ascii16", "ascii36"})
    public String keySet;

    byte[][] keys;
    int i;

    /**
     * After the tables ({@code ring}: a dependency), so that every method's heap is laid out alike.
     */
    @Setup
    public void setup(Ring ring) {
      keys = KeySet.of(keySet).canonicalBytes();
    }
  }

  /**
   * A ring over {@code groups} groups: the initial ring of all but {@value #ADDED}, then one
   * addGroup each.
   */
  public static RoutingTable ring(int groups) {
    int initial = Math.max(1, groups - ADDED);
    List<ReplicaGroup> gs = new ArrayList<>();
    Map<String, Integer> weights = new HashMap<>();
    for (int g = 0; g < initial; g++) {
      gs.add(group(g));
      weights.put("g" + g, weight(g));
    }
    RingAllocator allocator = RingAllocator.standard();
    RoutingTable t =
        allocator.initial(1, "orders", KeyType.STRING, StableHash.xxh3(), VNODES, gs, weights);
    for (int g = initial; g < groups; g++) {
      t = allocator.addGroup(t, group(g), weight(g));
    }
    return t;
  }

  private static int weight(int g) {
    return 1 + g % 3;
  }

  private static ReplicaGroup group(int g) {
    return ReplicaGroup.of("g" + g, "db" + g + ".example:5432", "db" + g + "-r1.example:5432");
  }

  @Benchmark
  public Route string(Ring r, Texts k) {
    return r.table.route(k.keys[k.i++ & KeySet.MASK]);
  }

  /**
   * {@link #string} in two threads at once on the one table, each thread with its own copy of the
   * keys: the cost per op and thread, which docs/architecture.md §6 holds within 1.2 × {@link
   * #string}'s (the index is shared, read-only; two threads compete only for the caches).
   */
  @Benchmark
  @Threads(2)
  public Route stringTwoThreads(Ring r, Texts k) {
    return r.table.route(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public Route bytes(Ring r, Bytes k) {
    return r.table.routeCanonical(k.keys[k.i++ & KeySet.MASK]);
  }

  /** The keys' routing points (xxh3-64 of their canonical bytes), for the lookup alone. */
  @State(Scope.Thread)
  public static class Points {
    @Param({"ascii16", "ascii36"})
    public String keySet;

    long[] points;
    int i;

    /**
     * After the tables ({@code ring}: a dependency), so that every method's heap is laid out alike.
     */
    @Setup
    public void setup(Ring ring) {
      byte[][] keys = KeySet.of(keySet).canonicalBytes();
      points = new long[keys.length];
      for (int j = 0; j < keys.length; j++) {
        points[j] = StableHash.xxh3().hash(keys[j], 0, keys[j].length);
      }
    }
  }

  /**
   * The ring's lookup alone: a routing point to its partition ({@code
   * RingStrategy.partitionOfHash}).
   */
  @Benchmark
  public int pointRing(Ring r, Points k) {
    return ((RingStrategy) r.table.strategy()).partitionOfHash(k.points[k.i++ & KeySet.MASK]);
  }

  /** {@code hash_mod}'s lookup alone, for {@link #pointRing}. */
  @Benchmark
  public int pointHashMod(Ring r, Points k) {
    return ((HashPartitionStrategy) r.hashMod.strategy())
        .partitionOfHash(k.points[k.i++ & KeySet.MASK]);
  }

  /** The reference for {@link #string}: the same keys on {@code hash_mod}. */
  @Benchmark
  public Route stringHashMod(Ring r, Texts k) {
    return r.hashMod.route(k.keys[k.i++ & KeySet.MASK]);
  }

  /** The reference for {@link #bytes}: the same keys on {@code hash_mod}. */
  @Benchmark
  public Route bytesHashMod(Ring r, Bytes k) {
    return r.hashMod.routeCanonical(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public Route string001(NamedVnodes r, Texts k) {
    return r.table.route(k.keys[k.i++ & KeySet.MASK]);
  }
}
