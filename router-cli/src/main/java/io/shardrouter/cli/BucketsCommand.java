package io.shardrouter.cli;

import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.range.TimeBucketRoutes;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine;

/**
 * {@code shardctl buckets DOC FROM TO [KEY]}: the time buckets that the window {@code [FROM, TO)}
 * touches under a {@code time_buckets} table, and where to read each: with KEY, the key's group;
 * without, every group that serves a partition (the (group, bucket) pairs a query visits).
 */
@CommandLine.Command(
    name = "buckets",
    description = "the time buckets of [FROM, TO) and the groups to read them in")
final class BucketsCommand implements Command {
  @CommandLine.Parameters(
      index = "0",
      paramLabel = "DOC",
      description = "the routing document, with a time_buckets strategy")
  private String doc;

  @CommandLine.Parameters(
      index = "1",
      paramLabel = "FROM",
      description = "the window's start, a timestamp")
  private String fromArg;

  @CommandLine.Parameters(
      index = "2",
      paramLabel = "TO",
      description = "the window's end (exclusive), a timestamp")
  private String toArg;

  @CommandLine.Parameters(
      index = "3",
      arity = "0..1",
      paramLabel = "KEY",
      description = "only the buckets of this key's group")
  private String key;

  @Override
  public int run(Console console) {
    RoutingTable t = Tables.load(doc, "buckets");
    TimeBucketRoutes routes = RangeArgs.buckets(t, doc, "buckets");
    Instant from = RangeArgs.instant(fromArg, "FROM", "buckets");
    Instant to = RangeArgs.instant(toArg, "TO", "buckets");
    if (from.isAfter(to)) {
      throw CommandException.usage(
          "buckets",
          "the window is reversed: FROM "
              + fromArg
              + " is after TO "
              + toArg
              + "; the window is [FROM, TO): give its start, then its end");
    }
    PrintStream out = console.out();
    Columns c = new Columns("bucket", "start", "end", "group", "primary");
    int buckets = routes.buckets().touched(from, to).size();
    if (key != null) {
      Route r;
      try {
        r = t.routeCanonical(RangeArgs.key(t, key, "KEY", "buckets"));
      } catch (NoRouteException e) {
        throw CommandException.unrouted("shardctl buckets: KEY: " + e.getMessage());
      }
      List<TimeBucketRoutes.BucketedRoute> visits = routes.window(r, from, to);
      out.println(
          Printed.line(
              "window ["
                  + from
                  + ", "
                  + to
                  + ") of key "
                  + key
                  + " (partition "
                  + r.partition()
                  + ", group "
                  + r.group().id()
                  + "): "
                  + visits.size()
                  + (visits.size() == 1 ? " bucket" : " buckets")
                  + " ("
                  + routes.buckets()
                  + ")"));
      for (TimeBucketRoutes.BucketedRoute v : visits) {
        c.row(
            v.bucket().name(),
            v.bucket().start(),
            v.bucket().end(),
            v.group().id(),
            v.group().primary().endpoint());
      }
    } else {
      List<TimeBucketRoutes.GroupBucket> visits = routes.window(from, to);
      out.println(
          Printed.line(
              "window ["
                  + from
                  + ", "
                  + to
                  + "): "
                  + buckets
                  + " buckets x "
                  + (buckets == 0 ? 0 : visits.size() / buckets)
                  + " groups = "
                  + visits.size()
                  + " visits ("
                  + routes.buckets()
                  + ")"));
      for (TimeBucketRoutes.GroupBucket v : visits) {
        c.row(
            v.bucket().name(),
            v.bucket().start(),
            v.bucket().end(),
            v.group().id(),
            v.group().primary().endpoint());
      }
    }
    if (buckets > 0) {
      c.print(out, "  ");
    }
    return ShardCtl.OK;
  }
}
