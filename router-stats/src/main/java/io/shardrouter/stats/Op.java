package io.shardrouter.stats;

/**
 * What a recorded route was for, as far as the caller says: reads and writes are counted apart, and
 * a route recorded without saying is counted as {@link #ANY}.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public enum Op {
  /** The route served a read. */
  READ,
  /** The route served a write. */
  WRITE,
  /** The caller did not say. */
  ANY;

  /** The lowercase name used in JSON and in messages. */
  public String label() {
    return switch (this) {
      case READ -> "reads";
      case WRITE -> "writes";
      case ANY -> "unspecified";
    };
  }
}
