package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.range.RangeMovement;
import io.shardrouter.range.RangeStrategy;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code shardctl split DOC KEY OUT [--group ID]}: splits the range that holds KEY at KEY, the
 * upper part {@code [KEY, end)} going to group ID (default: where it is), writes the next version
 * to OUT (a format-1 document) and prints the new ranges and exactly which keys move.
 */
final class SplitCommand implements Command {
  @Override
  public List<CliArgs.Option> options() {
    return List.of(CliArgs.Option.GROUP);
  }

  @Override
  public int run(CliArgs args, Console console) {
    args.requireExactly(3, "DOC, KEY and OUT");
    RoutingTable t = Tables.load(args.positional(0));
    RangeStrategy s = RangeArgs.rangeStrategy(t, args.positional(0), "split");
    byte[] at = RangeArgs.key(t, args.positional(1), "KEY", "split");
    int p = s.find(at);
    RangeMovement c;
    try {
      c = RangeMovement.split(t, at, args.option(CliArgs.Option.GROUP));
    } catch (IllegalArgumentException e) {
      throw CommandException.invalid("shardctl split: " + e.getMessage());
    }
    Tables.write(
        args.positional(2),
        RoutingDocuments.write(c.to()).getBytes(StandardCharsets.UTF_8),
        "split");
    console
        .out()
        .println(
            "split partition "
                + p
                + " "
                + s.interval(p)
                + " at "
                + s.show(at)
                + ": version "
                + t.version()
                + " -> "
                + c.to().version()
                + ", "
                + t.partitionCount()
                + " -> "
                + c.to().partitionCount()
                + " ranges");
    ranges(c.to(), p, p + 1).print(console.out(), "  ");
    console.out().print(c.toText());
    console.out().println("wrote " + args.positional(2));
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
