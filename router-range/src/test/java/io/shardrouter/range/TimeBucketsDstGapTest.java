package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An hour that falls wholly in a daylight-saving gap has no bucket (docs/routing-spec.md §7.6): no
 * instant is in it and no window lists it; the hour before ends at the gap.
 */
class TimeBucketsDstGapTest {
  private static final ZoneId PARIS = ZoneId.of("Europe/Paris");

  @Test
  void touched_springForward_gapHourNeverListed() {
    TimeBuckets b = TimeBuckets.of(TimeBuckets.Unit.HOUR, PARIS, "h_{yyyyMMddHH}", null);
    // 2026-03-29: local 02:00-03:00 does not exist in Paris (01:00Z is 03:00 CEST)
    List<TimeBuckets.Bucket> hours =
        b.touched(Instant.parse("2026-03-28T23:00:00Z"), Instant.parse("2026-03-29T02:00:00Z"));
    assertEquals(
        List.of("h_2026032900", "h_2026032901", "h_2026032903"),
        hours.stream().map(TimeBuckets.Bucket::name).toList());
    TimeBuckets.Bucket beforeGap = hours.get(1);
    assertEquals(Instant.parse("2026-03-29T00:00:00Z"), beforeGap.start());
    assertEquals(Instant.parse("2026-03-29T01:00:00Z"), beforeGap.end());
    assertEquals(Instant.parse("2026-03-29T01:00:00Z"), hours.get(2).start());
    for (long s = 0; s < 4 * 3600; s += 60) {
      Instant at = Instant.parse("2026-03-28T23:00:00Z").plusSeconds(s);
      assertFalse(b.bucketOf(at).name().endsWith("02"), "no instant is in the gap hour: " + at);
    }
  }
}
