package io.shardrouter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link KeySample}: counts, totals and what it refuses; the window and operation names. */
class KeySampleTest {
  @Test
  void add_keepsArrivalOrderAndSumsCounts() {
    KeySample s = new KeySample(KeyType.LONG).add("7", 1).add("-3", 4).add("7", 2);
    assertEquals(KeyType.LONG, s.keyType());
    assertEquals(7, s.total());
    assertEquals(List.of("7", "-3", "7"), s.entries().stream().map(KeySample.Entry::text).toList());
    assertEquals(List.of(1L, 4L, 2L), s.entries().stream().map(KeySample.Entry::count).toList());
    assertThrows(UnsupportedOperationException.class, () -> s.entries().clear());
  }

  @Test
  void add_refusesCountsBelowOne_keysOfAnotherType_andOverflow() {
    KeySample s = new KeySample(KeyType.LONG);
    assertEquals(
        "count must be >= 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> s.add("1", 0)).getMessage());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> s.add("seven", 1));
    assertTrue(e.getCause() instanceof io.shardrouter.core.RoutingException, e::toString);
    assertEquals(e.getCause().getMessage(), e.getMessage());
    assertEquals(0, s.entries().size());
    s.add("1", Long.MAX_VALUE);
    assertThrows(ArithmeticException.class, () -> s.add("2", 1));
  }

  @Test
  void windowsAndOps_names() {
    assertEquals("last_minute", RouteStats.Window.LAST_MINUTE.label());
    assertEquals("last_ten_minutes", RouteStats.Window.LAST_TEN_MINUTES.label());
    assertEquals("since_start", RouteStats.Window.SINCE_START.label());
    for (RouteStats.Window w : RouteStats.Window.values()) {
      assertEquals(w, RouteStats.Window.ofLabel(w.label()));
    }
    assertEquals(
        "unknown window 'LAST_MINUTE'; known: last_minute, last_ten_minutes, since_start",
        assertThrows(IllegalArgumentException.class, () -> RouteStats.Window.ofLabel("LAST_MINUTE"))
            .getMessage());
    assertEquals(
        List.of("reads", "writes", "unspecified"),
        List.of(
            RouteStats.Op.READ.label(), RouteStats.Op.WRITE.label(), RouteStats.Op.ANY.label()));
  }
}
