package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.LittleEndian;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyScratch} allocates nothing once its buffer has grown to the longest key seen: a key as
 * long as the whole buffer is encoded into the same array. It keeps at most {@link
 * KeyScratch#RETAINED_BYTES} bytes past a longer key.
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

  /**
   * Keys of up to the bound share one array, the longest of them as well as a short one after it.
   */
  @Test
  void keysUpToTheBound_shareOneArray() {
    KeyScratch s = KeyScratch.get();
    String longest = "k".repeat(KeyScratch.RETAINED_BYTES);
    assertEquals(KeyScratch.RETAINED_BYTES, s.putString(longest));
    byte[] b = s.bytes();
    assertEquals(KeyScratch.RETAINED_BYTES, b.length);
    s.putString(longest);
    assertSame(b, s.bytes());
    assertEquals(3, s.putString("abc"));
    assertSame(b, s.bytes());
    assertArrayEquals(
        "abc".getBytes(StandardCharsets.US_ASCII), Arrays.copyOf(s.bytes(), 3), "short key");
  }

  /**
   * A key longer than the bound is encoded whole into an array of its own length, each time; the
   * next shorter key goes back to an array of at most the bound, so the long one is not kept.
   */
  @Test
  void aKeyLongerThanTheBound_getsItsOwnArray_givenUpAtTheNextKey() {
    KeyScratch s = KeyScratch.get();
    String huge = "é".repeat(KeyScratch.RETAINED_BYTES); // 2 bytes a char
    int n = s.putString(huge);
    assertEquals(2 * KeyScratch.RETAINED_BYTES, n);
    byte[] first = s.bytes();
    assertEquals(n, first.length);
    assertArrayEquals(huge.getBytes(StandardCharsets.UTF_8), first);
    s.putString(huge);
    assertNotSame(first, s.bytes(), "an array for each key over the bound");
    assertEquals(8, s.putLong(42));
    assertTrue(s.bytes().length <= KeyScratch.RETAINED_BYTES, "kept " + s.bytes().length);
    assertEquals(42, LittleEndian.getLong(s.bytes(), 0));
  }

  /** {@link KeyScratch#resized}: doubling up to the bound, exact above it, shrinking past it. */
  @Test
  void resized_growsByDoublingToTheBound_exactAbove_shrinksPast() {
    int bound = KeyScratch.RETAINED_BYTES;
    byte[] small = new byte[128];
    assertSame(small, KeyScratch.resized(small, 128));
    assertSame(small, KeyScratch.resized(small, 0));
    assertEquals(256, KeyScratch.resized(small, 129).length);
    assertEquals(1000, KeyScratch.resized(small, 1000).length);
    assertEquals(bound, KeyScratch.resized(new byte[bound - 1], bound).length);
    assertEquals(bound, KeyScratch.resized(new byte[bound / 2 + 1], bound / 2 + 2).length);
    assertEquals(bound + 1, KeyScratch.resized(new byte[bound], bound + 1).length);
    byte[] big = new byte[bound + 10];
    assertNotSame(big, KeyScratch.resized(big, bound + 5));
    assertEquals(bound + 5, KeyScratch.resized(big, bound + 5).length);
    assertEquals(bound, KeyScratch.resized(big, 3).length);
    byte[] exact = new byte[bound];
    assertSame(exact, KeyScratch.resized(exact, bound));
  }
}
