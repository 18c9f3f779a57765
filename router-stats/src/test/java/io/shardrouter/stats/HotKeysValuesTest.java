package io.shardrouter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link HotKeys} on small hand-made summaries: the exact counts and errors of a merge, the bounds
 * at a full and a non-full summary, shares, and what a summary or an entry refuses.
 */
class HotKeysValuesTest {
  private static HotKeys.Entry e(String key, long count, long error) {
    return new HotKeys.Entry(key, count, error);
  }

  @Test
  void of_sortsByCountThenKey_andRefusesBadSizes() {
    HotKeys h = HotKeys.of(3, 10, List.of(e("b", 2, 0), e("c", 5, 1), e("a", 2, 1)));
    assertEquals(List.of(e("c", 5, 1), e("a", 2, 1), e("b", 2, 0)), h.keys());
    assertEquals(3, h.capacity());
    assertEquals(10, h.sampled());
    assertEquals(
        "a hot key summary of capacity 2 cannot hold 3 keys",
        assertThrows(
                IllegalArgumentException.class,
                () -> HotKeys.of(2, 10, List.of(e("b", 2, 0), e("c", 5, 1), e("a", 2, 1))))
            .getMessage());
    assertEquals(
        "hot key capacity must be >= 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> HotKeys.of(0, 0, List.of()))
            .getMessage());
    assertEquals(
        "sampled must be >= 0, got -1",
        assertThrows(IllegalArgumentException.class, () -> HotKeys.of(1, -1, List.of()))
            .getMessage());
    assertEquals(0, HotKeys.of(1, 0, List.of()).sampled());
  }

  @Test
  void entry_bounds() {
    assertEquals(4, e("k", 5, 1).lowerBound());
    assertEquals(1, e("k", 1, 0).lowerBound());
    assertEquals(
        "hot key 'k': need count >= 1 and 0 <= error < count, got 0, 0",
        assertThrows(IllegalArgumentException.class, () -> e("k", 0, 0)).getMessage());
    assertEquals(
        "hot key 'k': need count >= 1 and 0 <= error < count, got 3, -1",
        assertThrows(IllegalArgumentException.class, () -> e("k", 3, -1)).getMessage());
    assertEquals(
        "hot key 'k': need count >= 1 and 0 <= error < count, got 3, 3",
        assertThrows(IllegalArgumentException.class, () -> e("k", 3, 3)).getMessage());
    assertThrows(NullPointerException.class, () -> e(null, 1, 0));
  }

  @Test
  void absentBound_zeroUntilFull_thenTheSmallestCount() {
    assertEquals(0, HotKeys.of(3, 9, List.of(e("a", 5, 0), e("b", 4, 0))).absentBound());
    assertEquals(
        2, HotKeys.of(3, 11, List.of(e("a", 5, 0), e("b", 4, 0), e("c", 2, 1))).absentBound());
    assertEquals(0, HotKeys.empty(1).absentBound());
  }

  @Test
  void errorBound_isSampledOverCapacity_roundedUp() {
    assertEquals(0, HotKeys.of(4, 0, List.of()).errorBound());
    assertEquals(1, HotKeys.of(4, 1, List.of()).errorBound());
    assertEquals(2, HotKeys.of(4, 8, List.of()).errorBound());
    assertEquals(3, HotKeys.of(4, 9, List.of()).errorBound());
  }

  @Test
  void share_ofListedAndUnlistedKeys() {
    HotKeys h = HotKeys.of(3, 8, List.of(e("a", 6, 0), e("b", 2, 1)));
    assertEquals(0.75, h.share("a"));
    assertEquals(0.25, h.share("b"));
    assertEquals(0, h.share("c"));
    assertEquals(0, HotKeys.of(3, 0, List.of(e("a", 6, 0))).share("a"));
  }

  @Test
  void merge_notFull_addsCountsExactly() {
    HotKeys a = HotKeys.of(3, 10, List.of(e("x", 6, 0), e("y", 4, 1)));
    HotKeys b = HotKeys.of(3, 7, List.of(e("y", 5, 2), e("z", 2, 0)));
    HotKeys m = a.merge(b);
    assertEquals(3, m.capacity());
    assertEquals(17, m.sampled());
    assertEquals(List.of(e("y", 9, 3), e("x", 6, 0), e("z", 2, 0)), m.keys());
    assertEquals(m, b.merge(a));
  }

  @Test
  void merge_full_addsTheOtherSidesAbsentBound_andKeepsTheTop() {
    // a is full (absent bound 2), b is full (absent bound 3).
    HotKeys a = HotKeys.of(2, 20, List.of(e("x", 9, 0), e("w", 2, 1)));
    HotKeys b = HotKeys.of(2, 30, List.of(e("y", 8, 2), e("z", 3, 1)));
    HotKeys m = a.merge(b);
    // x: 9 + b's 3, error 0 + 3; w: 2 + 3, error 1 + 3; y: 8 + 2, error 2 + 2; z: 3 + 2, 1 + 2.
    assertEquals(List.of(e("x", 12, 3), e("y", 10, 4)), m.keys());
    assertEquals(50, m.sampled());
    HotKeys c = HotKeys.of(2, 5, List.of(e("x", 4, 0), e("v", 1, 0)));
    // a key in both: its counts and errors add, the absent bounds do not; ties by key.
    assertEquals(List.of(e("x", 13, 0), e("v", 3, 2)), a.merge(c).keys());
  }

  @Test
  void equalsAndHashCode_overCapacitySampledAndKeys() {
    HotKeys h = HotKeys.of(3, 8, List.of(e("a", 6, 0)));
    assertEquals(h, HotKeys.of(3, 8, List.of(e("a", 6, 0))));
    assertEquals(h.hashCode(), HotKeys.of(3, 8, List.of(e("a", 6, 0))).hashCode());
    assertNotEquals(h, HotKeys.of(4, 8, List.of(e("a", 6, 0))));
    assertNotEquals(h, HotKeys.of(3, 9, List.of(e("a", 6, 0))));
    assertNotEquals(h, HotKeys.of(3, 8, List.of(e("a", 6, 1))));
    assertNotEquals(h, "a");
  }
}
