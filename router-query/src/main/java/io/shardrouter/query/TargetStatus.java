package io.shardrouter.query;

/**
 * How one target of a fan-out ended.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public enum TargetStatus {
  /** The target answered; its rows are in the result. */
  SUCCEEDED,
  /** Its last call failed (threw, or completed exceptionally) and no retry was allowed. */
  FAILED,
  /** Its last call got no answer within the per-target timeout and no retry was allowed. */
  TIMED_OUT,
  /** The fan-out's deadline passed while the target was queued or its call was in flight. */
  DEADLINE_EXCEEDED,
  /**
   * The target was abandoned before it ended: another target failed under {@code
   * requireComplete()}, the calling thread was interrupted, or the scatter-gather was closed.
   */
  CANCELLED;

  /** True for every status but {@link #SUCCEEDED}. */
  public boolean isMissing() {
    return this != SUCCEEDED;
  }
}
