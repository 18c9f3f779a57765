package io.shardrouter.bench.lookup;

import io.shardrouter.bench.BenchTables;
import io.shardrouter.bench.KeySet;
import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.HashModStrategy;
import io.shardrouter.hash.StableHash;
import io.shardrouter.lookup.LookupStrategy;
import io.shardrouter.lookup.LookupStrategyBuilder;
import java.util.Locale;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * How long does a {@code lookup} route take, on a hit and on a miss? The table's strategy is {@code
 * LookupStrategy} over a directory of E = 1M (or 10M, or 10k to see the cost without cache and TLB
 * misses) {@code ascii16} keys (ranks 0 to E − 1 of the key set's universe, built in {@code @Setup}
 * with {@code LookupStrategy.builder(...).entry(byte[], int)}), falling back to {@code hash_mod}
 * over 1,024 partitions. {@link #hit} routes the usual Zipf-drawn keys, all listed; {@link #miss}
 * routes keys of the same form that are not listed (ranks from 100,000,000 up), which take the
 * fallback. Both go through {@code RoutingTable.route(String)}; {@link #hitCanonical} routes the
 * hit's keys given as canonical bytes. Budget (docs/architecture.md §6): a hit ≤ 2.5 F at 1M; 0
 * B/op. A miss costs about F plus the {@code hash_mod} route (docs/lookup.md §11). The setup prints
 * the directory's memory per entry. The fork gets {@code -Xmx8g} for the 10M directory; the CI
 * guard runs 1M only.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar
 * 'LookupRouteBenchmark|FloorBenchmark.xxh3Bytes' -p keySet=ascii16 -p entries=1000000 -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx8g")
public class LookupRouteBenchmark {
  /** The fallback's partitions. */
  public static final int FALLBACK_PARTITIONS = 1024;

  /** Groups the partitions are placed over. */
  static final int GROUPS = 16;

  /** The first rank of the unlisted keys. */
  static final int MISS_BASE = 100_000_000;

  /** The lookup table. */
  @State(Scope.Benchmark)
  public static class Lookup {
    @Param({"10000", "1000000", "10000000"})
    public int entries;

    RoutingTable table;

    @Setup(Level.Trial)
    public void setup() {
      long start = System.nanoTime();
      LookupStrategy s = directory(entries);
      table = BenchTables.table(s, GROUPS, KeyType.STRING, 1);
      System.out.printf(
          Locale.ROOT,
          "%nlookup directory: %,d entries, %,d bytes, %.1f B/entry, built in %.1f s%n",
          s.size(),
          s.directoryBytes(),
          (double) s.directoryBytes() / s.size(),
          (System.nanoTime() - start) / 1e9);
    }
  }

  /**
   * A directory of the first {@code entries} ranks of the {@code ascii16} key set, falling back to
   * {@code hash_mod} over {@value #FALLBACK_PARTITIONS} partitions.
   */
  static LookupStrategy directory(int entries) {
    return directory(entries, KeySet.ASCII16);
  }

  /** A directory of the first {@code entries} ranks of the text key set {@code set}, as above. */
  static LookupStrategy directory(int entries, KeySet set) {
    LookupStrategyBuilder b =
        LookupStrategy.builder(KeyType.STRING)
            .fallback(HashModStrategy.of(StableHash.xxh3(), FALLBACK_PARTITIONS));
    for (int r = 0; r < entries; r++) {
      b.entry(CanonicalBytes.of(set.text(r)), partitionOf(r));
    }
    return b.build();
  }

  /** The partition the directories list for rank {@code r}. */
  static int partitionOf(int r) {
    return (int) ((r * 7L) % FALLBACK_PARTITIONS);
  }

  /**
   * Listed keys (Zipf over the first 1M ranks, folded modulo E for a smaller directory so that
   * every one is listed) and unlisted ones (the same ranks from {@value #MISS_BASE} up).
   */
  @State(Scope.Thread)
  public static class Keys {
    @Param({"ascii16"})
    public String keySet;

    String[] hits;
    byte[][] hitBytes;
    String[] misses;
    int i;

    @Setup
    public void setup(Lookup t) {
      KeySet set = KeySet.of(keySet);
      int[] ranks = KeySet.ranks();
      hits = new String[KeySet.SIZE];
      hitBytes = new byte[KeySet.SIZE][];
      misses = new String[KeySet.SIZE];
      for (int j = 0; j < KeySet.SIZE; j++) {
        // new String: every slot its own object, as a key parsed from a request would be
        hits[j] = new String(set.text(ranks[j] % t.entries));
        hitBytes[j] = CanonicalBytes.of(hits[j]);
        misses[j] = new String(set.text(MISS_BASE + ranks[j]));
      }
    }
  }

  @Benchmark
  public Route hit(Lookup t, Keys k) {
    return t.table.route(k.hits[k.i++ & KeySet.MASK]);
  }

  /**
   * The hit's keys as canonical bytes, through {@code routeCanonical}: the hit without reading a
   * {@code String}, so that the directory's own cost stands beside {@code BytesRouteBenchmark}'s
   * {@code hash_mod} route of keys of the same form (the same keys at 1M entries).
   */
  @Benchmark
  public Route hitCanonical(Lookup t, Keys k) {
    return t.table.routeCanonical(k.hitBytes[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public Route miss(Lookup t, Keys k) {
    return t.table.route(k.misses[k.i++ & KeySet.MASK]);
  }
}
