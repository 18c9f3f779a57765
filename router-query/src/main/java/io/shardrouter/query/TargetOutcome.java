package io.shardrouter.query;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How one target of a fan-out ended: its status, its rows when it answered, the cause when it did
 * not, how long it took and how many calls it needed.
 *
 * <p><b>Thread-safety:</b> immutable (the rows are an unmodifiable copy); safe to share.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <R> the row type
 * @since 0.1
 */
public final class TargetOutcome<R> {
  private final Target target;
  private final Status status;
  private final List<R> rows;
  private final int rowCount;
  private final @Nullable Throwable cause;
  private final long latencyNanos;
  private final int calls;
  private final boolean hedged;

  TargetOutcome(
      Target target,
      Status status,
      List<R> rows,
      @Nullable Throwable cause,
      long latencyNanos,
      int calls,
      boolean hedged) {
    this(target, status, rows, rows.size(), cause, latencyNanos, calls, hedged);
  }

  /** An outcome whose rows were dropped ({@link FanOutAudit}'s) but whose row count is kept. */
  TargetOutcome(
      Target target,
      Status status,
      List<R> rows,
      int rowCount,
      @Nullable Throwable cause,
      long latencyNanos,
      int calls,
      boolean hedged) {
    this.target = target;
    this.status = status;
    this.rows = rows;
    this.rowCount = rowCount;
    this.cause = cause;
    this.latencyNanos = latencyNanos;
    this.calls = calls;
    this.hedged = hedged;
  }

  public Target target() {
    return target;
  }

  public Status status() {
    return status;
  }

  /** True when the target answered. */
  public boolean succeeded() {
    return status == Status.SUCCEEDED;
  }

  /**
   * The target's rows in the order its call returned them; empty unless it succeeded, and empty in
   * a {@link FanOutAudit} entry, which keeps only their {@link #rowCount()}.
   */
  public List<R> rows() {
    return rows;
  }

  /**
   * How many rows the target returned: {@code rows().size()}, also in a {@link FanOutAudit} entry,
   * whose outcomes drop the rows themselves.
   *
   * @since 0.1
   */
  public int rowCount() {
    return rowCount;
  }

  /**
   * Why the target is missing: the exception of its last call, a {@link
   * java.util.concurrent.TimeoutException} for a per-target timeout or the deadline, or a {@link
   * java.util.concurrent.CancellationException}. Empty when it succeeded.
   */
  public Optional<Throwable> cause() {
    return Optional.ofNullable(cause);
  }

  /**
   * From the target's first call to its end (its answer, its last failure, or the moment it was
   * abandoned); zero for a target never called.
   */
  public Duration latency() {
    return Duration.ofNanos(latencyNanos);
  }

  public long latencyNanos() {
    return latencyNanos;
  }

  /** How many calls were made: first, retries and hedges together; 0 when it was never called. */
  public int calls() {
    return calls;
  }

  /** True when a hedged call was sent to the target. */
  public boolean hedged() {
    return hedged;
  }

  /** Like {@code g1: TIMED_OUT after 50 ms, 2 calls (TimeoutException: ...)}. */
  @Override
  public String toString() {
    StringBuilder sb =
        new StringBuilder(target.name())
            .append(": ")
            .append(status)
            .append(" after ")
            .append(latencyNanos / 1_000_000)
            .append(" ms, ")
            .append(calls)
            .append(calls == 1 ? " call" : " calls");
    if (hedged) {
      sb.append(", hedged");
    }
    if (status == Status.SUCCEEDED) {
      sb.append(", ").append(rowCount).append(rowCount == 1 ? " row" : " rows");
    } else if (cause != null) {
      sb.append(" (")
          .append(cause.getClass().getSimpleName())
          .append(": ")
          .append(cause.getMessage())
          .append(')');
    }
    return sb.toString();
  }

  /**
   * How one target of a fan-out ended.
   *
   * <p><b>Thread-safety:</b> immutable; safe to share.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @since 0.1
   */
  public enum Status {
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
}
