package io.shardrouter.query;

import io.shardrouter.core.RoutingException;

/**
 * A query would fan out wider (to more partitions or targets) than the {@link
 * ScatterGather.Builder#scatterLimit(int) scatter limit} allows without an explicit opt-in ({@link
 * FanOut#allowScatter()}), and was refused before any target was called.
 *
 * <p><b>Thread-safety:</b> immutable once thrown; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ScatterRefusedException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final int width;
  private final int limit;

  ScatterRefusedException(String what, int width, int limit) {
    super(
        what
            + " would fan out to "
            + width
            + " partitions or targets, over the scatter limit of "
            + limit
            + "; add the shard key to the query so it routes to fewer partitions, or opt in with allowScatter()"
            + " if this fan-out is intended");
    this.width = width;
    this.limit = limit;
  }

  /**
   * How wide the query would have fanned out: the larger of its number of targets and the distinct
   * partitions they cover.
   */
  public int width() {
    return width;
  }

  /** The configured limit. */
  public int limit() {
    return limit;
  }
}
