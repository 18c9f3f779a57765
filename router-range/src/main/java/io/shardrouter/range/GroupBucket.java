package io.shardrouter.range;

import io.shardrouter.core.ReplicaGroup;

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
public record GroupBucket(ReplicaGroup group, TimeBucket bucket) {
  /** {@code g1 metrics_202604}. */
  @Override
  public String toString() {
    return group.id() + " " + bucket.name();
  }
}
