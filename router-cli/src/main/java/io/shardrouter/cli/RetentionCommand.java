package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.range.TimeBucketRoutes;
import io.shardrouter.range.TimeBuckets;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;

/**
 * {@code shardctl retention DOC OLDEST NOW}: the time buckets past the retention period of a {@code
 * time_buckets} table at NOW, from the one that holds OLDEST (the oldest row kept): the buckets to
 * drop or archive in every group.
 */
final class RetentionCommand implements Command {
  @Override
  public int run(CliArgs args, Console console) {
    args.requireExactly(3, "DOC, OLDEST and NOW");
    RoutingTable t = Tables.load(args.positional(0));
    TimeBucketRoutes routes = RangeArgs.buckets(t, args.positional(0), "retention");
    TimeBuckets b = routes.buckets();
    if (b.retention() == null) {
      throw CommandException.invalid(
          "shardctl retention: "
              + args.positional(0)
              + " keeps its buckets forever: its"
              + " time_buckets strategy has no \"retention\"; add one, such as \"P12M\"");
    }
    Instant oldest = RangeArgs.instant(args.positional(1), "OLDEST", "retention");
    Instant now = RangeArgs.instant(args.positional(2), "NOW", "retention");
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
