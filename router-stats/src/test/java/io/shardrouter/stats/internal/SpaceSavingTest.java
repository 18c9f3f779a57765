package io.shardrouter.stats.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.stats.HotKey;
import io.shardrouter.stats.HotKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The indexed sketch against the textbook one (a linear scan for the key, the first slot with the
 * smallest count replaced): the same stream gives the same keys, counts and errors, on streams that
 * hit, miss, evict and collide (keys that share a hash code).
 */
class SpaceSavingTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20261202L);

  /** The textbook Space-Saving over {@code slots} slots, with the same tie order. */
  private static final class Reference {
    final List<String> keys = new ArrayList<>();
    final List<long[]> counts = new ArrayList<>(); // {count, error}
    final int slots;

    Reference(int slots) {
      this.slots = slots;
    }

    void offer(String key) {
      int at = keys.indexOf(key);
      if (at >= 0) {
        counts.get(at)[0]++;
        return;
      }
      if (keys.size() < slots) {
        keys.add(key);
        counts.add(new long[] {1, 0});
        return;
      }
      int min = 0;
      for (int i = 1; i < keys.size(); i++) {
        if (counts.get(i)[0] < counts.get(min)[0]) {
          min = i;
        }
      }
      long base = counts.get(min)[0];
      keys.set(min, key);
      counts.set(min, new long[] {base + 1, base});
    }

    List<HotKey> hotKeys() {
      List<HotKey> out = new ArrayList<>();
      for (int i = 0; i < keys.size(); i++) {
        out.add(new HotKey(keys.get(i), counts.get(i)[0], counts.get(i)[1]));
      }
      return out;
    }
  }

  @Test
  @Timeout(120) // a broken index can make a probe loop forever: fail instead of hanging
  void indexedSketch_agreesWithTheTextbookOne() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    // "Aa" and "BB" share a hash code, as do their concatenations: colliding keys on purpose.
    String[] colliding = {"AaAa", "AaBB", "BBAa", "BBBB"};
    for (int run = 0; run < 200; run++) {
      int slots = 1 + rnd.nextInt(40);
      int universe = 1 + rnd.nextInt(200);
      SpaceSaving sketch = new SpaceSaving(slots);
      Reference ref = new Reference(slots);
      int n = rnd.nextInt(5_000);
      for (int i = 0; i < n; i++) {
        // Skewed: small ids are frequent, the tail makes the sketch evict.
        int id = (int) (universe * Math.pow(rnd.nextDouble(), 3));
        String key = rnd.nextInt(10) == 0 ? colliding[id & 3] : "k" + id;
        sketch.tryAcquire();
        sketch.offer(key, 0);
        sketch.release();
        ref.offer(key);
      }
      HotKeys expected = HotKeys.of(slots, n, ref.hotKeys());
      HotKeys actual = sketch.drain(run % 2 == 0);
      assertEquals(
          expected.keys(), actual.keys(), "run " + run + " (" + slots + " slots), seed " + SEED);
      assertEquals(n, actual.sampled(), "run " + run + ", seed " + SEED);
    }
  }

  @Test
  void drainWithClear_emptiesTheIndexToo() {
    SpaceSaving s = new SpaceSaving(2);
    s.offer("a", 0);
    s.offer("b", 0);
    s.drain(true);
    s.offer("a", 0);
    s.offer("c", 0);
    s.offer("a", 0);
    assertEquals(List.of(new HotKey("a", 2, 0), new HotKey("c", 1, 0)), s.drain(false).keys());
  }
}
