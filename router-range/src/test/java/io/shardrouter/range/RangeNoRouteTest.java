package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.testing.Keys;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A key in no range is refused with where it lies: below the first range (and the range after it,
 * when there is one), or at or above a closed last range (and the range before it, when there is
 * one), for every way a key reaches the strategy.
 */
class RangeNoRouteTest {
  private static final RangeStrategy THREE =
      RangeStrategy.of(KeyType.LONG, List.of(0L, 1000L, 2000L), 3000L);
  private static final RangeStrategy ONE = RangeStrategy.of(KeyType.INT, List.of(0), 10);

  private static String refusal(Executable route) {
    return assertThrows(NoRouteException.class, route).getMessage();
  }

  /**
   * A refusal names its key even when the bytes are no UTF-8 text (routeCanonical hands them over
   * unchecked): the message shows the hex, and the refusal stays a NoRouteException.
   */
  @Test
  void bytesThatAreNoText_refusedWithTheirHex() {
    RangeStrategy strings = RangeStrategy.of(KeyType.STRING, List.of("m"), "t");
    String m = refusal(() -> strings.partitionOf(new byte[] {(byte) 0xC3}));
    assertTrue(m.startsWith("key 0xc3 (string) is in no range"), m);
    byte[] inside = {'n', (byte) 0xC3}; // routed, but no text: explain must not throw either
    assertEquals("range: key in [\"m\", \"t\"), partition 0 of 1", strings.explain(inside, 0, 2));
  }

  @Test
  void belowTheFirstRange() {
    String want =
        "key -5 (long) is in no range: it is below the first range [0, 1000) (partition 0),"
            + " followed by [1000, 2000); add a range that covers it, or check the key";
    assertEquals(want, refusal(() -> THREE.partitionOf(Keys.of(-5L))));
    assertEquals(want, refusal(() -> THREE.partitionOf(Keys.of(-5L))));
    assertEquals(
        "key -1 (int) is in no range: it is below the first range [0, 10) (partition 0); add a"
            + " range that covers it, or check the key",
        refusal(() -> ONE.partitionOf(Keys.of(-1))));
  }

  @Test
  void atOrAboveAClosedEnd() {
    assertEquals(
        "key 3000 (long) is in no range: it is at or above the end of the last range [2000, 3000)"
            + " (partition 2), after [1000, 2000), and no range covers [3000, +∞); extend the last"
            + " range (an end of null is +∞), add a range, or check the key",
        refusal(() -> THREE.partitionOf(Keys.of(3000L))));
    assertEquals(
        "key 10 (int) is in no range: it is at or above the end of the last range [0, 10)"
            + " (partition 0), and no range covers [10, +∞); extend the last range (an end of null"
            + " is +∞), add a range, or check the key",
        refusal(() -> ONE.partitionOf(Keys.of(10))));
  }

  @Test
  void lastKeysOfEachRange_routed() {
    assertEquals(0, THREE.partitionOf(Keys.of(999L)));
    assertEquals(2, THREE.partitionOf(Keys.of(2999L)));
    assertEquals(0, ONE.partitionOf(Keys.of(9)));
    assertEquals(
        "-5", assertThrows(NoRouteException.class, () -> THREE.partitionOf(Keys.of(-5L))).key());
  }

  @Test
  void explain_namesTheRange() {
    assertEquals(
        "range: key in [1000, 2000), partition 1 of 3", THREE.explain(Keys.of(1500L), 0, 8));
  }
}
