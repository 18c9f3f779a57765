package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.HotKeys;
import io.shardrouter.stats.RouteStats;
import io.shardrouter.stats.Skew;
import io.shardrouter.stats.StatsSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link RebalanceAdvisor}: property tests over seeded loads, and the document it writes. */
class RebalanceAdvisorTest {
  @Test
  void property_neverRaisesPeakToMean_respectsTheCap_writesAValidNextVersion() {
    long seed = Fixtures.seed(15_301);
    SplittableRandom r = new SplittableRandom(seed);
    int isolated = 0;
    for (int round = 0; round < 300; round++) {
      int partitions = 1 + r.nextInt(64);
      int groups = 1 + r.nextInt(Math.min(partitions, 8));
      RoutingTable t = Fixtures.table(r.nextBoolean() ? "hash_mod" : "jump", partitions, groups, 5);
      double cap = r.nextInt(4) == 0 ? 0 : r.nextDouble();
      long[] base = loads(partitions, r, r.nextInt(3));
      Map<String, Double> hot = new LinkedHashMap<>();
      double left = 0.8;
      for (int k = r.nextInt(4); k > 0; k--) {
        double share = r.nextDouble() * Math.min(0.35, left);
        left -= share;
        hot.put("hot-" + r.nextInt(1_000), share);
      }
      StatsSnapshot s = Fixtures.withHotKeys(t, base, hot, 1 + r.nextInt(5_000), r);
      RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(t, s, cap);
      String ctx = "round " + round + " seed " + seed + " cap " + cap + " hot " + hot;
      List<String> probes = new ArrayList<>(hot.keySet());
      for (int i = 0; i < 50; i++) {
        probes.add("probe-" + i);
      }
      AdviceChecks.check(t, s, cap, a, probes, ctx);
      isolated += a.isolations().size();
    }
    assertTrue(isolated > 20, "seed " + seed + ": only " + isolated + " isolations in 300 rounds");
  }

  @Test
  void property_withoutHotKeys_matchesSkew() {
    long seed = Fixtures.seed(15_302);
    SplittableRandom r = new SplittableRandom(seed);
    for (int round = 0; round < 200; round++) {
      int partitions = 1 + r.nextInt(64);
      int groups = 1 + r.nextInt(Math.min(partitions, 6));
      RoutingTable t = Fixtures.table("hash_mod", partitions, groups, 5);
      double cap = r.nextInt(4) == 0 ? 0 : r.nextDouble();
      StatsSnapshot s = snapshot(t, loads(partitions, r, r.nextInt(3)));
      RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(t, s, cap);
      String ctx = "round " + round + " seed " + seed + " cap " + cap;
      AdviceChecks.check(t, s, cap, a, List.of(), ctx);
      assertTrue(a.isolations().isEmpty() && a.splits().isEmpty(), ctx);
      assertEquals(a.moves().size(), a.movement().moves().size(), ctx);
      assertEquals(a.moves().size() / (double) partitions, a.movedShare(), 1e-9, ctx);
      if (a.changes()) {
        assertEquals(a.peakToMeanAfter(), Skew.of(s, a.next()).groupPeakToMean(), 1e-9, ctx);
      }
    }
  }

  @Test
  void skewedGroups_evenedWithinTheCap() {
    RoutingTable t = Fixtures.table("jump", 16, 2, 3);
    long[] loads = new long[16];
    for (int p = 0; p < 16; p++) {
      loads[p] = p < 8 ? 300 : 100; // g0 holds 0..7: 2400 against 800
    }
    StatsSnapshot s = snapshot(t, loads);
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(t, s, 0.25);
    assertEquals(1.5, a.peakToMeanBefore(), 1e-12);
    assertEquals(1.0, a.peakToMeanAfter(), 1e-12, a.moves()::toString);
    // three 300s from g0 (1500 against 1700), then one 100 back: the fewest moves to 1600 each
    assertEquals(4, a.moves().size(), a.moves()::toString);
    assertEquals(3, a.moves().stream().filter(m -> m.fromGroup().equals("g0")).count());
    RebalanceAdvisor.Advice capped = RebalanceAdvisor.advise(t, s, 2 / 16.0);
    assertEquals(2, capped.moves().size());
    assertEquals(1800 / 1600.0, capped.peakToMeanAfter(), 1e-12);
    assertTrue(a.notes().isEmpty(), a.notes()::toString);
  }

  @Test
  void onePartitionTooHot_notedNotMoved() {
    RoutingTable t = Fixtures.table("hash_mod", 4, 2, 1);
    StatsSnapshot s = snapshot(t, new long[] {1000, 10, 10, 10});
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(t, s, 1);
    assertTrue(a.peakToMeanAfter() <= a.peakToMeanBefore());
    assertTrue(a.notes().get(0).startsWith("partition 0 alone carries"), a.notes()::toString);
  }

  @Test
  void zeroCap_changesNothing_badCapRefused() {
    RoutingTable t = Fixtures.table("hash_mod", 4, 2, 1);
    StatsSnapshot s = snapshot(t, new long[] {100, 100, 1, 1});
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(t, s, 0);
    assertFalse(a.changes());
    assertEquals(t, a.next());
    assertThrows(IllegalArgumentException.class, () -> RebalanceAdvisor.advise(t, s, 1.5));
  }

  private static long[] loads(int partitions, SplittableRandom r, int shape) {
    long[] loads = new long[partitions];
    for (int p = 0; p < loads.length; p++) {
      loads[p] =
          switch (shape) {
            case 0 -> r.nextInt(1000);
            case 1 -> (long) (10_000 / Math.pow(p + 1, 1.2));
            default -> r.nextInt(10) == 0 ? 5_000 : r.nextInt(50);
          };
    }
    return loads;
  }

  static StatsSnapshot snapshot(RoutingTable t, long[] writes) {
    int n = t.partitionCount();
    return new StatsSnapshot(
        t.entity(),
        t.version(),
        RouteStats.Window.SINCE_START,
        1000,
        1,
        1,
        new long[n],
        writes,
        new long[n],
        HotKeys.empty(8));
  }
}
