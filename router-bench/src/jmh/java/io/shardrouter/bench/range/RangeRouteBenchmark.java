package io.shardrouter.bench.range;

import io.shardrouter.bench.BenchTables;
import io.shardrouter.bench.KeySet;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.range.RangeStrategy;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
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
 * How long does routing through a range strategy take? {@link #routeLong} is {@code
 * RoutingTable.route(long)} over {@code RangeStrategy.of(KeyType.LONG, starts, null)} with B = 16 /
 * 128 / 1,024 boundaries in two layouts: {@code random} (random starts, the first {@code
 * Long.MIN_VALUE}, so every key has a range) and {@code monthly} (the epoch microseconds of B month
 * starts, as time ranges are cut, with the keys folded into those months); {@link #binarySearch} is
 * the peer: {@code Arrays.binarySearch} over the same {@code long[]} and keys, turned into a range
 * index, no table. {@link #routeString} routes {@code ascii16} keys through B string boundaries (a
 * sorted sample of the same universe, the first {@code "cust-"}). Ranges are placed round-robin
 * over 16 groups. Budget (docs/architecture.md §6): ≤ 12 ns at 1,024 {@code long} boundaries (an
 * absolute target: reported, never failed on); every route path 0 B/op, which the CI guard checks
 * for {@link #routeLong} at 1,024.
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar RangeRouteBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RangeRouteBenchmark {
  /** Groups the ranges are placed over. */
  static final int GROUPS = 16;

  /** Ranges over {@code long} keys, and the keys routed through them. */
  @State(Scope.Benchmark)
  public static class LongRanges {
    @Param({"16", "128", "1024"})
    public int boundaries;

    /**
     * {@code random}: random starts, the first {@code Long.MIN_VALUE}, keys the {@code long} key
     * set; {@code monthly}: epoch microseconds of B month starts from 2000-01, keys the same key
     * set folded into those months (timestamps clustered in 2<sup>51</sup> of the 2<sup>64</sup>
     * values).
     */
    @Param({"random", "monthly"})
    public String layout;

    long[] starts;
    long[] keys;
    RoutingTable table;

    @Setup(Level.Trial)
    public void setup() {
      keys = KeySet.LONG.longs();
      switch (layout) {
        case "random" -> starts = longStarts(boundaries);
        case "monthly" -> {
          starts = monthStarts(boundaries + 1); // the last is the end of the keys, not a start
          long first = starts[0];
          long span = starts[boundaries] - first;
          for (int i = 0; i < keys.length; i++) {
            keys[i] = first + Math.floorMod(keys[i], span);
          }
          starts = Arrays.copyOf(starts, boundaries);
        }
        default ->
            throw new IllegalArgumentException(
                "unknown layout '" + layout + "'; benchmarks know random, monthly");
      }
      List<Long> list = new ArrayList<>();
      for (long s : starts) {
        list.add(s);
      }
      table =
          BenchTables.table(RangeStrategy.of(KeyType.LONG, list, null), GROUPS, KeyType.LONG, 1);
      for (int i = 0; i < keys.length; i++) { // the table and the peer agree
        if (table.route(keys[i]).partition() != rangeOf(starts, keys[i])) {
          throw new IllegalStateException(
              "range table and binary search disagree on key " + keys[i]);
        }
      }
    }
  }

  /** Ranges over {@code String} keys. */
  @State(Scope.Benchmark)
  public static class StringRanges {
    @Param({"16", "128", "1024"})
    public int boundaries;

    RoutingTable table;

    @Setup(Level.Trial)
    public void setup() {
      TreeSet<String> starts = new TreeSet<>();
      starts.add("cust-");
      SplittableRandom r = new SplittableRandom(0xB0_0DL + boundaries);
      while (starts.size() < boundaries) {
        starts.add(KeySet.ASCII16.text(r.nextInt(KeySet.UNIVERSE)));
      }
      table =
          BenchTables.table(
              RangeStrategy.of(KeyType.STRING, new ArrayList<>(starts), null),
              GROUPS,
              KeyType.STRING,
              1);
    }
  }

  /** The position in {@link LongRanges#keys}. */
  @State(Scope.Thread)
  public static class Longs {
    /** One set; the parameter names the floor this path is compared with. */
    @Param({"long"})
    public String keySet;

    int i;
  }

  /** {@code String} keys. */
  @State(Scope.Thread)
  public static class Texts {
    @Param({"ascii16"})
    public String keySet;

    String[] keys;
    int i;

    @Setup
    public void setup() {
      keys = KeySet.of(keySet).texts();
    }
  }

  /** {@code n} sorted distinct starts, the first {@code Long.MIN_VALUE}. */
  static long[] longStarts(int n) {
    SplittableRandom r = new SplittableRandom(0xA11_0000L + n);
    TreeSet<Long> s = new TreeSet<>();
    s.add(Long.MIN_VALUE);
    while (s.size() < n) {
      s.add(r.nextLong());
    }
    return s.stream().mapToLong(Long::longValue).toArray();
  }

  /** Epoch microseconds of {@code n} month starts (UTC) from 2000-01. */
  static long[] monthStarts(int n) {
    long[] out = new long[n];
    LocalDate d = LocalDate.of(2000, 1, 1);
    for (int i = 0; i < n; i++) {
      out[i] = d.atStartOfDay().toEpochSecond(ZoneOffset.UTC) * 1_000_000L;
      d = d.plusMonths(1);
    }
    return out;
  }

  /** The range holding {@code key}: the last start ≤ key. */
  static int rangeOf(long[] starts, long key) {
    int i = Arrays.binarySearch(starts, key);
    return i >= 0 ? i : -i - 2;
  }

  @Benchmark
  public Route routeLong(LongRanges t, Longs k) {
    return t.table.route(t.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public int binarySearch(LongRanges t, Longs k) {
    return rangeOf(t.starts, t.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public Route routeString(StringRanges t, Texts k) {
    return t.table.route(k.keys[k.i++ & KeySet.MASK]);
  }
}
