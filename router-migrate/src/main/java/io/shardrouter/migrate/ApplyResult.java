package io.shardrouter.migrate;

/**
 * What a store did with a batch: rows applied, rows that were already there (same sequence), rows
 * superseded by a newer row (lower sequence), or, when a fence refused any row, nothing at all and
 * the refusing fence.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param applied rows written
 * @param duplicates rows whose key already held the same sequence
 * @param superseded rows whose key already held a higher sequence
 * @param refusedBy the fence that refused the batch, or null when it was not refused
 */
public record ApplyResult(int applied, int duplicates, int superseded, Fence refusedBy) {
  /** A refusal: nothing of the batch was applied. */
  public static ApplyResult refused(Fence fence) {
    return new ApplyResult(0, 0, 0, fence);
  }

  /** True when a fence refused the batch. */
  public boolean refused() {
    return refusedBy != null;
  }
}
