package io.shardrouter.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.testing.KeyGenerators;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Latin1StringsTest {

  @Test
  void available_onJdk17WithCompactStrings() {
    if (Runtime.version().feature() < 23) {
      assertTrue(
          Latin1Strings.AVAILABLE,
          "the direct ASCII path should pass its self-test on JDK " + Runtime.version());
    }
  }

  @Test
  void asciiBytes_onlyForAsciiText_andEqualToUtf8() {
    if (!Latin1Strings.AVAILABLE) {
      return;
    }
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < 2000; i++) {
      int n = rnd.nextInt(70);
      StringBuilder sb = new StringBuilder();
      for (int j = 0; j < n; j++) {
        sb.append((char) rnd.nextInt(0x80));
      }
      String ascii = sb.toString();
      assertArrayEquals(
          ascii.getBytes(StandardCharsets.UTF_8), Latin1Strings.asciiBytes(ascii), "seed " + seed);
      assertArrayEquals(
          ascii.substring(n / 2).getBytes(StandardCharsets.UTF_8),
          Latin1Strings.asciiBytes(ascii.substring(n / 2)),
          "seed " + seed);
      int at = n == 0 ? 0 : rnd.nextInt(n);
      String latin1 = ascii.substring(0, at) + '\u00e9' + ascii.substring(at);
      String utf16 = ascii.substring(0, at) + '\u4e2d' + ascii.substring(at);
      assertNull(
          Latin1Strings.asciiBytes(latin1),
          "seed " + seed + ": a Latin-1 char above U+007F is not ASCII");
      assertNull(Latin1Strings.asciiBytes(utf16), "seed " + seed);
    }
  }

  @Test
  void asciiBytes_ofNull_isNull_neverAFieldReadOfNull() {
    if (Latin1Strings.AVAILABLE) {
      assertNull(Latin1Strings.asciiBytes(null));
    }
  }
}
