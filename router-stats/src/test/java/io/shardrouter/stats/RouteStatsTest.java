package io.shardrouter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * {@link RouteStats} on seeded distributions: counters equal the computed truth exactly, the hot
 * key share lies within the stated error, windows and merges add up.
 */
class RouteStatsTest {
  private final RoutingTable table = Fixtures.table("hash_mod", 64, 4, 7);

  @Test
  void uniform_countersExact_skewNearOne() {
    long seed = Fixtures.seed(15_101);
    Run run = run(seed, 200_000, i -> "user-" + i % 50_000, 32);
    assertCountersExact(run, seed);
    Skew s = Skew.of(run.snapshot, table);
    assertTrue(s.groupPeakToMean() < 1.05, () -> s + " seed " + seed);
    // no key is hot: the sketch's top key is an overestimate, its lower bound is the truth or less
    double lower = s.hotKeyShare() - s.hotKeyShareError();
    assertTrue(lower <= 4.0 / 200_000, () -> s + " seed " + seed);
  }

  @Test
  void zipf_hotKeyShareWithinStatedError() {
    long seed = Fixtures.seed(15_102);
    Fixtures.Zipf z = new Fixtures.Zipf(10_000, 1.2);
    SplittableRandom r = new SplittableRandom(seed);
    Run run = run(seed, 300_000, i -> "item-" + z.next(r), 16);
    assertCountersExact(run, seed);
    assertShareWithinError(run, "item-0", seed);
  }

  @Test
  void oneKeyAtTwentyPercent_foundWithinError_partitionAndGroupShares() {
    long seed = Fixtures.seed(15_103);
    SplittableRandom r = new SplittableRandom(seed);
    Run run = run(seed, 250_000, i -> r.nextInt(5) == 0 ? "hot" : "k" + r.nextInt(100_000), 32);
    assertCountersExact(run, seed);
    Skew s = Skew.of(run.snapshot, table);
    assertEquals("hot", s.hotKey(), () -> s + " seed " + seed);
    assertShareWithinError(run, "hot", seed);
    int hotPartition = table.route("hot").partition();
    assertEquals(hotPartition, s.hottestPartition());
    double truthShare = (double) run.partitionTruth[hotPartition] / run.total;
    assertEquals(truthShare, s.hottestPartitionShare(), 1e-12);
    assertEquals(table.groupOf(hotPartition).id(), s.hottestGroup());
  }

  @Test
  void readsAndWrites_countedApart_longKeys() {
    RoutingTable longs = Fixtures.table("jump", 16, 2, 1, "long");
    RouteStats stats = RouteStats.builder().sampleEvery(1).build(longs);
    Route r = longs.route(5L);
    stats.record(r, 5L, RouteStats.Op.READ);
    stats.record(r, 5L, RouteStats.Op.READ);
    stats.record(r, 5L, RouteStats.Op.WRITE);
    stats.record(r, RouteStats.Op.ANY);
    StatsSnapshot s = stats.snapshot(RouteStats.Window.SINCE_START);
    assertEquals(2, s.count(r.partition(), RouteStats.Op.READ));
    assertEquals(1, s.count(r.partition(), RouteStats.Op.WRITE));
    assertEquals(1, s.count(r.partition(), RouteStats.Op.ANY));
    assertEquals(4, s.total());
    assertEquals("5", s.hotKeys().keys().get(0).key());
    assertEquals(3, s.hotKeys().keys().get(0).count());
  }

  @Test
  void windows_fakeClock_lastMinuteDropsOldRoutes() {
    AtomicLong now = new AtomicLong(0);
    RouteStats stats =
        RouteStats.builder()
            .sampleEvery(1)
            .resolution(Duration.ofSeconds(10))
            .clock(now::get)
            .build(table);
    Route a = table.route("old");
    for (int i = 0; i < 100; i++) {
      stats.record(a, "old", RouteStats.Op.WRITE);
    }
    for (int t = 1; t <= 12; t++) { // two minutes of ticks, 10 s apart
      now.set(Duration.ofSeconds(10L * t).toNanos());
      stats.tick();
    }
    Route b = table.route("new");
    for (int i = 0; i < 30; i++) {
      stats.record(b, "new", RouteStats.Op.READ);
    }
    StatsSnapshot minute = stats.snapshot(RouteStats.Window.LAST_MINUTE);
    StatsSnapshot ten = stats.snapshot(RouteStats.Window.LAST_TEN_MINUTES);
    StatsSnapshot all = stats.snapshot(RouteStats.Window.SINCE_START);
    assertEquals(30, minute.total());
    assertEquals(60_000, minute.spanMillis());
    assertEquals("new", minute.hotKeys().keys().get(0).key());
    assertEquals(1, minute.hotKeys().keys().size(), minute.hotKeys()::toString);
    assertEquals(130, ten.total(), "ten minutes not yet filled: everything since the start");
    assertEquals(120_000, ten.spanMillis());
    assertEquals(130, all.total());
    assertEquals(100, all.hotKeys().keys().get(0).count());
  }

  @Test
  void merge_twoMembers_isTheSum_andSurvivesJson() {
    long seed = Fixtures.seed(15_104);
    Run a = run(seed, 50_000, i -> "a" + i % 700, 8);
    Run b = run(seed + 1, 70_000, i -> "b" + i % 300, 8);
    StatsSnapshot fleet = a.snapshot.merge(StatsSnapshot.parse(b.snapshot.toJson()));
    assertEquals(2, fleet.members());
    assertEquals(120_000, fleet.total());
    for (int p = 0; p < table.partitionCount(); p++) {
      assertEquals(a.partitionTruth[p] + b.partitionTruth[p], fleet.load(p));
    }
    assertEquals(
        a.snapshot.hotKeys().sampled() + b.snapshot.hotKeys().sampled(), fleet.hotKeys().sampled());
    assertEquals(fleet, StatsSnapshot.parse(fleet.toJson()));
  }

  @Test
  void merge_otherPartitionCount_refused() {
    StatsSnapshot a = RouteStats.builder().build(table).snapshot(RouteStats.Window.SINCE_START);
    StatsSnapshot b =
        RouteStats.builder()
            .build(Fixtures.table("hash_mod", 32, 4, 7))
            .snapshot(RouteStats.Window.SINCE_START);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.merge(b));
    assertTrue(e.getMessage().contains("32 partitions"), e::getMessage);
  }

  @Test
  void router_updateToOtherPartitionCount_restarts() {
    Router router = Router.create(table);
    RouteStats stats = RouteStats.builder().build(router);
    stats.record(router.route("x"), "x", RouteStats.Op.READ);
    router.update(Fixtures.table("hash_mod", 128, 4, 8));
    StatsSnapshot s = stats.snapshot(RouteStats.Window.SINCE_START);
    assertEquals(128, s.partitionCount());
    assertEquals(8, s.version());
    assertEquals(0, s.total());
  }

  @Test
  void twoThreads_countExactly() throws InterruptedException {
    RouteStats stats = RouteStats.builder().sampleEvery(4).build(table);
    Route r = table.route("same");
    Runnable work =
        () -> {
          for (int i = 0; i < 100_000; i++) {
            stats.record(r, "same", RouteStats.Op.WRITE);
          }
        };
    Thread t1 = new Thread(work);
    Thread t2 = new Thread(work);
    t1.start();
    t2.start();
    t1.join();
    t2.join();
    StatsSnapshot s = stats.snapshot(RouteStats.Window.SINCE_START);
    assertEquals(200_000, s.count(r.partition(), RouteStats.Op.WRITE));
    assertEquals(50_000 - stats.droppedSamples(), s.hotKeys().sampled());
  }

  @Test
  void builder_badValues_sayWhatIsAllowed() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> RouteStats.builder().sampleEvery(3))
            .getMessage()
            .contains("power of two"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> RouteStats.builder().hotKeySlots(0))
            .getMessage()
            .contains("[1, 4096]"));
  }

  /** One run: routes {@code n} keys, records them, keeps the truth. */
  private record Run(
      StatsSnapshot snapshot, long[] partitionTruth, Map<String, Long> keyTruth, long total) {}

  private interface Keys {
    String key(int i);
  }

  private Run run(long seed, int n, Keys keys, int sampleEvery) {
    RouteStats stats = RouteStats.builder().sampleEvery(sampleEvery).hotKeySlots(64).build(table);
    SplittableRandom r = new SplittableRandom(seed);
    long[] truth = new long[table.partitionCount()];
    Map<String, Long> keyTruth = new HashMap<>();
    for (int i = 0; i < n; i++) {
      String k = keys.key(i);
      Route route = table.route(k);
      truth[route.partition()]++;
      keyTruth.merge(k, 1L, Long::sum);
      stats.record(route, k, r.nextInt(4) == 0 ? RouteStats.Op.WRITE : RouteStats.Op.READ);
    }
    StatsSnapshot s = stats.snapshot(RouteStats.Window.SINCE_START);
    assertNotNull(s);
    return new Run(s, truth, keyTruth, n);
  }

  private void assertCountersExact(Run run, long seed) {
    for (int p = 0; p < table.partitionCount(); p++) {
      assertEquals(
          run.partitionTruth[p], run.snapshot.load(p), "partition " + p + ", seed " + seed);
    }
    assertEquals(run.total, run.snapshot.total());
  }

  /** The estimated share is within the stated error of the computed truth. */
  private static void assertShareWithinError(Run run, String key, long seed) {
    HotKeys h = run.snapshot.hotKeys();
    HotKeys.Entry k = h.keys().stream().filter(x -> x.key().equals(key)).findFirst().orElseThrow();
    double truth = (double) run.keyTruth.get(key) / run.total;
    double est = (double) k.count() / h.sampled();
    double err =
        (double) k.error() / h.sampled() + 2 * Math.sqrt(truth * (1 - truth) / h.sampled());
    assertTrue(
        Math.abs(est - truth) <= err + 1e-9,
        () -> key + " share " + est + " vs truth " + truth + " beyond " + err + ", seed " + seed);
  }
}
