package io.shardrouter.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * {@link RouteStats} with a fake clock: what a tick marks and when it is ignored, the windows'
 * bases after many ticks, sampling switched off, routes of partitions the statistics do not have,
 * and the builder's bounds.
 */
class RouteStatsRecordingTest {
  private final RoutingTable table = Fixtures.table("hash_mod", 8, 2, 3);
  private final AtomicLong now = new AtomicLong(0);

  private RouteStats stats(int sampleEvery) {
    return RouteStats.builder()
        .sampleEvery(sampleEvery)
        .hotKeySlots(4)
        .resolution(Duration.ofSeconds(10))
        .clock(now::get)
        .build(table);
  }

  private void at(long seconds) {
    now.set(Duration.ofSeconds(seconds).toNanos());
  }

  @Test
  void tick_closerThanTheResolution_isIgnored() {
    RouteStats stats = stats(1);
    Route r = table.route("k");
    stats.record(r, "k", RouteStats.Op.READ);
    at(5);
    stats.tick(); // 5 s after the start: ignored, no mark
    stats.record(r, "k", RouteStats.Op.READ);
    at(65);
    StatsSnapshot minute = stats.snapshot(RouteStats.Window.LAST_MINUTE);
    assertEquals(2, minute.total(), "no mark at 5 s: the window reaches back to the start");
    assertEquals(65_000, minute.spanMillis());
    assertEquals(2, minute.hotKeys().sampled());
  }

  @Test
  void tick_exactlyTheResolutionApart_marks() {
    RouteStats stats = stats(1);
    Route r = table.route("k");
    stats.record(r, "k", RouteStats.Op.READ);
    at(10);
    stats.tick(); // a mark at 10 s
    at(19);
    stats.tick(); // 9 s after the mark: ignored
    stats.record(r, "k", RouteStats.Op.WRITE);
    stats.record(r, "k", RouteStats.Op.WRITE);
    at(70);
    StatsSnapshot minute = stats.snapshot(RouteStats.Window.LAST_MINUTE);
    assertEquals(2, minute.total());
    assertEquals(2, minute.count(r.partition(), RouteStats.Op.WRITE));
    assertEquals(0, minute.count(r.partition(), RouteStats.Op.READ));
    assertEquals(60_000, minute.spanMillis());
    assertEquals(2, minute.hotKeys().keys().get(0).count(), minute.hotKeys()::toString);
    StatsSnapshot all = stats.snapshot(RouteStats.Window.SINCE_START);
    assertEquals(3, all.total());
    assertEquals(70_000, all.spanMillis());
    assertEquals(3, all.hotKeys().keys().get(0).count(), all.hotKeys()::toString);
    assertEquals(3, all.hotKeys().sampled());
  }

  @Test
  void windows_afterFifteenMinutesOfTicks_countExactlyTheirSpan() {
    RouteStats stats = stats(1);
    Route r = table.route("k");
    long[] recordedAfter = new long[91]; // routes recorded after the tick at 10 s * t
    for (int t = 1; t <= 90; t++) {
      for (int i = 0; i < t; i++) {
        stats.record(r, RouteStats.Op.ANY);
      }
      for (int m = 0; m < t; m++) {
        recordedAfter[m] += t;
      }
      at(10L * t);
      stats.tick();
    }
    stats.record(r, RouteStats.Op.ANY);
    at(905);
    StatsSnapshot ten = stats.snapshot(RouteStats.Window.LAST_TEN_MINUTES);
    StatsSnapshot minute = stats.snapshot(RouteStats.Window.LAST_MINUTE);
    // the newest mark at least the window's span old: 300 s for ten minutes, 840 s for one
    assertEquals(recordedAfter[30] + 1, ten.total());
    assertEquals(605_000, ten.spanMillis());
    assertEquals(recordedAfter[84] + 1, minute.total());
    assertEquals(65_000, minute.spanMillis());
    assertEquals(90L * 91 / 2 + 1, stats.snapshot(RouteStats.Window.SINCE_START).total());
  }

  @Test
  void samplingOff_countsButSamplesNothing_andBackOn() {
    RouteStats stats = stats(1);
    assertTrue(stats.sampling());
    stats.sampling(false);
    assertFalse(stats.sampling());
    Route r = table.route("k");
    stats.record(r, "k", RouteStats.Op.READ);
    stats.record(r, 5L, RouteStats.Op.READ);
    StatsSnapshot off = stats.snapshot(RouteStats.Window.SINCE_START);
    assertEquals(2, off.total());
    assertEquals(0, off.hotKeys().sampled());
    stats.sampling(true);
    stats.record(r, "k", RouteStats.Op.READ);
    assertEquals(1, stats.snapshot(RouteStats.Window.SINCE_START).hotKeys().sampled());
    assertEquals(0, stats.droppedSamples());
  }

  @Test
  void sampleEvery_offersOneRouteInN_perPartition() {
    RouteStats stats = stats(4);
    assertEquals(4, stats.sampleEvery());
    Route r = table.route("k");
    for (int i = 0; i < 8; i++) {
      stats.record(r, "k", RouteStats.Op.WRITE); // routes 1 and 5 are offered
    }
    stats.record(r, (String) null, RouteStats.Op.WRITE); // the 9th: its turn, but no key
    stats.record(r, "k", RouteStats.Op.WRITE);
    StatsSnapshot s = stats.snapshot(RouteStats.Window.SINCE_START);
    assertEquals(2, s.hotKeys().sampled());
    assertEquals(4, s.sampleEvery());
    assertEquals(10, s.total());
  }

  @Test
  void routesOfPartitionsTheStatisticsDoNotHave_areNotCounted() {
    RouteStats stats = stats(1);
    RoutingTable bigger = Fixtures.table("hash_mod", 16, 2, 4);
    Route outside = null;
    for (int i = 0; outside == null; i++) {
      Route r = bigger.route("k" + i);
      if (r.partition() >= 8) {
        outside = r;
      }
    }
    Route inside = table.route("x");
    Route edge = null;
    for (int i = 0; edge == null; i++) {
      Route r = bigger.route("e" + i);
      if (r.partition() == 8) {
        edge = r;
      }
    }
    stats.record(outside, "k", RouteStats.Op.READ);
    stats.record(outside, 1L, RouteStats.Op.READ);
    stats.record(outside, RouteStats.Op.READ);
    stats.record(edge, "e", RouteStats.Op.READ);
    stats.record(edge, 2L, RouteStats.Op.READ);
    stats.record(edge, RouteStats.Op.READ);
    stats.record(inside, RouteStats.Op.WRITE);
    long[] loads = stats.loads();
    assertEquals(8, loads.length);
    long[] expected = new long[8];
    expected[inside.partition()] = 1;
    assertArrayEquals(expected, loads);
    assertEquals(0, stats.snapshot(RouteStats.Window.SINCE_START).hotKeys().sampled());
  }

  @Test
  void loads_sumTheThreeOps() {
    RouteStats stats = stats(1);
    Route r = table.route("k");
    stats.record(r, RouteStats.Op.READ);
    stats.record(r, RouteStats.Op.WRITE);
    stats.record(r, RouteStats.Op.WRITE);
    stats.record(r, RouteStats.Op.ANY);
    assertEquals(4, stats.loads()[r.partition()]);
    assertEquals(4, stats.snapshot(RouteStats.Window.SINCE_START).load(r.partition()));
    assertEquals("orders", stats.entity());
  }

  @Test
  void update_samePartitionCount_keepsTheCounts_andTakesTheVersion() {
    Router router = Router.create(table);
    RouteStats stats = RouteStats.builder().sampleEvery(1).clock(now::get).build(router);
    stats.record(router.route("x"), "x", RouteStats.Op.READ);
    router.update(Fixtures.table("hash_mod", 8, 4, 9));
    StatsSnapshot s = stats.snapshot(RouteStats.Window.SINCE_START);
    assertEquals(9, s.version());
    assertEquals(1, s.total());
    assertEquals(1, s.hotKeys().sampled());
    at(1);
    router.update(Fixtures.table("hash_mod", 4, 4, 10));
    at(4);
    StatsSnapshot restarted = stats.snapshot(RouteStats.Window.SINCE_START);
    assertEquals(0, restarted.total());
    assertEquals(3_000, restarted.spanMillis(), "restarted at the clock's time of the update");
  }

  @Test
  void builder_bounds_andTheirMessages() {
    RouteStats.Builder b = RouteStats.builder();
    assertSame(b, b.sampleEvery(1).sampleEvery(1 << 16).hotKeySlots(1).hotKeySlots(4096));
    assertSame(b, b.resolution(Duration.ofSeconds(1)).resolution(Duration.ofMinutes(1)));
    for (int n : new int[] {0, -2, 3, 1 << 17}) {
      assertEquals(
          "sampleEvery must be a power of two in [1, 65536], got " + n,
          assertThrows(IllegalArgumentException.class, () -> b.sampleEvery(n)).getMessage());
    }
    for (int n : new int[] {0, 4097}) {
      assertEquals(
          "hotKeySlots must be in [1, 4096], got " + n,
          assertThrows(IllegalArgumentException.class, () -> b.hotKeySlots(n)).getMessage());
    }
    for (Duration d : new Duration[] {Duration.ofMillis(999), Duration.ofSeconds(61)}) {
      assertEquals(
          "resolution must be between 1 s and 1 min, got " + d,
          assertThrows(IllegalArgumentException.class, () -> b.resolution(d)).getMessage());
    }
    assertThrows(NullPointerException.class, () -> b.resolution(null));
    assertThrows(NullPointerException.class, () -> b.clock(null));
    assertThrows(NullPointerException.class, () -> b.build((RoutingTable) null));
    RouteStats defaults = RouteStats.builder().build(table);
    assertEquals(256, defaults.sampleEvery());
  }

  @Test
  void defaults_oneInTwoFiftySix_sixtyFourSlots_tenSecondResolution() {
    RouteStats stats = RouteStats.builder().clock(now::get).build(table);
    Route r = table.route("k");
    for (int i = 0; i < 257; i++) {
      stats.record(r, "k" + (i % 100), RouteStats.Op.READ);
    }
    assertEquals(2, stats.snapshot(RouteStats.Window.SINCE_START).hotKeys().sampled());
    assertEquals(64, stats.snapshot(RouteStats.Window.SINCE_START).hotKeys().capacity());
    at(9);
    stats.tick();
    stats.record(r, RouteStats.Op.READ);
    at(69);
    assertEquals(258, stats.snapshot(RouteStats.Window.LAST_MINUTE).total(), "no mark at 9 s");
    at(10);
    stats.tick();
    at(70);
    assertEquals(0, stats.snapshot(RouteStats.Window.LAST_MINUTE).total(), "a mark at 10 s");
  }
}
