package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * What {@link KeyTextGrammar}'s refusals say, at the bounds of each rule (docs/routing-spec.md
 * §2.4): characters named as themselves when printable ASCII and by code point otherwise, two-digit
 * fields in messages, five-digit years, offsets with a non-digit.
 */
class KeyTextGrammarMessagesTest {

  private static String decimalRefusal(String text) {
    return assertThrows(
            IllegalArgumentException.class,
            () -> KeyTextGrammar.decimal(text, Long.MIN_VALUE, Long.MAX_VALUE),
            text)
        .getMessage();
  }

  private static String timestampRefusal(String text) {
    return assertThrows(
            IllegalArgumentException.class, () -> KeyTextGrammar.timestampMicros(text), text)
        .getMessage();
  }

  @Test
  void character_printableAsciiAsItself_othersByCodePoint() {
    assertEquals("character ' ' at index 1 is not an ASCII digit 0-9", decimalRefusal("1 2"));
    assertEquals("character '~' at index 2 is not an ASCII digit 0-9", decimalRefusal("12~"));
    assertEquals(
        "character U+001F at index 1 is not an ASCII digit 0-9", decimalRefusal("1\u001f"));
    assertEquals(
        "character U+007F at index 1 is not an ASCII digit 0-9", decimalRefusal("1\u007f"));
    assertEquals("character U+0660 at index 0 is not an ASCII digit 0-9", decimalRefusal("\u0660"));
  }

  @Test
  void printable_escapesControlsSeparatorsOverridesAndLoneSurrogates_keepsOtherText() {
    assertEquals(" a~\\u007f\\u001fé", Printable.of(" a~\u007f\u001f\u00e9"));
    assertEquals("Straße 東京 😀", Printable.of("Straße 東京 \ud83d\ude00"));
    // invisible format characters (Cf): a key that looks like another is shown as it is
    assertEquals("ab\\u200bc\\ufeff\\u00ad\\u2066", Printable.of("ab\u200bc\ufeff\u00ad\u2066"));
    assertEquals("a\\nb\\u2028\\u202e\\ud800", Printable.of("a\nb\u2028\u202e\ud800"));
    assertEquals(
        "offset '+0\\u001f:00' is not of the form +hh:mm or -hh:mm (such as +08:00)",
        timestampRefusal("2026-04-01T00:00+0\u001f:00"));
  }

  @Test
  void offset_nonDigitInAnyPlace_refused() {
    for (String offset : new String[] {"+a8:00", "+0a:00", "+08:a0", "+08:0a", "+08;00"}) {
      assertEquals(
          "offset '" + offset + "' is not of the form +hh:mm or -hh:mm (such as +08:00)",
          timestampRefusal("2026-04-01T00:00" + offset));
    }
  }

  @Test
  void fieldsInMessages_writtenWithTwoDigits() {
    assertEquals("time 24:09:00 is not a time of day", timestampRefusal("2026-04-01T24:09Z"));
    assertEquals("time 23:10:60 is not a time of day", timestampRefusal("2026-04-01T23:10:60Z"));
    assertEquals("day 31 is not 01 to 30 in 2026-09", timestampRefusal("2026-09-31T00:00Z"));
    assertEquals("day 32 is not 01 to 31 in 2026-10", timestampRefusal("2026-10-32T00:00Z"));
    assertEquals("day 29 is not 01 to 28 in 2026-02", timestampRefusal("2026-02-29T00:00Z"));
  }

  @Test
  void yearOfFiveDigits_needsAPlus() {
    String want =
        "the year has more than 4 digits, and a year without a sign has exactly 4 (0000 to 9999);"
            + " write a later year with a '+', such as +10000";
    assertEquals(want, timestampRefusal("00000-01-01T00:00Z"));
    assertEquals(want, timestampRefusal("99999-01-01T00:00Z"));
    assertEquals(
        KeyTextGrammar.timestampMicros("+10000-01-01T00:00Z"),
        KeyTextGrammar.daysFromCivil(10000, 1, 1) * 86_400_000_000L);
    assertEquals(
        KeyTextGrammar.timestampMicros("+99999-12-31T00:00Z"),
        KeyTextGrammar.daysFromCivil(99999, 12, 31) * 86_400_000_000L);
  }
}
