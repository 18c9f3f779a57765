package io.shardrouter.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * One target's part of a running fan-out: the state machine of its calls (the first call, retries
 * after a retryable failure, at most one hedge), their per-call timeouts and the hedge and backoff
 * timers, and how the target ended (status, rows, cause, latency, calls).
 *
 * <p>It owns nothing of the fan-out as a whole: the deadline, the concurrency limit, the retry
 * budget and when the fan-out finishes belong to its {@link FanOutRun}, which starts the target
 * when a concurrency slot is free, is told through {@link FanOutRun#targetEndedLocked} when it
 * ends, and expires it when the fan-out ends first. Methods named {@code ...Locked} run under the
 * run's lock and collect caller code (starting a call, cancelling a call's future) in an {@code
 * after} list that the run drains once the lock is released.
 *
 * <p><b>Thread-safety:</b> safe; all state is guarded by the lock of its {@link FanOutRun}, which
 * every entry point (a call's completion, a call's timeout, the hedge and retry timers) takes.
 *
 * <p><b>Stability:</b> internal.
 */
final class TargetRun<R> {
  private final FanOutRun<R> run;
  private final ScatterGather sg;
  private final TargetCall<R> call;
  private final Target target;
  private boolean started;
  private boolean ended;
  private long firstCallNanos;
  private long endNanos;
  private int calls;
  private int invoked;
  private int retries;
  private boolean hedged;
  private final List<Call> live = new ArrayList<>(2);
  private TargetOutcome.@Nullable Status status;
  private @Nullable Throwable cause;
  private List<R> rows = List.of();
  private @Nullable ScheduledFuture<?> hedgeTask;
  private @Nullable ScheduledFuture<?> retryTask;

  /** One call to the target. {@code over} once it answered, failed, or was abandoned. */
  private final class Call {
    final TargetCall.Attempt attempt;
    @Nullable CompletableFuture<List<R>> future;
    boolean over;
    @Nullable ScheduledFuture<?> timeoutTask;

    Call(TargetCall.Attempt attempt) {
      this.attempt = attempt;
    }
  }

  TargetRun(FanOutRun<R> run, ScatterGather sg, TargetCall<R> call, Target target) {
    this.run = run;
    this.sg = sg;
    this.call = call;
    this.target = target;
  }

  Target target() {
    return target;
  }

  boolean endedLocked() {
    return ended;
  }

  /** True once a call of this target has been made (not only scheduled). */
  boolean calledLocked() {
    return invoked > 0;
  }

  /** How the target ended; null until it has. */
  TargetOutcome.@Nullable Status statusLocked() {
    return status;
  }

  // ---- entry points: a call ended, a timer fired

  private void onCallDone(Call c, @Nullable List<R> rows, @Nullable Throwable error) {
    List<R> copy = List.of(); // the answer when cause stays null
    Throwable cause = error == null ? null : unwrap(error);
    if (cause == null) {
      try {
        if (rows == null) {
          throw new NullPointerException(
              c.attempt + " completed with null rows; complete it with an empty list for no rows");
        }
        copy = List.copyOf(rows);
      } catch (NullPointerException e) {
        cause =
            rows == null
                ? e
                : new NullPointerException(
                    c.attempt + " returned a null row; every row must be non-null");
      }
    }
    boolean retry = cause != null && isRetryable(cause);
    List<R> answer = copy;
    Throwable failure = cause;
    run.underLock(
        after -> {
          if (c.over || run.finishedLocked()) {
            return;
          }
          c.over = true;
          live.remove(c);
          cancelTask(c.timeoutTask);
          if (failure == null) {
            this.rows = answer;
            this.status = TargetOutcome.Status.SUCCEEDED;
            this.cause = null;
            abandonCallsLocked(after);
            endLocked(after);
          } else {
            failLocked(failure, retry, TargetOutcome.Status.FAILED, after);
          }
        });
  }

  private void onCallTimeout(Call c) {
    TimeoutException timeout =
        new TimeoutException(
            c.attempt
                + " got no answer within the per-target timeout of "
                + FanOutRun.millis(sg.perTargetTimeoutNanos));
    boolean retry = isRetryable(timeout);
    run.underLock(
        after -> {
          if (c.over || run.finishedLocked()) {
            return;
          }
          c.over = true;
          live.remove(c);
          cancelFutureAfter(c, after);
          if (cause != null) {
            timeout.addSuppressed(cause); // an earlier call's failure
          }
          failLocked(timeout, retry, TargetOutcome.Status.TIMED_OUT, after);
        });
  }

  private void onHedgeTimer() {
    run.underLock(
        after -> {
          hedgeTask = null;
          if (run.finishedLocked()
              || ended
              || hedged
              || live.size() != 1
              || run.deadlineNanos() - System.nanoTime() <= 0) {
            return;
          }
          launchLocked(TargetCall.Attempt.Kind.HEDGE, after);
        });
  }

  private void onRetryTimer() {
    run.underLock(
        after -> {
          retryTask = null;
          if (run.finishedLocked() || ended) {
            return;
          }
          launchLocked(TargetCall.Attempt.Kind.RETRY, after);
        });
  }

  // ---- transitions, the run's lock held

  /** Makes the first call, and arms the hedge timer when hedging is on. */
  void startLocked(List<Runnable> after) {
    started = true;
    firstCallNanos = System.nanoTime();
    launchLocked(TargetCall.Attempt.Kind.FIRST, after);
    if (sg.hedgeAfterNanos > 0 && !run.finishedLocked()) {
      hedgeTask = run.scheduleLocked(this::onHedgeTimer, sg.hedgeAfterNanos, after);
    }
  }

  private void launchLocked(TargetCall.Attempt.Kind kind, List<Runnable> after) {
    long now = System.nanoTime();
    long timeout = sg.perTargetTimeoutNanos;
    long deadlineNanos = run.deadlineNanos();
    boolean timed = timeout > 0 && timeout < deadlineNanos - now;
    TargetCall.Attempt attempt =
        new TargetCall.Attempt(
            target, kind, calls++, run.replicaHint(), timed ? now + timeout : deadlineNanos);
    Call c = new Call(attempt);
    live.add(c);
    if (kind == TargetCall.Attempt.Kind.HEDGE) {
      hedged = true;
      run.countHedgeLocked();
    }
    if (timed) {
      c.timeoutTask = run.scheduleLocked(() -> onCallTimeout(c), timeout, after);
    }
    after.add(() -> invoke(c));
  }

  private void failLocked(
      Throwable cause, boolean retryable, TargetOutcome.Status finalStatus, List<Runnable> after) {
    this.cause = cause;
    if (!live.isEmpty()) {
      return; // the hedge, or the call it hedges, may still answer
    }
    cancelTask(hedgeTask);
    hedgeTask = null;
    boolean timeLeft = run.deadlineNanos() - System.nanoTime() - sg.retryBackoffNanos > 0;
    if (retryable && retries < sg.maxRetriesPerTarget && timeLeft && run.spendRetryLocked()) {
      retries++;
      if (sg.retryBackoffNanos > 0) {
        retryTask = run.scheduleLocked(this::onRetryTimer, sg.retryBackoffNanos, after);
      } else {
        launchLocked(TargetCall.Attempt.Kind.RETRY, after);
      }
      return;
    }
    status = finalStatus;
    endLocked(after);
  }

  private void endLocked(List<Runnable> after) {
    ended = true;
    endNanos = System.nanoTime();
    cancelTask(hedgeTask);
    cancelTask(retryTask);
    run.targetEndedLocked(this, after);
  }

  /**
   * Ends the target now, because the fan-out ends first: its calls are abandoned, its timers
   * cancelled, and it is reported {@code status} with a {@link TimeoutException} (for {@link
   * TargetOutcome.Status#DEADLINE_EXCEEDED}) or a {@link CancellationException} saying {@code why}.
   */
  void expireLocked(TargetOutcome.Status status, String why, long now, List<Runnable> after) {
    abandonCallsLocked(after);
    cancelTask(hedgeTask);
    cancelTask(retryTask);
    Throwable cause =
        status == TargetOutcome.Status.DEADLINE_EXCEEDED
            ? new TimeoutException(why)
            : new CancellationException(why);
    if (this.cause != null) {
      cause.addSuppressed(this.cause);
    }
    this.cause = cause;
    this.status = status;
    ended = true;
    if (invoked == 0) {
      started = false; // its first call was scheduled but never made: report it never called
    }
    endNanos = started ? now : 0;
  }

  TargetOutcome<R> outcomeLocked() {
    return new TargetOutcome<>(
        target,
        // a run finishes only once every target ended by itself or was expired, which sets it
        Objects.requireNonNull(status, "a target's outcome is read before it ended"),
        status == TargetOutcome.Status.SUCCEEDED ? rows : List.of(),
        cause,
        started ? endNanos - firstCallNanos : 0,
        invoked,
        hedged);
  }

  private void abandonCallsLocked(List<Runnable> after) {
    for (Call c : live) {
      c.over = true;
      cancelTask(c.timeoutTask);
      cancelFutureAfter(c, after);
    }
    live.clear();
  }

  private void cancelFutureAfter(Call c, List<Runnable> after) {
    cancelTask(c.timeoutTask);
    CompletableFuture<List<R>> f = c.future;
    if (f != null) {
      after.add(() -> f.cancel(true));
    }
  }

  static void cancelTask(@Nullable ScheduledFuture<?> task) {
    if (task != null) {
      task.cancel(false);
    }
  }

  // ---- caller code, lock not held

  private void invoke(Call c) {
    Executor executor = sg.callExecutor;
    if (executor == null) {
      callNow(c);
      return;
    }
    try {
      executor.execute(() -> callNow(c));
    } catch (RejectedExecutionException e) {
      onCallDone(c, null, e);
    }
  }

  private void callNow(Call c) {
    run.lock().lock();
    try {
      if (c.over) {
        return; // the fan-out ended, or the target did, before this call was made: do not make it
      }
      invoked++;
    } finally {
      run.lock().unlock();
    }
    CompletableFuture<List<R>> f;
    try {
      CompletionStage<List<R>> stage = call.call(c.attempt);
      if (stage == null) {
        throw new NullPointerException(
            c.attempt
                + ": the TargetCall returned null; return a CompletionStage"
                + " (CompletableFuture.completedFuture(List.of()) for no rows)");
      }
      f = toFuture(stage);
    } catch (Throwable t) {
      onCallDone(c, null, t);
      return;
    }
    boolean cancelNow;
    run.lock().lock();
    try {
      c.future = f;
      cancelNow = c.over;
    } finally {
      run.lock().unlock();
    }
    if (cancelNow) {
      f.cancel(true);
    } else {
      f.whenComplete((rows, error) -> onCallDone(c, rows, error));
    }
  }

  private static <T> CompletableFuture<T> toFuture(CompletionStage<T> stage) {
    try {
      return stage.toCompletableFuture();
    } catch (UnsupportedOperationException e) {
      CompletableFuture<T> f = new CompletableFuture<>();
      stage.whenComplete(
          (v, err) -> {
            if (err != null) {
              f.completeExceptionally(err);
            } else {
              f.complete(v);
            }
          });
      return f;
    }
  }

  private boolean isRetryable(Throwable cause) {
    try {
      return sg.retryable.test(cause);
    } catch (RuntimeException e) {
      FanOutRun.LOG.log(
          System.Logger.Level.WARNING, "retry predicate threw on " + cause + "; not retrying", e);
      return false;
    }
  }

  private static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
