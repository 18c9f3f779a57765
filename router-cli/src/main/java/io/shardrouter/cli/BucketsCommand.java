package io.shardrouter.cli;

import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.range.TimeBucketRoutes;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;

/**
 * {@code shardctl buckets DOC FROM TO [KEY]}: the time buckets that the window {@code [FROM, TO)}
 * touches under a {@code time_buckets} table, and where to read each: with KEY, the key's group;
 * without, every group that serves a partition (the (group, bucket) pairs a query visits).
 */
final class BucketsCommand implements Command {
  @Override
  public int run(CliArgs args, Console console) {
    if (args.positional().size() != 3 && args.positional().size() != 4) {
      throw CommandException.usage(
          "buckets",
          "needs DOC, FROM and TO, and optionally KEY, got "
              + args.positional().size()
              + " arguments");
    }
    RoutingTable t = Tables.load(args.positional(0));
    TimeBucketRoutes routes = RangeArgs.buckets(t, args.positional(0), "buckets");
    Instant from = RangeArgs.instant(args.positional(1), "FROM", "buckets");
    Instant to = RangeArgs.instant(args.positional(2), "TO", "buckets");
    PrintStream out = console.out();
    Columns c = new Columns("bucket", "start", "end", "group", "primary");
    int buckets = routes.buckets().touched(from, to).size();
    if (args.positional().size() == 4) {
      String key = args.positional(3);
      Route r;
      try {
        r = t.routeCanonical(RangeArgs.key(t, key, "KEY", "buckets"));
      } catch (NoRouteException e) {
        throw CommandException.unrouted("shardctl buckets: KEY: " + e.getMessage());
      }
      List<TimeBucketRoutes.BucketedRoute> visits = routes.window(r, from, to);
      out.println(
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
              + ")");
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
              + ")");
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
