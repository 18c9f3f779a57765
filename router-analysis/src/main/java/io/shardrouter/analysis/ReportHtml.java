package io.shardrouter.analysis;

import io.shardrouter.analysis.AnalysisReport.CheckItem;
import io.shardrouter.analysis.AnalysisReport.Frequency;
import io.shardrouter.analysis.AnalysisReport.GroupLoad;
import io.shardrouter.analysis.AnalysisReport.OverLimit;
import io.shardrouter.analysis.AnalysisReport.PartitionLoad;
import io.shardrouter.stats.internal.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Writes an {@link AnalysisReport} as one self-contained HTML page: no network, no external script
 * or font, charts as inline SVG in fixed colours (load per group {@value #GROUP_COLOUR}, per
 * partition {@value #PARTITION_COLOUR}, hot keys {@value #KEY_COLOUR}, arrival order {@value
 * #GROWTH_COLOUR}). Every chart has axes with ticks and units (shares in percent); the hottest
 * groups and partitions are labelled with their share; key shares are on a log scale with a mean
 * partition's share as the reference line; the arrival order is a scatter of key rank against
 * arrival rank with the rank correlation printed. A "next step" box gives the {@code shardctl
 * advise} command. A small inline script sets the body's {@code data-report} attribute to {@code
 * rendered bars=N} after the page loaded, or {@code error} and the message if a script error
 * happened, so a headless browser can tell; nothing of it is visible.
 */
final class ReportHtml {
  /** Fill of the load-per-group bars. */
  public static final String GROUP_COLOUR = "#1f77b4";

  /** Fill of the load-per-partition bars. */
  public static final String PARTITION_COLOUR = "#ff7f0e";

  /** Fill of the hot key bars. */
  public static final String KEY_COLOUR = "#2ca02c";

  /** Fill of the arrival-order scatter's points. */
  public static final String GROWTH_COLOUR = "#9467bd";

  /** How many of the hottest groups and partitions are labelled on their chart. */
  public static final int LABELLED = 3;

  private static final int W = 470;
  private static final int H = 300;
  // the plot area of the vertical bar charts and the scatter
  private static final double LEFT = 54;
  private static final double RIGHT = W - 14;
  private static final double TOP = 40;
  private static final double BOTTOM = H - 46;

  private ReportHtml() {}

  /**
   * The page; the next-step command names {@code document} (the routing document's path), or {@code
   * DOC} when it is null.
   */
  public static String write(AnalysisReport r, @Nullable String document) {
    StringBuilder sb = new StringBuilder(1 << 16);
    sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    sb.append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';")
        .append(" style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n");
    sb.append("<title>Key analysis: ").append(esc(r.entity())).append("</title>\n");
    sb.append("<style>body{font-family:sans-serif;margin:16px;background:#fff;color:#222}")
        .append(".grid{display:grid;grid-template-columns:")
        .append(W)
        .append("px ")
        .append(W)
        .append("px;gap:12px 16px}")
        .append("svg{border:1px solid #ddd;background:#fff}h1{font-size:20px;margin:0 0 8px}")
        .append("h2{font-size:15px;margin:4px 0}table{border-collapse:collapse;font-size:13px;")
        .append("margin:8px 0}td,th{border:1px solid #ccc;padding:3px 6px;text-align:left}")
        .append(".pass{background:#c8e6c9}.warn{background:#ffe0b2}.fail{background:#ffcdd2}")
        .append(".skip{background:#eeeeee}")
        .append("#next{border:2px solid #4a6f8a;background:#f1f5f8;padding:6px 12px;")
        .append("margin:0 0 12px;max-width:")
        .append(2 * W - 10)
        .append("px;font-size:14px}#next h2{margin:2px 0 4px}")
        .append("#next code{display:block;background:#fff;border:1px solid #bcd;padding:4px 8px;")
        .append("margin:4px 0;font-size:13px}</style></head><body data-report=\"loading\">\n");
    sb.append("<h1>Key analysis: ").append(esc(r.entity())).append(" version ");
    sb.append(r.version()).append(" (").append(esc(r.strategy())).append(", ");
    sb.append(r.distribution().partitionLoad().length).append(" partitions, source ");
    sb.append(esc(r.source())).append(")</h1>\n");
    next(sb, r, document);
    sb.append("<div class=\"grid\">\n");
    groups(sb, r.distribution().groups());
    partitions(sb, r.distribution().partitionLoad(), r.distribution().hottestPartitions());
    hotKeys(sb, r.keyCharacteristics().mostCommonValues(), r.distribution().partitionLoad().length);
    arrival(sb, r.growth(), r.keyCharacteristics().recordIdCorrelationCoefficient());
    sb.append("</div>\n<h2>Checklist</h2>\n<table><tr><th>item</th><th>result</th>")
        .append("<th>value</th><th>why</th></tr>\n");
    for (CheckItem i : r.checklist()) {
      sb.append("<tr class=\"").append(i.result()).append("\"><td>").append(esc(i.item()));
      sb.append("</td><td>").append(i.result().toUpperCase(Locale.ROOT)).append("</td><td>");
      sb.append(value(i)).append("</td><td>");
      sb.append(esc(i.detail())).append("</td></tr>\n");
    }
    sb.append("</table>\n");
    facts(sb, r);
    sb.append("<script>\n")
        .append("var errors = [];\n")
        .append(
            "window.addEventListener('error', function (e) { errors.push(String(e.message)); });\n")
        .append("window.addEventListener('load', function () {\n")
        .append("  var bars = document.querySelectorAll('svg .bar').length;\n")
        .append("  document.body.setAttribute('data-report', errors.length ?")
        .append(" 'error ' + errors.join('; ') : 'rendered bars=' + bars);\n")
        .append("});\n</script>\n</body></html>\n");
    return sb.toString();
  }

  /** A checklist value as the detail states it: shares in percent, the rest rounded. */
  private static String value(CheckItem i) {
    if (Double.isNaN(i.value())) {
      return "";
    }
    return switch (i.item()) {
      case "stability", "evenness", "hot keys" -> pct(i.value());
      case "cross-partition queries" -> String.format(Locale.ROOT, "%.1f%%", i.value());
      default -> Json.number(Math.round(i.value() * 1000) / 1000.0);
    };
  }

  /** The next-step box: what the checklist asks for, and the advise command. */
  private static void next(StringBuilder sb, AnalysisReport r, @Nullable String document) {
    String doc = document == null ? "DOC" : shellWord(document);
    List<String> uneven = new ArrayList<>();
    for (CheckItem i : r.checklist()) {
      if ((i.item().equals("evenness") || i.item().equals("hot keys"))
          && (i.result().equals("fail") || i.result().equals("warn"))) {
        uneven.add(i.item() + " " + i.result().toUpperCase(Locale.ROOT));
      }
    }
    sb.append("<div id=\"next\"><h2>Next step</h2><div>");
    sb.append(
        esc(
            uneven.isEmpty()
                ? "Nothing here asks for a rebalance. To have the advisor check the measured load,"
                    + " or before a change:"
                : String.join(", ", uneven)
                    + ": let the advisor propose the next routing document (hot keys isolated,"
                    + " hot ranges split, partitions moved):"));
    sb.append("</div>");
    for (CheckItem i : r.checklist()) {
      if (i.item().equals("monotonic keys") && i.result().equals("fail")) {
        sb.append("<div>")
            .append(
                esc(
                    "monotonic keys FAIL: new keys all land in the last range; a split moves"
                        + " the hot tail, it does not spread it: route these keys by a hash"
                        + " strategy, or by a key that does not grow with time."))
            .append("</div>");
      }
    }
    if (r.source().equals("keys")) {
      sb.append("<code>shardctl analyze ")
          .append(esc(doc))
          .append(" --keys FILE --stats-out STATS</code>");
    }
    sb.append("<code>shardctl advise ").append(esc(doc)).append(" --stats STATS</code></div>\n");
  }

  private static void groups(StringBuilder sb, List<GroupLoad> groups) {
    open(sb, "chart-groups", "Load per replica group (share of load)");
    double max = 0;
    for (GroupLoad g : groups) {
      max = Math.max(max, g.share());
    }
    double fair = groups.isEmpty() ? 0 : 1.0 / groups.size();
    double top = yAxis(sb, Math.max(max, fair));
    int n = Math.max(1, groups.size());
    double bw = (RIGHT - LEFT) / n;
    for (int i = 0; i < groups.size(); i++) {
      GroupLoad g = groups.get(i);
      double h = (BOTTOM - TOP) * g.share() / top;
      rect(
          sb,
          LEFT + i * bw + bw * 0.15,
          BOTTOM - h,
          bw * 0.7,
          h,
          GROUP_COLOUR,
          g.group() + ": " + g.load() + " routes, " + pct(g.share()));
      if (groups.size() <= 12) {
        text(sb, LEFT + i * bw + bw / 2, BOTTOM + 14, g.group(), "middle", "category");
      }
    }
    Integer[] order = new Integer[groups.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Double.compare(groups.get(b).share(), groups.get(a).share()));
    List<double[]> placed = new ArrayList<>();
    refLine(sb, placed, fair, top, "fair share " + pct(fair));
    for (int k = 0; k < Math.min(LABELLED, order.length); k++) {
      GroupLoad g = groups.get(order[k]);
      if (g.share() == 0) {
        break;
      }
      double x = LEFT + order[k] * bw + bw / 2;
      double y = BOTTOM - (BOTTOM - TOP) * g.share() / top - 4;
      label(sb, placed, x, y, g.group() + " " + pct(g.share()), k == 0 ? "hottest-group" : null);
    }
    xTitle(sb, "replica group (" + groups.size() + ")");
    sb.append("</svg></div>\n");
  }

  private static void partitions(StringBuilder sb, long[] load, List<PartitionLoad> hottest) {
    open(sb, "chart-partitions", "Load per partition (share of load)");
    long total = 0;
    long max = 0;
    for (long l : load) {
      total += l;
      max = Math.max(max, l);
    }
    double mean = 1.0 / load.length;
    double top = yAxis(sb, Math.max(total == 0 ? 0 : (double) max / total, mean));
    double bw = (RIGHT - LEFT) / load.length;
    for (int p = 0; p < load.length; p++) {
      double share = total == 0 ? 0 : (double) load[p] / total;
      double h = (BOTTOM - TOP) * share / top;
      rect(
          sb,
          LEFT + p * bw + (bw >= 4 ? bw * 0.1 : 0),
          BOTTOM - h,
          Math.max(bw >= 4 ? bw * 0.8 : bw, 1),
          h,
          PARTITION_COLOUR,
          "partition " + p + ": " + load[p] + " routes, " + pct(share));
    }
    int step = niceInt(load.length / 5.0);
    for (int p = 0; p < load.length; p += step) {
      if (load.length - 1 - p >= step / 2 || p == 0) {
        xTick(sb, LEFT + p * bw + bw / 2, Integer.toString(p));
      }
    }
    xTick(sb, LEFT + (load.length - 0.5) * bw, Integer.toString(load.length - 1));
    List<double[]> placed = new ArrayList<>();
    refLine(sb, placed, mean, top, "mean " + pct(mean));
    for (int k = 0; k < Math.min(LABELLED, hottest.size()); k++) {
      PartitionLoad pl = hottest.get(k);
      if (pl.load() == 0) {
        break;
      }
      double x = LEFT + (pl.partition() + 0.5) * bw;
      double y = BOTTOM - (BOTTOM - TOP) * pl.share() / top - 4;
      label(
          sb,
          placed,
          x,
          y,
          "p" + pl.partition() + " " + pct(pl.share()) + " (" + pl.group() + ")",
          k == 0 ? "hottest-partition" : null);
    }
    xTitle(sb, "partition (" + load.length + ")");
    sb.append("</svg></div>\n");
  }

  private static void hotKeys(StringBuilder sb, List<Frequency> keys, int partitions) {
    open(sb, "chart-hotkeys", "Most common keys (share of load, log scale)");
    double mean = 1.0 / partitions;
    double min = mean / 10;
    for (Frequency f : keys) {
      if (f.share() > 0) {
        min = Math.min(min, f.share());
      }
    }
    int lo = (int) Math.floor(Math.log10(Math.max(min, 1e-7)) + 1e-9); // decades: 10^lo .. 10^0
    double left = 132;
    double right = RIGHT - 46;
    double x0 = left;
    java.util.function.DoubleUnaryOperator x =
        s -> x0 + (right - x0) * (Math.log10(Math.max(s, Math.pow(10, lo))) - lo) / -lo;
    for (int d = lo; d <= 0; d++) {
      double xs = x.applyAsDouble(Math.pow(10, d));
      grid(sb, xs, TOP - 8, xs, BOTTOM);
      text(sb, xs, BOTTOM + 14, pctTick(Math.pow(10, d)), "middle", "xtick");
    }
    axis(sb, left, BOTTOM, right, BOTTOM);
    double bh = (BOTTOM - TOP) / Math.max(KeyAnalysis.TOP, keys.size());
    for (int i = 0; i < keys.size(); i++) {
      Frequency f = keys.get(i);
      double y = TOP + i * bh;
      double w = x.applyAsDouble(f.share()) - left;
      rect(
          sb,
          left,
          y + bh * 0.15,
          w,
          bh * 0.7,
          KEY_COLOUR,
          f.value() + ": " + f.frequency() + " of the sample, " + pct(f.share()));
      String name = f.value().length() > 21 ? f.value().substring(0, 20) + "…" : f.value();
      text(sb, left - 4, y + bh * 0.68, name, "end", "category");
      text(sb, left + w + 3, y + bh * 0.68, pct(f.share()), "start", "value");
    }
    if (keys.isEmpty()) {
      text(sb, (left + right) / 2, (TOP + BOTTOM) / 2, "no key sampled", "middle", null);
    }
    double xm = x.applyAsDouble(mean);
    sb.append(
        String.format(
            Locale.ROOT,
            "<line class=\"ref\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#c00\""
                + " stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>",
            xm,
            xm,
            TOP - 6,
            BOTTOM));
    text(sb, xm, TOP - 10, "mean partition " + pct(mean), "middle", "ref");
    xTitle(sb, "share of load (% of the sample)");
    sb.append("</svg></div>\n");
  }

  private static void arrival(StringBuilder sb, List<double[]> points, double rho) {
    open(sb, "chart-growth", "Arrival order: key rank against arrival rank");
    double w = RIGHT - LEFT;
    double h = BOTTOM - TOP;
    for (int t = 0; t <= 4; t++) {
      double f = t / 4.0;
      grid(sb, LEFT, BOTTOM - f * h, RIGHT, BOTTOM - f * h);
      grid(sb, LEFT + f * w, TOP, LEFT + f * w, BOTTOM);
      text(sb, LEFT - 4, BOTTOM - f * h + 4, pctTick(f), "end", "ytick");
      text(sb, LEFT + f * w, BOTTOM + 14, pctTick(f), "middle", "xtick");
    }
    axis(sb, LEFT, BOTTOM, RIGHT, BOTTOM);
    axis(sb, LEFT, TOP, LEFT, BOTTOM);
    if (points.isEmpty()) {
      text(sb, (LEFT + RIGHT) / 2, (TOP + BOTTOM) / 2, "arrival order unknown", "middle", null);
    } else {
      for (double[] p : points) {
        sb.append(
            String.format(
                Locale.ROOT,
                "<circle class=\"bar\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.6\" fill=\"%s\"/>",
                LEFT + p[0] * w,
                BOTTOM - p[1] * h,
                GROWTH_COLOUR));
      }
    }
    String r =
        Double.isNaN(rho)
            ? "Spearman ρ unknown (fewer than 3 keys, or a statistics export)"
            : String.format(
                Locale.ROOT,
                "Spearman ρ = %.3f: %s (monotonic from |ρ| ≥ %s)",
                rho,
                Math.abs(rho) >= KeyAnalysis.MONOTONIC ? "monotonic" : "not monotonic",
                Json.number(KeyAnalysis.MONOTONIC));
    text(sb, LEFT, TOP - 12, r, "start", "rho");
    xTitle(sb, "arrival rank (% of the sample, first line 0%)");
    yTitle(sb, "key rank (% of key order)");
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
    sb.append(H).append("\" viewBox=\"0 0 ").append(W).append(' ').append(H);
    sb.append("\" font-family=\"sans-serif\">");
  }

  /**
   * Draws the y axis of a share chart from 0 to a round share at least {@code max}, with ticks in
   * percent and grid lines; returns that top share.
   */
  private static double yAxis(StringBuilder sb, double max) {
    double step = niceStep(Math.max(max, 1e-9) / 4);
    double top = Math.min(1, Math.ceil(max / step - 1e-9) * step);
    if (top <= 0) {
      top = step;
    }
    for (double t = 0; t <= top + step / 2; t += step) {
      double y = BOTTOM - (BOTTOM - TOP) * Math.min(t, top) / top;
      grid(sb, LEFT, y, RIGHT, y);
      text(sb, LEFT - 4, y + 4, pctTick(Math.min(t, top)), "end", "ytick");
    }
    axis(sb, LEFT, BOTTOM, RIGHT, BOTTOM);
    axis(sb, LEFT, TOP, LEFT, BOTTOM);
    yTitle(sb, "share of load (%)");
    return top;
  }

  /** 1, 2, 2.5 or 5 times a power of ten, at least {@code raw}. */
  static double niceStep(double raw) {
    double p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 2.5, 5, 10}) {
      if (m * p >= raw * (1 - 1e-9)) {
        return m * p;
      }
    }
    return 10 * p;
  }

  private static int niceInt(double raw) {
    return Math.max(1, (int) Math.round(niceStep(Math.max(raw, 1))));
  }

  /**
   * A dashed horizontal reference line at {@code share}, labelled at its right end; the label is
   * added to {@code placed} so that bar labels keep clear of it.
   */
  private static void refLine(
      StringBuilder sb, List<double[]> placed, double share, double top, String label) {
    double y = BOTTOM - (BOTTOM - TOP) * share / top;
    sb.append(
        String.format(
            Locale.ROOT,
            "<line class=\"ref\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#c00\""
                + " stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>",
            LEFT,
            RIGHT,
            y,
            y));
    text(sb, RIGHT - 2, y - 4, label, "end", "ref");
    double half = label.length() * 3.2;
    placed.add(new double[] {RIGHT - 2 - half, y - 4, half});
  }

  /**
   * A value label above a bar at {@code (x, y)}, raised above the labels already {@code placed}
   * that it would overlap, and kept inside the chart.
   */
  private static void label(
      StringBuilder sb, List<double[]> placed, double x, double y, String s, @Nullable String cls) {
    double half = s.length() * 3.2;
    double cx = Math.max(LEFT + half, Math.min(RIGHT - half, x));
    boolean moved = true;
    while (moved) {
      moved = false;
      for (double[] q : placed) {
        if (Math.abs(q[0] - cx) < q[2] + half + 4 && Math.abs(q[1] - y) < 13) {
          y = q[1] - 13;
          moved = true;
        }
      }
    }
    y = Math.max(y, 12);
    placed.add(new double[] {cx, y, half});
    text(sb, cx, y, s, "middle", cls == null ? "label" : "label " + cls);
  }

  private static void xTick(StringBuilder sb, double x, String s) {
    axis(sb, x, BOTTOM, x, BOTTOM + 4);
    text(sb, x, BOTTOM + 15, s, "middle", "xtick");
  }

  private static void xTitle(StringBuilder sb, String s) {
    text(sb, (LEFT + RIGHT) / 2, H - 10, s, "middle", "axis-title");
  }

  private static void yTitle(StringBuilder sb, String s) {
    sb.append(
        String.format(
            Locale.ROOT,
            "<text class=\"axis-title\" transform=\"translate(13,%.1f) rotate(-90)\""
                + " font-size=\"11\" text-anchor=\"middle\">",
            (TOP + BOTTOM) / 2));
    sb.append(esc(s)).append("</text>");
  }

  private static void grid(StringBuilder sb, double x1, double y1, double x2, double y2) {
    line(sb, x1, y1, x2, y2, "#e4e4e4");
  }

  private static void axis(StringBuilder sb, double x1, double y1, double x2, double y2) {
    line(sb, x1, y1, x2, y2, "#444");
  }

  private static void line(
      StringBuilder sb, double x1, double y1, double x2, double y2, String stroke) {
    sb.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
                + " shape-rendering=\"crispEdges\"/>",
            x1,
            y1,
            x2,
            y2,
            stroke));
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

  private static void text(
      StringBuilder sb, double x, double y, String s, String anchor, @Nullable String cls) {
    sb.append("<text");
    if (cls != null) {
      sb.append(" class=\"").append(cls).append('"');
    }
    sb.append(
        String.format(
            Locale.ROOT,
            " x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"%s\"%s%s>",
            x,
            y,
            anchor,
            cls != null && cls.startsWith("ref") ? " fill=\"#c00\"" : "",
            cls != null && (cls.startsWith("label") || cls.startsWith("ref") || cls.equals("value"))
                ? " stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\""
                : ""));
    sb.append(esc(s)).append("</text>");
  }

  /** A share in percent with two decimals: {@code 16.74%}. */
  static String pct(double share) {
    return String.format(Locale.ROOT, "%.2f%%", share * 100);
  }

  /**
   * A tick's share in percent, as short as it is exact: {@code 0%}, {@code 2.5%}, {@code 0.01%}.
   */
  static String pctTick(double share) {
    return new java.math.BigDecimal(share * 100)
            .round(new java.math.MathContext(6))
            .stripTrailingZeros()
            .toPlainString()
        + "%";
  }

  /** {@code s} as one shell word: as it is when it is plain, else in single quotes. */
  static String shellWord(String s) {
    return s.matches("[A-Za-z0-9_./:=@%+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
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
