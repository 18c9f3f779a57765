package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.range.RangeMovement;
import io.shardrouter.range.RangeStrategy;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code shardctl merge DOC PARTITION OUT [--group ID]}: joins range PARTITION with the next one,
 * on group ID (default: PARTITION's group), writes the next version to OUT and prints exactly which
 * keys move.
 */
final class MergeCommand implements Command {
  @Override
  public List<CliArgs.Option> options() {
    return List.of(CliArgs.Option.GROUP);
  }

  @Override
  public int run(CliArgs args, Console console) {
    args.requireExactly(3, "DOC, PARTITION and OUT");
    RoutingTable t = Tables.load(args.positional(0));
    RangeStrategy s = RangeArgs.rangeStrategy(t, args.positional(0), "merge");
    int p;
    try {
      p = Integer.parseInt(args.positional(1));
    } catch (NumberFormatException e) {
      throw CommandException.usage(
          "merge",
          "PARTITION must be a partition number, 0 to "
              + (s.partitionCount() - 1)
              + ", got '"
              + args.positional(1)
              + "'");
    }
    RangeMovement c;
    try {
      c = RangeMovement.merge(t, p, args.option(CliArgs.Option.GROUP));
    } catch (IllegalArgumentException e) {
      throw CommandException.invalid("shardctl merge: " + e.getMessage());
    }
    Tables.write(
        args.positional(2),
        RoutingDocuments.write(c.to()).getBytes(StandardCharsets.UTF_8),
        "merge");
    console
        .out()
        .println(
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
                + c.to().version()
                + ", "
                + t.partitionCount()
                + " -> "
                + c.to().partitionCount()
                + " ranges");
    SplitCommand.ranges(c.to(), p, p).print(console.out(), "  ");
    console.out().print(c.toText());
    console.out().println("wrote " + args.positional(2));
    return ShardCtl.OK;
  }
}
