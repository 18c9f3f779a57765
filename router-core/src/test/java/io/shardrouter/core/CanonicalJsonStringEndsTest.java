package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link CanonicalJson#string(String)} of the shortest strings: empty and one character. */
class CanonicalJsonStringEndsTest {

  @Test
  void emptyAndOneCharStrings_quoted() {
    assertEquals("\"\"", CanonicalJson.string(""));
    assertEquals("\"a\"", CanonicalJson.string("a"));
    assertEquals("\"\\n\"", CanonicalJson.string("\n"));
  }
}
