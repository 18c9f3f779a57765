package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.analysis.AnalysisReport.OverLimit;
import io.shardrouter.core.RoutingTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rates are counts over the sample's seconds, for partitions and for groups alike. */
class LimitsTest {
  @Test
  void rates_perSecondOfTheSample_againstPartitionAndGroupLimits() {
    RoutingTable t = Fixtures.table("hash_mod", 2, 2, 1); // p0 on g0, p1 on g1
    double inf = Double.POSITIVE_INFINITY;
    CapacityLimits limits =
        new CapacityLimits(
            10,
            new CapacityLimits.Limit(5, inf, 9),
            new CapacityLimits.Limit(6, 1.5, inf),
            Map.of());
    // in 10 s: p0 (all of g0) 80 reads, 20 writes, 100 ops: 8/s, 2/s and 10/s, over the
    // partition's 5 reads/s and 9 ops/s and the group's 6 reads/s and 1.5 writes/s; p1 (g1) 3/s,
    // 1/s and 4/s, under every limit
    List<OverLimit> over =
        Limits.over(t, limits, new long[] {100, 40}, new long[] {80, 30}, new long[] {20, 10});
    assertEquals(4, over.size(), over::toString);
    assertOver(over.get(0), "partition", "0", "reads", 8, 5, 0.6);
    assertOver(over.get(1), "partition", "0", "ops", 10, 9, 1 / 9.0);
    assertOver(over.get(2), "group", "g0", "reads", 8, 6, 1 / 3.0);
    assertOver(over.get(3), "group", "g0", "writes", 2, 1.5, 1 / 3.0);
  }

  private static void assertOver(
      OverLimit o, String scope, String id, String kind, double rate, double limit, double overBy) {
    assertEquals(scope + " " + id + " " + kind, o.scope() + " " + o.id() + " " + o.kind());
    assertEquals(rate, o.rate(), 1e-12);
    assertEquals(limit, o.limit(), 1e-12);
    assertEquals(overBy, o.overBy(), 1e-12);
  }
}
