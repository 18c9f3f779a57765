package io.shardrouter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The Space-Saving sketch and its summaries keep the error bounds {@link HotKeys} states. */
class HotKeysTest {
  @Test
  void sketch_zipf_boundsHold() {
    long seed = Fixtures.seed(15_001);
    SplittableRandom r = new SplittableRandom(seed);
    Fixtures.Zipf z = new Fixtures.Zipf(5_000, 1.1);
    SpaceSaving s = new SpaceSaving(64);
    Map<String, Long> truth = new HashMap<>();
    int n = 200_000;
    for (int i = 0; i < n; i++) {
      String k = "k" + z.next(r);
      truth.merge(k, 1L, Long::sum);
      s.offer(k, 0);
    }
    checkBounds(s.drain(false), truth, n, "seed " + seed);
  }

  @Test
  void merge_twoStreams_boundsHoldForTheSum() {
    long seed = Fixtures.seed(15_002);
    SplittableRandom r = new SplittableRandom(seed);
    Fixtures.Zipf z = new Fixtures.Zipf(2_000, 1.0);
    SpaceSaving a = new SpaceSaving(32);
    SpaceSaving b = new SpaceSaving(32);
    Map<String, Long> truth = new HashMap<>();
    int n = 100_000;
    for (int i = 0; i < n; i++) {
      String k = "k" + z.next(r);
      truth.merge(k, 1L, Long::sum);
      (i % 3 == 0 ? a : b).offer(k, 0); // unequal halves, unequal minimums
    }
    HotKeys merged = a.drain(false).merge(b.drain(false));
    assertEquals(n, merged.sampled());
    checkBounds(merged, truth, n, "seed " + seed);
  }

  @Test
  void sketch_longKeys_heldByValue() {
    SpaceSaving s = new SpaceSaving(4);
    for (int i = 0; i < 10; i++) {
      s.offer(null, 42L);
    }
    s.offer(null, -7L);
    HotKeys h = s.drain(true);
    assertEquals("42", h.keys().get(0).key());
    assertEquals(10, h.keys().get(0).count());
    assertEquals(0, s.drain(false).sampled(), "drain(true) empties the sketch");
  }

  private static void checkBounds(HotKeys h, Map<String, Long> truth, long n, String seed) {
    long bound = h.errorBound();
    for (HotKeys.Entry k : h.keys()) {
      long t = truth.get(k.key());
      assertTrue(k.count() >= t && k.lowerBound() <= t, () -> k + " true " + t + ", " + seed);
      assertTrue(k.error() <= bound, () -> k + " error above n/k = " + bound + ", " + seed);
    }
    for (Map.Entry<String, Long> e : truth.entrySet()) {
      if (e.getValue() > n / h.capacity()) {
        assertTrue(
            h.keys().stream().anyMatch(k -> k.key().equals(e.getKey())),
            () -> e + " is above n/k but not listed, " + seed);
      } else if (h.keys().stream().noneMatch(k -> k.key().equals(e.getKey()))) {
        assertTrue(e.getValue() <= h.absentBound(), () -> e + " above the absent bound, " + seed);
      }
    }
  }
}
