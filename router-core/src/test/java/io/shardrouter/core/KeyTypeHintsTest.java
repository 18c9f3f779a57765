package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What a refused key text says to do: every single kind ends with how to write it, and a composite
 * key shows an example array of its own parts.
 */
class KeyTypeHintsTest {

  private static String refusal(KeyType type, String text) {
    return assertThrows(InvalidKeyException.class, () -> type.parseText(text), text).getMessage();
  }

  @Test
  void singleKinds_endWithHowToWriteThem() {
    assertTrue(
        refusal(KeyType.LONG, "x")
            .endsWith(
                "; write ASCII digits 0-9, with a leading '-' when negative, between"
                    + " -9223372036854775808 and 9223372036854775807"));
    assertTrue(
        refusal(KeyType.INT, "x")
            .endsWith(
                "; write ASCII digits 0-9, with a leading '-' when negative, between -2147483648"
                    + " and 2147483647"));
    assertTrue(
        refusal(KeyType.UUID_KEY, "x")
            .endsWith("; write 36 characters such as 123e4567-e89b-12d3-a456-426614174000"));
    assertTrue(
        refusal(KeyType.BYTES, "0X00")
            .endsWith("; write the bytes in hex, such as 0a1b2c or 0x0a1b2c"));
    String timestamp = refusal(KeyType.TIMESTAMP, "2026-13-01T00:00Z");
    assertTrue(
        timestamp.endsWith(
            "; write ISO-8601 with an offset, such as 2026-04-01T00:00:00Z or"
                + " 2026-04-01T08:00:00+08:00"),
        timestamp);
    assertEquals(
        "key 'x' is not a long (character 'x' at index 0 is not an ASCII digit 0-9); write ASCII"
            + " digits 0-9, with a leading '-' when negative, between -9223372036854775808 and"
            + " 9223372036854775807",
        refusal(KeyType.LONG, "x"));
  }

  @Test
  void composite_showsAnExampleOfItsParts() {
    KeyType all =
        KeyType.composite(
            KeyType.Kind.STRING,
            KeyType.Kind.LONG,
            KeyType.Kind.INT,
            KeyType.Kind.UUID,
            KeyType.Kind.BYTES,
            KeyType.Kind.TIMESTAMP);
    String example =
        "[\"plant-a\", 42, 42, \"123e4567-e89b-12d3-a456-426614174000\", \"0a1b\","
            + " \"2026-04-01T00:00:00Z\"]";
    assertTrue(refusal(all, "[1, 2").endsWith(", e.g. " + example), refusal(all, "[1, 2"));
    assertTrue(refusal(all, "[1, 2]").endsWith(", e.g. " + example), refusal(all, "[1, 2]"));
  }

  @Test
  void equalTypes_equalHashes() {
    KeyType a = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
    assertEquals(a, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    assertEquals(
        a.hashCode(), KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG).hashCode());
    assertNotEquals(
        a.hashCode(), KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.STRING).hashCode());
    assertNotEquals(KeyType.LONG.hashCode(), KeyType.INT.hashCode());
  }
}
