package io.shardrouter.cli;

import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.range.KeyOrder;
import io.shardrouter.range.KeyRange;
import io.shardrouter.range.RangeStrategy;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * {@code shardctl prune DOC [--from K | --after K] [--to K | --before K]}: the partitions, and the
 * replica groups, that a range query over the key range visits under a range table. {@code --from}
 * and {@code --to} are inclusive (SQL's {@code BETWEEN}), {@code --after} and {@code --before}
 * exclusive; a side without a bound is unbounded.
 */
@CommandLine.Command(
    name = "prune",
    description = "the partitions and groups a range query visits (range tables)")
final class PruneCommand implements Command {
  @CommandLine.Parameters(
      index = "0",
      paramLabel = "DOC",
      description = "the routing document, with a range strategy")
  private String doc;

  @CommandLine.Option(
      names = "--from",
      paramLabel = "KEY",
      description = "the inclusive lower bound")
  private String from;

  @CommandLine.Option(
      names = "--after",
      paramLabel = "KEY",
      description = "the exclusive lower bound")
  private String after;

  @CommandLine.Option(names = "--to", paramLabel = "KEY", description = "the inclusive upper bound")
  private String to;

  @CommandLine.Option(
      names = "--before",
      paramLabel = "KEY",
      description = "the exclusive upper bound")
  private String before;

  @Override
  public int run(Console console) {
    if (from != null && after != null) {
      throw CommandException.usage(
          "prune", "--from and --after both give the lower bound; give one of them");
    }
    if (to != null && before != null) {
      throw CommandException.usage(
          "prune", "--to and --before both give the upper bound; give one of them");
    }
    RoutingTable t = Tables.load(doc, "prune");
    RangeStrategy s = RangeArgs.rangeStrategy(t, doc, "prune");
    String lo = from != null ? from : after;
    String hi = to != null ? to : before;
    byte[] lower =
        lo == null ? null : RangeArgs.key(t, lo, from != null ? "--from" : "--after", "prune");
    byte[] upper =
        hi == null ? null : RangeArgs.key(t, hi, to != null ? "--to" : "--before", "prune");
    if (lower != null && upper != null && KeyOrder.of(t.keyType()).compare(lower, upper) > 0) {
      // [1050, 950] is a valid, empty range (BETWEEN 1050 AND 950), but asked for it is a mistake
      String lowOption = from != null ? "--from" : "--after";
      String highOption = to != null ? "--to" : "--before";
      throw CommandException.usage(
          "prune",
          "the range is reversed: the lower bound "
              + lowOption
              + " "
              + Printed.line(lo)
              + " is above the upper bound "
              + highOption
              + " "
              + Printed.line(hi)
              + "; give the lower key to "
              + lowOption
              + " and the higher to "
              + highOption);
    }
    KeyRange range = KeyRange.of(t.keyType(), lower, from != null, upper, to != null);
    PartitionSet span = s.prune(range);
    PrintStream out = console.out();
    if (span.isEmpty()) {
      out.println(
          Printed.line("key range " + range + " touches no partition: no range holds a key of it"));
      return ShardCtl.OK;
    }
    out.println(
        Printed.line(
            "key range "
                + range
                + " touches "
                + describe(span)
                + " ("
                + span.size()
                + " of "
                + s.partitionCount()
                + "):"));
    Columns c = new Columns("partition", "range", "group", "primary");
    for (int p : span.toArray()) {
      ReplicaGroup g = t.groupOf(p);
      c.row(p, s.interval(p), g.id(), g.primary().endpoint());
    }
    c.print(out, "  ");
    List<String> groups = new ArrayList<>();
    for (ReplicaGroup g : span.groups(t)) {
      groups.add(g.id());
    }
    out.println(Printed.line("groups to visit: " + String.join(", ", groups)));
    return ShardCtl.OK;
  }

  /** {@code partitions 0-1}, {@code partition 3}, {@code no partitions}, else the set. */
  static String describe(PartitionSet partitions) {
    if (partitions.isEmpty()) {
      return "no partitions";
    }
    if (partitions.size() == 1) {
      return "partition " + partitions.min();
    }
    return partitions.isRun()
        ? "partitions " + partitions.min() + "-" + partitions.max()
        : "partitions " + partitions;
  }
}
