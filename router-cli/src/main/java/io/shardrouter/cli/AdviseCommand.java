package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.stats.RebalanceAdvisor;
import io.shardrouter.stats.StatsSnapshot;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * {@code shardctl advise DOC --stats STATS [--max-move SHARE] [--out NEXT.json]}: proposes the next
 * version of DOC that evens the measured load of STATS across groups ({@link RebalanceAdvisor}):
 * prints the ranges split, the hot keys isolated, the partitions moved, the movement report and
 * peak/mean before and after, and writes the document. SHARE is a share of the data (default
 * {@value #DEFAULT_MAX_MOVE}).
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
      description = "a statistics export (shardrouter-stats/1 JSON); required")
  private String statsFile;

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

  /** The share of the data moved at most when {@code --max-move} is not given. */
  static final double DEFAULT_MAX_MOVE = 0.1;

  @Override
  public int run(Console console) {
    if (statsFile == null) {
      throw CommandException.usage("advise", "needs --stats STATS, a statistics export");
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
    RoutingTable table = Tables.load(doc);
    StatsSnapshot stats = AnalysisInputs.stats(statsFile, "advise");
    RebalanceAdvisor.Advice a;
    try {
      a = RebalanceAdvisor.advise(table, stats, cap);
    } catch (IllegalArgumentException e) {
      throw CommandException.invalid("shardctl advise: " + statsFile + ": " + e.getMessage());
    }
    var out = console.out();
    out.println(
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
            + ")");
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
              + " of the data)");
    }
    for (RebalanceAdvisor.Advice.Isolation i : a.isolations()) {
      out.println(
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
              + " of the data)");
    }
    if (!a.moves().isEmpty()) {
      Columns c = new Columns("partition", "load", "from", "to");
      for (var mv : a.moves()) {
        c.row(
            mv.partition(),
            Math.round(a.expectedLoads().get(mv.partition())),
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
      out.println("note: " + note);
    }
    String file = outFile;
    if (file != null && a.changes()) {
      Tables.write(
          file, RoutingDocuments.write(a.next()).getBytes(StandardCharsets.UTF_8), "advise");
      out.println("wrote " + file + " (version " + a.next().version() + ")");
    }
    return ShardCtl.OK;
  }

  private static String count(int n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }
}
