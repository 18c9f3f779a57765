package io.shardrouter.cli;

import io.shardrouter.core.MovementReport;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.range.RangeSplits;
import io.shardrouter.range.RangeStrategy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * {@code shardctl merge DOC PARTITION OUT [--group ID]}: joins range PARTITION with the next one,
 * on group ID (default: PARTITION's group), writes the next version to OUT and prints exactly which
 * keys move.
 */
@CommandLine.Command(
    name = "merge",
    description = "join range PARTITION with the next one; write the next version to OUT")
final class MergeCommand implements Command {
  @CommandLine.Parameters(
      index = "0",
      paramLabel = "DOC",
      description = "the routing document, with a range strategy")
  private String doc;

  @CommandLine.Parameters(
      index = "1",
      paramLabel = "PARTITION",
      description = "the partition number of the lower range")
  private String partition;

  @CommandLine.Parameters(
      index = "2",
      paramLabel = "OUT",
      description = "the routing document to write")
  private String out;

  @CommandLine.Option(
      names = "--group",
      paramLabel = "ID",
      description =
          "the group of the joined range (a group id of the document); default: the lower range's group")
  private String group;

  @Override
  public int run(Console console) {
    Path target = Tables.output(out, "merge", "OUT", doc);
    RoutingTable t = Tables.load(doc, "merge");
    RangeStrategy s = RangeArgs.rangeStrategy(t, doc, "merge");
    int p;
    try {
      p = Integer.parseInt(partition);
    } catch (NumberFormatException e) {
      throw CommandException.usage(
          "merge",
          "PARTITION must be a partition number, 0 to "
              + (s.partitionCount() - 1)
              + ", got '"
              + partition
              + "'");
    }
    RoutingTable next;
    try {
      next = RangeSplits.merge(t, p, group);
    } catch (IllegalArgumentException e) {
      throw CommandException.invalid("shardctl merge: " + e.getMessage());
    }
    Tables.write(target, RoutingDocuments.write(next).getBytes(StandardCharsets.UTF_8), "merge");
    console
        .out()
        .println(
            Printed.line(
                "merged partitions "
                    + p
                    + " "
                    + s.interval(p)
                    + " and "
                    + (p + 1)
                    + " "
                    + s.interval(p + 1)
                    + ": version "
                    + t.version()
                    + " -> "
                    + next.version()
                    + ", "
                    + t.partitionCount()
                    + " -> "
                    + next.partitionCount()
                    + " ranges"));
    SplitCommand.ranges(next, p, p).print(console.out(), "  ");
    console.out().print(MovementReport.between(t, next).toText());
    console.out().println("wrote " + out);
    return ShardCtl.OK;
  }
}
