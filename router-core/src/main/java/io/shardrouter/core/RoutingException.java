package io.shardrouter.core;

/**
 * Root of every domain failure the library reports: a bad routing document, a stale version, a key
 * that cannot be routed, a corrupt snapshot.
 *
 * <p>Messages say what was wrong, where (JSON path, key, partition, version) and what to do. When
 * one of these is thrown while a {@link Router} is being updated, the router keeps its last good
 * table.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public class RoutingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RoutingException(String message) {
    super(message);
  }

  public RoutingException(String message, Throwable cause) {
    super(message, cause);
  }
}
