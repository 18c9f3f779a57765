package io.shardrouter.stats;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.AnalysisReport.CheckItem;
import io.shardrouter.stats.AnalysisReport.Comparison;
import io.shardrouter.stats.AnalysisReport.Distribution;
import io.shardrouter.stats.AnalysisReport.KeyCharacteristics;
import io.shardrouter.stats.AnalysisReport.QueryDistribution;
import io.shardrouter.stats.internal.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The review checklist of a shard key, each item answered pass / warn / fail with the number behind
 * it, or skip when the data cannot answer. The thresholds are listed in {@code
 * docs/observability.md}.
 */
final class Checklist {
  private Checklist() {}

  static List<CheckItem> of(
      RoutingTable table,
      KeyCharacteristics kc,
      Distribution d,
      QueryDistribution q,
      Comparison cmp) {
    List<CheckItem> out = new ArrayList<>();
    int n = table.partitionCount();
    if (kc.numDistinctValues() < 0) {
      out.add(skip("cardinality", "statistics do not count distinct keys; analyse a key file"));
    } else {
      double perPartition = (double) kc.numDistinctValues() / n;
      out.add(
          new CheckItem(
              "cardinality",
              perPartition < 1 ? "fail" : perPartition < 10 ? "warn" : "pass",
              perPartition,
              kc.numDistinctValues()
                  + " distinct keys over "
                  + n
                  + " partitions: "
                  + fmt(perPartition)
                  + " per partition (fail < 1, warn < 10)"));
    }
    if (cmp == null) {
      out.add(skip("stability", "give --compare with the next document to measure what moves"));
    } else {
      double ideal =
          Math.abs(cmp.partitionCount() - n) / (double) Math.max(cmp.partitionCount(), n);
      double ratio =
          ideal == 0
              ? (cmp.movedGroupShare() == 0 ? 1 : Double.POSITIVE_INFINITY)
              : cmp.movedGroupShare() / ideal;
      out.add(
          new CheckItem(
              "stability",
              ratio <= 1.5 ? "pass" : ratio <= 3 ? "warn" : "fail",
              cmp.movedGroupShare(),
              pct(cmp.movedGroupShare())
                  + " of keys change group under "
                  + cmp.document()
                  + "; the least a change of partition count can move is "
                  + pct(ideal)
                  + " (warn above 1.5x, fail above 3x)"));
    }
    double even = d.groupPeakToMean();
    out.add(
        new CheckItem(
            "evenness",
            even <= 1.25 ? "pass" : even <= 2 ? "warn" : "fail",
            even,
            "peak/mean load over groups "
                + fmt(even)
                + ", over partitions "
                + fmt(d.partitionPeakToMean())
                + " (warn above 1.25, fail above 2)"));
    if (kc.mostCommonValues().isEmpty()) {
      out.add(skip("hot keys", "no key was sampled"));
    } else {
      AnalysisReport.Frequency top = kc.mostCommonValues().get(0);
      double ofMean = top.share() * n;
      out.add(
          new CheckItem(
              "hot keys",
              ofMean <= 0.5 ? "pass" : ofMean <= 1 ? "warn" : "fail",
              top.share(),
              "key '"
                  + top.value()
                  + "' takes "
                  + pct(top.share())
                  + " of the load, "
                  + fmt(ofMean)
                  + "x a mean partition's; above 1x no placement can even it: split the key"
                  + " (write sharding) or isolate it (warn above 0.5x)"));
    }
    if (kc.monotonicityType().equals("unknown")) {
      out.add(
          skip("monotonic keys", "arrival order is unknown; analyse a key file in arrival order"));
    } else {
      boolean mono = kc.monotonicityType().equals("monotonic");
      boolean ordered = table.strategy().type().equals("range");
      out.add(
          new CheckItem(
              "monotonic keys",
              mono && ordered ? "fail" : mono ? "warn" : "pass",
              kc.recordIdCorrelationCoefficient(),
              "rank correlation of key order with arrival order "
                  + fmt(kc.recordIdCorrelationCoefficient())
                  + (mono && ordered
                      ? ": new keys all land in the last range (the hot tail)"
                      : mono
                          ? ": keys grow with time; fine for hashing, not for ranges"
                          : ": keys do not grow with arrival order")
                  + " (monotonic from |r| >= "
                  + KeyAnalysis.MONOTONIC
                  + ")"));
    }
    if (q == null) {
      out.add(skip("cross-partition queries", "give --queries with a sample of queries"));
    } else {
      double single = q.percentageOfSinglePartitionQueries();
      out.add(
          new CheckItem(
              "cross-partition queries",
              single >= 90 ? "pass" : single >= 50 ? "warn" : "fail",
              single,
              fmt(single)
                  + "% of "
                  + q.sampleSize()
                  + " queries visit one partition, "
                  + fmt(q.percentageOfScatterGatherQueries())
                  + "% visit all; mean fan-out "
                  + fmt(q.meanFanOut())
                  + " (warn below 90%, fail below 50%)"));
    }
    return out;
  }

  private static CheckItem skip(String item, String why) {
    return new CheckItem(item, "skip", Double.NaN, why);
  }

  static String fmt(double d) {
    return Json.number(Math.round(d * 1000) / 1000.0);
  }

  static String pct(double share) {
    return String.format(Locale.ROOT, "%.2f%%", share * 100);
  }
}
