package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * A timestamp that ends early is refused with where it ended and what was due there, and a field
 * cut short with how many digits it had.
 */
class KeyTextGrammarEndsTest {

  private static String refusal(String text) {
    return assertThrows(
            IllegalArgumentException.class, () -> KeyTextGrammar.timestampMicros(text), text)
        .getMessage();
  }

  @Test
  void endsWhereSomethingIsDue() {
    assertEquals("it ends at index 13 where ':' after the hour is due", refusal("2026-04-01T00"));
    assertEquals("it ends at index 4 where '-' after the year is due", refusal("2026"));
  }

  @Test
  void fieldCutShort_countsItsDigits() {
    assertEquals("fraction has 0 digits, at least 1 needed", refusal("2026-04-01T00:00:00."));
    assertEquals("minute has 1 digits, at least 2 needed", refusal("2026-04-01T00:5"));
  }
}
