package io.shardrouter.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link StrictUtf8} against the well-formed byte sequences of Unicode table 3-7, at each bound,
 * and against the JDK's strict decoder on random bytes.
 */
class StrictUtf8Test {
  private static byte[] bytes(int... b) {
    byte[] out = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = (byte) b[i];
    }
    return out;
  }

  /** {@code 'a'} followed by {@code seq}, so that an offset is visible. */
  private static int firstInvalidAfterA(int... seq) {
    int[] all = new int[seq.length + 1];
    all[0] = 'a';
    System.arraycopy(seq, 0, all, 1, seq.length);
    return StrictUtf8.firstInvalid(bytes(all));
  }

  @Test
  void wellFormed_atEveryBoundOfTable3_7() {
    int[][] ok = {
      {0x01},
      {0x7F},
      {0xC2, 0x80},
      {0xDF, 0xBF},
      {0xE0, 0xA0, 0x80},
      {0xE0, 0xBF, 0xBF},
      {0xE1, 0x80, 0x80},
      {0xEC, 0xBF, 0xBF},
      {0xED, 0x80, 0x80},
      {0xED, 0x9F, 0xBF},
      {0xEE, 0x80, 0x80},
      {0xEF, 0xBF, 0xBF},
      {0xF0, 0x90, 0x80, 0x80},
      {0xF0, 0xBF, 0xBF, 0xBF},
      {0xF1, 0x80, 0x80, 0x80},
      {0xF3, 0xBF, 0xBF, 0xBF},
      {0xF4, 0x80, 0x80, 0x80},
      {0xF4, 0x8F, 0xBF, 0xBF}
    };
    for (int[] seq : ok) {
      assertEquals(-1, firstInvalidAfterA(seq), java.util.Arrays.toString(seq));
      int[] twice = new int[seq.length * 2];
      System.arraycopy(seq, 0, twice, 0, seq.length);
      System.arraycopy(seq, 0, twice, seq.length, seq.length);
      assertEquals(-1, StrictUtf8.firstInvalid(bytes(twice)), java.util.Arrays.toString(seq));
    }
    assertEquals(-1, StrictUtf8.firstInvalid(new byte[0]));
  }

  @Test
  void illFormed_justOutsideEveryBound_refusedAtTheLeadByte() {
    int[][] bad = {
      {0x00},
      {0x80},
      {0xBF},
      {0xC0, 0x80},
      {0xC1, 0xBF},
      {0xC2, 0x7F},
      {0xC2, 0xC0},
      {0xE0, 0x9F, 0xBF},
      {0xE0, 0xA0, 0x7F},
      {0xE0, 0xA0, 0xC0},
      {0xE1, 0x7F, 0x80},
      {0xE1, 0xC0, 0x80},
      {0xED, 0xA0, 0x80},
      {0xED, 0xBF, 0xBF},
      {0xEF, 0xBF, 0xC0},
      {0xF0, 0x8F, 0xBF, 0xBF},
      {0xF0, 0x90, 0x80, 0x7F},
      {0xF0, 0x90, 0x7F, 0x80},
      {0xF4, 0x90, 0x80, 0x80},
      {0xF4, 0x8F, 0xBF, 0xC0},
      {0xF5, 0x80, 0x80, 0x80},
      {0xF8, 0x80, 0x80, 0x80},
      {0xFF},
      {0xC2},
      {0xE1, 0x80},
      {0xF1, 0x80, 0x80}
    };
    for (int[] seq : bad) {
      assertEquals(1, firstInvalidAfterA(seq), java.util.Arrays.toString(seq));
    }
  }

  @Test
  void randomBytes_agreeWithTheJdksStrictDecoder() {
    long seed = Long.getLong("shardrouter.test.seed", System.nanoTime());
    SplittableRandom r = new SplittableRandom(seed);
    int[] interesting = {
      0x00, 0x01, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
      0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF
    };
    for (int round = 0; round < 20_000; round++) {
      byte[] b = new byte[1 + r.nextInt(6)];
      for (int i = 0; i < b.length; i++) {
        b[i] = (byte) interesting[r.nextInt(interesting.length)];
      }
      int ours = StrictUtf8.firstInvalid(b);
      int jdk = jdkFirstInvalid(b);
      assertEquals(
          jdk, ours, "seed " + seed + " (-Dshardrouter.test.seed=" + seed + "): " + hex(b));
    }
  }

  @Test
  void describe_namesTheOffsetAndUpToFourBytes_andWhatToDo() {
    byte[] b = bytes('a', 0xC1, 0xA5, 'b', 'c', 'd');
    String d = StrictUtf8.describe(b, 1);
    assertTrue(d.startsWith("byte offset 1 (bytes C1 A5 62 63): not well-formed UTF-8"), d);
    assertTrue(d.endsWith("routing documents are strict UTF-8: save the file as UTF-8"), d);
    String nul = StrictUtf8.describe(bytes('{', 0), 1);
    assertTrue(nul.startsWith("byte offset 1 (bytes 00): a NUL byte"), nul);
    assertTrue(nul.contains("UTF-16 and UTF-32 text has them"), nul);
  }

  /**
   * The reference answer: walk the sequences by their lead byte's length and let the JDK's strict
   * decoder judge each one (overlong forms, surrogates, the range), a NUL counting as invalid.
   */
  private static int jdkFirstInvalid(byte[] b) {
    int i = 0;
    while (i < b.length) {
      int c = b[i] & 0xFF;
      int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
      if (c == 0 || i + len > b.length || !decodes(java.util.Arrays.copyOfRange(b, i, i + len))) {
        return i;
      }
      i += len;
    }
    return -1;
  }

  private static boolean decodes(byte[] b) {
    try {
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  private static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) {
      s.append(String.format("%02X ", x & 0xFF));
    }
    return s.toString().trim();
  }
}
