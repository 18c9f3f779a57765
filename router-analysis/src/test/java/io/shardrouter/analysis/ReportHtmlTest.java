package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.RouteStats;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The rules of the HTML report, read from the page it writes: axes with ticks in percent, the
 * hottest groups and partitions labelled, key bars on a log share scale against a mean partition's
 * share, the arrival-order scatter with its rank correlation, the next-step command, and no test
 * text in the visible body. {@link ReportBrowserTest} checks the same pages in a browser.
 */
class ReportHtmlTest {
  @Test
  void charts_tickLabelsAreShares_inPercent() {
    String html = ReportBrowserTest.hotKeyReport().toHtml();
    for (String chart : List.of("chart-groups", "chart-partitions", "chart-growth")) {
      List<String> ticks = texts(svg(html, chart), "ytick");
      assertTrue(ticks.size() >= 3, () -> chart + ": " + ticks);
      assertEquals("0%", ticks.get(0), chart);
      ticks.forEach(t -> assertTrue(t.matches("[0-9.]+%"), () -> chart + " tick " + t));
    }
    List<String> keyTicks = texts(svg(html, "chart-hotkeys"), "xtick");
    assertTrue(keyTicks.containsAll(List.of("0.1%", "1%", "10%", "100%")), keyTicks::toString);
    assertEquals(
        List.of("0%", "25%", "50%", "75%", "100%"), texts(svg(html, "chart-growth"), "xtick"));
    assertTrue(svg(html, "chart-groups").contains(">share of load (%)</text>"));
    assertTrue(svg(html, "chart-partitions").contains(">partition (64)</text>"));
  }

  @Test
  void hottestGroupAndPartition_labelledWithTheirShare() {
    AnalysisReport r = ReportBrowserTest.hotKeyReport();
    String html = r.toHtml();
    AnalysisReport.PartitionLoad hot = r.distribution().hottestPartitions().get(0);
    assertEquals(
        List.of("p" + hot.partition() + " " + pct(hot.share()) + " (" + hot.group() + ")"),
        texts(svg(html, "chart-partitions"), "label hottest-partition"));
    assertEquals(2, texts(svg(html, "chart-partitions"), "label").size(), "and two more");
    AnalysisReport.GroupLoad g =
        r.distribution().groups().stream()
            .max((a, b) -> Double.compare(a.share(), b.share()))
            .orElseThrow();
    assertEquals(
        List.of(g.group() + " " + pct(g.share())),
        texts(svg(html, "chart-groups"), "label hottest-group"));
    assertEquals(List.of("fair share 25.00%"), texts(svg(html, "chart-groups"), "ref"));
    assertEquals(List.of("mean 1.56%"), texts(svg(html, "chart-partitions"), "ref"));
  }

  @Test
  void keyBars_onAShareScale_theMeanPartitionMarked() {
    // uniform keys: each far below a mean partition's share, so every bar ends left of the line
    String uniform = svg(ReportBrowserTest.uniformReport().toHtml(), "chart-hotkeys");
    double line = refX(uniform);
    List<Double> ends = barEnds(uniform);
    assertEquals(10, ends.size());
    ends.forEach(e -> assertTrue(e < line - 50, () -> "bar ends at " + e + ", line at " + line));
    assertEquals(List.of("mean partition 1.56%"), texts(uniform, "ref"));
    // a hot key passes the line; the scale is the same log scale, not the top key's
    String hot = svg(ReportBrowserTest.hotKeyReport().toHtml(), "chart-hotkeys");
    assertTrue(barEnds(hot).get(0) > refX(hot) + 60, hot);
    assertTrue(barEnds(hot).get(0) < 420, "16.74% is not the full width");
  }

  @Test
  void arrivalOrder_isAScatter_withTheRankCorrelation() {
    String mono = svg(ReportBrowserTest.monotonicReport().toHtml(), "chart-growth");
    assertEquals(
        List.of("Spearman ρ = 1.000: monotonic (monotonic from |ρ| ≥ 0.7)"), texts(mono, "rho"));
    assertTrue(count(mono, "<circle class=\"bar\"") > 100, "one point per sampled position");
    assertFalse(mono.contains("<polyline"), "no zigzag line");
    String random = svg(ReportBrowserTest.hotKeyReport().toHtml(), "chart-growth");
    assertEquals(
        List.of("Spearman ρ = 0.006: not monotonic (monotonic from |ρ| ≥ 0.7)"),
        texts(random, "rho"));
    assertTrue(random.contains(">arrival rank (% of the sample, first line 0%)</text>"));
    assertTrue(random.contains(">key rank (% of key order)</text>"));
  }

  @Test
  void nextStep_namesTheDocument_andTheStatsExport() {
    AnalysisReport r = ReportBrowserTest.hotKeyReport();
    String html = r.toHtml("docs/orders v3.json");
    assertTrue(
        html.contains(
            "<code>shardctl analyze &#39;docs/orders v3.json&#39; --keys FILE --stats-out"
                + " STATS</code><code>shardctl advise &#39;docs/orders v3.json&#39; --stats"
                + " STATS</code>"),
        html);
    assertTrue(html.contains(">evenness WARN, hot keys FAIL: let the advisor propose"), html);
    assertTrue(r.toHtml().contains("<code>shardctl advise DOC --stats STATS</code>"));
    String even = ReportBrowserTest.uniformReport().toHtml("orders.json");
    assertTrue(even.contains(">Nothing here asks for a rebalance."), even);
  }

  @Test
  void statistics_noKeyExportLine_andArrivalOrderUnknown() {
    RoutingTable t = Fixtures.table("jump", 8, 2, 1);
    RouteStats stats = RouteStats.builder().sampleEvery(1).build(t);
    for (int i = 0; i < 1_000; i++) {
      stats.record(t.route("k" + i), "k" + i, RouteStats.Op.WRITE);
    }
    String html =
        KeyAnalysis.of(t).analyze(stats.snapshot(RouteStats.Window.SINCE_START)).toHtml("d.json");
    assertFalse(html.contains("--stats-out"));
    assertTrue(html.contains("<code>shardctl advise d.json --stats STATS</code>"));
    assertTrue(svg(html, "chart-growth").contains(">arrival order unknown</text>"));
    assertEquals(
        List.of("Spearman ρ unknown (fewer than 3 keys, or a statistics export)"),
        texts(svg(html, "chart-growth"), "rho"));
  }

  @Test
  void visibleBody_holdsNoTestText() {
    String html = ReportBrowserTest.hotKeyReport().toHtml();
    String visible =
        html.replaceAll("(?s)<script.*?</script>", "")
            .replaceAll("(?s)<head>.*?</head>", "")
            .replaceAll("(?s)<title>.*?</title>", "")
            .replaceAll("(?s)<[^>]*>", " ");
    assertFalse(visible.contains("rendered"), visible);
    assertFalse(visible.contains("status"), visible);
    assertTrue(html.contains("<body data-report=\"loading\">"));
    assertTrue(html.contains("setAttribute('data-report'"));
  }

  @Test
  void checklist_showsResultsInCapitals_andSharesInPercent() {
    String html = ReportBrowserTest.monotonicReport().toHtml();
    assertTrue(html.contains("<td>evenness</td><td>FAIL</td><td>100.00%</td>"), html);
    assertTrue(html.contains("<td>monotonic keys</td><td>FAIL</td><td>1</td>"), html);
    assertTrue(html.contains("monotonic keys FAIL: new keys all land in the last range"), html);
  }

  private static String pct(double share) {
    return String.format(java.util.Locale.ROOT, "%.2f%%", share * 100);
  }

  /** The SVG element with {@code id}. */
  private static String svg(String html, String id) {
    int from = html.indexOf("<svg id=\"" + id + "\"");
    assertTrue(from >= 0, id);
    return html.substring(from, html.indexOf("</svg>", from) + 6);
  }

  /** The texts of the {@code <text>} elements of exactly class {@code cls}. */
  private static List<String> texts(String svg, String cls) {
    Matcher m =
        Pattern.compile("<text class=\"" + Pattern.quote(cls) + "\"[^>]*>([^<]*)</text>")
            .matcher(svg);
    List<String> out = new ArrayList<>();
    while (m.find()) {
      out.add(m.group(1).replace("&amp;", "&"));
    }
    return out;
  }

  private static double refX(String svg) {
    Matcher m = Pattern.compile("<line class=\"ref\" x1=\"([0-9.]+)\"").matcher(svg);
    assertTrue(m.find(), svg);
    return Double.parseDouble(m.group(1));
  }

  /** The right ends of the bars, top first. */
  private static List<Double> barEnds(String svg) {
    Matcher m =
        Pattern.compile("<rect class=\"bar\" x=\"([0-9.]+)\" y=\"[0-9.]+\" width=\"([0-9.]+)\"")
            .matcher(svg);
    List<Double> out = new ArrayList<>();
    while (m.find()) {
      out.add(Double.parseDouble(m.group(1)) + Double.parseDouble(m.group(2)));
    }
    return out;
  }

  private static int count(String s, String part) {
    return s.split(Pattern.quote(part), -1).length - 1;
  }
}
