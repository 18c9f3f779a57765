package io.shardrouter.query;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * One fan-out, ready to run: its per-query options ({@link #deadline}, {@link #requireComplete()},
 * {@link #allowScatter()}, {@link #label}) and the two ways to run it, {@link #run()} (blocks,
 * never past the deadline) and {@link #start()} (returns a future). Get one from {@link
 * ScatterGather#fanOut}.
 *
 * <p><b>Thread-safety:</b> mutable while being configured; run it from one thread, once per option
 * set (each {@code run} or {@code start} is a new fan-out).
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <R> the row type
 * @since 0.1
 */
public final class FanOut<R> {
  private final ScatterGather scatter;
  private final List<Target> targets;
  private final TargetCall<R> call;
  private String label = "query";
  private long deadlineNanos;
  private boolean absoluteDeadline;
  private boolean requireComplete;
  private boolean allowScatter;
  private final @Nullable ScatterResult<R> earlier;

  FanOut(
      ScatterGather scatter,
      List<Target> targets,
      TargetCall<R> call,
      @Nullable ScatterResult<R> earlier) {
    this.scatter = scatter;
    this.targets = targets;
    this.call = call;
    this.earlier = earlier;
    this.deadlineNanos = scatter.defaultDeadlineNanos;
    if (earlier != null) {
      this.label = earlier.label();
    }
  }

  /** Names the fan-out in results, errors and audit records; default {@code query}. */
  public FanOut<R> label(String label) {
    if (label == null || label.isBlank()) {
      throw new IllegalArgumentException(
          "a fan-out label must be non-blank, got " + (label == null ? "null" : "'" + label + "'"));
    }
    this.label = label;
    return this;
  }

  /**
   * The deadline, counted from {@link #run()} or {@link #start()}; default the scatter-gather's.
   */
  public FanOut<R> deadline(Duration deadline) {
    Objects.requireNonNull(deadline, "deadline");
    if (deadline.isNegative() || deadline.isZero()) {
      throw new IllegalArgumentException(
          "deadline must be > 0, got "
              + deadline
              + "; to pass on a caller's deadline that may already have passed, use deadlineAt(nanoTime)");
    }
    this.deadlineNanos = ScatterGather.Builder.cappedNanos(deadline);
    this.absoluteDeadline = false;
    return this;
  }

  /**
   * An absolute deadline in {@link System#nanoTime()} terms, e.g. the one of the request being
   * served. A deadline that has already passed calls no target and gives a partial result with
   * every target {@link TargetOutcome.Status#DEADLINE_EXCEEDED} (or an {@link
   * IncompleteResultException} under {@link #requireComplete()}).
   */
  public FanOut<R> deadlineAt(long nanoTime) {
    this.deadlineNanos = nanoTime;
    this.absoluteDeadline = true;
    return this;
  }

  /**
   * Makes a missing target an error: {@link #run()} throws {@link IncompleteResultException} (and
   * {@link #start()}'s future fails with it) naming the missing targets. The first target that ends
   * without an answer ends the fan-out and cancels the calls still in flight.
   */
  public FanOut<R> requireComplete() {
    this.requireComplete = true;
    return this;
  }

  /**
   * Opts in to a fan-out wider than the {@link ScatterGather.Builder#scatterLimit(int) scatter
   * limit} allows.
   */
  public FanOut<R> allowScatter() {
    this.allowScatter = true;
    return this;
  }

  /**
   * Runs the fan-out and waits for it, never past its deadline.
   *
   * @throws ScatterRefusedException when the scatter guard refuses it (no target is called)
   * @throws IncompleteResultException under {@link #requireComplete()} when a target is missing
   */
  public ScatterResult<R> run() {
    FanOutRun<R> run = begin();
    try {
      long wait = Math.max(0, run.deadlineNanos() - System.nanoTime());
      return run.future().get(wait, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      run.onDeadline();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      run.abort("the thread waiting for the fan-out was interrupted");
    } catch (ExecutionException e) {
      throw rethrow(e.getCause());
    }
    try {
      return run.future().join();
    } catch (CompletionException e) {
      throw rethrow(e.getCause());
    }
  }

  /**
   * Starts the fan-out and returns the future of its result, completed by the deadline. Cancelling
   * the future ends the fan-out and cancels its calls.
   *
   * @throws ScatterRefusedException when the scatter guard refuses it (no target is called)
   */
  public CompletableFuture<ScatterResult<R>> start() {
    FanOutRun<R> run = begin();
    CompletableFuture<ScatterResult<R>> f = run.future();
    f.whenComplete(
        (r, e) -> {
          if (f.isCancelled()) {
            run.abort("the caller cancelled the fan-out's future");
          }
        });
    return f;
  }

  private FanOutRun<R> begin() {
    if (scatter.isClosed()) {
      throw new IllegalStateException(
          "this ScatterGather is closed; fan-out '" + label + "' was not started");
    }
    if (scatter.scheduler.isShutdown()) {
      throw new IllegalStateException(
          "the scheduler of this ScatterGather is shut down; fan-out '"
              + label
              + "' cannot keep its deadline: give the ScatterGather a running scheduler");
    }
    int width = ScatterGuard.widthOf(targets);
    try {
      scatter.guard.check(
          "query '" + label + "' (" + targets.size() + " targets)", width, allowScatter);
    } catch (ScatterRefusedException e) {
      FanOutRun.audit(
          scatter.audit,
          new FanOutAudit.Entry(
              label, FanOutAudit.Entry.Outcome.REFUSED, targets, List.of(), width, 0, 0, 0));
      throw e;
    }
    long now = System.nanoTime();
    long deadline = absoluteDeadline ? deadlineNanos : now + deadlineNanos;
    FanOutRun<R> run =
        new FanOutRun<>(
            scatter, label, targets, call, requireComplete, width, now, deadline, earlier);
    run.start();
    return run;
  }

  private static RuntimeException rethrow(@Nullable Throwable cause) {
    if (cause instanceof IncompleteResultException e) {
      return new IncompleteResultException(
          e.result()); // with the stack of the thread that ran the fan-out
    }
    if (cause instanceof RuntimeException re) {
      return re;
    }
    if (cause instanceof Error err) {
      throw err;
    }
    return new IllegalStateException(
        "fan-out ended with an unexpected checked exception: " + cause, cause);
  }
}
