package io.shardrouter.core;

/**
 * A well-formed key of the table's key type that no partition covers: for a range strategy, a key
 * below the first range's start or at or above the end of a last range that is not open-ended. The
 * key is never routed to the nearest partition instead; the message names the key and the nearest
 * ranges, so the fix (a range that covers the key, or a corrected key) is plain.
 *
 * <p>Strategies that cover every key (the hash family) never throw it.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class NoRouteException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final String key;

  /**
   * @param key the key in its text form ({@code docs/routing-spec.md} §2.4)
   * @param message what was wrong, with the key and the nearest ranges, and what to do
   */
  public NoRouteException(String key, String message) {
    super(message);
    this.key = key;
  }

  /** The key that has no route, in its text form. */
  public String key() {
    return key;
  }
}
