package io.shardrouter.cli;

import io.shardrouter.analysis.AnalysisReport;
import io.shardrouter.analysis.KeyAnalysis;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.KeySample;
import io.shardrouter.stats.StatsSnapshot;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine;

/**
 * {@code shardctl analyze DOC --keys FILE [--counts] [--queries FILE] [--capacity FILE] [--compare
 * DOC2] [--json OUT] [--html OUT] [--stats-out STATS]}: judges DOC's key choice on a key sample (or
 * a statistics export) with {@link KeyAnalysis}, prints the report and writes it as JSON and HTML.
 */
@CommandLine.Command(
    name = "analyze",
    description =
        "judge DOC's key choice on a key sample or a statistics export: keys, load per partition and "
            + "group, hot keys, fan-out, checklist")
final class AnalyzeCommand implements Command {
  @CommandLine.Parameters(index = "0", paramLabel = "DOC", description = "the routing document")
  private String doc;

  @CommandLine.Option(
      names = "--keys",
      paramLabel = "FILE",
      required = true,
      description =
          "a key sample (one key a line, - for standard input) or a statistics export; required")
  private String keysFile;

  @CommandLine.Option(names = "--counts", description = "each key line ends in a count")
  private boolean counts;

  @CommandLine.Option(
      names = "--queries",
      paramLabel = "FILE",
      description = "a query file, one JSON query a line: the fan-out of each")
  private String queries;

  @CommandLine.Option(
      names = "--capacity",
      paramLabel = "FILE",
      description = "a capacity file (JSON): each group's share against its capacity")
  private String capacity;

  @CommandLine.Option(
      names = "--compare",
      paramLabel = "DOC2",
      description = "another routing document to judge on the same keys")
  private String compare;

  @CommandLine.Option(
      names = "--json",
      paramLabel = "OUT",
      description = "write the report as JSON to OUT")
  private String json;

  @CommandLine.Option(
      names = "--html",
      paramLabel = "OUT",
      description = "write the report as HTML to OUT")
  private String html;

  @CommandLine.Option(
      names = "--stats-out",
      paramLabel = "STATS",
      description =
          "write the key sample as a statistics export (shardrouter-stats/1) for 'shardctl advise"
              + " DOC --stats STATS'")
  private String statsOut;

  @Override
  public int run(Console console) {
    // the output files first: a bad path fails before the analysis prints anything; none may be
    // an input or another output
    String[] inputs = {doc, keysFile, compare, queries, capacity};
    Path jsonFile = json == null ? null : Tables.output(json, "analyze", "--json", inputs);
    Path htmlFile =
        html == null ? null : Tables.output(html, "analyze", "--html", inputs, new String[] {json});
    Path statsFile =
        statsOut == null
            ? null
            : Tables.output(statsOut, "analyze", "--stats-out", inputs, new String[] {json, html});
    RoutingTable table = Tables.load(doc, "analyze");
    KeyAnalysis analysis = KeyAnalysis.of(table);
    if (queries != null) {
      analysis.queries(AnalysisInputs.queries(queries, table));
    }
    if (capacity != null) {
      analysis.capacity(AnalysisInputs.capacity(capacity));
    }
    boolean stats = AnalysisInputs.isStats(keysFile, "analyze");
    if (compare != null) {
      if (stats) {
        throw CommandException.invalid(
            "shardctl analyze: --compare needs a key sample, and "
                + keysFile
                + " is a statistics export; give a key file");
      }
      try {
        analysis.compare(Tables.load(compare, "analyze"));
      } catch (IllegalArgumentException e) {
        throw CommandException.invalid("shardctl analyze: " + e.getMessage());
      }
    }
    if (stats && statsOut != null) {
      throw CommandException.invalid(
          "shardctl analyze: --stats-out writes a key sample as a statistics export, and "
              + keysFile
              + " is one already; give it to 'shardctl advise DOC --stats' as it is");
    }
    AnalysisReport r;
    StatsSnapshot export = null;
    try {
      if (stats) {
        r = analysis.analyze(AnalysisInputs.stats(keysFile, "analyze"));
      } else {
        KeySample sample = AnalysisInputs.keys(keysFile, counts, table, console.in(), "analyze");
        r = analysis.analyze(sample);
        if (statsOut != null) {
          AdviseCommand.requireEnough(sample, table, "--stats-out: " + keysFile, "analyze");
          export = StatsSnapshot.of(table, sample);
        }
      }
    } catch (IllegalArgumentException e) {
      throw CommandException.invalid("shardctl analyze: " + keysFile + ": " + e.getMessage());
    }
    print(r, console.out());
    if (jsonFile != null) {
      Tables.write(jsonFile, r.toJson().getBytes(StandardCharsets.UTF_8), "analyze");
      console.out().println("wrote " + json);
    }
    if (htmlFile != null) {
      Tables.write(htmlFile, r.toHtml(doc).getBytes(StandardCharsets.UTF_8), "analyze");
      console.out().println("wrote " + html);
    }
    if (export != null && statsFile != null) {
      Tables.write(statsFile, export.toJson().getBytes(StandardCharsets.UTF_8), "analyze");
      console
          .out()
          .println(
              "wrote "
                  + statsOut
                  + " (a statistics export of the sample); next: shardctl advise "
                  + doc
                  + " --stats "
                  + statsOut);
    }
    return ShardCtl.OK;
  }

  private static void print(AnalysisReport r, PrintStream out) {
    var kc = r.keyCharacteristics();
    var d = r.distribution();
    out.println(
        Printed.line(
            r.entity()
                + " version "
                + r.version()
                + " ("
                + r.strategy()
                + ", "
                + d.partitionLoad().length
                + " partitions), source: "
                + r.source()));
    out.println(
        "keys: "
            + kc.numKeysSampled()
            + " sampled, "
            + (kc.numDistinctValues() < 0
                ? "distinct unknown"
                : kc.numDistinctValues() + " distinct")
            + (kc.isUnique() ? " (unique)" : "")
            + ", monotonicity: "
            + kc.monotonicityType()
            + (Double.isNaN(kc.recordIdCorrelationCoefficient())
                ? ""
                : " (r = " + num(kc.recordIdCorrelationCoefficient()) + ")"));
    out.println(
        "load: peak/mean "
            + num(d.partitionPeakToMean())
            + " over partitions, "
            + num(d.groupPeakToMean())
            + " over groups");
    Columns g = new Columns("group", "partitions", "keys", "load", "share");
    for (var gl : d.groups()) {
      g.row(
          gl.group(), gl.partitions(), gl.keys() < 0 ? "-" : gl.keys(), gl.load(), pct(gl.share()));
    }
    g.print(out, "  ");
    out.println("hottest partitions:");
    Columns p = new Columns("partition", "group", "load", "share");
    for (var pl : d.hottestPartitions().subList(0, Math.min(5, d.hottestPartitions().size()))) {
      p.row(pl.partition(), pl.group(), pl.load(), pct(pl.share()));
    }
    p.print(out, "  ");
    out.println("most common keys:");
    Columns k = new Columns("key", "frequency", "share");
    for (var f : kc.mostCommonValues().subList(0, Math.min(5, kc.mostCommonValues().size()))) {
      k.row(
          f.value(),
          f.error() == 0 ? f.frequency() : f.frequency() + " ±" + f.error(),
          pct(f.share()));
    }
    k.print(out, "  ");
    if (r.queries() != null) {
      var q = r.queries();
      out.println(
          "queries: "
              + q.sampleSize()
              + ", single-partition "
              + num(q.percentageOfSinglePartitionQueries())
              + "%, multi-partition "
              + num(q.percentageOfMultiPartitionQueries())
              + "%, scatter-gather "
              + num(q.percentageOfScatterGatherQueries())
              + "%, mean fan-out "
              + num(q.meanFanOut()));
    }
    if (r.overLimit() != null) {
      if (r.overLimit().isEmpty()) {
        out.println("capacity: nothing over its limit");
      } else {
        out.println("capacity: " + r.overLimit().size() + " over their limit");
        Columns o = new Columns("scope", "id", "kind", "rate/s", "limit/s", "over by");
        for (var l : r.overLimit()) {
          o.row(l.scope(), l.id(), l.kind(), num(l.rate()), num(l.limit()), pct(l.overBy()));
        }
        o.print(out, "  ");
      }
    }
    if (r.comparison() != null) {
      var c = r.comparison();
      out.println(
          Printed.line(
              "compare with "
                  + c.document()
                  + " ("
                  + c.partitionCount()
                  + " partitions): "
                  + pct(c.movedShare())
                  + " of keys change partition, "
                  + pct(c.movedGroupShare())
                  + " change group ("
                  + pct(c.movedLoadShare())
                  + " of the load); peak/mean "
                  + num(c.partitionPeakToMean())
                  + " over partitions, "
                  + num(c.groupPeakToMean())
                  + " over groups"));
    }
    out.println("checklist:");
    for (var i : r.checklist()) {
      out.println(
          Printed.line(
              "  " + i.result().toUpperCase(Locale.ROOT) + "  " + i.item() + ": " + i.detail()));
    }
  }

  static String num(double d) {
    return String.format(Locale.ROOT, "%.3f", d);
  }

  static String pct(double share) {
    return String.format(Locale.ROOT, "%.2f%%", share * 100);
  }
}
