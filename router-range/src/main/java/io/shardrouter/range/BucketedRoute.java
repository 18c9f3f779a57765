package io.shardrouter.range;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;

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
public record BucketedRoute(Route route, TimeBucket bucket) {
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
