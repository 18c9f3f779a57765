package io.shardrouter.core;

/**
 * What a {@link Replica} does in its {@link ReplicaGroup}: the primary takes writes, replicas serve
 * reads.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public enum Role {
  PRIMARY,
  REPLICA
}
