package io.shardrouter.analysis;

import io.shardrouter.analysis.AnalysisReport.QueryDistribution;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * The partitions each query of a sample visits: the partitions of its keys for a key list; for a
 * key range, the partitions from the one holding {@code from} to the one holding {@code to} when
 * the strategy keeps key order ({@code range}), every partition otherwise.
 */
final class QueryFanOut {
  private QueryFanOut() {}

  static QueryDistribution of(RoutingTable table, List<KeyAnalysis.Query> queries) {
    int n = table.partitionCount();
    boolean ordered = table.strategy().type().equals("range");
    long single = 0;
    long scatter = 0;
    long fanOut = 0;
    for (KeyAnalysis.Query q : queries) {
      int visited;
      List<byte[]> keys = q.keys(); // null for a range, which has both ends
      if (keys == null) {
        if (ordered) {
          byte[] from = Objects.requireNonNull(q.from(), "a range query's from");
          byte[] to = Objects.requireNonNull(q.to(), "a range query's to");
          int a = table.routeCanonical(from).partition();
          int b = table.routeCanonical(to).partition();
          visited = Math.abs(b - a) + 1;
        } else {
          visited = n;
        }
      } else {
        BitSet parts = new BitSet(n);
        for (Route r : KeyAnalysis.routesOf(table, keys.toArray(new byte[0][]))) {
          parts.set(r.partition());
        }
        visited = parts.cardinality();
      }
      fanOut += visited;
      if (visited == 1) {
        single++;
      } else if (visited == n) {
        scatter++;
      }
    }
    long size = queries.size();
    double pct = size == 0 ? 0 : 100.0 / size;
    return new QueryDistribution(
        size,
        single * pct,
        (size - single - scatter) * pct,
        scatter * pct,
        size == 0 ? 0 : (double) fanOut / size);
  }
}
