package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.KeySample;
import org.junit.jupiter.api.Test;

/**
 * A comparison that keeps every key on its partition but moves partitions between groups: the
 * shares of keys and of load changing group are exactly those of the partitions moved.
 */
class KeyAnalysisCompareTest {
  @Test
  void samePartitions_newGroups_keysAndLoadChangingGroupCounted() {
    RoutingTable two = Fixtures.table("hash_mod", 4, 2, 1); // p0, p1 on g0; p2, p3 on g1
    RoutingTable four = Fixtures.table("hash_mod", 4, 4, 2); // p on g<p>: only p0 stays put
    KeySample s = new KeySample(KeyType.STRING);
    long keys = 0;
    long moved = 0;
    long load = 0;
    long movedLoad = 0;
    for (int i = 0; i < 2_000; i++) {
      String k = "order-" + i;
      int count = 1 + i % 3;
      s.add(k, count);
      keys++;
      load += count;
      if (two.route(k).partition() != 0) {
        moved++;
        movedLoad += count;
      }
    }
    AnalysisReport.Comparison c = KeyAnalysis.of(two).compare(four).analyze(s).comparison();
    assertEquals(0.0, c.movedShare(), 1e-12);
    assertEquals((double) moved / keys, c.movedGroupShare(), 1e-12);
    assertEquals((double) movedLoad / load, c.movedLoadShare(), 1e-12);
  }
}
