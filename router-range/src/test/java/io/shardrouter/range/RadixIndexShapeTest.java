package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.range.internal.RadixIndex;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * How {@link RadixIndex} lays out two shapes its class comment names, counted by {@link
 * RadixIndex#crowdedValues()} and {@link RadixIndex#searchedValues()}: eight outliers at each end
 * are trimmed from the span (the most {@value RadixIndex#TRIM} allows), leaving only the two end
 * cells crowded, each then indexed on its own; repeated values stay crowded and are searched. Every
 * count agrees with a linear scan.
 */
class RadixIndexShapeTest {

  private static void assertCounts(long[] sorted, RadixIndex index) {
    long[] probes = new long[sorted.length * 3 + 2];
    int n = 0;
    for (long v : sorted) {
      probes[n++] = v;
      probes[n++] = v - 1;
      probes[n++] = v + 1;
    }
    probes[n++] = Long.MIN_VALUE;
    probes[n] = Long.MAX_VALUE;
    for (long key : probes) {
      int want = 0;
      for (long v : sorted) {
        want += v <= key ? 1 : 0;
      }
      assertEquals(want, index.countAtOrBelow(key), "key " + key);
    }
  }

  @Test
  void eightOutliersAtEachEnd_trimmed() {
    long[] v = new long[8 + 1000 + 8];
    for (int i = 0; i < 8; i++) {
      v[i] = Long.MIN_VALUE + i;
      v[8 + 1000 + i] = Long.MAX_VALUE - 7 + i;
    }
    for (int i = 0; i < 1000; i++) {
      v[8 + i] = 1000L * i;
    }
    RadixIndex index = new RadixIndex(v);
    // The span [0, 999000] in cells of 512: the outliers share the first and the last cell with
    // the values 0 and 999000, nine values each; each such cell gets an index of its own.
    assertEquals(18, index.crowdedValues());
    assertEquals(0, index.searchedValues());
    assertCounts(v, index);
  }

  @Test
  void repeatedValues_crowdedAndSearched() {
    long[] v = new long[100 + 20];
    for (int i = 0; i < 100; i++) {
      v[i] = 1000L * i;
    }
    Arrays.fill(v, 100, 120, 50_500L);
    Arrays.sort(v);
    RadixIndex index = new RadixIndex(v);
    assertEquals(20, index.crowdedValues());
    assertEquals(20, index.searchedValues(), "an index of equal values helps nothing");
    assertCounts(v, index);
  }
}
