package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.InvalidRoutingTableException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ContainerSizes#check}: exactly {@code maxEntries} entries pass, one more is refused naming
 * the container's line, column and byte offset and the limit to raise; text it cannot count (an
 * unterminated string) is left to the parser.
 */
class ContainerSizesRulesTest {
  private static void check(String json, int maxEntries) {
    ContainerSizes.check(json.getBytes(StandardCharsets.US_ASCII), maxEntries, 8);
  }

  @Test
  void exactlyTheLimit_passes_oneMore_isRefusedWithWhereAndWhatToDo() {
    assertDoesNotThrow(() -> check("{\"a\": [1, 2, 3]}", 3));
    InvalidRoutingTableException e =
        assertThrows(
            InvalidRoutingTableException.class, () -> check("{\"a\":\n  [1, 2, 3, 4]}", 3));
    assertEquals(1, e.violations().size());
    assertEquals("$", e.violations().get(0).path());
    assertEquals(
        "the array at line 2, column 3 (byte offset 8) has more than 3 entries, over the limit of 3"
            + " (ReadLimits.maxEntries); raise the limit where the table is read if it is genuine",
        e.violations().get(0).message());
  }

  @Test
  @Timeout(value = 2, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void anUnterminatedString_isLeftToTheParser() {
    assertDoesNotThrow(() -> check("[1, \"abc", 2));
    assertDoesNotThrow(() -> check("[1, \"ab\\", 2));
    assertDoesNotThrow(() -> check("\"", 1));
  }

  @Test
  void commasInAStringToTheEnd_areNotCounted() {
    assertDoesNotThrow(() -> check("[\"a,b,c,d", 2));
  }
}
