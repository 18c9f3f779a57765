package io.shardrouter.query;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The caller's asynchronous query against one target: start the work and return a stage that
 * completes with the target's rows (sorted, when the rows will be merged by {@link TopK} or a
 * {@link Pager}).
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
}
