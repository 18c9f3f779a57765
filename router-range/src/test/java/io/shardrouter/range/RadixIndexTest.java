package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.range.internal.PrefixIndex;
import io.shardrouter.range.internal.RadixIndex;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * {@link RadixIndex} counts exactly what a linear scan counts, for boundary sets spread evenly,
 * clustered, and built to hit its edges (crowded cells, values on cell edges, outliers at both ends
 * of the 64-bit range, repeats), at every value, value ± 1, {@code Long.MIN_VALUE}, {@code
 * Long.MAX_VALUE} and random keys. The seed is in every failure message.
 */
class RadixIndexTest {

  /** The number of {@code sorted} values at or below {@code key}, by a linear scan. */
  private static int scan(long[] sorted, long key) {
    int n = 0;
    for (long v : sorted) {
      if (v <= key) {
        n++;
      }
    }
    return n;
  }

  /**
   * Checks every interesting key and {@code randomKeys} random ones (half inside the values' span).
   */
  private static void check(
      String what, long[] sorted, SplittableRandom r, int randomKeys, String seed) {
    RadixIndex index = new RadixIndex(sorted);
    long[] fixed = {
      Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE
    };
    for (long k : fixed) {
      assertEquals(
          scan(sorted, k), index.countAtOrBelow(k), () -> seed + ": " + what + ", key " + k);
    }
    for (long v : sorted) {
      for (long k : new long[] {v - 1, v, v + 1}) { // wraps at MIN/MAX: still a key to check
        assertEquals(
            scan(sorted, k), index.countAtOrBelow(k), () -> seed + ": " + what + ", key " + k);
      }
    }
    if (sorted.length == 0) {
      return;
    }
    long lo = sorted[0];
    long hi = sorted[sorted.length - 1];
    for (int i = 0; i < randomKeys; i++) {
      long k = i % 2 == 0 || hi - lo <= 0 ? r.nextLong() : lo + r.nextLong(hi - lo);
      assertEquals(
          scan(sorted, k), index.countAtOrBelow(k), () -> seed + ": " + what + ", key " + k);
    }
  }

  private static long[] sortedDistinct(long[] values) {
    return Arrays.stream(values).sorted().distinct().toArray();
  }

  /** Epoch microseconds of {@code n} month starts from 2000-01. */
  static long[] monthStarts(int n) {
    long[] out = new long[n];
    LocalDate d = LocalDate.of(2000, 1, 1);
    for (int i = 0; i < n; i++) {
      out[i] = d.atStartOfDay().toEpochSecond(ZoneOffset.UTC) * 1_000_000L;
      d = d.plusMonths(1);
    }
    return out;
  }

  /** A named generator of boundary sets: (size, random) to unsorted values. */
  private record Layout(String name, BiFunction<Integer, SplittableRandom, long[]> make) {}

  private static final Layout[] LAYOUTS = {
    new Layout("uniform", (n, r) -> r.longs(n).toArray()),
    new Layout(
        "uniform with MIN and MAX",
        (n, r) -> {
          long[] v = r.longs(n + 2).toArray();
          v[0] = Long.MIN_VALUE;
          v[1] = Long.MAX_VALUE;
          return v;
        }),
    new Layout("months", (n, r) -> monthStarts(n)),
    new Layout(
        "MIN then months",
        (n, r) -> {
          long[] v = monthStarts(n + 1);
          v[0] = Long.MIN_VALUE;
          return v;
        }),
    new Layout(
        "days",
        (n, r) -> {
          long[] v = new long[n];
          for (int i = 0; i < n; i++) {
            v[i] = 946_684_800_000_000L + i * 86_400_000_000L;
          }
          return v;
        }),
    new Layout(
        "ids crowded at the low end",
        (n, r) -> {
          long[] v = new long[n];
          for (int i = 0; i < n; i++) {
            v[i] = i < n - 3 ? r.nextLong(4 * (long) n) : r.nextLong();
          }
          return v;
        }),
    new Layout(
        "powers of two, both signs",
        (n, r) -> {
          long[] v = new long[Math.min(n, 127)];
          for (int i = 0; i < v.length; i++) {
            v[i] = i < 63 ? 1L << i : i < 126 ? -(1L << (i - 63)) : 0;
          }
          return v;
        }),
    new Layout(
        "dense clusters far apart",
        (n, r) -> {
          long[] v = new long[n];
          long at = r.nextLong();
          for (int i = 0; i < n; i++) {
            if (i % 7 == 0) {
              at = r.nextLong();
            }
            v[i] = at + i % 7;
          }
          return v;
        }),
    new Layout(
        "text prefixes: \"cust-\" and three base-36 chars",
        (n, r) -> {
          String chars = "0123456789abcdefghijklmnopqrstuvwxyz";
          long[] v = new long[n];
          for (int i = 0; i < n; i++) {
            StringBuilder b = new StringBuilder("cust-");
            for (int j = 0; j < 11; j++) {
              b.append(chars.charAt(r.nextInt(36)));
            }
            byte[] bytes = b.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            v[i] = PrefixIndex.prefix(bytes, 0, bytes.length);
          }
          return v;
        }),
    new Layout("small span", (n, r) -> r.longs(n, -50, 50).toArray()),
    new Layout(
        "MIN, MAX and a tight cluster",
        (n, r) -> {
          long[] v = r.longs(n + 4, 1_000, 1_000 + 3L * n).toArray();
          v[0] = Long.MIN_VALUE;
          v[1] = Long.MIN_VALUE + 1;
          v[2] = Long.MAX_VALUE - 1;
          v[3] = Long.MAX_VALUE;
          return v;
        }),
  };

  @Test
  void everyLayout_countsWhatALinearScanCounts() {
    long seed = Seeds.next();
    String s = Seeds.describe(seed);
    SplittableRandom r = new SplittableRandom(seed);
    int[] sizes = {1, 2, 3, 4, 5, 6, 9, 16, 17, 31, 100, 128, 1000, 1024, 2100};
    for (Layout layout : LAYOUTS) {
      for (int n : sizes) {
        long[] sorted = sortedDistinct(layout.make().apply(n, r));
        check(layout.name() + ", n=" + sorted.length, sorted, r, 300, s);
      }
    }
  }

  @Test
  void randomSets_countWhatALinearScanCounts() {
    long seed = Seeds.next();
    String s = Seeds.describe(seed);
    SplittableRandom r = new SplittableRandom(seed);
    for (int set = 0; set < 300; set++) {
      int n = 1 + r.nextInt(set < 250 ? 40 : 1500);
      long[] v = new long[n];
      long center = r.nextLong();
      long spread = 1L << r.nextInt(63);
      for (int i = 0; i < n; i++) {
        v[i] =
            switch (r.nextInt(5)) {
              case 0 -> r.nextLong();
              case 1 -> center + r.nextLong(spread);
              case 2 ->
                  r.nextBoolean() ? Long.MAX_VALUE - r.nextInt(3) : Long.MIN_VALUE + r.nextInt(3);
              default -> center + r.nextInt(64);
            };
      }
      check("random set " + set, sortedDistinct(v), r, 100, s);
    }
  }

  @Test
  void repeatedValues_countEveryCopy() { // PrefixIndex gives the same prefix for boundaries that
    // share 8 bytes
    long seed = Seeds.next();
    String s = Seeds.describe(seed);
    SplittableRandom r = new SplittableRandom(seed);
    for (int set = 0; set < 100; set++) {
      int n = 1 + r.nextInt(200);
      long[] v = new long[n];
      for (int i = 0; i < n; i++) {
        v[i] = r.nextInt(4) == 0 ? r.nextLong() : r.nextLong(-5, 5);
      }
      Arrays.sort(v);
      check("repeats, set " + set, v, r, 100, s);
    }
  }

  @Test
  void crowdedCells_getAnIndexOfTheirOwnWhereThatHelps() {
    long[] v = new long[1024]; // 1,000 ids crowded below 4,000, then 24 spread over the long range
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < v.length; i++) {
      v[i] = i < 1000 ? 4L * i + r.nextInt(4) : r.nextLong(1L << 40, Long.MAX_VALUE);
    }
    long[] sorted = sortedDistinct(v);
    RadixIndex index = new RadixIndex(sorted);
    assertTrue(index.crowdedValues() >= 1000, "the ids share the first cell of the whole span");
    assertEquals(
        0,
        index.searchedValues(),
        "the first cell's own index spreads the ids over cells of their own");
    check("crowded ids", sorted, r, 2000, "seed 7");
  }

  @Test
  void evenlySpreadAndMonthlyBoundaries_getNoCrowdedCells() {
    long seed = Seeds.next();
    SplittableRandom r = new SplittableRandom(seed);
    assertEquals(0, new RadixIndex(monthStarts(1024)).crowdedValues());
    long[] minThenMonths = monthStarts(1025);
    minThenMonths[0] = Long.MIN_VALUE;
    assertEquals(
        0,
        new RadixIndex(minThenMonths).crowdedValues(),
        "the outlier in front stays out of the months' cells");
    long[] uniform = sortedDistinct(r.longs(1024).toArray());
    assertTrue(
        new RadixIndex(uniform).crowdedValues() <= 2 * (RadixIndex.SCAN + 1),
        () ->
            Seeds.describe(seed)
                + ": random boundaries are rarely more than "
                + RadixIndex.SCAN
                + " to a cell");
  }
}
