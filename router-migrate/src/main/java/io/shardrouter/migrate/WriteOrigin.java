package io.shardrouter.migrate;

/**
 * Who writes a batch: a client (checked against the fence) or the migration itself (copy, catch-up,
 * repair and mirror-back: rows keep their original version and sequence and pass the fence, but
 * still obey the sequence rule, so they never overwrite a newer row).
 *
 * <p><b>Stability:</b> evolving.
 */
public enum WriteOrigin {
  /** A service's write, routed with {@link Row#version()}. */
  CLIENT,
  /** The coordinator's copy of a row from another group. */
  MIGRATION
}
