package io.shardrouter.analysis;

import io.shardrouter.analysis.AnalysisReport.CheckItem;
import io.shardrouter.analysis.AnalysisReport.Comparison;
import io.shardrouter.analysis.AnalysisReport.Distribution;
import io.shardrouter.analysis.AnalysisReport.KeyCharacteristics;
import io.shardrouter.analysis.AnalysisReport.QueryDistribution;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.internal.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The review checklist of a key choice, each item answered pass / warn / fail with the number
 * behind it, or skip when the data cannot answer. The thresholds are listed in {@code
 * docs/observability.md}.
 */
final class Checklist {
  private Checklist() {}

  static List<CheckItem> of(
      RoutingTable table,
      KeyCharacteristics kc,
      Distribution d,
      @Nullable QueryDistribution q,
      @Nullable Comparison cmp) {
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
                  + " per partition"
                  + (perPartition >= 10
                      ? ", enough to spread them (warn below 10)"
                      : ": too few to spread load; choose a key with more values, or add a field"
                          + " to it (fail < 1, warn < 10)")));
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
    out.add(evenness(d, kc.numKeysSampled()));
    out.add(hotKeys(kc, n));
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
                  + (single >= 90
                      ? " (warn below 90%)"
                      : "; put the key in the queries' filters (warn below 90%, fail below"
                          + " 50%)")));
    }
    return out;
  }

  /**
   * The hottest group's share against its fair share {@code 1 / G}: pass up to 1.25x; fail above
   * 2x, or at half-way from the fair share to all of the load (so that two groups can fail:
   * peak/mean over two groups never exceeds 2); warn between. One group has nothing to even, and a
   * sample of fewer than 10 routes a group cannot tell.
   */
  private static CheckItem evenness(Distribution d, long sampled) {
    int groups = d.groups().size();
    if (groups < 2) {
      return skip("evenness", "one group holds every partition: there is nothing to even");
    }
    if (sampled < 10L * groups) {
      return skip(
          "evenness",
          "sample too small to judge evenness: "
              + sampled
              + " keys, need >= "
              + 10L * groups
              + " (10 per group)");
    }
    AnalysisReport.GroupLoad hottest = d.groups().get(0);
    for (AnalysisReport.GroupLoad g : d.groups()) {
      if (g.share() > hottest.share()) {
        hottest = g;
      }
    }
    double fair = 1.0 / groups;
    double s = hottest.share();
    String result =
        s > 2 * fair || s >= (1 + fair) / 2 ? "fail" : s > 1.25 * fair ? "warn" : "pass";
    String figures =
        "the hottest group, "
            + hottest.group()
            + ", takes "
            + pct(s)
            + " of the load; its fair share (1/"
            + groups
            + ") is "
            + pct(fair)
            + ", "
            + fmt(s / fair)
            + "x; peak/mean over partitions "
            + fmt(d.partitionPeakToMean());
    return new CheckItem(
        "evenness",
        result,
        s,
        result.equals("pass")
            ? "load is even: " + figures + " (warn above 1.25x the fair share)"
            : figures
                + "; move load off it with shardctl advise (warn above 1.25x the fair share,"
                + " fail above 2x or from half-way between the fair share and all of the load: "
                + pct((1 + fair) / 2)
                + ")");
  }

  /**
   * The top key's share as a multiple of a mean partition's: pass up to 0.5x, warn up to 1x, fail
   * above (no placement can even it). A sample of fewer than {@link #minSample} routes cannot tell,
   * and is skipped.
   */
  private static CheckItem hotKeys(KeyCharacteristics kc, int partitions) {
    if (kc.mostCommonValues().isEmpty()) {
      return skip("hot keys", "no key was sampled");
    }
    long need = minSample(partitions);
    if (kc.numKeysSampled() < need) {
      return skip(
          "hot keys",
          "sample too small to judge hot keys: "
              + kc.numKeysSampled()
              + " keys, need >= "
              + need
              + " (10 per partition, so that one sighting of a key is below a tenth of a mean"
              + " partition's load)");
    }
    AnalysisReport.Frequency top = kc.mostCommonValues().get(0);
    double ofMean = top.share() * partitions;
    String result = ofMean <= 0.5 ? "pass" : ofMean <= 1 ? "warn" : "fail";
    String figures =
        "key '" + top.value() + "' takes " + pct(top.share()) + " of the load, " + fmt(ofMean);
    return new CheckItem(
        "hot keys",
        result,
        top.share(),
        switch (result) {
          case "pass" ->
              "no hot key: the most common, " + figures + "x a mean partition's (warn above 0.5x)";
          case "warn" ->
              figures
                  + "x a mean partition's; above 1x no placement can even it: watch it (warn"
                  + " above 0.5x, fail above 1x)";
          default ->
              figures
                  + "x a mean partition's; no placement can even it: isolate it on a partition"
                  + " of its own (shardctl advise) or shard its writes (fail above 1x)";
        });
  }

  /** The fewest routes a sample needs for a hot-key verdict over {@code partitions}. */
  static long minSample(int partitions) {
    return 10L * partitions;
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
