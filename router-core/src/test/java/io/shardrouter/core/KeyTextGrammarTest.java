package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The text grammars of {@code docs/routing-spec.md} §2.4: ASCII digits only, one reason per
 * refusal, and timestamps that agree with {@code java.time} wherever both accept the text.
 */
class KeyTextGrammarTest {
  private static String refusal(KeyType type, String text) {
    return assertThrows(InvalidKeyException.class, () -> type.parseText(text), text).getMessage();
  }

  @Test
  void decimal_unicodeDigits_refused() {
    // Java's Long.parseLong reads these as 12: a key that means another key in every other language
    for (String text : new String[] {"\u0661\u0662", "\uff10\u0661\u0662", "\uff11\uff12"}) {
      String m = refusal(KeyType.LONG, text);
      assertTrue(m.contains("is not an ASCII digit 0-9"), m);
      assertTrue(m.contains("U+"), "the character is named by its code point: " + m);
      refusal(KeyType.INT, text);
    }
  }

  @Test
  void decimal_signsZerosAndRange() {
    assertArrayEquals(CanonicalKeys.of(7L), KeyType.LONG.parseText("007"));
    assertArrayEquals(CanonicalKeys.of(0L), KeyType.LONG.parseText("-0"));
    assertArrayEquals(
        CanonicalKeys.of(Long.MIN_VALUE), KeyType.LONG.parseText("-9223372036854775808"));
    assertArrayEquals(CanonicalKeys.of(Integer.MIN_VALUE), KeyType.INT.parseText("-2147483648"));
    assertTrue(refusal(KeyType.LONG, "+5").contains("a '+' sign"));
    assertTrue(refusal(KeyType.LONG, "-").contains("a '-' with no digits"));
    assertTrue(refusal(KeyType.LONG, "").contains("no digits"));
    String range = refusal(KeyType.LONG, "9223372036854775808");
    assertTrue(
        range.contains("out of range: it must lie in [-9223372036854775808, 9223372036854775807]"),
        range);
    assertTrue(refusal(KeyType.LONG, "123456789012345678901234567890").contains("out of range"));
    assertTrue(refusal(KeyType.INT, "2147483648").contains("out of range"));
    assertTrue(refusal(KeyType.INT, "-2147483649").contains("out of range"));
  }

  @Test
  void bytes_emptyFormsAndPrefix() {
    assertArrayEquals(new byte[0], KeyType.BYTES.parseText(""));
    assertArrayEquals(new byte[0], KeyType.BYTES.parseText("0x"));
    assertArrayEquals(new byte[] {(byte) 0xff}, KeyType.BYTES.parseText("0xFF"));
    assertTrue(refusal(KeyType.BYTES, "0X0a").contains("the prefix is 0x, lower case"));
    assertTrue(refusal(KeyType.BYTES, "\uff10\uff11").contains("non-hex digit"));
  }

  @Test
  void timestamp_issueReproducers() {
    String point = refusal(KeyType.TIMESTAMP, "2026-04-01T00:00:00.Z");
    assertTrue(point.contains("fraction (1 to 9 ASCII digits)"), point);
    for (String offset : new String[] {"+08", "+0800", "+08:00:00"}) {
      String m = refusal(KeyType.TIMESTAMP, "2026-04-01T08:00:00" + offset);
      assertTrue(m.contains("offset '" + offset + "' is not of the form +hh:mm or -hh:mm"), m);
    }
    assertEquals(
        Timestamps.parse("2026-04-01T00:00:00Z"), Timestamps.parse("2026-04-01T08:00:00+08:00"));
  }

  @Test
  void timestamp_yearsBeyondFourDigits() {
    assertEquals(
        Timestamps.micros(Instant.parse("+10000-01-01T00:00:00Z")),
        Timestamps.parse("+10000-01-01T00:00:00Z"));
    assertTrue(
        refusal(KeyType.TIMESTAMP, "10000-01-01T00:00:00Z")
            .contains("write a later year with a '+'"));
    assertTrue(refusal(KeyType.TIMESTAMP, "+2026-04-01T00:00:00Z").contains("5 or 6 digits"));
    assertTrue(refusal(KeyType.TIMESTAMP, "-0000-01-01T00:00:00Z").contains("year -0000"));
    assertEquals(Long.MAX_VALUE, Timestamps.parse(Timestamps.format(Long.MAX_VALUE)));
    assertEquals(Long.MIN_VALUE, Timestamps.parse(Timestamps.format(Long.MIN_VALUE)));
    assertTrue(
        refusal(KeyType.TIMESTAMP, "+294247-01-10T04:00:54.775808Z").contains("outside the range"));
  }

  @Test
  void timestamp_randomInstantsAndOffsets_agreeWithJavaTime() {
    long seed = Long.getLong("shardrouter.test.seed", 0x7153L);
    SplittableRandom rnd = new SplittableRandom(seed);
    DateTimeFormatter iso = DateTimeFormatter.ISO_OFFSET_DATE_TIME;
    for (int i = 0; i < 20_000; i++) {
      long micros = rnd.nextLong(-62_135_596_800_000_000L, 253_402_300_799_000_000L);
      ZoneOffset offset = ZoneOffset.ofTotalSeconds(rnd.nextInt(-18 * 60, 18 * 60 + 1) * 60);
      OffsetDateTime at = Timestamps.instant(micros).atOffset(offset);
      String text = iso.format(at);
      assertEquals(
          micros,
          Timestamps.parse(text),
          "seed " + seed + " (rerun with -Dshardrouter.test.seed=N): " + text);
    }
  }
}
