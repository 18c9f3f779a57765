package io.shardrouter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link StatsSnapshot#of(RoutingTable, KeySample)}, the export {@code analyze --stats-out} writes
 * for {@code advise --stats} (router-analysis's {@code StatsExportTest} reads it with the analysis
 * and the advisor).
 */
class StatsSnapshotTest {
  private final RoutingTable hash16 = Fixtures.table("hash_mod", 16, 8, 3);

  @Test
  void of_keySampleWithCounts_loadsAsTheAnalysis_exactHotKeys_andItRoundTrips() {
    KeySample s = new KeySample(KeyType.STRING);
    s.add("a", 100).add("b", 50).add("c", 1).add("a", 7);
    StatsSnapshot st = StatsSnapshot.of(hash16, s);
    assertEquals("orders", st.entity());
    assertEquals(3, st.version());
    assertEquals(1, st.sampleEvery());
    assertEquals(158, st.total());
    long[] routed = new long[16];
    for (KeySample.Entry e : s.entries()) {
      routed[hash16.routeCanonical(e.canonical()).partition()] += e.count();
    }
    for (int p = 0; p < 16; p++) {
      assertEquals(routed[p], st.load(p), "partition " + p);
      assertEquals(routed[p], st.count(p, RouteStats.Op.ANY));
      assertEquals(0, st.count(p, RouteStats.Op.READ) + st.count(p, RouteStats.Op.WRITE));
    }
    assertEquals(158, st.hotKeys().sampled());
    assertEquals(
        List.of(
            new HotKeys.Entry("a", 107, 0),
            new HotKeys.Entry("b", 50, 0),
            new HotKeys.Entry("c", 1, 0)),
        st.hotKeys().keys());
    assertEquals(0, st.hotKeys().absentBound());
    assertEquals(st, StatsSnapshot.parse(st.toJson()));
  }

  @Test
  void of_manyKeys_listsTheMostFrequent_withASoundAbsentBound() {
    KeySample s = new KeySample(KeyType.STRING);
    for (int i = 0; i < 1_000; i++) {
      s.add("k" + i, 1 + i % 7);
    }
    HotKeys hot = StatsSnapshot.of(hash16, s).hotKeys();
    assertEquals(StatsSnapshot.SAMPLE_HOT_KEYS, hot.keys().size());
    assertEquals(7, hot.keys().get(0).count());
    assertTrue(hot.absentBound() >= 1 && hot.absentBound() <= 7, () -> "" + hot.absentBound());
  }

  @Test
  void of_otherKeyType_refused() {
    KeySample s = new KeySample(KeyType.LONG).add("7", 1);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StatsSnapshot.of(hash16, s));
    assertTrue(e.getMessage().startsWith("the sample holds keys of type "), e::getMessage);
  }
}
