package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.Hex;
import io.shardrouter.testing.KeyGenerators;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TimestampsTest {

  @Test
  void canonical_isEpochMicrosLittleEndian() {
    assertEquals("0000000000000000", Hex.of(CanonicalKeys.of(Instant.EPOCH)));
    // 2026-04-01T00:00:00Z = 1775001600 s = 1775001600000000 us = 0x00064e5ac3d80000 (Python:
    // struct.pack("<q", us))
    Instant april = Instant.parse("2026-04-01T00:00:00Z");
    assertEquals(1_775_001_600_000_000L, Timestamps.micros(april));
    assertEquals(Hex.of(CanonicalKeys.of(1_775_001_600_000_000L)), Hex.of(CanonicalKeys.of(april)));
    assertEquals("0000d8c35a4e0600", Hex.of(CanonicalKeys.of(april)));
    assertEquals(
        "ffffffffffffffff", Hex.of(CanonicalKeys.of(Instant.parse("1969-12-31T23:59:59.999999Z"))));
  }

  @Test
  void micros_extremes_roundTrip() {
    for (long m :
        new long[] {
          Long.MIN_VALUE,
          Long.MIN_VALUE + 1,
          -1_000_001,
          -1_000_000,
          -999_999,
          -1,
          0,
          1,
          999_999,
          1_000_000,
          Long.MAX_VALUE - 1,
          Long.MAX_VALUE
        }) {
      assertEquals(m, Timestamps.micros(Timestamps.instant(m)), () -> "micros " + m);
      assertEquals(
          m,
          Timestamps.parse(Timestamps.format(m)),
          () -> "text of " + m + ": " + Timestamps.format(m));
    }
  }

  @Test
  void micros_randomValues_roundTripThroughTextAndInstant() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < 10_000; i++) {
      long m = r.nextLong();
      assertEquals(
          m, Timestamps.parse(Timestamps.format(m)), () -> "seed " + seed + ", micros " + m);
    }
  }

  @Test
  void micros_finerThanAMicrosecondOrOutOfRange_refused() {
    InvalidKeyException e =
        assertThrows(
            InvalidKeyException.class, () -> Timestamps.micros(Instant.ofEpochSecond(0, 1)));
    assertTrue(e.getMessage().contains("finer than a microsecond"), e::getMessage);
    e =
        assertThrows(
            InvalidKeyException.class, () -> Timestamps.micros(Instant.MAX.minusNanos(999)));
    assertTrue(e.getMessage().contains("outside the range of timestamp keys"), e::getMessage);
    assertThrows(
        InvalidKeyException.class,
        () -> Timestamps.micros(Timestamps.instant(Long.MIN_VALUE).minusNanos(1000)));
    assertThrows(
        InvalidKeyException.class,
        () -> Timestamps.micros(Timestamps.instant(Long.MAX_VALUE).plusNanos(1000)));
    assertThrows(InvalidKeyException.class, () -> Timestamps.micros(null));
  }

  @Test
  void parse_offsetsNameTheSameInstant() {
    long utc = Timestamps.parse("2026-04-01T00:00:00Z");
    assertEquals(utc, Timestamps.parse("2026-04-01T08:00:00+08:00"));
    assertEquals(utc, Timestamps.parse("2026-03-31T19:00:00-05:00"));
    assertEquals(utc, Timestamps.parse("2026-04-01T00:00Z"));
    assertEquals(utc + 123_456, Timestamps.parse("2026-04-01T00:00:00.123456Z"));
    assertEquals(utc + 123_000, Timestamps.parse("2026-04-01T00:00:00.123000000Z"));
    assertEquals("2026-04-01T00:00:00.123456Z", Timestamps.format(utc + 123_456));
  }

  @Test
  void parse_withoutZoneOrBad_refusedWithReason() {
    String noZone =
        assertThrows(InvalidKeyException.class, () -> Timestamps.parse("2026-04-01T00:00:00"))
            .getMessage();
    assertTrue(
        noZone.startsWith("key '2026-04-01T00:00:00' is not a timestamp (it has no zone offset"),
        noZone);
    String dateOnly =
        assertThrows(InvalidKeyException.class, () -> Timestamps.parse("2026-04-01")).getMessage();
    assertTrue(dateOnly.contains("a date without a time and offset"), dateOnly);
    for (String bad :
        List.of(
            "",
            "yesterday",
            "2026-02-30T00:00:00Z",
            "2026-04-01T24:00:01Z",
            "2026-04-01T00:00:00Z junk",
            "2026-04-01T00:00:00[Europe/Paris]",
            "1775001600")) {
      InvalidKeyException e =
          assertThrows(InvalidKeyException.class, () -> Timestamps.parse(bad), bad);
      assertTrue(e.getMessage().startsWith("key '" + bad + "' is not a timestamp"), e::getMessage);
      assertTrue(e.getMessage().contains("2026-04-01T00:00:00Z"), e::getMessage);
    }
    String fine =
        assertThrows(
                InvalidKeyException.class, () -> Timestamps.parse("2026-04-01T00:00:00.0000001Z"))
            .getMessage();
    assertTrue(fine.contains("finer than a microsecond"), fine);
  }

  @Test
  void parse_signedYears_plusAnyYearMinusNotZero() {
    // routing-spec.md §2.4: a '+' year of 5 or 6 digits is the year it spells, also 9999 or
    // earlier; a '-' year of zeros (year -0) is refused in every width
    long april = Timestamps.parse("2026-04-01T00:00:00Z");
    assertEquals(april, Timestamps.parse("+02026-04-01T00:00:00Z"));
    assertEquals(april, Timestamps.parse("+002026-04-01T00:00:00Z"));
    assertEquals(
        Timestamps.parse("9999-12-31T23:59:59Z"), Timestamps.parse("+09999-12-31T23:59:59Z"));
    assertEquals(
        Timestamps.parse("0000-01-01T00:00:00Z"), Timestamps.parse("+00000-01-01T00:00:00Z"));
    assertEquals(
        Timestamps.parse("-0001-12-31T23:59:59Z"), Timestamps.parse("-000001-12-31T23:59:59Z"));
    for (String minusZero :
        List.of("-0000-01-01T00:00:00Z", "-00000-01-01T00:00:00Z", "-000000-01-01T00:00:00Z")) {
      String m =
          assertThrows(InvalidKeyException.class, () -> Timestamps.parse(minusZero)).getMessage();
      String year = minusZero.substring(0, minusZero.indexOf('-', 1));
      assertTrue(
          m.contains(
              "(year " + year + " is -0; a '-' year is below year 0, so write year 0 as 0000)"),
          m);
    }
    String fourWithPlus =
        assertThrows(InvalidKeyException.class, () -> Timestamps.parse("+2026-04-01T00:00:00Z"))
            .getMessage();
    assertTrue(
        fourWithPlus.contains(
            "a year with '+' has 5 or 6 digits; write a year of 0000 to 9999 as 4 digits"),
        fourWithPlus);
    String fiveBare =
        assertThrows(InvalidKeyException.class, () -> Timestamps.parse("02026-04-01T00:00:00Z"))
            .getMessage();
    assertTrue(fiveBare.contains("a year without a sign has exactly 4 (0000 to 9999)"), fiveBare);
  }

  @Test
  void keyType_timestamp_parseTextAndComposite() {
    assertEquals("timestamp", KeyType.TIMESTAMP.toString());
    assertEquals(KeyType.TIMESTAMP, KeyType.of(KeyType.Kind.TIMESTAMP));
    assertEquals(KeyType.Kind.TIMESTAMP, KeyType.Kind.fromDocumentName("timestamp"));
    assertEquals(8, KeyType.Kind.TIMESTAMP.fixedWidth());
    Instant at = Instant.parse("2026-03-31T23:59:59Z");
    assertArrayEquals(CanonicalKeys.of(at), KeyType.TIMESTAMP.parseText("2026-03-31T23:59:59Z"));
    assertThrows(
        InvalidKeyException.class, () -> KeyType.TIMESTAMP.parseText("2026-03-31T23:59:59"));
    KeyType c = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.TIMESTAMP);
    byte[] expected = CompositeKey.of("plant-a", at).toBytes();
    assertEquals(
        "07000000" + Hex.of(CanonicalKeys.of("plant-a")) + Hex.of(CanonicalKeys.of(at)),
        Hex.of(expected));
    assertArrayEquals(expected, c.parseText("[\"plant-a\", \"2026-04-01T07:59:59+08:00\"]"));
    String e =
        assertThrows(InvalidKeyException.class, () -> c.parseText("[\"plant-a\", 1775001600]"))
            .getMessage();
    assertTrue(e.contains("part 1 must be a JSON string"), e);
    assertTrue(
        assertThrows(InvalidKeyException.class, () -> c.parseText("[\"plant-a\", \"2026-04-01\"]"))
            .getMessage()
            .contains("not a timestamp"));
  }

  @Test
  void compositeAndScratch_agreeWithCanonicalBytes() {
    Instant at = Instant.parse("2026-04-01T00:00:00.000001Z");
    int n = KeyScratch.get().putTimestamp(at);
    assertArrayEquals(CanonicalKeys.of(at), Arrays.copyOf(KeyScratch.get().bytes(), n));
    assertEquals(
        List.of(KeyType.Kind.TIMESTAMP, KeyType.Kind.LONG), CompositeKey.of(at, 1L).kinds());
    assertThrows(
        InvalidKeyException.class, () -> CompositeKey.of("a", Instant.ofEpochSecond(0, 1)));
    assertThrows(InvalidKeyException.class, () -> KeyScratch.get().putTimestamp(null));
  }
}
