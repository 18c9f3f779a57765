package io.shardrouter.core;

/**
 * A binary routing snapshot that is not exactly what its writer wrote: bad magic, an unknown format
 * version, truncation, a length over the limit, or a checksum mismatch. A corrupt snapshot is never
 * turned into a silently different table.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class CorruptSnapshotException extends RoutingException {
  private static final long serialVersionUID = 1L;

  public CorruptSnapshotException(String message) {
    super(message);
  }

  public CorruptSnapshotException(String message, Throwable cause) {
    super(message, cause);
  }
}
