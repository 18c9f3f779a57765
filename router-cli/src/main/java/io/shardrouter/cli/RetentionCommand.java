package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.range.TimeBucketRoutes;
import io.shardrouter.range.TimeBuckets;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine;

/**
 * {@code shardctl retention DOC OLDEST NOW}: the time buckets past the retention period of a {@code
 * time_buckets} table at NOW, from the one that holds OLDEST (the oldest row kept): the buckets to
 * drop or archive in every group.
 */
@CommandLine.Command(
    name = "retention",
    description = "the time buckets past the retention period at NOW")
final class RetentionCommand implements Command {
  @CommandLine.Parameters(
      index = "0",
      paramLabel = "DOC",
      description = "the routing document, with a time_buckets strategy")
  private String doc;

  @CommandLine.Parameters(
      index = "1",
      paramLabel = "OLDEST",
      description = "the oldest row kept, a timestamp")
  private String oldestArg;

  @CommandLine.Parameters(
      index = "2",
      paramLabel = "NOW",
      description = "the time to judge at, a timestamp")
  private String nowArg;

  @Override
  public int run(Console console) {
    RoutingTable t = Tables.load(doc, "retention");
    TimeBucketRoutes routes = RangeArgs.buckets(t, doc, "retention");
    TimeBuckets b = routes.buckets();
    if (b.retention() == null) {
      throw CommandException.invalid(
          "shardctl retention: "
              + doc
              + " keeps its buckets forever: its"
              + " time_buckets strategy has no \"retention\"; add one, such as \"P12M\"");
    }
    Instant oldest = RangeArgs.instant(oldestArg, "OLDEST", "retention");
    Instant now = RangeArgs.instant(nowArg, "NOW", "retention");
    if (oldest.isAfter(now)) {
      throw CommandException.usage(
          "retention",
          "OLDEST "
              + oldestArg
              + " is after NOW "
              + nowArg
              + "; OLDEST is the oldest row kept, at or before NOW, the time to judge at: give"
              + " OLDEST first");
    }
    List<TimeBuckets.Bucket> past = routes.pastRetention(oldest, now);
    PrintStream out = console.out();
    out.println(
        "retention "
            + b.retention()
            + " at "
            + now
            + ": rows before "
            + b.retentionCutoff(now)
            + " are past it");
    if (past.isEmpty()) {
      out.println("no bucket from " + b.bucketOf(oldest).name() + " on is wholly past retention");
      return ShardCtl.OK;
    }
    out.println(
        past.size()
            + (past.size() == 1 ? " bucket" : " buckets")
            + " to drop or archive in every group:");
    Columns c = new Columns("bucket", "start", "end");
    for (TimeBuckets.Bucket x : past) {
      c.row(x.name(), x.start(), x.end());
    }
    c.print(out, "  ");
    return ShardCtl.OK;
  }
}
