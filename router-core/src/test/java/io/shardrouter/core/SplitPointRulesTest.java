package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.SplittableRanges.SplitPoint;
import org.junit.jupiter.api.Test;

/**
 * {@link SplitPoint}: its weights must be {@code >= 0} with a positive sum, its upper share, and
 * equality over every field (the key by content).
 */
class SplitPointRulesTest {

  private static SplitPoint point(long lower, long upper) {
    return new SplitPoint(2, new byte[] {1, 2}, "\"m\"", lower, upper, 5);
  }

  @Test
  void weights_zeroOnOneSide_accepted() {
    assertEquals(0.0, point(4, 0).upperShare());
    assertEquals(1.0, point(0, 4).upperShare());
    assertEquals(1.0, point(0, 1).upperShare());
    assertEquals(0.0, point(1, 0).upperShare());
  }

  @Test
  void weights_negativeOrBothZero_refusedSayingWhatWasGiven() {
    IllegalArgumentException negativeLower =
        assertThrows(IllegalArgumentException.class, () -> point(-1, 5));
    assertEquals(
        "split point \"m\": need weights >= 0 with a positive sum, got -1 below and 5 above",
        negativeLower.getMessage());
    IllegalArgumentException negativeUpper =
        assertThrows(IllegalArgumentException.class, () -> point(5, -1));
    assertTrue(negativeUpper.getMessage().contains("got 5 below and -1 above"));
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> point(0, 0));
    assertTrue(none.getMessage().contains("got 0 below and 0 above"));
    // the sum, not either weight alone, must be positive: -3 + 3 is refused for its -3
    assertThrows(IllegalArgumentException.class, () -> point(-3, 3));
  }

  @Test
  void upperShare_isTheUpperWeightOverTheSum() {
    assertEquals(0.75, point(1, 3).upperShare());
    assertEquals(0.25, point(3, 1).upperShare());
    assertEquals(0.5, point(7, 7).upperShare());
  }

  @Test
  void equalsAndHashCode_overEveryField_theKeyByContent() {
    SplitPoint p = point(1, 3);
    SplitPoint same = new SplitPoint(2, new byte[] {1, 2}, "\"m\"", 1, 3, 5);
    assertEquals(p, same);
    assertEquals(p.hashCode(), same.hashCode());
    assertNotEquals(p, new SplitPoint(3, new byte[] {1, 2}, "\"m\"", 1, 3, 5));
    assertNotEquals(p, new SplitPoint(2, new byte[] {1, 3}, "\"m\"", 1, 3, 5));
    assertNotEquals(p, new SplitPoint(2, new byte[] {1, 2}, "\"n\"", 1, 3, 5));
    assertNotEquals(p, new SplitPoint(2, new byte[] {1, 2}, "\"m\"", 2, 3, 5));
    assertNotEquals(p, new SplitPoint(2, new byte[] {1, 2}, "\"m\"", 1, 4, 5));
    assertNotEquals(p, new SplitPoint(2, new byte[] {1, 2}, "\"m\"", 1, 3, 6));
    assertNotEquals(p, (Object) "split partition 2 at \"m\"");
    assertNotEquals(p.hashCode(), new SplitPoint(2, new byte[] {9}, "\"m\"", 1, 3, 5).hashCode());
    assertEquals(
        "split partition 2 at \"m\": weight 1 below, 3 at or above (5 distinct keys sampled)",
        p.toString());
  }
}
