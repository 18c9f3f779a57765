package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** Text quoted from an input is escaped exactly where a terminal or log could be fooled. */
class PrintableTest {
  private static String escaped(char c) {
    return String.format("\\u%04x", (int) c);
  }

  @Test
  void plainText_isReturnedItself() {
    String s = "tenant:plant-a ü 漢 \uD83D\uDE00 ~ \u00A0";
    assertSame(s, Printable.of(s));
    assertSame("", Printable.of(""));
  }

  @Test
  void eachEscapedRange_isEscapedUpToItsBounds_andNotOneBeyond() {
    char[] escapedChars = {
      0x00,
      0x1B,
      0x1F,
      0x7F,
      0x80,
      0x9F,
      0x2028,
      0x2029,
      0x202A,
      0x202E,
      0x2066,
      0x2069,
      // every other format character (Cf): invisible, so two texts could look the same
      0x00AD,
      0x061C,
      0x200B,
      0x200D,
      0x2060,
      0x206A,
      0xFEFF
    };
    for (char c : escapedChars) {
      assertEquals("a" + escaped(c) + "b", Printable.of("a" + c + "b"), Integer.toHexString(c));
      assertEquals(escaped(c), Printable.of(String.valueOf(c)), Integer.toHexString(c));
    }
    char[] kept = {0x20, 0x7E, 0xA0, 0x2027, 0x202F, 0x2065, 0x2070, 0xFEFE};
    for (char c : kept) {
      String s = "a" + c + "b";
      assertSame(s, Printable.of(s), Integer.toHexString(c));
    }
  }

  @Test
  void commonControls_haveTheirShortForms() {
    assertEquals("g9'\\nplacement[0]: forged", Printable.of("g9'\nplacement[0]: forged"));
    assertEquals("a\\rb\\tc", Printable.of("a\rb\tc"));
    assertEquals("x\\u001b[2J", Printable.of("x\u001b[2J"));
  }

  @Test
  void loneSurrogates_escaped_pairsKept() {
    assertEquals("a\\ud83d", Printable.of("a\uD83D"));
    assertEquals("\\ud83da", Printable.of("\uD83Da"));
    assertEquals("\\ude00a", Printable.of("\uDE00a"));
    assertEquals("a\\ude00", Printable.of("a\uDE00"));
    assertEquals("\\ude00\\ud83d", Printable.of("\uDE00\uD83D"));
    String pair = "x\uD83D\uDE00y";
    assertSame(pair, Printable.of(pair));
    assertEquals("\\n\uD83D\uDE00", Printable.of("\n\uD83D\uDE00"));
  }

  /**
   * Format characters beyond U+FFFF are invisible too: the tag characters (U+E0001, U+E0020 to
   * U+E007F, which can spell hidden text after a visible one), U+1D173 to U+1D17A, U+110BD. Each is
   * written as the escapes of its two UTF-16 code units, as a JSON string writes it; other
   * characters beyond U+FFFF (an emoji) are kept.
   */
  @Test
  void formatCharactersBeyondTheBmp_escapedAsTheirSurrogates() {
    assertEquals("a\\udb40\\udc41b", Printable.of("a" + Character.toString(0xE0041) + "b"));
    assertEquals("\\udb40\\udc01", Printable.of(Character.toString(0xE0001)));
    assertEquals("x\\ud834\\udd73", Printable.of("x" + Character.toString(0x1D173)));
    assertEquals("\\ud804\\udcbd", Printable.of(Character.toString(0x110BD)));
    assertEquals(
        "\"\\udb40\\udc41\\udb40\\udc7ftag\\\\\"",
        Printable.quoted(Character.toString(0xE0041) + Character.toString(0xE007F) + "tag\\"));
    String emoji = "a" + Character.toString(0x1F600) + Character.toString(0xE0100) + "b";
    assertSame(emoji, Printable.of(emoji)); // U+E0100 is a variation selector (Mn), not Cf
  }

  /** The public entry a tool prints keys through is this escaping, and keeps plain text itself. */
  @Test
  void keyTextPrintable_isThisEscaping() {
    String key = "x\u001b[2J\t\u202Eevil\\t";
    assertEquals(Printable.of(key), KeyText.printable(key));
    assertEquals("x\\u001b[2J\\t\\u202eevil\\t", KeyText.printable(key));
    String plain = "order-1 Straße";
    assertSame(plain, KeyText.printable(plain));
  }

  @Test
  void textAfterTheFirstEscape_isCopiedUnchanged() {
    assertEquals("ab\\ncd\\u007fef", Printable.of("ab\ncd\u007Fef"));
  }
}
