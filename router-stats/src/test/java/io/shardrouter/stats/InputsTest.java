package io.shardrouter.stats;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Every bad statistics file is refused with what was wrong. */
class InputsTest {
  @Test
  void stats_badFiles() {
    String good =
        RouteStats.builder()
            .build(Fixtures.table("jump", 4, 2, 1))
            .snapshot(RouteStats.Window.SINCE_START)
            .toJson();
    StatsSnapshot.parse(good);
    refused(
        () -> StatsSnapshot.parse(good.replace("shardrouter-stats/1", "x/1")),
        "not a statistics file");
    refused(
        () -> StatsSnapshot.parse(good.replace("\"reads\": [0,0,0,0]", "\"reads\": [0,0]")),
        "$.reads: must have one entry per partition (4), got 2");
    refused(
        () -> StatsSnapshot.parse(good.replace("since_start", "forever")),
        "$.window: unknown window 'forever'");
    refused(
        () -> StatsSnapshot.parse(good.replace("\"members\": 1", "\"members\": 0")),
        "$.members: must be in [1,");
  }

  private static void refused(Runnable r, String expected) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
    assertTrue(
        e.getMessage().contains(expected),
        () -> "'" + e.getMessage() + "' lacks '" + expected + "'");
  }
}
