package io.shardrouter.stats.internal;

import io.shardrouter.stats.AnalysisReport;
import io.shardrouter.stats.AnalysisReport.CheckItem;
import io.shardrouter.stats.AnalysisReport.Frequency;
import io.shardrouter.stats.AnalysisReport.GroupLoad;
import io.shardrouter.stats.AnalysisReport.OverLimit;
import java.util.List;
import java.util.Locale;

/**
 * Writes an {@link AnalysisReport} as one self-contained HTML page: no network, no external script
 * or font, charts as inline SVG in fixed colours (load per group {@value #GROUP_COLOUR}, per
 * partition {@value #PARTITION_COLOUR}, hot keys {@value #KEY_COLOUR}, key-order growth {@value
 * #GROWTH_COLOUR}). A small inline script writes {@code report-rendered} into the element {@code
 * #status} after the page loaded, and {@code report-error} with the message if a script error
 * happened, so a headless browser can tell.
 */
public final class ReportHtml {
  /** Fill of the load-per-group bars. */
  public static final String GROUP_COLOUR = "#1f77b4";

  /** Fill of the load-per-partition bars. */
  public static final String PARTITION_COLOUR = "#ff7f0e";

  /** Fill of the hot key bars. */
  public static final String KEY_COLOUR = "#2ca02c";

  /** Stroke of the growth curve. */
  public static final String GROWTH_COLOUR = "#9467bd";

  private static final int W = 460;
  private static final int H = 260;

  private ReportHtml() {}

  /** The page. */
  public static String write(AnalysisReport r) {
    StringBuilder sb = new StringBuilder(1 << 16);
    sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    sb.append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';")
        .append(" style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n");
    sb.append("<title>Shard key analysis: ").append(esc(r.entity())).append("</title>\n");
    sb.append("<style>body{font-family:sans-serif;margin:16px;background:#fff;color:#222}")
        .append(".grid{display:grid;grid-template-columns:")
        .append(W)
        .append("px ")
        .append(W)
        .append("px;gap:16px}")
        .append("svg{border:1px solid #ddd;background:#fff}h1{font-size:20px}h2{font-size:15px;")
        .append("margin:4px 0}table{border-collapse:collapse;font-size:13px;margin:8px 0}")
        .append("td,th{border:1px solid #ccc;padding:3px 6px;text-align:left}")
        .append(".pass{background:#c8e6c9}.warn{background:#ffe0b2}.fail{background:#ffcdd2}")
        .append(".skip{background:#eeeeee}</style></head><body>\n");
    sb.append("<h1>Shard key analysis: ").append(esc(r.entity())).append(" version ");
    sb.append(r.version()).append(" (").append(esc(r.strategy())).append(", ");
    sb.append(r.distribution().partitionLoad().length).append(" partitions, source ");
    sb.append(esc(r.source())).append(")</h1>\n<div class=\"grid\">\n");
    groups(sb, r.distribution().groups());
    partitions(sb, r.distribution().partitionLoad());
    hotKeys(sb, r.keyCharacteristics().mostCommonValues());
    growth(sb, r.growth());
    sb.append("</div>\n<h2>Checklist</h2>\n<table><tr><th>item</th><th>result</th>")
        .append("<th>value</th><th>why</th></tr>\n");
    for (CheckItem i : r.checklist()) {
      sb.append("<tr class=\"").append(i.result()).append("\"><td>").append(esc(i.item()));
      sb.append("</td><td>").append(i.result()).append("</td><td>");
      sb.append(Double.isNaN(i.value()) ? "" : Json.number(i.value())).append("</td><td>");
      sb.append(esc(i.detail())).append("</td></tr>\n");
    }
    sb.append("</table>\n");
    facts(sb, r);
    sb.append("<p id=\"status\">loading</p>\n<script>\n")
        .append("var errors = [];\n")
        .append(
            "window.addEventListener('error', function (e) { errors.push(String(e.message)); });\n")
        .append("window.addEventListener('load', function () {\n")
        .append("  var bars = document.querySelectorAll('svg .bar').length;\n")
        .append("  document.getElementById('status').textContent = errors.length ?")
        .append(" 'report-error ' + errors.join('; ') : 'report-rendered bars=' + bars;\n")
        .append("});\n</script>\n</body></html>\n");
    return sb.toString();
  }

  private static void groups(StringBuilder sb, List<GroupLoad> groups) {
    open(sb, "chart-groups", "Load per group");
    long max = 1;
    for (GroupLoad g : groups) {
      max = Math.max(max, g.load());
    }
    double bw = (W - 60.0) / Math.max(1, groups.size());
    for (int i = 0; i < groups.size(); i++) {
      GroupLoad g = groups.get(i);
      double h = (H - 60.0) * g.load() / max;
      rect(
          sb,
          40 + i * bw + bw * 0.1,
          H - 30 - h,
          bw * 0.8,
          h,
          GROUP_COLOUR,
          g.group() + ": " + g.load());
      if (groups.size() <= 16) {
        text(sb, 40 + i * bw + bw / 2, H - 14, g.group(), "middle");
      }
    }
    close(sb, max);
  }

  private static void partitions(StringBuilder sb, long[] load) {
    open(sb, "chart-partitions", "Load per partition");
    long max = 1;
    long total = 0;
    for (long l : load) {
      max = Math.max(max, l);
      total += l;
    }
    double bw = (W - 60.0) / load.length;
    for (int p = 0; p < load.length; p++) {
      double h = (H - 60.0) * load[p] / max;
      rect(
          sb,
          40 + p * bw,
          H - 30 - h,
          Math.max(bw * 0.9, 1),
          h,
          PARTITION_COLOUR,
          p + ": " + load[p]);
    }
    double mean = (double) total / load.length;
    double y = H - 30 - (H - 60.0) * mean / max;
    sb.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"40\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#555\" stroke-dasharray=\"4 3\"/>",
            W - 20,
            y,
            y));
    text(sb, W - 22, y - 4, "mean", "end");
    text(sb, 40, H - 14, "partition 0", "start");
    text(sb, W - 20, H - 14, Integer.toString(load.length - 1), "end");
    close(sb, max);
  }

  private static void hotKeys(StringBuilder sb, List<Frequency> keys) {
    open(sb, "chart-hotkeys", "Most common keys (share of load)");
    double max = 0;
    for (Frequency f : keys) {
      max = Math.max(max, f.share());
    }
    double bh = (H - 50.0) / Math.max(1, keys.size());
    for (int i = 0; i < keys.size(); i++) {
      Frequency f = keys.get(i);
      double w = max == 0 ? 0 : (W - 200.0) * f.share() / max;
      rect(
          sb,
          140,
          30 + i * bh + bh * 0.1,
          w,
          bh * 0.8,
          KEY_COLOUR,
          f.value() + ": " + f.frequency());
      String label = f.value().length() > 18 ? f.value().substring(0, 17) + "…" : f.value();
      text(sb, 136, 30 + i * bh + bh * 0.65, label, "end");
      text(
          sb,
          144 + w,
          30 + i * bh + bh * 0.65,
          String.format(Locale.ROOT, "%.2f%%", f.share() * 100),
          "start");
    }
    sb.append("</svg></div>\n");
  }

  private static void growth(StringBuilder sb, List<double[]> points) {
    open(sb, "chart-growth", "Key order by arrival (a diagonal is monotonic)");
    double x0 = 40;
    double y0 = H - 30;
    double w = W - 60;
    double h = H - 60;
    sb.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>",
            x0,
            y0,
            x0 + w,
            y0 - h));
    if (!points.isEmpty()) {
      sb.append("<polyline class=\"bar\" fill=\"none\" stroke=\"").append(GROWTH_COLOUR);
      sb.append("\" stroke-width=\"3\" points=\"");
      for (double[] p : points) {
        sb.append(String.format(Locale.ROOT, "%.1f,%.1f ", x0 + p[0] * w, y0 - p[1] * h));
      }
      sb.append("\"/>");
    } else {
      text(sb, W / 2.0, H / 2.0, "arrival order unknown (statistics)", "middle");
    }
    text(sb, x0, H - 14, "first key", "start");
    text(sb, x0 + w, H - 14, "last key", "end");
    sb.append("</svg></div>\n");
  }

  private static void facts(StringBuilder sb, AnalysisReport r) {
    var kc = r.keyCharacteristics();
    sb.append("<h2>Key characteristics</h2><table>");
    row(sb, "numKeysSampled", Long.toString(kc.numKeysSampled()));
    row(
        sb,
        "numDistinctValues",
        kc.numDistinctValues() < 0 ? "unknown" : Long.toString(kc.numDistinctValues()));
    row(sb, "isUnique", Boolean.toString(kc.isUnique()));
    row(
        sb,
        "monotonicity",
        kc.monotonicityType() + " (r = " + Json.number(kc.recordIdCorrelationCoefficient()) + ")");
    row(sb, "partition peak/mean", Json.number(r.distribution().partitionPeakToMean()));
    row(sb, "group peak/mean", Json.number(r.distribution().groupPeakToMean()));
    if (r.queries() != null) {
      var q = r.queries();
      row(
          sb,
          "queries",
          q.sampleSize()
              + ": single "
              + Json.number(q.percentageOfSinglePartitionQueries())
              + "%, multi "
              + Json.number(q.percentageOfMultiPartitionQueries())
              + "%, scatter-gather "
              + Json.number(q.percentageOfScatterGatherQueries())
              + "%, mean fan-out "
              + Json.number(q.meanFanOut()));
    }
    if (r.comparison() != null) {
      var c = r.comparison();
      row(
          sb,
          "compare with " + c.document(),
          "keys changing partition "
              + Json.number(c.movedShare())
              + ", changing group "
              + Json.number(c.movedGroupShare())
              + ", group peak/mean after "
              + Json.number(c.groupPeakToMean()));
    }
    sb.append("</table>\n");
    if (r.overLimit() != null) {
      sb.append("<h2>Over capacity</h2><table><tr><th>scope</th><th>id</th><th>kind</th>")
          .append("<th>rate/s</th><th>limit/s</th><th>over by</th></tr>");
      for (OverLimit o : r.overLimit()) {
        sb.append("<tr class=\"fail\"><td>")
            .append(o.scope())
            .append("</td><td>")
            .append(esc(o.id()))
            .append("</td><td>")
            .append(o.kind())
            .append("</td><td>")
            .append(Json.number(o.rate()))
            .append("</td><td>")
            .append(Json.number(o.limit()))
            .append("</td><td>")
            .append(String.format(Locale.ROOT, "%.1f%%", o.overBy() * 100))
            .append("</td></tr>");
      }
      if (r.overLimit().isEmpty()) {
        sb.append("<tr class=\"pass\"><td colspan=\"6\">nothing over its limit</td></tr>");
      }
      sb.append("</table>\n");
    }
  }

  private static void row(StringBuilder sb, String k, String v) {
    sb.append("<tr><th>").append(esc(k)).append("</th><td>").append(esc(v)).append("</td></tr>");
  }

  private static void open(StringBuilder sb, String id, String title) {
    sb.append("<div><h2>").append(esc(title)).append("</h2><svg id=\"").append(id);
    sb.append("\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(W).append("\" height=\"");
    sb.append(H).append("\" viewBox=\"0 0 ").append(W).append(' ').append(H).append("\">");
  }

  private static void close(StringBuilder sb, long max) {
    sb.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"40\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#555\"/>",
            H - 30,
            W - 20,
            H - 30));
    text(sb, 36, 34, Long.toString(max), "end");
    sb.append("</svg></div>\n");
  }

  private static void rect(
      StringBuilder sb, double x, double y, double w, double h, String fill, String title) {
    sb.append(
        String.format(
            Locale.ROOT,
            "<rect class=\"bar\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\""
                + " shape-rendering=\"crispEdges\"><title>",
            x,
            y,
            w,
            h,
            fill));
    sb.append(esc(title)).append("</title></rect>");
  }

  private static void text(StringBuilder sb, double x, double y, String s, String anchor) {
    sb.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"%s\">",
            x,
            y,
            anchor));
    sb.append(esc(s)).append("</text>");
  }

  /** {@code s} with the characters HTML gives meaning to escaped. */
  public static String esc(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
