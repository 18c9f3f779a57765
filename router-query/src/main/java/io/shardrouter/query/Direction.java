package io.shardrouter.query;

/**
 * The direction of a {@link SortOrder}: {@link #ASC} keeps the key comparator's order, {@link
 * #DESC} reverses it (newest first, for a key that starts with a timestamp).
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> evolving; the names are part of the cursor fingerprint.
 *
 * @since 0.1
 */
public enum Direction {
  /** Smallest key first. */
  ASC,
  /** Largest key first. */
  DESC
}
