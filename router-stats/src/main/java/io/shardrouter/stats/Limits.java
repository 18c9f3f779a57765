package io.shardrouter.stats;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.AnalysisReport.OverLimit;
import java.util.ArrayList;
import java.util.List;

/**
 * The partitions and groups whose measured rate exceeds a {@link CapacityLimits} limit. A key
 * sample's counts say neither read nor write, so they count against both limits and {@code ops}.
 */
final class Limits {
  private Limits() {}

  static List<OverLimit> over(RoutingTable table, CapacityLimits limits, long[] load) {
    List<OverLimit> out = new ArrayList<>();
    double s = limits.sampleSeconds();
    if (limits.partition() != null) {
      for (int p = 0; p < load.length; p++) {
        check(out, "partition", Integer.toString(p), load[p] / s, limits.partition());
      }
    }
    for (var g : Skew.groupLoads(load, table).entrySet()) {
      CapacityLimits.Limit l = limits.groupLimit(g.getKey());
      if (l != null) {
        check(out, "group", g.getKey(), g.getValue() / s, l);
      }
    }
    return out;
  }

  private static void check(
      List<OverLimit> out, String scope, String id, double rate, CapacityLimits.Limit l) {
    add(out, scope, id, "reads", rate, l.reads());
    add(out, scope, id, "writes", rate, l.writes());
    add(out, scope, id, "ops", rate, l.ops());
  }

  private static void add(
      List<OverLimit> out, String scope, String id, String kind, double rate, double limit) {
    if (rate > limit) {
      out.add(new OverLimit(scope, id, kind, rate, limit, rate / limit - 1));
    }
  }
}
