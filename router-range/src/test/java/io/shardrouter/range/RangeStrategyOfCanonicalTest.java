package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.testing.Keys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RangeStrategy#ofCanonical}: ranges from canonical bytes, each bad input refused by name.
 */
class RangeStrategyOfCanonicalTest {

  @Test
  void routesAsTheValueFactory_andCopiesItsInput() {
    byte[] a = Keys.of(0L);
    byte[] b = Keys.of(1000L);
    List<byte[]> starts = new ArrayList<>(List.of(a, b));
    RangeStrategy s = RangeStrategy.ofCanonical(KeyType.LONG, starts, Keys.of(2000L));
    assertEquals(RangeStrategy.of(KeyType.LONG, List.of(0L, 1000L), 2000L), s);
    a[0] = 9; // the caller's arrays are not the strategy's
    starts.clear();
    assertArrayEquals(Keys.of(0L), s.start(0));
    assertEquals(1, s.partitionOf(Keys.of(1500L)));
    assertNull(RangeStrategy.ofCanonical(KeyType.LONG, List.of(Keys.of(5L)), null).end(0));
  }

  @Test
  void badInput_refusedNamingWhatAndWhere() {
    assertTrue(refused(List.of(), null).contains("no ranges"));
    assertTrue(
        refused(List.of(Keys.of(0L), Keys.of(7)), null)
            .startsWith("ranges[1]: the start is no key of the strategy's type"));
    assertTrue(
        refused(List.of(Keys.of(5L), Keys.of(5L)), null)
            .contains("ranges[1]: the start 5 is not above the start before it, 5"));
    assertTrue(
        refused(List.of(Keys.of(5L), Keys.of(3L)), null).contains("give the starts strictly"));
    assertTrue(refused(List.of(Keys.of(5L)), Keys.of(5L)).contains("the end 5 is not above"));
    assertTrue(refused(List.of(Keys.of(5L)), new byte[3]).startsWith("the end is no key"));
    assertTrue(refused(Arrays.asList(Keys.of(5L), null), null).contains("ranges[1]"));
    String notText =
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    RangeStrategy.ofCanonical(
                        KeyType.STRING, List.of(Keys.of("a"), new byte[] {'b', (byte) 0xC3}), null))
            .getMessage();
    assertTrue(
        notText.startsWith("ranges[1]: the start is no key of the strategy's type")
            && notText.contains("not well-formed UTF-8"),
        notText);
  }

  private static String refused(List<byte[]> starts, byte[] end) {
    return assertThrows(
            IllegalArgumentException.class,
            () -> RangeStrategy.ofCanonical(KeyType.LONG, starts, end))
        .getMessage();
  }
}
