package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.testing.KeyGenerators;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Utf8}, the encoder of string keys: ASCII up to U+007F, the JDK's bytes for well-formed
 * text (pairs anywhere in the string, written at an offset), and a lone surrogate at the end
 * refused with its index.
 */
class Utf8Test {

  @Test
  void isAscii_upToU007F() {
    assertTrue(Utf8.isAscii("abc\u007f"));
    assertFalse(Utf8.isAscii("abc\u0080"));
    assertTrue(Utf8.isAscii(""));
  }

  @Test
  void encode_randomText_isTheJdksUtf8_atAnOffset() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int round = 0; round < 500; round++) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0, n = rnd.nextInt(10); i < n; i++) {
        switch (rnd.nextInt(4)) {
          case 0 -> sb.append((char) rnd.nextInt(0x80));
          case 1 -> sb.append((char) (0x80 + rnd.nextInt(0x780)));
          case 2 -> sb.append((char) (0x800 + rnd.nextInt(0xD000)));
          default -> sb.appendCodePoint(0x10000 + rnd.nextInt(0x100000));
        }
      }
      String s = sb.toString();
      byte[] want = s.getBytes(StandardCharsets.UTF_8);
      assertEquals(want.length, Utf8.encodedLength(s), "seed " + seed + ": " + s);
      byte[] dst = new byte[want.length + 3];
      assertEquals(want.length + 2, Utf8.encode(s, dst, 2), "seed " + seed);
      assertArrayEquals(want, Arrays.copyOfRange(dst, 2, 2 + want.length), "seed " + seed);
    }
  }

  @Test
  void encode_loneSurrogateAtTheEnd_refusedWithItsIndex() {
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> Utf8.encode("ab\uD83D", new byte[8], 0));
    assertEquals(
        "key text has a lone surrogate U+D83D at char index 2 and so has no UTF-8 form; fix the"
            + " producer of the key (length 3)",
        e.getMessage());
    assertThrows(InvalidKeyException.class, () -> Utf8.encode("\uDE00a", new byte[8], 0));
  }
}
