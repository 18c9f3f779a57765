package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.MovementReport;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.lookup.LookupStrategy;
import io.shardrouter.range.RangeStrategy;
import io.shardrouter.stats.HotKeys;
import io.shardrouter.stats.StatsSnapshot;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The guarantees every {@link RebalanceAdvisor.Advice} keeps, recomputed from the table, the
 * statistics and the proposed document rather than read from the advisor.
 */
final class AdviceChecks {
  private static final double EPS = 1e-9;

  private AdviceChecks() {}

  /**
   * Checks {@code a}, the advice for {@code t} under {@code s} within {@code cap}; {@code probes}
   * are keys (as text) that did not become isolated and must keep their partition when no range was
   * split.
   */
  static void check(
      RoutingTable t,
      StatsSnapshot s,
      double cap,
      RebalanceAdvisor.Advice a,
      List<String> probes,
      String ctx) {
    double total = s.total();
    int groups = t.groups().size();
    assertEquals(peakToMean(t, toDoubles(s.loads()), groups), a.peakToMeanBefore(), EPS, ctx);
    assertTrue(a.peakToMeanAfter() <= a.peakToMeanBefore() + EPS, ctx + " raised peak/mean");
    assertTrue(a.movedShare() <= cap + EPS, ctx + " moved " + a.movedShare() + " > cap " + cap);
    double counted = 0;
    for (MovementReport.Move m : a.moves()) {
      double most = Math.max(1.0 / t.partitionCount(), t.strategy().shareOf(m.toPartition()));
      assertTrue(m.share() <= most + EPS, ctx + " " + m);
      counted += m.share();
    }
    for (RebalanceAdvisor.Advice.Isolation i : a.isolations()) {
      counted += i.movedShare();
    }
    for (RebalanceAdvisor.Advice.Split sp : a.splits()) {
      counted += sp.movedShare();
    }
    assertEquals(counted, a.movedShare(), EPS, ctx + " the moved share is the sum of the steps'");
    if (!a.changes()) {
      assertEquals(t, a.next(), ctx);
      return;
    }
    RoutingTable n = a.next();
    assertEquals(t.version() + 1, n.version(), ctx);
    assertEquals(n, RoutingDocuments.read(RoutingDocuments.write(n)), ctx + " round trip");
    assertEquals(n.partitionCount(), a.expectedLoads().size(), ctx);
    double sum = 0;
    for (double l : a.expectedLoads()) {
      assertTrue(l >= -EPS, ctx + " negative load " + a.expectedLoads());
      sum += l;
    }
    assertEquals(total, sum, EPS * Math.max(1, total), ctx + " the load is all still there");
    double[] loads = a.expectedLoads().stream().mapToDouble(Double::doubleValue).toArray();
    assertEquals(peakToMean(n, loads, groups), a.peakToMeanAfter(), EPS, ctx);
    assertEquals(
        t.partitionCount() + a.splits().size() + a.isolations().size(), n.partitionCount(), ctx);
    for (MovementReport.Move m : a.moves()) {
      assertEquals(m.toGroup(), n.groupOf(m.toPartition()).id(), ctx + " " + m);
    }
    Set<String> isolated = new HashSet<>();
    for (RebalanceAdvisor.Advice.Isolation i : a.isolations()) {
      isolated.add(i.key());
      byte[] key = t.keyType().parseText(i.key());
      assertEquals(i.partition(), n.routeCanonical(key).partition(), ctx + " " + i);
      assertEquals(i.toGroup(), n.groupOf(i.partition()).id(), ctx + " " + i);
      assertTrue(n.strategy() instanceof LookupStrategy, ctx);
      assertTrue(
          ((LookupStrategy) n.strategy()).entryOf(key).isDedicated(), ctx + " dedicated " + i);
      HotKeys.Entry k = hotKey(s, i.key());
      assertTrue(
          (double) k.lowerBound() / s.hotKeys().sampled() * t.partitionCount() > 1,
          ctx + " isolated a key no hotter than a mean partition: " + i);
      assertTrue(i.loadShare() <= (double) k.count() / s.hotKeys().sampled() + EPS, ctx);
      assertEquals(i.loadShare() * total, loads[i.partition()], EPS * Math.max(1, total), ctx);
    }
    for (RebalanceAdvisor.Advice.Split sp : a.splits()) {
      RangeStrategy r = rangeOf(n);
      byte[] at = t.keyType().parseText(sp.at());
      assertTrue(Arrays.equals(at, r.start(sp.upperPartition())), ctx + " " + sp);
      assertEquals(sp.upperGroup(), n.groupOf(sp.upperPartition()).id(), ctx + " " + sp);
    }
    if (a.splits().isEmpty()) {
      Set<Integer> moved = new HashSet<>();
      a.moves().forEach(m -> moved.add(m.toPartition()));
      Set<Integer> reported = new HashSet<>();
      a.movement().moves().forEach(m -> reported.add(m.toPartition()));
      assertEquals(moved, reported, ctx + " the movement report lists the moves");
      for (String probe : probes) {
        if (!isolated.contains(probe)) {
          byte[] key = t.keyType().parseText(probe);
          assertEquals(
              t.routeCanonical(key).partition(),
              n.routeCanonical(key).partition(),
              ctx + " key '" + probe + "' changed partition");
        }
      }
    }
  }

  private static RangeStrategy rangeOf(RoutingTable n) {
    if (n.strategy() instanceof LookupStrategy l) {
      return (RangeStrategy) l.fallback();
    }
    return (RangeStrategy) n.strategy();
  }

  private static HotKeys.Entry hotKey(StatsSnapshot s, String key) {
    for (HotKeys.Entry k : s.hotKeys().keys()) {
      if (k.key().equals(key)) {
        return k;
      }
    }
    throw new AssertionError("isolated key '" + key + "' is no hot key of " + s.hotKeys());
  }

  /** Group peak/mean of {@code loads} placed as {@code t} places them, over {@code groups}. */
  static double peakToMean(RoutingTable t, double[] loads, int groups) {
    Map<String, Double> g = new HashMap<>();
    double total = 0;
    for (int p = 0; p < loads.length; p++) {
      g.merge(t.groupOf(p).id(), loads[p], Double::sum);
      total += loads[p];
    }
    double peak = 0;
    for (double l : g.values()) {
      peak = Math.max(peak, l);
    }
    return total == 0 ? 0 : peak / (total / groups);
  }

  static double[] toDoubles(long[] l) {
    double[] d = new double[l.length];
    for (int i = 0; i < l.length; i++) {
      d[i] = l[i];
    }
    return d;
  }
}
