package io.shardrouter.migrate;

/**
 * Which keys of a partition a {@link Part} holds, for strategy changes where only the keys that
 * land on the target group under the new table move.
 *
 * <p><b>Thread-safety:</b> implementations must be pure and safe to share.
 *
 * <p><b>Stability:</b> evolving.
 */
@FunctionalInterface
public interface KeyFilter {
  /** True when the key (canonical bytes) belongs to the part. */
  boolean contains(byte[] canonicalKey);
}
