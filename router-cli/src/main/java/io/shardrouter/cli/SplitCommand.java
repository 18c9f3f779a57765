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
 * {@code shardctl split DOC KEY OUT [--group ID]}: splits the range that holds KEY at KEY, the
 * upper part {@code [KEY, end)} going to group ID (default: where it is), writes the next version
 * to OUT (a format-1 document) and prints the new ranges and exactly which keys move.
 */
@CommandLine.Command(
    name = "split",
    description = "split the range holding KEY at KEY; write the next version to OUT")
final class SplitCommand implements Command {
  @CommandLine.Parameters(
      index = "0",
      paramLabel = "DOC",
      description = "the routing document, with a range strategy")
  private String doc;

  @CommandLine.Parameters(
      index = "1",
      paramLabel = "KEY",
      description = "where to split: the first key of the new range")
  private String key;

  @CommandLine.Parameters(
      index = "2",
      paramLabel = "OUT",
      description = "the routing document to write")
  private String out;

  @CommandLine.Option(
      names = "--group",
      paramLabel = "ID",
      description =
          "the group of the upper part (a group id of the document); default: the range's group")
  private String group;

  @Override
  public int run(Console console) {
    Path target = Tables.output(out, "split", "OUT", doc);
    RoutingTable t = Tables.load(doc, "split");
    RangeStrategy s = RangeArgs.rangeStrategy(t, doc, "split");
    byte[] at = RangeArgs.key(t, key, "KEY", "split");
    int p = s.find(at);
    RoutingTable next;
    try {
      next = RangeSplits.split(t, at, group);
    } catch (IllegalArgumentException e) {
      throw CommandException.invalid("shardctl split: " + e.getMessage());
    }
    Tables.write(target, RoutingDocuments.write(next).getBytes(StandardCharsets.UTF_8), "split");
    console
        .out()
        .println(
            Printed.line(
                "split partition "
                    + p
                    + " "
                    + s.interval(p)
                    + " at "
                    + s.show(at)
                    + ": version "
                    + t.version()
                    + " -> "
                    + next.version()
                    + ", "
                    + t.partitionCount()
                    + " -> "
                    + next.partitionCount()
                    + " ranges"));
    ranges(next, p, p + 1).print(console.out(), "  ");
    console.out().print(MovementReport.between(t, next).toText());
    console.out().println("wrote " + out);
    return ShardCtl.OK;
  }

  /** Partitions {@code first} to {@code last} of a range table: range, group, primary. */
  static Columns ranges(RoutingTable t, int first, int last) {
    RangeStrategy s = (RangeStrategy) t.strategy();
    Columns c = new Columns("partition", "range", "group", "primary");
    for (int q = first; q <= last; q++) {
      c.row(q, s.interval(q), t.groupOf(q).id(), t.groupOf(q).primary().endpoint());
    }
    return c;
  }
}
