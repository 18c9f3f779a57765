package io.shardrouter.analysis;

import io.shardrouter.analysis.AnalysisReport.OverLimit;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.Skew;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The partitions and groups whose measured rate exceeds a {@link CapacityLimits} limit. A key
 * sample's counts say neither read nor write, so they count against both limits and {@code ops};
 * with statistics, reads count against the read limit, writes against the write limit, and routes
 * recorded without saying against both.
 */
final class Limits {
  private Limits() {}

  /**
   * The limits exceeded; {@code reads} and {@code writes} per partition, or null when the counts do
   * not say (a key sample).
   */
  static List<OverLimit> over(
      RoutingTable table,
      CapacityLimits limits,
      long[] load,
      long @Nullable [] reads,
      long @Nullable [] writes) {
    List<OverLimit> out = new ArrayList<>();
    double s = limits.sampleSeconds();
    long[] notWrites = new long[load.length]; // reads and unspecified: what counts as reads
    long[] notReads = new long[load.length];
    for (int p = 0; p < load.length; p++) {
      notWrites[p] = reads == null || writes == null ? load[p] : load[p] - writes[p];
      notReads[p] = reads == null || writes == null ? load[p] : load[p] - reads[p];
    }
    CapacityLimits.Limit partition = limits.partition();
    if (partition != null) {
      for (int p = 0; p < load.length; p++) {
        check(
            out,
            "partition",
            Integer.toString(p),
            notWrites[p] / s,
            notReads[p] / s,
            load[p] / s,
            partition);
      }
    }
    Map<String, Long> r = Skew.groupLoads(notWrites, table);
    Map<String, Long> w = Skew.groupLoads(notReads, table);
    for (var g : Skew.groupLoads(load, table).entrySet()) {
      CapacityLimits.Limit l = limits.groupLimit(g.getKey());
      if (l != null) {
        check(
            out,
            "group",
            g.getKey(),
            of(r, g.getKey()) / s,
            of(w, g.getKey()) / s,
            g.getValue() / s,
            l);
      }
    }
    return out;
  }

  /** The load of {@code group} in {@code loads}, which has the groups of the same table. */
  private static long of(Map<String, Long> loads, String group) {
    Long l = loads.get(group);
    if (l == null) {
      throw new IllegalStateException("no load for group '" + group + "'");
    }
    return l;
  }

  private static void check(
      List<OverLimit> out,
      String scope,
      String id,
      double reads,
      double writes,
      double ops,
      CapacityLimits.Limit l) {
    add(out, scope, id, "reads", reads, l.reads());
    add(out, scope, id, "writes", writes, l.writes());
    add(out, scope, id, "ops", ops, l.ops());
  }

  private static void add(
      List<OverLimit> out, String scope, String id, String kind, double rate, double limit) {
    if (rate > limit) {
      out.add(new OverLimit(scope, id, kind, rate, limit, rate / limit - 1));
    }
  }
}
