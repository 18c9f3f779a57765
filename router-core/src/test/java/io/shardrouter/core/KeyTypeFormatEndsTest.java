package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link KeyType#format(byte[], int, int)} on bytes at an offset that are no key: a composite whose
 * last part's 4-byte length does not fit, and a string that is no UTF-8 at its first byte or later,
 * each refused saying where.
 */
class KeyTypeFormatEndsTest {

  @Test
  void composite_aPartLengthThatDoesNotFit_refusedWithTheBytesLeft() {
    KeyType type = KeyType.composite(KeyType.Kind.INT, KeyType.Kind.STRING);
    byte[] b = {9, 9, 9, 7, 0, 0, 0, 1, 2, 9};
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> type.format(b, 3, 6));
    assertTrue(
        e.getMessage().contains("a part's 4-byte length does not fit in the 2 bytes left"),
        e.getMessage());
  }

  @Test
  void string_notUtf8AtItsFirstByte_refused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> KeyType.STRING.format(new byte[] {(byte) 0xFF, 'a'}));
    assertTrue(e.getMessage().contains("not well-formed UTF-8 at byte 0 of its 2"), e.getMessage());
  }

  @Test
  void string_atAnOffset_badByteCountedFromTheKeysStart() {
    byte[] b = {'x', 'x', 'a', (byte) 0xC0, 'b', 'x'};
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> KeyType.STRING.format(b, 2, 3));
    assertTrue(e.getMessage().contains("at byte 1 of its 3"), e.getMessage());
    assertEquals("ab", KeyType.STRING.format(new byte[] {'x', 'a', 'b'}, 1, 2));
  }
}
