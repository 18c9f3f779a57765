package io.shardrouter.query;

import io.shardrouter.core.RoutingException;

/**
 * A query would fan out to more partitions than the {@link ScatterGuard} allows without an explicit
 * opt-in, and was refused before any target was called.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ScatterRefusedException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final int partitions;
  private final int limit;

  ScatterRefusedException(String what, int partitions, int limit) {
    super(what + " would fan out to " + partitions + " partitions, over the scatter limit of " + limit
        + "; add the shard key to the query so it routes to fewer partitions, or opt in with allowScatter()"
        + " if this fan-out is intended");
    this.partitions = partitions;
    this.limit = limit;
  }

  /** How many partitions the query would have visited. */
  public int partitions() {
    return partitions;
  }

  /** The configured limit. */
  public int limit() {
    return limit;
  }
}
