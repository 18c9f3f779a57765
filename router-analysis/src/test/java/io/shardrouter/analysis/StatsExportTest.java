package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.KeySample;
import io.shardrouter.stats.RouteStats;
import io.shardrouter.stats.StatsSnapshot;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The statistics export of a key sample ({@link StatsSnapshot#of(RoutingTable, KeySample)}, what
 * {@code analyze --stats-out} writes for {@code advise --stats}) read by the analysis and the
 * advisor, and an analysis report given where an export belongs.
 */
class StatsExportTest {
  private final RoutingTable hash16 = Fixtures.table("hash_mod", 16, 8, 3);

  @Test
  void of_keySample_loadsAsTheAnalysis() {
    KeySample s = new KeySample(KeyType.STRING);
    s.add("a", 100).add("b", 50).add("c", 1).add("a", 7);
    StatsSnapshot st = StatsSnapshot.of(hash16, s);
    long[] analysed = KeyAnalysis.of(hash16).analyze(s).distribution().partitionLoad();
    for (int p = 0; p < 16; p++) {
      assertEquals(analysed[p], st.load(p), "partition " + p);
      assertEquals(analysed[p], st.count(p, RouteStats.Op.ANY));
    }
  }

  /** The stream of {@code RebalanceAdvisorHotKeyTest}, given as a key sample instead. */
  @Test
  void of_thenAdvise_isolatesTheHotKeyOfTheSample() {
    SplittableRandom r = new SplittableRandom(15_311);
    KeySample s = new KeySample(KeyType.STRING);
    for (int i = 0; i < 200_000; i++) {
      s.add(r.nextInt(5) == 0 ? "celebrity" : "user-" + r.nextInt(50_000), 1);
    }
    StatsSnapshot st = StatsSnapshot.parse(StatsSnapshot.of(hash16, s).toJson());
    RebalanceAdvisor.Advice a = RebalanceAdvisor.advise(hash16, st, 0.25);
    assertEquals(1, a.isolations().size(), a::toString);
    assertEquals("celebrity", a.isolations().get(0).key());
    assertEquals(0.2, a.isolations().get(0).loadShare(), 0.01);
  }

  @Test
  void parse_analysisReport_saysHowToWriteAStatisticsExport() {
    KeySample s = new KeySample(KeyType.STRING).add("a", 1).add("b", 2);
    String report = KeyAnalysis.of(hash16).analyze(s).toJson();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StatsSnapshot.parse(report));
    assertEquals(
        "this is an analysis report (shardrouter-analysis/1), not a statistics export; write one"
            + " with `shardctl analyze DOC --keys FILE --stats-out STATS`",
        e.getMessage());
  }
}
