package io.shardrouter.zookeeper.internal;

import io.shardrouter.core.RoutingException;

/**
 * Turns what Curator throws into a {@link RoutingException} that says what was being done, on which
 * node, and what to check.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> internal.
 */
public final class ZkErrors {
  private ZkErrors() {}

  /** {@code e}, thrown while {@code doing}, as a routing exception; restores the interrupt flag. */
  public static RoutingException wrap(Exception e, String doing) {
    if (e instanceof RoutingException r) {
      return r;
    }
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      return new RoutingException("interrupted while " + doing, e);
    }
    return new RoutingException(
        "ZooKeeper failed while "
            + doing
            + ": "
            + e
            + "; check that the ensemble is reachable and that this client may read and write"
            + " there",
        e);
  }
}
