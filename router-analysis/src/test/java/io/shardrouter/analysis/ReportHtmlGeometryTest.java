package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.analysis.AnalysisReport.CheckItem;
import io.shardrouter.analysis.AnalysisReport.Comparison;
import io.shardrouter.analysis.AnalysisReport.Distribution;
import io.shardrouter.analysis.AnalysisReport.Frequency;
import io.shardrouter.analysis.AnalysisReport.GroupLoad;
import io.shardrouter.analysis.AnalysisReport.KeyCharacteristics;
import io.shardrouter.analysis.AnalysisReport.OverLimit;
import io.shardrouter.analysis.AnalysisReport.PartitionLoad;
import io.shardrouter.analysis.AnalysisReport.QueryDistribution;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a reader of the HTML report sees, pinned on small hand-made reports whose numbers are easy
 * to follow: the bars' positions and sizes for given shares, the axes' ticks and lines, which texts
 * are labels and how they are drawn, and the optional tables. The plot area of the vertical charts
 * is x 54..456 and y 40..254 (402 by 214 pixels).
 */
@Timeout(
    value = 20,
    threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a label placement that never settles fails
class ReportHtmlGeometryTest {
  /** Four groups, the hottest second: shares 10%, 40%, 30%, 20%. */
  static List<GroupLoad> fourGroups() {
    return List.of(
        new GroupLoad("g0", 2, 10, 100, 0.1),
        new GroupLoad("g1", 2, 40, 400, 0.4),
        new GroupLoad("g2", 2, 30, 300, 0.3),
        new GroupLoad("g3", 2, 20, 200, 0.2));
  }

  static long[] eightLoads() {
    return new long[] {50, 150, 100, 300, 0, 100, 200, 100};
  }

  static List<PartitionLoad> hottestOfEight() {
    return List.of(
        new PartitionLoad(3, "g1", 300, 0.3),
        new PartitionLoad(6, "g3", 200, 0.2),
        new PartitionLoad(1, "g0", 150, 0.15));
  }

  /** A report of these parts; the rest plain. */
  static final class Report {
    String source = "keys";
    List<GroupLoad> groups = fourGroups();
    long[] load = eightLoads();
    List<PartitionLoad> hottest = hottestOfEight();
    List<Frequency> keys = List.of();
    List<double[]> growth = List.of();
    double rho = Double.NaN;
    long distinct = 900;
    QueryDistribution queries;
    List<OverLimit> overLimit;
    Comparison comparison;
    List<CheckItem> checklist = List.of();

    AnalysisReport build() {
      return new AnalysisReport(
          "orders",
          7,
          "hash_mod",
          source,
          new KeyCharacteristics(1000, distinct, false, keys, "not monotonic", rho),
          new Distribution(null, load, groups, 2.4, 1.6, hottest),
          growth,
          queries,
          overLimit,
          comparison,
          checklist);
    }

    String html() {
      return build().toHtml("d.json");
    }
  }

  private static final String GRID = "stroke=\"#e4e4e4\"";
  private static final String AXIS = "stroke=\"#444\"";

  @Test
  void groupBars_heightsFromTheirShare_onAYAxisRoundedUpToTheHottest() {
    String g = svg(new Report().html(), "chart-groups");
    // 40% at the top: ticks every 10%, each with a grid line, a y axis and an x axis
    assertEquals(List.of("0%", "10%", "20%", "30%", "40%"), texts(g, "ytick"));
    for (String y : List.of("254.0", "200.5", "147.0", "93.5", "40.0")) {
      assertTrue(g.contains(line("54.0", y, "456.0", y, GRID)), y);
    }
    assertEquals(
        List.of("258.0", "204.5", "151.0", "97.5", "44.0"),
        all(g, "class=\"ytick\" x=\"50.0\" y=\"([0-9.]+)\""));
    assertTrue(g.contains(line("54.0", "254.0", "456.0", "254.0", AXIS)), "x axis");
    assertTrue(g.contains(line("54.0", "40.0", "54.0", "254.0", AXIS)), "y axis");
    // four slots of 100.5 px, each bar 70% of its slot, 40% is the full 214 px
    assertEquals(
        List.of(
            "x=\"69.08\" y=\"200.50\" width=\"70.35\" height=\"53.50\"",
            "x=\"169.58\" y=\"40.00\" width=\"70.35\" height=\"214.00\"",
            "x=\"270.08\" y=\"93.50\" width=\"70.35\" height=\"160.50\"",
            "x=\"370.58\" y=\"147.00\" width=\"70.35\" height=\"107.00\""),
        all(
            g,
            "<rect class=\"bar\" (x=\"[^\"]*\" y=\"[^\"]*\" width=\"[^\"]*\" height=\"[^\"]*\") fill=\"#1f77b4\""));
    assertEquals(
        List.of(
            "g0: 100 routes, 10.00%",
            "g1: 400 routes, 40.00%", "g2: 300 routes, 30.00%", "g3: 200 routes, 20.00%"),
        all(g, "<title>([^<]*)</title>"));
    // names under the middle of their slot
    assertEquals(
        List.of("104.3 268.0 g0", "204.8 268.0 g1", "305.3 268.0 g2", "405.8 268.0 g3"),
        positions(g, "category"));
    // the fair share line at 25%, its label at its right end; the three hottest labelled above
    // their bar
    assertTrue(
        g.contains("<line class=\"ref\" x1=\"54.0\" x2=\"456.0\" y1=\"120.3\" y2=\"120.3\""), g);
    assertEquals(List.of("454.0 116.3 fair share 25.00%"), positions(g, "ref"));
    assertEquals(List.of("204.8 36.0 g1 40.00%"), positions(g, "label hottest-group"));
    assertEquals(List.of("305.3 89.5 g2 30.00%", "405.8 143.0 g3 20.00%"), positions(g, "label"));
    assertEquals(List.of("255.0 290.0 replica group (4)"), positions(g, "axis-title"));
  }

  @Test
  void groupNames_underTheBars_upToTwelveGroups() {
    Report r = new Report();
    r.groups = groups(12);
    assertEquals(12, texts(svg(r.html(), "chart-groups"), "category").size());
    r.groups = groups(13);
    assertEquals(List.of(), texts(svg(r.html(), "chart-groups"), "category"));
  }

  @Test
  void noGroups_anEmptyChartOnAFinitePositiveAxis() {
    Report r = new Report();
    r.groups = List.of();
    String g = svg(r.html(), "chart-groups");
    assertFalse(g.contains("NaN") || g.contains("Infinity"), g);
    assertEquals(List.of(), all(g, "(<rect)"));
    assertEquals(List.of("255.0 290.0 replica group (0)"), positions(g, "axis-title"));
  }

  @Test
  void aLabelOnTheReferenceLine_israisedAboveItsLabel() {
    // east2 at the fair share: its label (12 characters) would overlap "fair share 25.00%"
    Report r = new Report();
    r.groups =
        List.of(
            new GroupLoad("east0", 2, 10, 100, 0.1),
            new GroupLoad("east1", 2, 40, 400, 0.4),
            new GroupLoad("east2", 2, 25, 250, 0.25),
            new GroupLoad("east3", 2, 5, 50, 0.05));
    String g = svg(r.html(), "chart-groups");
    assertEquals(List.of("454.0 116.3 fair share 25.00%"), positions(g, "ref"));
    assertEquals(List.of("204.8 36.0 east1 40.00%"), positions(g, "label hottest-group"));
    assertEquals(
        List.of("305.3 103.3 east2 25.00%", "104.3 196.5 east0 10.00%"), positions(g, "label"));
  }

  @Test
  void labelsNearTheEdges_keptInsideTheChart() {
    Report r = new Report();
    r.hottest = List.of(new PartitionLoad(7, "g3", 300, 0.3), new PartitionLoad(0, "g0", 200, 0.2));
    String p = svg(r.html(), "chart-partitions");
    // "p7 30.00% (g3)" is 14 characters, about 89.6 px wide: centred at most 44.8 px from an edge
    assertEquals(List.of("411.2 36.0 p7 30.00% (g3)"), positions(p, "label hottest-partition"));
    assertEquals(List.of("98.8 107.3 p0 20.00% (g0)"), positions(p, "label"));
  }

  @Test
  void partitionBars_sharesOfTheTotal_ticksEverySecondPartition() {
    String p = svg(new Report().html(), "chart-partitions");
    assertEquals(List.of("0%", "10%", "20%", "30%"), texts(p, "ytick"));
    assertEquals(
        List.of(
            "x=\"59.03\" y=\"218.33\" width=\"40.20\" height=\"35.67\"",
            "x=\"109.28\" y=\"147.00\" width=\"40.20\" height=\"107.00\"",
            "x=\"159.53\" y=\"182.67\" width=\"40.20\" height=\"71.33\"",
            "x=\"209.78\" y=\"40.00\" width=\"40.20\" height=\"214.00\"",
            "x=\"260.03\" y=\"254.00\" width=\"40.20\" height=\"0.00\"",
            "x=\"310.28\" y=\"182.67\" width=\"40.20\" height=\"71.33\"",
            "x=\"360.53\" y=\"111.33\" width=\"40.20\" height=\"142.67\"",
            "x=\"410.78\" y=\"182.67\" width=\"40.20\" height=\"71.33\""),
        all(
            p,
            "<rect class=\"bar\" (x=\"[^\"]*\" y=\"[^\"]*\" width=\"[^\"]*\" height=\"[^\"]*\") fill=\"#ff7f0e\""));
    assertTrue(p.contains("<title>partition 3: 300 routes, 30.00%</title>"), p);
    assertTrue(p.contains("<title>partition 4: 0 routes, 0.00%</title>"), p);
    // ticks under partitions 0, 2, 4, 6 and the last, 7, each with its tick mark
    assertEquals(
        List.of("79.1 269.0 0", "179.6 269.0 2", "280.1 269.0 4", "380.6 269.0 6", "430.9 269.0 7"),
        positions(p, "xtick"));
    for (String x : List.of("79.1", "179.6", "280.1", "380.6", "430.9")) {
      assertTrue(p.contains(line(x, "254.0", x, "258.0", AXIS)), x);
    }
    assertTrue(
        p.contains("<line class=\"ref\" x1=\"54.0\" x2=\"456.0\" y1=\"164.8\" y2=\"164.8\""), p);
    assertEquals(List.of("454.0 160.8 mean 12.50%"), positions(p, "ref"));
    assertEquals(List.of("229.9 36.0 p3 30.00% (g1)"), positions(p, "label hottest-partition"));
    assertEquals(
        List.of("380.6 107.3 p6 20.00% (g3)", "129.4 143.0 p1 15.00% (g0)"), positions(p, "label"));
    assertEquals(List.of("255.0 290.0 partition (8)"), positions(p, "axis-title"));
  }

  @Test
  void partitionTicks_noneCrowdingTheLast() {
    Report r = new Report();
    r.load = new long[9];
    java.util.Arrays.fill(r.load, 1);
    r.hottest = List.of();
    // every second partition, but not 8 twice
    assertEquals(
        List.of("0", "2", "4", "6", "8"), texts(svg(r.html(), "chart-partitions"), "xtick"));
  }

  @Test
  void narrowPartitionBars_fillTheirSlot() {
    Report r = new Report();
    r.load = new long[128];
    java.util.Arrays.fill(r.load, 1);
    r.hottest = List.of();
    String p = svg(r.html(), "chart-partitions");
    // slots of 402 / 128 = 3.14 px: no gap between the bars; 1/128 of the load under an axis to
    // 0.8%
    List<String> bars = all(p, "<rect class=\"bar\" (x=\"[^\"]*\" y=\"[^\"]*\" width=\"[^\"]*\")");
    assertEquals(128, bars.size());
    assertEquals("x=\"54.00\" y=\"45.02\" width=\"3.14\"", bars.get(0));
    assertEquals("x=\"57.14\" y=\"45.02\" width=\"3.14\"", bars.get(1));
    assertEquals(List.of("0%", "0.2%", "0.4%", "0.6%", "0.8%"), texts(p, "ytick"));
  }

  @Test
  void keyBars_onALogScaleFromTheSmallestShare() {
    Report r = new Report();
    r.keys =
        List.of(
            new Frequency("hot<&\"'>", 200, 0.2, 0),
            new Frequency("k".repeat(21), 50, 0.05, 0),
            new Frequency("m".repeat(22), 20, 0.02, 0),
            new Frequency("zero", 0, 0, 0));
    String k = svg(r.html(), "chart-hotkeys");
    // decades from 1% (a key of share 0 does not take the scale down): 139 px each from x 132
    assertEquals(
        List.of("132.0 268.0 1%", "271.0 268.0 10%", "410.0 268.0 100%"), positions(k, "xtick"));
    for (String x : List.of("132.0", "271.0", "410.0")) {
      assertTrue(k.contains(line(x, "32.0", x, "254.0", GRID)), x);
    }
    assertTrue(k.contains(line("132.0", "254.0", "410.0", "254.0", AXIS)), k);
    // rows of 214 / 10 px from the top, bars 70% of a row; 20% is log10(20) decades from 1%
    assertEquals(
        List.of(
            "x=\"132.00\" y=\"43.21\" width=\"180.84\" height=\"14.98\"",
            "x=\"132.00\" y=\"64.61\" width=\"97.16\" height=\"14.98\"",
            "x=\"132.00\" y=\"86.01\" width=\"41.84\" height=\"14.98\"",
            "x=\"132.00\" y=\"107.41\" width=\"0.00\" height=\"14.98\""),
        all(
            k,
            "<rect class=\"bar\" (x=\"[^\"]*\" y=\"[^\"]*\" width=\"[^\"]*\" height=\"[^\"]*\") fill=\"#2ca02c\""));
    // names left of the bars, cut after 20 characters when longer than 21, escaped
    assertEquals(
        List.of(
            "128.0 54.6 hot&lt;&amp;&quot;&#39;&gt;",
            "128.0 76.0 " + "k".repeat(21),
            "128.0 97.4 " + "m".repeat(20) + "…",
            "128.0 118.8 zero"),
        positions(k, "category"));
    assertTrue(
        k.contains("<title>hot&lt;&amp;&quot;&#39;&gt;: 200 of the sample, 20.00%</title>"), k);
    // shares right of the bars' ends
    assertEquals(
        List.of("315.8 54.6 20.00%", "232.2 76.0 5.00%", "176.8 97.4 2.00%", "135.0 118.8 0.00%"),
        positions(k, "value"));
    assertTrue(
        k.contains("<line class=\"ref\" x1=\"284.5\" x2=\"284.5\" y1=\"34.0\" y2=\"254.0\""), k);
    assertEquals(List.of("284.5 30.0 mean partition 12.50%"), positions(k, "ref"));
    assertFalse(k.contains("no key sampled"), k);
    assertEquals(
        List.of("255.0 290.0 share of load (% of the sample)"), positions(k, "axis-title"));
  }

  @Test
  void keyScale_startsAtTheDecadeOfTheSmallestShare() {
    Report r = new Report();
    r.load = new long[10];
    java.util.Arrays.fill(r.load, 1);
    r.hottest = List.of();
    // no keys: a tenth of a mean partition's share, 1%, is the smallest, itself a decade
    String k = svg(r.html(), "chart-hotkeys");
    assertEquals(List.of("1%", "10%", "100%"), texts(k, "xtick"));
    assertEquals(List.of("no key sampled"), all(k, "<text x=\"271.0\" y=\"147.0\"[^>]*>([^<]*)<"));
    r.keys = List.of(new Frequency("a", 1, 0.001, 0));
    assertEquals(
        List.of("0.1%", "1%", "10%", "100%"), texts(svg(r.html(), "chart-hotkeys"), "xtick"));
  }

  @Test
  void arrivalScatter_pointsAtTheirRanks_onQuarterGrids() {
    Report r = new Report();
    r.growth = List.of(new double[] {0, 0}, new double[] {0.5, 0.25}, new double[] {1, 1});
    r.rho = 0.7;
    String a = svg(r.html(), "chart-growth");
    assertEquals(
        List.of(
            "cx=\"54.0\" cy=\"254.0\"", "cx=\"255.0\" cy=\"200.5\"", "cx=\"456.0\" cy=\"40.0\""),
        all(a, "<circle class=\"bar\" (cx=\"[^\"]*\" cy=\"[^\"]*\") r=\"2.6\" fill=\"#9467bd\""));
    String[] ys = {"254.0", "200.5", "147.0", "93.5", "40.0"};
    String[] xs = {"54.0", "154.5", "255.0", "355.5", "456.0"};
    for (int t = 0; t <= 4; t++) {
      assertTrue(a.contains(line("54.0", ys[t], "456.0", ys[t], GRID)), ys[t]);
      assertTrue(a.contains(line(xs[t], "40.0", xs[t], "254.0", GRID)), xs[t]);
    }
    assertEquals(
        List.of(
            "50.0 258.0 0%", "50.0 204.5 25%", "50.0 151.0 50%", "50.0 97.5 75%", "50.0 44.0 100%"),
        positions(a, "ytick"));
    assertEquals(
        List.of(
            "54.0 268.0 0%",
            "154.5 268.0 25%", "255.0 268.0 50%", "355.5 268.0 75%", "456.0 268.0 100%"),
        positions(a, "xtick"));
    assertTrue(a.contains(line("54.0", "254.0", "456.0", "254.0", AXIS)), "x axis");
    assertTrue(a.contains(line("54.0", "40.0", "54.0", "254.0", AXIS)), "y axis");
    // |rho| of exactly 0.7 is monotonic, either way
    assertEquals(
        List.of("Spearman ρ = 0.700: monotonic (monotonic from |ρ| ≥ 0.7)"), texts(a, "rho"));
    r.rho = -0.7;
    assertEquals(
        List.of("Spearman ρ = -0.700: monotonic (monotonic from |ρ| ≥ 0.7)"),
        texts(svg(r.html(), "chart-growth"), "rho"));
  }

  @Test
  void textStyles_referenceRed_labelsAndValuesOnAWhiteHalo() {
    Report r = new Report();
    r.keys = List.of(new Frequency("a", 1, 0.2, 0));
    String html = r.html();
    String halo = " stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">";
    assertTrue(
        html.contains(
            "<text class=\"ref\" x=\"454.0\" y=\"116.3\" font-size=\"11\" text-anchor=\"end\" fill=\"#c00\""
                + halo
                + "fair share"),
        html);
    assertTrue(
        html.contains(
            "<text class=\"label hottest-group\" x=\"204.8\" y=\"36.0\" font-size=\"11\" text-anchor=\"middle\""
                + halo
                + "g1"),
        html);
    assertTrue(
        html.contains(
            "<text class=\"value\" x=\"315.8\" y=\"54.6\" font-size=\"11\" text-anchor=\"start\""
                + halo
                + "20.00%"),
        html);
    assertTrue(
        html.contains(
            "<text class=\"category\" x=\"104.3\" y=\"268.0\" font-size=\"11\" text-anchor=\"middle\">g0</text>"),
        html);
    assertTrue(
        html.contains(
            "<text class=\"ytick\" x=\"50.0\" y=\"258.0\" font-size=\"11\" text-anchor=\"end\">0%</text>"),
        html);
  }

  @Test
  void keyCharacteristics_tableOfTheSample() {
    Report r = new Report();
    r.rho = 0.25;
    String html = r.html();
    assertTrue(
        html.contains(
            "<h2>Key characteristics</h2><table><tr><th>numKeysSampled</th><td>1000</td></tr>"
                + "<tr><th>numDistinctValues</th><td>900</td></tr>"
                + "<tr><th>isUnique</th><td>false</td></tr>"
                + "<tr><th>monotonicity</th><td>not monotonic (r = 0.25)</td></tr>"
                + "<tr><th>partition peak/mean</th><td>2.4</td></tr>"
                + "<tr><th>group peak/mean</th><td>1.6</td></tr></table>\n"),
        html);
    assertFalse(html.contains("Over capacity"), html);
    r.distinct = 0;
    assertTrue(r.html().contains("<tr><th>numDistinctValues</th><td>0</td></tr>"));
    r.distinct = -1;
    assertTrue(r.html().contains("<tr><th>numDistinctValues</th><td>unknown</td></tr>"));
  }

  @Test
  void queriesComparisonAndCapacity_rowsWhenPresent() {
    Report r = new Report();
    r.queries = new QueryDistribution(40, 75, 20, 5, 1.5);
    r.comparison = new Comparison("next <v8>.json", 8, 16, 0.5, 0.25, 0.4, 1.2, 1.1);
    r.overLimit = List.of(new OverLimit("group", "g<1>", "writes", 1500, 1000, 0.5));
    String html = r.html();
    assertTrue(
        html.contains(
            "<tr><th>queries</th><td>40: single 75%, multi 20%, scatter-gather 5%, mean fan-out"
                + " 1.5</td></tr>"),
        html);
    assertTrue(
        html.contains(
            "<tr><th>compare with next &lt;v8&gt;.json</th><td>keys changing partition 0.5,"
                + " changing group 0.25, group peak/mean after 1.1</td></tr>"),
        html);
    assertTrue(
        html.contains(
            "<tr class=\"fail\"><td>group</td><td>g&lt;1&gt;</td><td>writes</td><td>1500</td>"
                + "<td>1000</td><td>50.0%</td></tr></table>"),
        html);
    assertFalse(html.contains("nothing over its limit"), html);
    r.overLimit = List.of();
    assertTrue(
        r.html()
            .contains(
                "<h2>Over capacity</h2><table><tr><th>scope</th><th>id</th><th>kind</th>"
                    + "<th>rate/s</th><th>limit/s</th><th>over by</th></tr>"
                    + "<tr class=\"pass\"><td colspan=\"6\">nothing over its limit</td></tr></table>"));
  }

  @Test
  void monotonicAdvice_onlyWhenTheMonotonicCheckFails() {
    Report r = new Report();
    r.checklist =
        List.of(
            new CheckItem("monotonic keys", "pass", 0.1, "fine"),
            new CheckItem("evenness", "fail", 0.5, "uneven"));
    String html = r.html();
    assertFalse(html.contains("monotonic keys FAIL"), html);
    r.checklist = List.of(new CheckItem("monotonic keys", "fail", 1, "grows"));
    assertTrue(r.html().contains("<div>monotonic keys FAIL: new keys all land in the last range"));
  }

  @Test
  void niceStep_roundsUpTo1_2_2point5_or5TimesAPowerOfTen() {
    assertEquals(0.1, ReportHtml.niceStep(0.1), 1e-15);
    assertEquals(0.2, ReportHtml.niceStep(0.11), 1e-15);
    assertEquals(0.25, ReportHtml.niceStep(0.25), 1e-15);
    assertEquals(0.5, ReportHtml.niceStep(0.3), 1e-15);
    assertEquals(1, ReportHtml.niceStep(0.6), 1e-15);
    assertEquals(50, ReportHtml.niceStep(41), 1e-12);
  }

  static List<GroupLoad> groups(int n) {
    List<GroupLoad> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new GroupLoad("g" + i, 1, 1, 1, 1.0 / n));
    }
    return out;
  }

  static String line(String x1, String y1, String x2, String y2, String stroke) {
    return "<line x1=\""
        + x1
        + "\" y1=\""
        + y1
        + "\" x2=\""
        + x2
        + "\" y2=\""
        + y2
        + "\" "
        + stroke;
  }

  /** "x y text" of each text of exactly class {@code cls}. */
  static List<String> positions(String svg, String cls) {
    Matcher m =
        Pattern.compile(
                "<text class=\""
                    + Pattern.quote(cls)
                    + "\" x=\"([^\"]*)\" y=\"([^\"]*)\"[^>]*>([^<]*)</text>")
            .matcher(svg);
    List<String> out = new ArrayList<>();
    while (m.find()) {
      out.add(m.group(1) + " " + m.group(2) + " " + m.group(3));
    }
    return out;
  }

  /** The texts of exactly class {@code cls}. */
  static List<String> texts(String svg, String cls) {
    return all(svg, "<text class=\"" + Pattern.quote(cls) + "\"[^>]*>([^<]*)</text>");
  }

  /** The SVG element with {@code id}. */
  static String svg(String html, String id) {
    int from = html.indexOf("<svg id=\"" + id + "\"");
    assertTrue(from >= 0, id);
    return html.substring(from, html.indexOf("</svg>", from) + 6);
  }

  /** All matches of group 1 of {@code regex} in {@code s}. */
  static List<String> all(String s, String regex) {
    Matcher m = Pattern.compile(regex).matcher(s);
    List<String> out = new ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
