package io.shardrouter.analysis;

import io.shardrouter.analysis.AnalysisReport.CheckItem;
import io.shardrouter.analysis.AnalysisReport.Frequency;
import io.shardrouter.analysis.AnalysisReport.GroupLoad;
import io.shardrouter.analysis.AnalysisReport.OverLimit;
import io.shardrouter.analysis.AnalysisReport.PartitionLoad;
import io.shardrouter.stats.internal.Json;

/** Writes an {@link AnalysisReport} as the {@code shardrouter-analysis/1} JSON object. */
final class ReportJson {
  /** The {@code format} field. */
  public static final String FORMAT = "shardrouter-analysis/1";

  private ReportJson() {}

  /** The report as JSON. */
  public static String write(AnalysisReport r) {
    StringBuilder sb = new StringBuilder("{\n");
    field(sb, "format", Json.quote(FORMAT));
    field(sb, "entity", Json.quote(r.entity()));
    field(sb, "routing_version", Long.toString(r.version()));
    field(sb, "strategy", Json.quote(r.strategy()));
    field(sb, "source", Json.quote(r.source()));
    var kc = r.keyCharacteristics();
    StringBuilder k = new StringBuilder("{");
    k.append("\"numKeysSampled\": ").append(kc.numKeysSampled());
    k.append(", \"numDistinctValues\": ")
        .append(kc.numDistinctValues() < 0 ? "null" : Long.toString(kc.numDistinctValues()));
    k.append(", \"isUnique\": ").append(kc.isUnique());
    k.append(", \"mostCommonValues\": [");
    String sep = "";
    for (Frequency f : kc.mostCommonValues()) {
      k.append(sep).append("{\"value\": ").append(Json.quote(f.value()));
      k.append(", \"frequency\": ").append(f.frequency());
      k.append(", \"share\": ").append(Json.number(f.share()));
      k.append(", \"error\": ").append(f.error()).append('}');
      sep = ", ";
    }
    k.append("], \"monotonicity\": {\"type\": ").append(Json.quote(kc.monotonicityType()));
    k.append(", \"recordIdCorrelationCoefficient\": ")
        .append(Json.number(kc.recordIdCorrelationCoefficient()))
        .append("}}");
    field(sb, "keyCharacteristics", k.toString());
    var d = r.distribution();
    StringBuilder ds = new StringBuilder("{");
    ds.append("\"partitionPeakToMean\": ").append(Json.number(d.partitionPeakToMean()));
    ds.append(", \"groupPeakToMean\": ").append(Json.number(d.groupPeakToMean()));
    ds.append(", \"partitionLoad\": ").append(longs(d.partitionLoad()));
    ds.append(", \"partitionKeys\": ")
        .append(d.partitionKeys() == null ? "null" : longs(d.partitionKeys()));
    ds.append(", \"groups\": [");
    sep = "";
    for (GroupLoad g : d.groups()) {
      ds.append(sep).append("{\"group\": ").append(Json.quote(g.group()));
      ds.append(", \"partitions\": ").append(g.partitions());
      ds.append(", \"keys\": ").append(g.keys() < 0 ? "null" : Long.toString(g.keys()));
      ds.append(", \"load\": ").append(g.load());
      ds.append(", \"share\": ").append(Json.number(g.share())).append('}');
      sep = ", ";
    }
    ds.append("], \"hottestPartitions\": [");
    sep = "";
    for (PartitionLoad p : d.hottestPartitions()) {
      ds.append(sep).append("{\"partition\": ").append(p.partition());
      ds.append(", \"group\": ").append(Json.quote(p.group()));
      ds.append(", \"load\": ").append(p.load());
      ds.append(", \"share\": ").append(Json.number(p.share())).append('}');
      sep = ", ";
    }
    field(sb, "distribution", ds.append("]}").toString());
    StringBuilder g = new StringBuilder("[");
    sep = "";
    for (double[] pt : r.growth()) {
      g.append(sep).append('[').append(Json.number(pt[0])).append(", ");
      g.append(Json.number(pt[1])).append(']');
      sep = ", ";
    }
    field(sb, "growth", g.append(']').toString());
    var q = r.queries();
    field(
        sb,
        "queryDistribution",
        q == null
            ? "null"
            : "{\"sampleSize\": "
                + q.sampleSize()
                + ", \"percentageOfSinglePartitionQueries\": "
                + Json.number(q.percentageOfSinglePartitionQueries())
                + ", \"percentageOfMultiPartitionQueries\": "
                + Json.number(q.percentageOfMultiPartitionQueries())
                + ", \"percentageOfScatterGatherQueries\": "
                + Json.number(q.percentageOfScatterGatherQueries())
                + ", \"meanFanOut\": "
                + Json.number(q.meanFanOut())
                + "}");
    if (r.overLimit() == null) {
      field(sb, "overLimit", "null");
    } else {
      StringBuilder o = new StringBuilder("[");
      sep = "";
      for (OverLimit l : r.overLimit()) {
        o.append(sep).append("{\"scope\": ").append(Json.quote(l.scope()));
        o.append(", \"id\": ").append(Json.quote(l.id()));
        o.append(", \"kind\": ").append(Json.quote(l.kind()));
        o.append(", \"rate\": ").append(Json.number(l.rate()));
        o.append(", \"limit\": ").append(Json.number(l.limit()));
        o.append(", \"overBy\": ").append(Json.number(l.overBy())).append('}');
        sep = ", ";
      }
      field(sb, "overLimit", o.append(']').toString());
    }
    var c = r.comparison();
    field(
        sb,
        "compare",
        c == null
            ? "null"
            : "{\"document\": "
                + Json.quote(c.document())
                + ", \"routing_version\": "
                + c.version()
                + ", \"partitions\": "
                + c.partitionCount()
                + ", \"movedShare\": "
                + Json.number(c.movedShare())
                + ", \"movedGroupShare\": "
                + Json.number(c.movedGroupShare())
                + ", \"movedLoadShare\": "
                + Json.number(c.movedLoadShare())
                + ", \"partitionPeakToMean\": "
                + Json.number(c.partitionPeakToMean())
                + ", \"groupPeakToMean\": "
                + Json.number(c.groupPeakToMean())
                + "}");
    StringBuilder ch = new StringBuilder("[");
    sep = "";
    for (CheckItem i : r.checklist()) {
      ch.append(sep).append("\n    {\"item\": ").append(Json.quote(i.item()));
      ch.append(", \"result\": ").append(Json.quote(i.result()));
      ch.append(", \"value\": ").append(Json.number(i.value()));
      ch.append(", \"detail\": ").append(Json.quote(i.detail())).append('}');
      sep = ",";
    }
    sb.append("  \"checklist\": ").append(ch.append("]\n}\n"));
    return sb.toString();
  }

  private static void field(StringBuilder sb, String name, String value) {
    sb.append("  ").append(Json.quote(name)).append(": ").append(value).append(",\n");
  }

  private static String longs(long[] a) {
    return java.util.Arrays.toString(a).replace(" ", "");
  }
}
