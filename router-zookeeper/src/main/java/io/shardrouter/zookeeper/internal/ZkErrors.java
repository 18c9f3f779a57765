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
      return new StoreException("interrupted while " + doing, e);
    }
    return new StoreException(
        "ZooKeeper failed while "
            + doing
            + ": "
            + e
            + "; check that the ensemble is reachable and that this client may read and write"
            + " there",
        e);
  }

  /** ZooKeeper could not be read or written: the data may be fine, try again later. */
  public static final class StoreException extends RoutingException {
    private static final long serialVersionUID = 1L;

    StoreException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
