package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.testing.Keys;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link HotTail}: the threshold is a share in (0, 1]; a share exactly at the threshold warns;
 * writes in no range are counted apart; the whole message of a warning and of an all-clear.
 */
class HotTailTest {
  /** [0, 1000), [1000, 2000), [2000, 3000): the last range is partition 2. */
  private static final RangeStrategy RANGES =
      RangeStrategy.of(KeyType.LONG, List.of(0L, 1000L, 2000L), 3000L);

  private static List<byte[]> keys(long... ks) {
    List<byte[]> out = new ArrayList<>();
    for (long k : ks) {
      out.add(Keys.of(k));
    }
    return out;
  }

  @Test
  void threshold_aShareInZeroToOne() {
    assertThrows(IllegalArgumentException.class, () -> HotTail.check(RANGES, keys(), 0));
    assertThrows(IllegalArgumentException.class, () -> HotTail.check(RANGES, keys(), 1.0001));
    assertThrows(IllegalArgumentException.class, () -> HotTail.check(RANGES, keys(), Double.NaN));
    assertEquals(
        "threshold must be a share in (0, 1], got -0.5",
        assertThrows(IllegalArgumentException.class, () -> HotTail.check(RANGES, keys(), -0.5))
            .getMessage());
    assertTrue(HotTail.check(RANGES, keys(2500), 1).warns(), "all writes at threshold 1");
  }

  @Test
  void shareAtTheThreshold_warns() {
    HotTail h = HotTail.check(RANGES, keys(5, 1500, 2100, 2999, -7, 3000), 0.5);
    assertEquals(4, h.writes());
    assertEquals(2, h.unrouted());
    assertEquals(2, h.tailWrites());
    assertEquals(0.5, h.share());
    assertTrue(h.warns());
    assertEquals(
        "hot tail: 2 of 4 sampled writes (50.0%) land in the last range [2000, 3000) (partition 2),"
            + " at or above the 50.0% threshold. Keys that increase (time, sequence numbers) send"
            + " every new write to the newest range, and splitting it does not spread them: they"
            + " follow to the new last range. Add a dimension that spreads writes: a hash bucket in"
            + " the key, or route by a business key with time buckets inside (strategy"
            + " 'time_buckets'); 2 sampled writes are in no range",
        h.message());
  }

  @Test
  void shareBelowTheThreshold_allClear() {
    HotTail h = HotTail.check(RANGES, keys(5, 1500, 2100), 0.4);
    assertFalse(h.warns());
    assertEquals(
        "no hot tail: 1 of 3 sampled writes (33.3%) land in the last range [2000, 3000) (partition"
            + " 2), under the 40.0% threshold",
        h.message());
    assertEquals(
        "no hot tail: 0 of 0 sampled writes (0.0%) land in the last range [2000, 3000) (partition"
            + " 2), under the 50.0% threshold; 1 sampled writes are in no range",
        HotTail.check(RANGES, keys(-1)).message());
  }

  @Test
  void noWrites_noShare_noWarning() {
    HotTail h = HotTail.check(RANGES, keys(), 0.01);
    assertEquals(0.0, h.share());
    assertFalse(h.warns());
  }
}
