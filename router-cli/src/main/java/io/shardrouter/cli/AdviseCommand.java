package io.shardrouter.cli;

import io.shardrouter.analysis.RebalanceAdvisor;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.stats.KeySample;
import io.shardrouter.stats.StatsSnapshot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * {@code shardctl advise DOC (--stats STATS | --keys FILE [--counts]) [--max-move SHARE] [--out
 * NEXT.json]}: proposes the next version of DOC that evens the measured load of STATS (or of a key
 * sample, at least 10 keys a partition) across groups ({@link RebalanceAdvisor}): prints the ranges
 * split, the hot keys isolated, the partitions moved, the movement report and peak/mean before and
 * after, and writes the document. SHARE is a share of the data (default {@value
 * #DEFAULT_MAX_MOVE}).
 */
@CommandLine.Command(
    name = "advise",
    description = "the next version of DOC that evens the measured load")
final class AdviseCommand implements Command {
  @CommandLine.Parameters(index = "0", paramLabel = "DOC", description = "the routing document")
  private String doc;

  @CommandLine.Option(
      names = "--stats",
      paramLabel = "STATS",
      description = "a statistics export (shardrouter-stats/1 JSON); this or --keys")
  private String statsFile;

  @CommandLine.Option(
      names = "--keys",
      paramLabel = "FILE",
      description =
          "a key sample, one key a line (- for standard input), read as 'analyze --stats-out'"
              + " exports it; this or --stats")
  private String keysFile;

  @CommandLine.Option(names = "--counts", description = "each key line ends in a count")
  private boolean counts;

  @CommandLine.Option(
      names = "--max-move",
      paramLabel = "SHARE",
      description = "the share of the data moved at most, in [0, 1]; default " + DEFAULT_MAX_MOVE)
  private String maxMove;

  @CommandLine.Option(
      names = "--out",
      paramLabel = "NEXT.json",
      description = "write the next version's routing document to this file")
  private String outFile;

  /** Routes a key sample needs per partition before its load can be judged. */
  static final long MIN_ROUTES_PER_PARTITION = 10;

  /**
   * Refuses a key sample too small to judge the load of {@code table}'s partitions: fewer than
   * {@value #MIN_ROUTES_PER_PARTITION} keys a partition, the hot-key check's rule
   * (docs/observability.md). {@code command} names the command in the error.
   */
  static void requireEnough(KeySample sample, RoutingTable table, String file, String command) {
    long need = MIN_ROUTES_PER_PARTITION * table.partitionCount();
    if (sample.total() < need) {
      throw CommandException.invalid(
          "shardctl "
              + command
              + ": "
              + file
              + ": "
              + sample.total()
              + " keys are too few to judge the load of "
              + table.partitionCount()
              + " partitions: need >= "
              + need
              + " ("
              + MIN_ROUTES_PER_PARTITION
              + " a partition); sample more keys, or export measured load with"
              + " RouteStats.snapshot(window).toJson()");
    }
  }

  /** The share of the data moved at most when {@code --max-move} is not given. */
  static final double DEFAULT_MAX_MOVE = 0.1;

  @Override
  public int run(Console console) {
    if (statsFile != null && keysFile != null) {
      throw CommandException.usage(
          "advise",
          "takes one of --stats STATS (a statistics export) and --keys FILE (a key sample), not"
              + " both");
    }
    if (statsFile == null && keysFile == null) {
      throw CommandException.usage(
          "advise",
          "needs one of --stats STATS (a statistics export) and --keys FILE (a key sample)");
    }
    if (counts && keysFile == null) {
      throw CommandException.usage("advise", "--counts describes the lines of --keys FILE");
    }
    double cap = DEFAULT_MAX_MOVE;
    String m = maxMove;
    if (m != null) {
      try {
        cap = Double.parseDouble(m);
      } catch (NumberFormatException e) {
        cap = Double.NaN;
      }
      if (!(cap >= 0 && cap <= 1)) {
        throw CommandException.usage(
            "advise", "--max-move needs a share of the data in [0, 1], e.g. 0.1; got '" + m + "'");
      }
    }
    String input = statsFile != null ? statsFile : keysFile;
    Path target = outFile == null ? null : Tables.output(outFile, "advise", "--out", doc, input);
    RoutingTable table = Tables.load(doc, "advise");
    StatsSnapshot stats = statsFile != null ? AnalysisInputs.stats(statsFile, "advise") : null;
    RebalanceAdvisor.Advice a;
    try {
      if (stats == null) {
        KeySample sample = AnalysisInputs.keys(keysFile, counts, table, console.in(), "advise");
        requireEnough(sample, table, keysFile, "advise");
        stats = StatsSnapshot.of(table, sample);
      }
      a = RebalanceAdvisor.advise(table, stats, cap);
    } catch (IllegalArgumentException e) {
      throw CommandException.invalid("shardctl advise: " + input + ": " + e.getMessage());
    }
    var out = console.out();
    out.println(
        Printed.line(
            table.entity()
                + " version "
                + table.version()
                + ": "
                + stats.total()
                + " routes measured over "
                + stats.partitionCount()
                + " partitions ("
                + stats.window().label()
                + ", "
                + stats.members()
                + " member"
                + (stats.members() == 1 ? "" : "s")
                + ")"));
    out.println(
        "group peak/mean "
            + AnalyzeCommand.num(a.peakToMeanBefore())
            + " -> "
            + AnalyzeCommand.num(a.peakToMeanAfter())
            + ", moving "
            + AnalyzeCommand.pct(a.movedShare())
            + " of the data (cap "
            + AnalyzeCommand.pct(cap)
            + "): "
            + count(a.splits().size(), "range split", "ranges split")
            + ", "
            + count(a.isolations().size(), "key isolated", "keys isolated")
            + ", "
            + count(a.moves().size(), "partition moved", "partitions moved")
            + " of "
            + table.partitionCount());
    for (RebalanceAdvisor.Advice.Split sp : a.splits()) {
      out.println(
          Printed.line(
              "split partition "
                  + sp.partition()
                  + " at "
                  + sp.at()
                  + ": the upper part becomes partition "
                  + sp.upperPartition()
                  + " on "
                  + sp.upperGroup()
                  + " (from "
                  + sp.fromGroup()
                  + ", "
                  + AnalyzeCommand.pct(sp.upperLoadShare())
                  + " of the load, "
                  + AnalyzeCommand.pct(sp.movedShare())
                  + " of the data)"));
    }
    for (RebalanceAdvisor.Advice.Isolation i : a.isolations()) {
      out.println(
          Printed.line(
              "isolate key '"
                  + i.key()
                  + "' ("
                  + AnalyzeCommand.pct(i.loadShare())
                  + " of the load) from partition "
                  + i.fromPartition()
                  + " on "
                  + i.fromGroup()
                  + " to new dedicated partition "
                  + i.partition()
                  + " on "
                  + i.toGroup()
                  + " ("
                  + AnalyzeCommand.pct(i.movedShare())
                  + " of the data)"));
    }
    if (!a.moves().isEmpty()) {
      Columns c = new Columns("partition", "load", "from", "to");
      for (var mv : a.moves()) {
        c.row(
            mv.toPartition(),
            Math.round(a.expectedLoads().get(mv.toPartition())),
            mv.fromGroup(),
            mv.toGroup());
      }
      c.print(out, "  ");
    }
    if (a.changes()) {
      out.print(a.movement().toText());
    } else {
      out.println("no change lowers the hottest group's load within the cap; nothing to write");
    }
    for (String note : a.notes()) {
      out.println(Printed.line("note: " + note));
    }
    if (target != null && a.changes()) {
      Tables.write(
          target, RoutingDocuments.write(a.next()).getBytes(StandardCharsets.UTF_8), "advise");
      out.println("wrote " + outFile + " (version " + a.next().version() + ")");
    }
    return ShardCtl.OK;
  }

  private static String count(int n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }
}
