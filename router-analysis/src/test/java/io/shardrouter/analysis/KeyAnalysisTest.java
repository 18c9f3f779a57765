package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.analysis.AnalysisReport.CheckItem;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.HotKeys;
import io.shardrouter.stats.KeySample;
import io.shardrouter.stats.RouteStats;
import io.shardrouter.stats.StatsSnapshot;
import io.shardrouter.stats.internal.Json;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link KeyAnalysis} on seeded distributions, checked against computed truth. */
class KeyAnalysisTest {
  private final RoutingTable hash16 = Fixtures.table("hash_mod", 16, 4, 1);

  @Test
  void uniform_evenAndUnique_cardinalityPasses() {
    AnalysisReport r = KeyAnalysis.of(hash16).analyze(uniform());
    assertEquals(20_000, r.keyCharacteristics().numDistinctValues());
    assertTrue(r.keyCharacteristics().isUnique());
    assertEquals("pass", item(r, "cardinality").result());
    assertEquals("pass", item(r, "evenness").result(), item(r, "evenness")::detail);
    assertEquals("pass", item(r, "hot keys").result());
    assertEquals("skip", item(r, "stability").result());
    long sum = 0;
    for (long l : r.distribution().partitionLoad()) {
      sum += l;
    }
    assertEquals(20_000, sum);
  }

  @Test
  void oneKeyAtTwentyPercent_hotKeyFails_withItsShare() {
    long seed = Fixtures.seed(15_201);
    SplittableRandom rnd = new SplittableRandom(seed);
    KeySample s = new KeySample(KeyType.STRING);
    int hot = 0;
    for (int i = 0; i < 50_000; i++) {
      if (rnd.nextInt(5) == 0) {
        s.add("hot", 1);
        hot++;
      } else {
        s.add("k" + rnd.nextInt(1_000_000), 1);
      }
    }
    AnalysisReport r = KeyAnalysis.of(hash16).analyze(s);
    AnalysisReport.Frequency top = r.keyCharacteristics().mostCommonValues().get(0);
    assertEquals("hot", top.value());
    assertEquals(hot, top.frequency(), "seed " + seed);
    assertEquals(hot / 50_000.0, top.share(), 1e-12);
    assertEquals("fail", item(r, "hot keys").result());
    assertEquals(top.share(), item(r, "hot keys").value(), 1e-12);
    int p = hash16.route("hot").partition();
    assertEquals(p, r.distribution().hottestPartitions().get(0).partition());
  }

  @Test
  void zipf_mostCommonValuesMatchTruth() {
    long seed = Fixtures.seed(15_202);
    SplittableRandom rnd = new SplittableRandom(seed);
    Fixtures.Zipf z = new Fixtures.Zipf(1_000, 1.3);
    KeySample s = new KeySample(KeyType.STRING);
    long[] truth = new long[1_000];
    for (int i = 0; i < 30_000; i++) {
      int k = z.next(rnd);
      truth[k]++;
      s.add("z" + k, 1);
    }
    AnalysisReport r = KeyAnalysis.of(hash16).analyze(s);
    assertEquals("z0", r.keyCharacteristics().mostCommonValues().get(0).value());
    assertEquals(truth[0], r.keyCharacteristics().mostCommonValues().get(0).frequency());
    assertEquals("not monotonic", r.keyCharacteristics().monotonicityType());
  }

  /**
   * The sample is routed in batches; a key in no range is refused as routing it alone refuses it
   * (not as an index into the batch), by the analysis and by the statistics export.
   */
  @Test
  void keyInNoRange_refusedAsItsOwnRouteIs_notAsABatchIndex() {
    RoutingTable ranges = Fixtures.monthlyRanges(6); // 2026-01-01 onwards
    KeySample s = new KeySample(KeyType.TIMESTAMP);
    for (int i = 0; i < 40; i++) {
      s.add(Instant.parse("2026-03-01T00:00:00Z").plusSeconds(3_600L * i).toString(), 1);
    }
    s.add("2025-06-01T00:00:00Z", 2);
    s.add("2026-05-01T00:00:00Z", 1);
    RoutingException alone =
        assertThrows(
            RoutingException.class, () -> ranges.route(Instant.parse("2025-06-01T00:00:00Z")));
    RoutingException e =
        assertThrows(RoutingException.class, () -> KeyAnalysis.of(ranges).analyze(s));
    assertEquals(alone.getClass(), e.getClass());
    assertEquals(alone.getMessage(), e.getMessage());
    IllegalArgumentException x =
        assertThrows(IllegalArgumentException.class, () -> StatsSnapshot.of(ranges, s));
    assertEquals("key '2025-06-01T00:00:00Z': " + alone.getMessage(), x.getMessage());
  }

  @Test
  void monotonicTimestamps_onRanges_failWithTheHotTail() {
    RoutingTable ranges = Fixtures.monthlyRanges(12);
    KeySample s = new KeySample(KeyType.TIMESTAMP);
    Instant t = Instant.parse("2026-12-20T00:00:00Z");
    for (int i = 0; i < 5_000; i++) {
      s.add(t.plusSeconds(60L * i).toString(), 1);
    }
    AnalysisReport r = KeyAnalysis.of(ranges).analyze(s);
    assertEquals("monotonic", r.keyCharacteristics().monotonicityType());
    assertEquals(1.0, r.keyCharacteristics().recordIdCorrelationCoefficient(), 1e-9);
    assertEquals("fail", item(r, "monotonic keys").result());
    assertEquals(11, r.distribution().hottestPartitions().get(0).partition());
    assertEquals(12.0, r.distribution().partitionPeakToMean(), 1e-12);
    assertEquals(2.0, r.distribution().groupPeakToMean(), 1e-12); // g1 holds the last six months
    assertEquals("fail", item(r, "evenness").result()); // all of the load on one of two groups
    assertEquals(1.0, item(r, "evenness").value(), 1e-12);
    assertTrue(r.growth().size() <= KeyAnalysis.GROWTH_POINTS + 1);
  }

  @Test
  void compare_hashMod16to32_movesAboutHalf_jump16to17_aboutOneSeventeenth() {
    KeySample s = new KeySample(KeyType.STRING);
    for (int i = 0; i < 40_000; i++) {
      s.add("order-" + i, 1);
    }
    AnalysisReport.Comparison mod =
        KeyAnalysis.of(hash16)
            .compare(Fixtures.table("hash_mod", 32, 4, 2))
            .analyze(s)
            .comparison();
    assertEquals(0.5, mod.movedShare(), 0.02);
    AnalysisReport.Comparison jump =
        KeyAnalysis.of(Fixtures.table("jump", 16, 4, 1))
            .compare(Fixtures.table("jump", 17, 4, 2))
            .analyze(s)
            .comparison();
    assertEquals(1 / 17.0, jump.movedShare(), 0.01);
  }

  @Test
  void queries_singleMultiScatter_meanFanOut() {
    RoutingTable ranges = Fixtures.monthlyRanges(12);
    KeyType ts = KeyType.TIMESTAMP;
    List<KeyAnalysis.Query> qs =
        List.of(
            KeyAnalysis.Query.parse("{\"keys\": [\"2026-01-05T00:00:00Z\"]}", ts),
            KeyAnalysis.Query.parse(
                "{\"keys\": [\"2026-01-05T00:00:00Z\", \"2026-02-05T00:00:00Z\"]}", ts),
            KeyAnalysis.Query.parse(
                "{\"from\": \"2026-01-01T00:00:00Z\", \"to\": \"2026-12-31T00:00:00Z\"}", ts),
            KeyAnalysis.Query.parse(
                "{\"from\": \"2026-03-01T00:00:00Z\", \"to\": \"2026-03-09T00:00:00Z\"}", ts));
    KeySample s = new KeySample(ts).add("2026-01-05T00:00:00Z", 1);
    AnalysisReport.QueryDistribution q = KeyAnalysis.of(ranges).queries(qs).analyze(s).queries();
    assertEquals(4, q.sampleSize());
    assertEquals(50, q.percentageOfSinglePartitionQueries(), 1e-9);
    assertEquals(25, q.percentageOfMultiPartitionQueries(), 1e-9);
    assertEquals(25, q.percentageOfScatterGatherQueries(), 1e-9);
    assertEquals((1 + 2 + 12 + 1) / 4.0, q.meanFanOut(), 1e-9);
  }

  @Test
  void capacity_partitionOverItsWriteLimit_byHowMuch() {
    KeySample s = new KeySample(KeyType.STRING).add("hot", 90_000).add("cold", 10);
    CapacityLimits l =
        CapacityLimits.parse("{\"sample_seconds\": 60, \"partition\": {\"writes\": 1000}}");
    AnalysisReport r = KeyAnalysis.of(hash16).capacity(l).analyze(s);
    assertEquals(1, r.overLimit().size(), r.overLimit()::toString);
    AnalysisReport.OverLimit o = r.overLimit().get(0);
    assertEquals(Integer.toString(hash16.route("hot").partition()), o.id());
    assertEquals(1500, o.rate(), 1e-9);
    assertEquals(0.5, o.overBy(), 1e-9);
  }

  @Test
  void capacity_statistics_readsAndWritesAgainstTheirOwnLimits() {
    int n = hash16.partitionCount();
    long[] reads = new long[n];
    long[] writes = new long[n];
    reads[3] = 2_500 * 10L; // under 3,000 reads/s over 10 s
    writes[3] = 1_200 * 10L; // over 1,000 writes/s by 20%
    StatsSnapshot st =
        new StatsSnapshot(
            "orders",
            1,
            RouteStats.Window.SINCE_START,
            10_000,
            1,
            1,
            reads,
            writes,
            new long[n],
            HotKeys.empty(4));
    CapacityLimits l =
        CapacityLimits.parse(
            "{\"sample_seconds\": 10, \"partition\": {\"reads\": 3000, \"writes\": 1000}}");
    List<AnalysisReport.OverLimit> over =
        KeyAnalysis.of(hash16).capacity(l).analyze(st).overLimit();
    assertEquals(1, over.size(), over::toString);
    assertEquals("writes", over.get(0).kind());
    assertEquals("3", over.get(0).id());
    assertEquals(0.2, over.get(0).overBy(), 1e-9);
  }

  @Test
  void json_isOneObjectWithEverySection() {
    KeySample s = new KeySample(KeyType.STRING).add("a\"b", 3).add("c", 1);
    String json = KeyAnalysis.of(hash16).analyze(s).toJson();
    Map<?, ?> m = (Map<?, ?>) Json.parse(json);
    for (String f :
        List.of(
            "format",
            "keyCharacteristics",
            "distribution",
            "growth",
            "queryDistribution",
            "overLimit",
            "compare",
            "checklist")) {
      assertTrue(m.containsKey(f), f);
    }
    assertNull(m.get("compare"));
    Map<?, ?> kc = (Map<?, ?>) m.get("keyCharacteristics");
    assertEquals(4L, kc.get("numKeysSampled"));
    assertEquals("a\"b", ((Map<?, ?>) ((List<?>) kc.get("mostCommonValues")).get(0)).get("value"));
  }

  @Test
  void sample_badKeyAndCount_sayWhy() {
    KeySample s = new KeySample(KeyType.LONG);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.add("x1", 1));
    assertTrue(e.getMessage().contains("x1"), e::getMessage);
    e = assertThrows(IllegalArgumentException.class, () -> s.add("1", 0));
    assertTrue(e.getMessage().contains("count must be >= 1"), e::getMessage);
  }

  @Test
  void stats_otherPartitionCount_refused() {
    StatsSnapshot st = RouteStats.builder().build(hash16).snapshot(RouteStats.Window.SINCE_START);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> KeyAnalysis.of(Fixtures.table("hash_mod", 8, 2, 1)).analyze(st));
    assertTrue(e.getMessage().contains("16 partitions"), e::getMessage);
  }

  @Test
  void evenness_twoGroups_98PercentOnOne_fails() {
    RoutingTable two = Fixtures.table("hash_mod", 16, 2, 1);
    KeySample s = new KeySample(KeyType.STRING);
    int g0 = 0;
    int g1 = 0;
    for (int i = 0; g0 < 9_800 || g1 < 200; i++) {
      String k = "k" + i;
      boolean first = two.route(k).group().id().equals("g0");
      if (first && g0 < 9_800) {
        s.add(k, 1);
        g0++;
      } else if (!first && g1 < 200) {
        s.add(k, 1);
        g1++;
      }
    }
    AnalysisReport r = KeyAnalysis.of(two).analyze(s);
    assertTrue(r.distribution().groupPeakToMean() <= 2, "peak/mean over two groups is at most 2");
    CheckItem even = item(r, "evenness");
    assertEquals("fail", even.result(), even::detail);
    assertEquals(0.98, even.value(), 1e-12);
    assertTrue(
        even.detail()
            .startsWith(
                "the hottest group, g0, takes 98.00% of the load; its fair share"
                    + " (1/2) is 50.00%"),
        even::detail);
  }

  @Test
  void evenness_thresholds_followTheFairShareAtAnyGroupCount() {
    // 4 groups: 30% on the hottest is 1.2x its fair share (pass), 40% is 1.6x (warn), 55% fails
    assertEquals("pass", evennessWith(4, 0.30));
    assertEquals("warn", evennessWith(4, 0.40));
    assertEquals("fail", evennessWith(4, 0.55));
    // 2 groups: 60% passes, 70% warns, 80% fails (peak/mean 1.6 <= 2)
    assertEquals("pass", evennessWith(2, 0.60));
    assertEquals("warn", evennessWith(2, 0.70));
    assertEquals("fail", evennessWith(2, 0.80));
  }

  /** The evenness result of a sample whose first group takes {@code share}, the rest even. */
  private static String evennessWith(int groups, double share) {
    RoutingTable t = Fixtures.table("hash_mod", 4 * groups, groups, 1);
    KeySample s = new KeySample(KeyType.STRING);
    int total = 10_000;
    int[] want = new int[groups];
    want[0] = (int) Math.round(total * share);
    for (int g = 1; g < groups; g++) {
      want[g] = (total - want[0]) / (groups - 1);
    }
    for (int i = 0; ; i++) {
      String k = "k" + i;
      int g = Integer.parseInt(t.route(k).group().id().substring(1));
      if (want[g] > 0) {
        s.add(k, 1);
        want[g]--;
      }
      if (java.util.Arrays.stream(want).allMatch(w -> w == 0)) {
        break;
      }
    }
    CheckItem even = item(KeyAnalysis.of(t).analyze(s), "evenness");
    assertEquals(share, even.value(), 0.001, even::detail);
    return even.result();
  }

  @Test
  void passRows_sayWhatIsGood_notTheRemedy() {
    AnalysisReport r = KeyAnalysis.of(hash16).analyze(uniform());
    for (CheckItem i : r.checklist()) {
      if (i.result().equals("pass")) {
        for (String remedy : List.of("isolate", "shard its", "advise", "choose a key", "filters")) {
          assertFalse(i.detail().contains(remedy), () -> i.item() + ": " + i.detail());
        }
      }
    }
    assertTrue(item(r, "hot keys").detail().startsWith("no hot key: the most common, key '"));
    assertTrue(item(r, "evenness").detail().startsWith("load is even: the hottest group, "));
  }

  @Test
  void hotKeysAndEvenness_sampleTooSmall_skipWithTheSizeNeeded() {
    RoutingTable jump1024 = Fixtures.table("jump", 1024, 4, 1);
    KeySample s = new KeySample(KeyType.STRING);
    for (String k : List.of("order-1", "order-2", "order-3", "user-42", "Straße", "東京-42")) {
      s.add(k, 1);
    }
    AnalysisReport r = KeyAnalysis.of(jump1024).analyze(s);
    CheckItem hot = item(r, "hot keys");
    assertEquals("skip", hot.result());
    assertTrue(
        hot.detail().startsWith("sample too small to judge hot keys: 6 keys, need >= 10240"),
        hot::detail);
    CheckItem even = item(r, "evenness");
    assertEquals("skip", even.result());
    assertEquals(
        "sample too small to judge evenness: 6 keys, need >= 40 (10 per group)", even.detail());
  }

  /** 20,000 distinct keys, each seen once. */
  private static KeySample uniform() {
    KeySample s = new KeySample(KeyType.STRING);
    for (int i = 0; i < 20_000; i++) {
      s.add("user-" + i, 1);
    }
    return s;
  }

  static CheckItem item(AnalysisReport r, String name) {
    return r.checklist().stream().filter(i -> i.item().equals(name)).findFirst().orElseThrow();
  }
}
