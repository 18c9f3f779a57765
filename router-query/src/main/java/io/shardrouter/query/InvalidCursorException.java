package io.shardrouter.query;

import io.shardrouter.core.RoutingException;

/**
 * A page cursor was refused: it is not a cursor of this service, it was altered, truncated or
 * forged, it comes from another query, or from a newer routing version than this process knows. The
 * {@link #reason()} says which; the message says what to do (usually: start again from the first
 * page). A service maps it to a client error (HTTP 400), never to a silent restart.
 *
 * <p><b>Thread-safety:</b> immutable once thrown; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class InvalidCursorException extends RoutingException {
  private static final long serialVersionUID = 1L;

  /** Why a cursor was refused. */
  public enum Reason {
    /** Not a cursor: empty, too long, not URL-safe Base64, or its fields do not parse. */
    MALFORMED,
    /** Shorter than the length it declares: cut off in transit or by hand. */
    TRUNCATED,
    /** Written in a cursor format version this library does not know. */
    UNKNOWN_VERSION,
    /** Not signed, but this service accepts signed cursors only. */
    UNSIGNED,
    /**
     * Its signature does not verify: altered, forged, or signed with a key this service does not
     * have.
     */
    BAD_SIGNATURE,
    /** Its checksum does not match: an unsigned cursor that was altered or damaged. */
    CORRUPT,
    /** Issued for another filter than the query it was presented with. */
    FILTER_MISMATCH,
    /** Issued for another sort order than the query it was presented with. */
    SORT_MISMATCH,
    /** Issued under a newer routing version than the one this process routes with. */
    ROUTING_VERSION_AHEAD
  }

  private final Reason reason;

  InvalidCursorException(Reason reason, String message) {
    super("invalid cursor (" + reason + "): " + message);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
