package io.shardrouter.query;

import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The caller's asynchronous query against one target: start the work and return a stage that
 * completes with the target's rows (sorted, when the rows will be merged by {@link TopK} or a
 * {@link Pager}). For a page, the query's {@code LIMIT} is {@link PageRequest#fetchLimit()}, K + 1,
 * not the page size: the row beyond the page is how the pager knows that another page follows.
 *
 * <p>Return promptly: unless {@link ScatterGather.Builder#callExecutor} names an executor, the call
 * runs on the thread that decides to make it — the thread of {@code run()} or {@code start()} for
 * the first calls, the timer thread for hedges and for retries after a timeout or a backoff, and
 * the thread that completed an earlier call for immediate retries and for targets that waited for a
 * concurrency slot. Blocking I/O belongs on the caller's own executor.
 *
 * <p>When the answer is no longer wanted (the per-target timeout or the deadline passed, or a hedge
 * won), the scatter-gather calls {@code cancel(true)} on {@code stage.toCompletableFuture()}. To
 * stop the underlying work as well, return the future that owns it (not a dependent stage) and
 * react to its cancellation, e.g. {@code future.whenComplete((r, e) -> { if (future.isCancelled())
 * statement.cancel(); })}.
 *
 * <p>A call that throws, returns null, or completes with null rows or null elements counts as a
 * failed call of that target.
 *
 * <p><b>Thread-safety:</b> implementations are called from several threads at once.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <R> the row type
 * @since 0.1
 */
@FunctionalInterface
public interface TargetCall<R> {

  /** Starts the query of {@code attempt.target()} and returns the stage of its rows. */
  CompletionStage<List<R>> call(Attempt attempt) throws Exception;

  /**
   * One call to one target, as a {@link TargetCall} sees it: which call this is for the target (the
   * first, a retry or a hedge), the replica it should read from, and how long it may take.
   *
   * <p>A hedge goes to another replica than the call it races, when the group has one: {@link
   * #replica()} picks {@code group.readReplica(hint + number)}, where the hint changes with every
   * fan-out so that first calls spread over the replicas.
   *
   * <p><b>Thread-safety:</b> immutable; safe to share.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @since 0.1
   */
  final class Attempt {

    /** Why a call was made. */
    public enum Kind {
      /** The first call to the target. */
      FIRST,
      /** A call after a failed one that the retry predicate called retryable. */
      RETRY,
      /** A second call racing a slow one; the first answer wins and the other is cancelled. */
      HEDGE
    }

    private final Target target;
    private final Kind kind;
    private final int number;
    private final long replicaHint;
    private final long deadlineNanos;

    Attempt(Target target, Kind kind, int number, long replicaHint, long deadlineNanos) {
      this.target = target;
      this.kind = kind;
      this.number = number;
      this.replicaHint = replicaHint;
      this.deadlineNanos = deadlineNanos;
    }

    public Target target() {
      return target;
    }

    public Kind kind() {
      return kind;
    }

    /** 0 for the first call to the target, then 1, 2, ... for each retry or hedge. */
    public int number() {
      return number;
    }

    /** The replica this call should read from, when the target has a replica group. */
    public Optional<Replica> replica() {
      Optional<ReplicaGroup> g = target.group();
      return g.map(group -> group.readReplica(replicaHint + number));
    }

    /**
     * The {@link System#nanoTime()} after which this call's answer is no longer used: the earlier
     * of the per-target timeout and the fan-out's deadline. Pass it on as a statement or RPC
     * timeout.
     */
    public long deadlineNanos() {
      return deadlineNanos;
    }

    /** The time left until {@link #deadlineNanos()}, never negative. */
    public Duration remaining() {
      return Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime()));
    }

    @Override
    public String toString() {
      return kind.name().toLowerCase(java.util.Locale.ROOT)
          + " call #"
          + number
          + " to "
          + target.name();
    }
  }
}
