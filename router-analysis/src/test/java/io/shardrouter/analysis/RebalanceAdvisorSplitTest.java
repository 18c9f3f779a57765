package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.lookup.LookupStrategy;
import io.shardrouter.range.RangeStrategy;
import io.shardrouter.stats.StatsSnapshot;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link RebalanceAdvisor} splitting hot ranges of a {@code range} table. */
class RebalanceAdvisorSplitTest {
  /** Months of 2026 on two groups: g0 January to June, g1 July to December. */
  private final RoutingTable months = Fixtures.monthlyRanges(12);

  @Test
  void hotRange_splitAtTheWeightedMedianOfItsHotKeys_upperPartOnTheColdestGroup() {
    long[] base = flat(12, 100);
    base[2] = 1000; // March
    Map<String, Double> hot = new LinkedHashMap<>();
    for (int day = 3; day <= 24; day += 3) { // 8 keys at 5%: each below a mean partition (1/12)
      hot.put(String.format("2026-03-%02dT00:00:00Z", day), 0.05);
    }
    StatsSnapshot s = Fixtures.withHotKeys(months, base, hot, 2_000, rnd());
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(months, s, 0.1);
    AdviceChecks.check(months, s, 0.1, a, List.of(), "march");
    assertEquals(1, a.splits().size(), a::toString);
    assertTrue(a.isolations().isEmpty(), a::toString);
    RebalanceAdvisor.Advice.Split sp = a.splits().get(0);
    assertEquals(2, sp.partition());
    assertEquals("2026-03-15T00:00:00Z", sp.at()); // 4 keys below, 4 at or above
    assertEquals(3, sp.upperPartition());
    assertEquals("g0", sp.fromGroup());
    assertEquals("g1", sp.upperGroup());
    double march = s.load(2);
    assertEquals(march / 2 / s.total(), sp.upperLoadShare(), 1e-9);
    assertEquals(1 / 12.0 / 2, sp.movedShare(), 1e-9);
    RangeStrategy r = (RangeStrategy) a.next().strategy();
    assertEquals(13, r.partitionCount());
    assertEquals(2, a.next().route(Instant.parse("2026-03-14T23:59:59Z")).partition());
    assertEquals(3, a.next().route(Instant.parse("2026-03-15T00:00:00Z")).partition());
    assertEquals("g1", a.next().route(Instant.parse("2026-03-15T00:00:00Z")).group().id());
    assertEquals(4, a.next().route(Instant.parse("2026-04-15T00:00:00Z")).partition());
    // g0 carried 2900 of 3500, g1 600; after, g0 1700 and g1 1800
    assertEquals(2900 / 1750.0, a.peakToMeanBefore(), 1e-3);
    assertEquals(1800 / 1750.0, a.peakToMeanAfter(), 1e-3);
  }

  @Test
  void hotRange_overTheCap_notSplit_noted() {
    long[] base = flat(12, 100);
    base[2] = 1000;
    Map<String, Double> hot = new LinkedHashMap<>();
    for (int day = 3; day <= 24; day += 3) {
      hot.put(String.format("2026-03-%02dT00:00:00Z", day), 0.05);
    }
    StatsSnapshot s = Fixtures.withHotKeys(months, base, hot, 2_000, rnd());
    RebalanceAdvisor.Advice a =
        RebalanceAdvisor.advise(months, s, 0.02); // half of March is 1/24 = 4.2%
    AdviceChecks.check(months, s, 0.02, a, List.of(), "capped");
    assertTrue(a.splits().isEmpty(), a::toString);
    assertTrue(
        a.notes().stream()
            .anyMatch(
                x ->
                    x.startsWith("partition 2 [")
                        && x.contains("is not split at 2026-03-15T00:00:00Z: that moves 4.17%")
                        && x.endsWith("left of the move cap")),
        a.notes()::toString);
    assertTrue(
        a.notes().get(0).startsWith("partition 2 alone carries"),
        () -> "the range still too hot comes first: " + a.notes());
  }

  @Test
  void hotRangeWithOneSampledKey_notSplit_theKeyIsolatedInstead() {
    long[] base = flat(12, 100);
    StatsSnapshot s =
        Fixtures.withHotKeys(
            months, base, Fixtures.shares("2026-03-10T12:00:00Z", 0.6), 2_000, rnd());
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(months, s, 0.5);
    AdviceChecks.check(months, s, 0.5, a, List.of(), "one key");
    assertTrue(a.splits().isEmpty(), a::toString);
    assertTrue(
        a.notes().stream()
            .anyMatch(
                x ->
                    x.startsWith("partition 2 [")
                        && x.contains("is not split: the statistics sampled 1 hot key in it")
                        && x.contains("shardctl split-point")),
        a.notes()::toString);
    assertEquals(1, a.isolations().size(), a::toString);
    LookupStrategy l = (LookupStrategy) a.next().strategy();
    assertEquals(months.strategy(), l.fallback());
    assertEquals(12, a.next().route(Instant.parse("2026-03-10T12:00:00Z")).partition());
    assertTrue(a.peakToMeanAfter() < a.peakToMeanBefore(), a::toString);
  }

  @Test
  void hotKeyInNoRange_skippedWithANote() {
    RoutingTable six = Fixtures.monthlyRanges(6); // 2026-01-01 onwards: 2025 is in no range
    StatsSnapshot s =
        Fixtures.withHotKeys(
            six, flat(6, 100), Fixtures.shares("2025-06-01T00:00:00Z", 0.5), 1_000, rnd());
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(six, s, 1);
    assertTrue(
        a.notes().stream()
            .anyMatch(x -> x.startsWith("hot key '2025-06-01T00:00:00Z' is skipped: ")),
        a.notes()::toString);
    assertTrue(a.isolations().isEmpty() && a.splits().isEmpty(), a::toString);
  }

  @Test
  void property_rangeTables_neverRaisePeakToMean_respectTheCap() {
    long seed = Fixtures.seed(15_321);
    SplittableRandom r = new SplittableRandom(seed);
    int splits = 0;
    for (int round = 0; round < 150; round++) {
      int m = 2 + r.nextInt(11);
      RoutingTable t = Fixtures.monthlyRanges(m);
      long[] base = new long[m];
      for (int p = 0; p < m; p++) {
        base[p] = r.nextInt(4) == 0 ? 2_000 + r.nextInt(3_000) : r.nextInt(200);
      }
      int hotMonth = r.nextInt(m);
      long hotStart = monthStart(hotMonth);
      Map<String, Double> hot = new LinkedHashMap<>();
      double left = 0.8;
      for (int k = r.nextInt(12); k > 0; k--) {
        double share = r.nextDouble() * Math.min(0.3, left);
        left -= share;
        int dice = r.nextInt(20);
        long second =
            dice == 0
                ? monthStart(0) - 1 - r.nextInt(40_000_000) // before the first range: in none
                : dice < 14
                    ? hotStart + r.nextInt(2_419_200) // in the hot month
                    : monthStart(0) + r.nextInt(m * 2_419_200);
        hot.put(Instant.ofEpochSecond(second).toString(), share);
      }
      StatsSnapshot s = Fixtures.withHotKeys(t, base, hot, 1 + r.nextInt(10_000), r);
      double cap = r.nextInt(4) == 0 ? 0 : r.nextDouble();
      RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(t, s, cap);
      AdviceChecks.check(
          t, s, cap, a, new ArrayList<>(), "round " + round + " seed " + seed + " hot " + hot);
      splits += a.splits().size();
    }
    assertTrue(splits > 10, "seed " + seed + ": only " + splits + " splits in 150 rounds");
  }

  private static long monthStart(int month) {
    return Instant.parse(String.format("2026-%02d-01T00:00:00Z", month + 1)).getEpochSecond();
  }

  private static long[] flat(int n, long v) {
    long[] l = new long[n];
    java.util.Arrays.fill(l, v);
    return l;
  }

  private static SplittableRandom rnd() {
    return new SplittableRandom(Fixtures.seed(15_322));
  }
}
