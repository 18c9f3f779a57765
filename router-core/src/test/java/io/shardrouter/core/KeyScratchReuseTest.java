package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyScratch} allocates nothing once its buffer has grown to the longest key seen: a key as
 * long as the whole buffer is encoded into the same array.
 */
class KeyScratchReuseTest {

  @Test
  void aKeyAsLongAsTheBuffer_isEncodedInPlace() {
    KeyScratch s = KeyScratch.get();
    s.putString("x".repeat(300));
    byte[] grown = s.bytes();
    String full = "y".repeat(grown.length);
    assertEquals(grown.length, s.putString(full));
    assertSame(grown, s.bytes());
    assertArrayEquals(full.getBytes(StandardCharsets.US_ASCII), s.bytes());
  }
}
