package io.shardrouter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The sketch against exact counts, on seeded streams that hit, miss, evict and collide (keys that
 * share a hash code): Space-Saving's guarantees, whichever smallest slot it replaces.
 */
class SpaceSavingTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20261202L);

  @Test
  @Timeout(120) // a broken index can make a probe loop forever: fail instead of hanging
  void everyHeldKey_boundsItsTrueCount_andEveryFrequentKeyIsHeld() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    // "Aa" and "BB" share a hash code, as do their concatenations: colliding keys on purpose.
    String[] colliding = {"AaAa", "AaBB", "BBAa", "BBBB"};
    for (int run = 0; run < 300; run++) {
      int slots = 1 + rnd.nextInt(40);
      int universe = 1 + rnd.nextInt(200);
      double skew = 1 + 4 * rnd.nextDouble();
      SpaceSaving sketch = new SpaceSaving(slots);
      Map<String, Long> truth = new HashMap<>();
      int n = rnd.nextInt(5_000);
      for (int i = 0; i < n; i++) {
        // Skewed: small ids are frequent, the tail makes the sketch evict.
        int id = (int) (universe * Math.pow(rnd.nextDouble(), skew));
        String key = rnd.nextInt(10) == 0 ? colliding[id & 3] : "k" + id;
        sketch.tryAcquire();
        sketch.offer(key, 0);
        sketch.release();
        truth.merge(key, 1L, Long::sum);
      }
      String where = "run " + run + " (" + slots + " slots, " + n + " keys), seed " + SEED;
      HotKeys got = sketch.drain(run % 2 == 0);
      assertEquals(n, got.sampled(), where);
      long sum = 0;
      Set<String> held = new HashSet<>();
      for (HotKeys.Entry k : got.keys()) {
        long t = truth.getOrDefault(k.key(), 0L);
        assertTrue(k.count() - k.error() <= t && t <= k.count(), where + ": " + k + ", true " + t);
        assertTrue(k.error() <= n / slots, where + ": error of " + k + " over n / slots");
        assertTrue(held.add(k.key()), where + ": " + k.key() + " held twice");
        sum += k.count();
      }
      assertEquals(n, sum, where + ": the counts add up to the samples");
      for (Map.Entry<String, Long> e : truth.entrySet()) {
        if (e.getValue() > n / slots) {
          assertTrue(held.contains(e.getKey()), where + ": frequent key " + e + " not held");
        }
      }
    }
  }

  @Test
  void aStreamThatFitsTheSlots_isCountedExactly() {
    SpaceSaving s = new SpaceSaving(3);
    for (String k : List.of("a", "b", "a", "c", "a", "b")) {
      s.offer(k, 0);
    }
    assertEquals(
        List.of(
            new HotKeys.Entry("a", 3, 0),
            new HotKeys.Entry("b", 2, 0),
            new HotKeys.Entry("c", 1, 0)),
        s.drain(false).keys());
  }

  @Test
  void drainWithClear_emptiesTheIndexAndTheMinimumToo() {
    SpaceSaving s = new SpaceSaving(2);
    s.offer("a", 0);
    s.offer("b", 0);
    s.offer("x", 0); // evicts at count 1: the sketch's minimum is now 1
    s.drain(true);
    s.offer("a", 0);
    s.offer("c", 0);
    s.offer("a", 0);
    assertEquals(
        List.of(new HotKeys.Entry("a", 2, 0), new HotKeys.Entry("c", 1, 0)), s.drain(false).keys());
    s.offer("d", 0); // replaces c, the only slot at the smallest count 1
    assertEquals(
        List.of(new HotKeys.Entry("a", 2, 0), new HotKeys.Entry("d", 2, 1)), s.drain(false).keys());
  }
}
