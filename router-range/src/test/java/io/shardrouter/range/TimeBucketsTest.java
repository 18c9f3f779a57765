package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TimeBucketsTest {
  private static final ZoneId UTC = ZoneOffset.UTC;
  private static final ZoneId PARIS = ZoneId.of("Europe/Paris");

  private static Instant t(String s) {
    return Instant.parse(s);
  }

  private static List<String> names(List<TimeBuckets.Bucket> bs) {
    return bs.stream().map(TimeBuckets.Bucket::name).toList();
  }

  @Test
  void monthly_utc_compactDocumentTemplate_everyEdge() {
    TimeBuckets b = TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "metrics_{yyyyMM}", "P12M");
    assertEquals(
        new TimeBuckets.Bucket(
            t("2026-04-01T00:00:00Z"), t("2026-05-01T00:00:00Z"), "metrics_202604"),
        b.bucketOf(t("2026-04-15T10:00:00Z")));
    assertEquals("metrics_202603", b.bucketOf(t("2026-03-31T23:59:59.999999Z")).name());
    assertEquals("metrics_202604", b.bucketOf(t("2026-04-01T00:00:00Z")).name());
    assertEquals("metrics_202604", b.bucketOf(t("2026-04-30T23:59:59Z")).name());
    assertEquals("metrics_202512", b.bucketOf(t("2025-12-31T23:00:00Z")).name());
    assertEquals(
        "metrics_202604 [2026-04-01T00:00:00Z, 2026-05-01T00:00:00Z)",
        b.bucketOf(t("2026-04-02T00:00:00Z")).toString());
    assertEquals("monthly buckets metrics_{yyyyMM} in Z, retention P12M", b.toString());
  }

  @Test
  void touched_windowIsHalfOpen() {
    TimeBuckets b = TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "metrics_{yyyyMM}", null);
    assertEquals(
        List.of("metrics_202603", "metrics_202604", "metrics_202605"),
        names(b.touched(t("2026-03-15T00:00:00Z"), t("2026-06-01T00:00:00Z"))));
    assertEquals(
        List.of("metrics_202603", "metrics_202604", "metrics_202605", "metrics_202606"),
        names(b.touched(t("2026-03-15T00:00:00Z"), t("2026-06-01T00:00:00.000001Z"))));
    assertEquals(
        List.of("metrics_202604"),
        names(b.touched(t("2026-04-01T00:00:00Z"), t("2026-05-01T00:00:00Z"))));
    assertEquals(List.of(), b.touched(t("2026-04-01T00:00:00Z"), t("2026-04-01T00:00:00Z")));
    assertEquals(List.of(), b.touched(t("2026-05-01T00:00:00Z"), t("2026-04-01T00:00:00Z")));
  }

  @Test
  void daily_namedZone_dstDaysAre23And25Hours() {
    TimeBuckets b = TimeBuckets.of(TimeBuckets.Unit.DAY, PARIS, "events_{yyyy-MM-dd}", null);
    TimeBuckets.Bucket spring = b.bucketOf(t("2026-03-29T12:00:00Z"));
    assertEquals("events_2026-03-29", spring.name());
    assertEquals(t("2026-03-28T23:00:00Z"), spring.start());
    assertEquals(Duration.ofHours(23), Duration.between(spring.start(), spring.end()));
    TimeBuckets.Bucket autumn = b.bucketOf(t("2026-10-25T12:00:00Z"));
    assertEquals(Duration.ofHours(25), Duration.between(autumn.start(), autumn.end()));
    assertEquals("events_2026-03-28", b.bucketOf(t("2026-03-28T22:59:59Z")).name());
  }

  @Test
  void hourly_namedZone_repeatedHourIsOneBucket_skippedHourHasNone() {
    TimeBuckets b = TimeBuckets.of(TimeBuckets.Unit.HOUR, PARIS, "h_{yyyyMMddHH}", null);
    TimeBuckets.Bucket repeated = b.bucketOf(t("2026-10-25T00:30:00Z")); // 02:30 CEST
    assertEquals("h_2026102502", repeated.name());
    assertEquals(repeated, b.bucketOf(t("2026-10-25T01:30:00Z"))); // 02:30 CET, the same local hour
    assertEquals(Duration.ofHours(2), Duration.between(repeated.start(), repeated.end()));
    List<String> spring = names(b.touched(t("2026-03-28T23:00:00Z"), t("2026-03-29T22:00:00Z")));
    assertEquals(23, spring.size());
    assertFalse(spring.contains("h_2026032902"), spring::toString);
    assertTrue(spring.contains("h_2026032903"), spring::toString);
  }

  @Test
  void everyInstantIsInExactlyOneBucket_contiguousAndUniquelyNamed_property() {
    long seed = Seeds.next();
    SplittableRandom r = new SplittableRandom(seed);
    for (ZoneId zone :
        List.of(
            UTC,
            PARIS,
            ZoneId.of("America/Sao_Paulo"),
            ZoneId.of("Australia/Lord_Howe"),
            ZoneId.of("Asia/Kolkata"))) {
      for (TimeBuckets.Unit unit : TimeBuckets.Unit.values()) {
        String template =
            switch (unit) {
              case HOUR -> "t_{yyyyMMddHH}";
              case DAY -> "t_{yyyyMMdd}";
              case WEEK -> "t_{GGGG}w{ww}";
              case MONTH -> "t_{yyyyMM}";
            };
        TimeBuckets b = TimeBuckets.of(unit, zone, template, null);
        Instant from = t("2019-01-01T00:00:00Z").plusSeconds(r.nextLong(86400L * 365 * 6));
        Instant to = from.plus(Duration.ofDays(unit == TimeBuckets.Unit.HOUR ? 400 : 3000));
        List<TimeBuckets.Bucket> bs = b.touched(from, to);
        String what = Seeds.describe(seed) + ", " + b;
        assertTrue(bs.get(0).contains(from), what);
        for (int i = 1; i < bs.size(); i++) {
          assertEquals(bs.get(i - 1).end(), bs.get(i).start(), what + " at " + bs.get(i));
          assertTrue(bs.get(i).start().isBefore(bs.get(i).end()), what);
        }
        assertEquals(
            bs.size(), names(bs).stream().distinct().count(), what + ": names must be unique");
        for (int i = 0; i < 200; i++) {
          Instant at = from.plusSeconds(r.nextLong(Duration.between(from, to).getSeconds()));
          TimeBuckets.Bucket got = b.bucketOf(at);
          assertTrue(got.contains(at), what + " at " + at);
          assertTrue(bs.contains(got), what + " at " + at);
        }
      }
    }
  }

  @Test
  void weekly_isoWeeksStartOnMonday() {
    TimeBuckets b = TimeBuckets.of(TimeBuckets.Unit.WEEK, UTC, "w_{GGGG}_{ww}", null);
    TimeBuckets.Bucket first = b.bucketOf(t("2026-01-01T12:00:00Z")); // a Thursday
    assertEquals("w_2026_01", first.name());
    assertEquals(t("2025-12-29T00:00:00Z"), first.start());
    assertEquals("w_2020_53", b.bucketOf(t("2021-01-02T00:00:00Z")).name());
    assertEquals(
        "w_20251229",
        TimeBuckets.of(TimeBuckets.Unit.WEEK, UTC, "w_{yyyyMMdd}", null)
            .bucketOf(t("2026-01-01T00:00:00Z"))
            .name());
  }

  @Test
  void retention_calendarPeriod_bucketsEndingBeforeTheCutoff() {
    TimeBuckets b = TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "metrics_{yyyyMM}", "P12M");
    Instant now = t("2026-04-15T00:00:00Z");
    assertEquals(t("2025-04-15T00:00:00Z"), b.retentionCutoff(now));
    assertEquals(
        List.of("metrics_202412", "metrics_202501", "metrics_202502", "metrics_202503"),
        names(b.pastRetention(t("2024-12-10T00:00:00Z"), now)));
    assertTrue(b.isPastRetention(b.bucketOf(t("2025-03-31T00:00:00Z")), now));
    assertFalse(
        b.isPastRetention(b.bucketOf(t("2025-04-01T00:00:00Z")), now),
        "part of April 2025 is still kept");
    assertEquals(List.of(), b.pastRetention(t("2025-06-01T00:00:00Z"), now));
  }

  @Test
  void retention_exactDuration() {
    TimeBuckets b = TimeBuckets.of(TimeBuckets.Unit.HOUR, UTC, "h_{yyyyMMddHH}", "PT48H");
    Instant now = t("2026-04-03T00:30:00Z");
    assertEquals(t("2026-04-01T00:30:00Z"), b.retentionCutoff(now));
    assertEquals(List.of("h_2026033123"), names(b.pastRetention(t("2026-03-31T23:10:00Z"), now)));
  }

  @Test
  void badInput_eachRefusedSayingWhatAndHow() {
    assertEquals(
        "template 'metrics' has no date field, so every bucket would get the same name; add fields in braces,"
            + " such as metrics_{yyyyMM}",
        assertThrows(
                IllegalArgumentException.class,
                () -> TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "metrics", null))
            .getMessage());
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "m_{yyMM}", null))
            .getMessage()
            .startsWith(
                "template 'm_{yyMM}' has the unknown field 'yy' at index 3; fields are yyyy (year)"));
    assertEquals(
        "template 'm_{yyyy}' cannot name monthly buckets apart: it needs the fields MM and yyyy",
        assertThrows(
                IllegalArgumentException.class,
                () -> TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "m_{yyyy}", null))
            .getMessage());
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> TimeBuckets.of(TimeBuckets.Unit.WEEK, UTC, "w_{yyyy}{ww}", null))
            .getMessage()
            .contains("cannot name weekly buckets apart"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> TimeBuckets.of(TimeBuckets.Unit.DAY, UTC, "d_{yyyyMM}", null))
            .getMessage()
            .contains("cannot name daily buckets apart: it needs the fields MM and dd and yyyy"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "m_{yyyyMM", null))
            .getMessage()
            .contains("has a '{' at index 2 that is not closed"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "m_}{yyyyMM}", null))
            .getMessage()
            .contains("has a '}' at index 2 without a '{'"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "m_{}{yyyyMM}", null))
            .getMessage()
            .contains("has empty braces"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> TimeBuckets.zone("Europe/Pariss"))
            .getMessage()
            .startsWith("zone 'Europe/Pariss' does not exist"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "m_{yyyyMM}", "12 months"))
            .getMessage()
            .startsWith("retention '12 months' is not an ISO-8601 period"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "m_{yyyyMM}", "P0D"))
            .getMessage()
            .contains("must be a positive period"));
    assertThrows(
        IllegalArgumentException.class,
        () -> TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "m_{yyyyMM}", "P-1M"));
    assertThrows(
        IllegalArgumentException.class,
        () -> TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "m_{yyyyMM}", "-PT1H"));
    TimeBuckets forever = TimeBuckets.of(TimeBuckets.Unit.MONTH, UTC, "m_{yyyyMM}", null);
    assertTrue(
        assertThrows(
                IllegalStateException.class,
                () -> forever.pastRetention(Instant.EPOCH, Instant.now()))
            .getMessage()
            .contains("have no retention period"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    TimeBuckets.of(TimeBuckets.Unit.HOUR, UTC, "h_{yyyyMMddHH}", null)
                        .touched(Instant.EPOCH, t("2200-01-01T00:00:00Z")))
            .getMessage()
            .contains("touches more than 1000000 buckets; narrow it"));
  }
}
