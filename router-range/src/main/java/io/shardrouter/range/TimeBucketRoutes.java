package io.shardrouter.range;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Routes and windows of a routing table whose strategy is {@code time_buckets}: the route of a
 * business key with the bucket of an instant, the (group, bucket) pairs a time window visits, with
 * or without a business key, and the buckets past retention.
 *
 * <pre>{@code
 * TimeBucketRoutes routes = TimeBucketRoutes.of(table);
 * BucketedRoute w = routes.route(table.route("device-42"), Instant.now());   // group + metrics_202604
 * List<GroupBucket> scan = routes.window(from, to);                          // every group, every bucket
 * }</pre>
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class TimeBucketRoutes {
  private final RoutingTable table;
  private final TimeBucketedStrategy strategy;

  private TimeBucketRoutes(RoutingTable table, TimeBucketedStrategy strategy) {
    this.table = table;
    this.strategy = strategy;
  }

  /**
   * The routes of {@code table}.
   *
   * @throws IllegalArgumentException when the table's strategy is not {@code time_buckets}
   */
  public static TimeBucketRoutes of(RoutingTable table) {
    if (table.strategy() instanceof TimeBucketedStrategy s) {
      return new TimeBucketRoutes(table, s);
    }
    throw new IllegalArgumentException(
        "routing table '"
            + table.entity()
            + "' version "
            + table.version()
            + " uses strategy '"
            + table.strategy().type()
            + "', which has no time buckets; use a '"
            + TimeBucketedStrategy.TYPE
            + "' strategy");
  }

  public RoutingTable table() {
    return table;
  }

  public TimeBuckets buckets() {
    return strategy.buckets();
  }

  /**
   * {@code route} (from this table) with the bucket of {@code at}: where a write at {@code at}
   * goes.
   *
   * @throws IllegalArgumentException when {@code route} is not a route of this table
   */
  public BucketedRoute route(Route route, Instant at) {
    check(route);
    return new BucketedRoute(route, strategy.bucketOf(at));
  }

  /**
   * What a query for one business key over {@code [from, to)} visits: its route with each bucket,
   * in time order.
   */
  public List<BucketedRoute> window(Route route, Instant from, Instant to) {
    check(route);
    List<BucketedRoute> out = new ArrayList<>();
    for (TimeBuckets.Bucket b : strategy.buckets().touched(from, to)) {
      out.add(new BucketedRoute(route, b));
    }
    return out;
  }

  /**
   * What a query over {@code [from, to)} without a business key visits: every group that serves a
   * partition, with each bucket of the window; by bucket, then by group in table order.
   */
  public List<GroupBucket> window(Instant from, Instant to) {
    Set<ReplicaGroup> serving = new LinkedHashSet<>();
    for (int p = 0; p < table.partitionCount(); p++) {
      serving.add(table.groupOf(p));
    }
    List<GroupBucket> out = new ArrayList<>();
    for (TimeBuckets.Bucket b : strategy.buckets().touched(from, to)) {
      for (ReplicaGroup g : serving) {
        out.add(new GroupBucket(g, b));
      }
    }
    return out;
  }

  /**
   * The buckets past retention at {@code now}, from the one holding {@code oldest}: to drop or
   * archive in every group.
   */
  public List<TimeBuckets.Bucket> pastRetention(Instant oldest, Instant now) {
    return strategy.buckets().pastRetention(oldest, now);
  }

  private void check(Route route) {
    Objects.requireNonNull(route, "route");
    if (route.version() != table.version()
        || !route.entity().equals(table.entity())
        || route.partition() >= table.partitionCount()
        || table.routeOfPartition(route.partition()) != route) {
      throw new IllegalArgumentException(
          "route "
              + route
              + " is not a route of "
              + table
              + "; route the key through the"
              + " same table");
    }
  }

  /**
   * A route with the time bucket of a write or a read: the replica group to connect to, and the
   * bucket (say, the table {@code metrics_202604}) to use there.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param route the route of the business key
   * @param bucket the bucket of the instant
   * @since 0.1
   */
  public record BucketedRoute(Route route, TimeBuckets.Bucket bucket) {
    /** The replica group of the route. */
    public ReplicaGroup group() {
      return route.group();
    }

    /** {@code orders v7 partition 3 -> g1, bucket metrics_202604}. */
    @Override
    public String toString() {
      return route + ", bucket " + bucket.name();
    }
  }

  /**
   * One (replica group, time bucket) pair that a query over a time window visits.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param group the replica group to connect to
   * @param bucket the bucket to read there
   * @since 0.1
   */
  public record GroupBucket(ReplicaGroup group, TimeBuckets.Bucket bucket) {
    /** {@code g1 metrics_202604}. */
    @Override
    public String toString() {
      return group.id() + " " + bucket.name();
    }
  }
}
