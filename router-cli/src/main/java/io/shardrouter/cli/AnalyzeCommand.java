package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.AnalysisReport;
import io.shardrouter.stats.KeyAnalysis;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * {@code shardctl analyze DOC --keys FILE [--counts] [--queries FILE] [--capacity FILE] [--compare
 * DOC2] [--json OUT] [--html OUT]}: judges DOC's shard key on a key sample (or a statistics export)
 * with {@link KeyAnalysis}, prints the report and writes it as JSON and HTML.
 */
final class AnalyzeCommand implements Command {
  @Override
  public List<CliArgs.Option> options() {
    return List.of(
        CliArgs.Option.KEYS,
        CliArgs.Option.COUNTS,
        CliArgs.Option.QUERIES,
        CliArgs.Option.CAPACITY,
        CliArgs.Option.COMPARE,
        CliArgs.Option.JSON,
        CliArgs.Option.HTML);
  }

  @Override
  public int run(CliArgs args, Console console) {
    args.requireExactly(1, "DOC");
    if (args.keysFile() == null) {
      throw CommandException.usage(
          "analyze", "needs --keys FILE, a key sample or a statistics export");
    }
    RoutingTable table = Tables.load(args.positional(0));
    KeyAnalysis analysis = KeyAnalysis.of(table);
    if (args.option(CliArgs.Option.QUERIES) != null) {
      analysis.queries(AnalysisInputs.queries(args.option(CliArgs.Option.QUERIES), table));
    }
    if (args.option(CliArgs.Option.CAPACITY) != null) {
      analysis.capacity(AnalysisInputs.capacity(args.option(CliArgs.Option.CAPACITY)));
    }
    boolean stats = AnalysisInputs.isStats(args.keysFile());
    if (args.option(CliArgs.Option.COMPARE) != null) {
      if (stats) {
        throw CommandException.invalid(
            "shardctl analyze: --compare needs a key sample, and "
                + args.keysFile()
                + " is a statistics export; give a key file");
      }
      try {
        analysis.compare(Tables.load(args.option(CliArgs.Option.COMPARE)));
      } catch (IllegalArgumentException e) {
        throw CommandException.invalid("shardctl analyze: " + e.getMessage());
      }
    }
    AnalysisReport r;
    try {
      r =
          stats
              ? analysis.analyze(AnalysisInputs.stats(args.keysFile(), "analyze"))
              : analysis.analyze(
                  AnalysisInputs.keys(
                      args.keysFile(), args.flag(CliArgs.Option.COUNTS), table, console.in()));
    } catch (IllegalArgumentException e) {
      throw CommandException.invalid(
          "shardctl analyze: " + args.keysFile() + ": " + e.getMessage());
    }
    print(r, console.out());
    if (args.option(CliArgs.Option.JSON) != null) {
      Tables.write(
          args.option(CliArgs.Option.JSON), r.toJson().getBytes(StandardCharsets.UTF_8), "analyze");
      console.out().println("wrote " + args.option(CliArgs.Option.JSON));
    }
    if (args.option(CliArgs.Option.HTML) != null) {
      Tables.write(
          args.option(CliArgs.Option.HTML), r.toHtml().getBytes(StandardCharsets.UTF_8), "analyze");
      console.out().println("wrote " + args.option(CliArgs.Option.HTML));
    }
    return ShardCtl.OK;
  }

  private static void print(AnalysisReport r, PrintStream out) {
    var kc = r.keyCharacteristics();
    var d = r.distribution();
    out.println(
        r.entity()
            + " version "
            + r.version()
            + " ("
            + r.strategy()
            + ", "
            + d.partitionLoad().length
            + " partitions), source: "
            + r.source());
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
              + " over groups");
    }
    out.println("checklist:");
    for (var i : r.checklist()) {
      out.println("  " + i.result().toUpperCase(Locale.ROOT) + "  " + i.item() + ": " + i.detail());
    }
  }

  static String num(double d) {
    return String.format(Locale.ROOT, "%.3f", d);
  }

  static String pct(double share) {
    return String.format(Locale.ROOT, "%.2f%%", share * 100);
  }
}
