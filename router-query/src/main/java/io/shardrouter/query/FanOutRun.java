package io.shardrouter.query;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The bookkeeping of one running fan-out as a whole: its deadline, which targets are queued, in
 * flight or ended under the concurrency limit, the retry budget left, the retry and hedge counts,
 * and finishing it: building the {@link ScatterResult}, the audit record, and completing the
 * future. What happens to one target between its start and its end (its calls, retries, hedge and
 * their timers) is {@link TargetRun}'s.
 *
 * <p>All state of the run and of its targets is guarded by one lock. Anything that runs caller code
 * (starting a call, cancelling a caller's future, the audit hook, completing the result) is
 * collected while the lock is held and run after it is released, through a per-thread queue, so
 * that a call that completes synchronously does not recurse once per target and no caller code ever
 * runs under the lock.
 *
 * <p><b>Thread-safety:</b> safe; every entry point takes the lock.
 *
 * <p><b>Stability:</b> internal.
 */
final class FanOutRun<R> {
  static final System.Logger LOG = System.getLogger(FanOutRun.class.getName());
  private static final ThreadLocal<Drain> DRAIN = new ThreadLocal<>();

  private final ScatterGather sg;
  private final String label;
  private final List<Target> targets;
  private final boolean requireComplete;
  private final int width;
  private final long startNanos;
  private final long deadlineNanos;
  private final long replicaHint;
  private final @Nullable ScatterResult<R> earlier;
  private final CompletableFuture<ScatterResult<R>> future = new CompletableFuture<>();

  private final ReentrantLock lock = new ReentrantLock();
  private final List<TargetRun<R>> slots;
  private int nextToStart;
  private int inFlight;
  private int ended;
  private int budgetLeft;
  private int retriesSpent;
  private int hedgesSent;
  private boolean finished;
  private @Nullable ScheduledFuture<?> deadlineTask;

  /** The actions one thread runs after releasing the lock of one run. */
  private static final class Drain {
    final FanOutRun<?> run;
    final ArrayDeque<Runnable> queue = new ArrayDeque<>();

    Drain(FanOutRun<?> run) {
      this.run = run;
    }
  }

  FanOutRun(
      ScatterGather sg,
      String label,
      List<Target> targets,
      TargetCall<R> call,
      boolean requireComplete,
      int width,
      long startNanos,
      long deadlineNanos,
      @Nullable ScatterResult<R> earlier) {
    this.sg = sg;
    this.label = label;
    this.targets = targets;
    this.requireComplete = requireComplete;
    this.width = width;
    this.startNanos = startNanos;
    this.deadlineNanos = deadlineNanos;
    this.replicaHint = sg.nextReplicaHint();
    this.earlier = earlier;
    this.budgetLeft = sg.retryBudget;
    this.slots = new ArrayList<>(targets.size());
    for (Target t : targets) {
      slots.add(new TargetRun<>(this, sg, call, t));
    }
  }

  CompletableFuture<ScatterResult<R>> future() {
    return future;
  }

  long deadlineNanos() {
    return deadlineNanos;
  }

  long replicaHint() {
    return replicaHint;
  }

  ReentrantLock lock() {
    return lock;
  }

  // ---- entry points

  void start() {
    if (!sg.register(this)) {
      abort("the ScatterGather was closed before the fan-out started");
      return;
    }
    List<Runnable> after = new ArrayList<>();
    lock.lock();
    try {
      long now = System.nanoTime();
      long left = deadlineNanos - now;
      if (left <= 0) {
        expireLocked(
            TargetOutcome.Status.DEADLINE_EXCEEDED,
            "the deadline had already passed "
                + millis(-left)
                + " before the fan-out started; no target was called",
            after);
      } else {
        deadlineTask = scheduleLocked(this::onDeadline, left, after);
        startMoreLocked(after);
        if (ended == slots.size()) {
          finishLocked(after);
        }
      }
    } finally {
      lock.unlock();
    }
    runAll(after);
  }

  /** Ends the fan-out now: what is unfinished is DEADLINE_EXCEEDED. Idempotent. */
  void onDeadline() {
    List<Runnable> after = new ArrayList<>();
    lock.lock();
    try {
      expireLocked(
          TargetOutcome.Status.DEADLINE_EXCEEDED,
          "the fan-out's deadline of " + millis(deadlineNanos - startNanos) + " passed",
          after);
    } finally {
      lock.unlock();
    }
    runAll(after);
  }

  /** Ends the fan-out now: what is unfinished is CANCELLED for {@code reason}. Idempotent. */
  void abort(String reason) {
    List<Runnable> after = new ArrayList<>();
    lock.lock();
    try {
      expireLocked(TargetOutcome.Status.CANCELLED, reason, after);
    } finally {
      lock.unlock();
    }
    runAll(after);
  }

  /**
   * Runs {@code transition} under the lock, then, with the lock released, the actions it collected;
   * the entry point of a {@link TargetRun}'s call completions and timers.
   */
  void underLock(Consumer<List<Runnable>> transition) {
    List<Runnable> after = new ArrayList<>();
    lock.lock();
    try {
      transition.accept(after);
    } finally {
      lock.unlock();
      runAll(after);
    }
  }

  // ---- transitions, lock held

  boolean finishedLocked() {
    return finished;
  }

  /** Takes one retry from the fan-out's budget; false when it is spent. */
  boolean spendRetryLocked() {
    if (budgetLeft <= 0) {
      return false;
    }
    budgetLeft--;
    retriesSpent++;
    return true;
  }

  void countHedgeLocked() {
    hedgesSent++;
  }

  private void startMoreLocked(List<Runnable> after) {
    while (!finished && inFlight < sg.maxConcurrency && nextToStart < slots.size()) {
      TargetRun<R> s = slots.get(nextToStart++);
      inFlight++;
      s.startLocked(after);
    }
  }

  /**
   * {@code s} ended by itself (answered, or failed with no retry left): frees its slot for the next
   * target.
   */
  void targetEndedLocked(TargetRun<R> s, List<Runnable> after) {
    inFlight--;
    ended++;
    if (requireComplete && s.statusLocked() != TargetOutcome.Status.SUCCEEDED) {
      expireLocked(
          TargetOutcome.Status.CANCELLED,
          "target '"
              + s.target().name()
              + "' is missing ("
              + s.statusLocked()
              + ") and the fan-out requires a complete result",
          after);
      return;
    }
    startMoreLocked(after);
    if (ended == slots.size()) {
      finishLocked(after);
    }
  }

  /** Ends every unfinished target with {@code status} and finishes the fan-out. */
  private void expireLocked(TargetOutcome.Status status, String reason, List<Runnable> after) {
    if (finished) {
      return;
    }
    long now = System.nanoTime();
    for (TargetRun<R> s : slots) {
      if (s.endedLocked()) {
        continue;
      }
      String why =
          s.calledLocked()
              ? reason
              : reason
                  + "; the target was never called ("
                  + nextToStart
                  + " targets had been started, at most "
                  + sg.maxConcurrency
                  + " at a time)";
      s.expireLocked(status, why, now, after);
      ended++;
    }
    inFlight = 0;
    finishLocked(after);
  }

  private void finishLocked(List<Runnable> after) {
    if (finished) {
      return;
    }
    finished = true;
    TargetRun.cancelTask(deadlineTask);
    long now = System.nanoTime();
    List<TargetOutcome<R>> outcomes = new ArrayList<>(slots.size());
    for (TargetRun<R> s : slots) {
      outcomes.add(s.outcomeLocked());
    }
    ScatterResult<R> result =
        new ScatterResult<>(label, outcomes, now - startNanos, retriesSpent, hedgesSent);
    after.add(() -> complete(result));
  }

  /** The scheduled {@code task}, or null when the scheduler refused it (the run is aborted). */
  @Nullable ScheduledFuture<?> scheduleLocked(
      Runnable task, long delayNanos, List<Runnable> after) {
    try {
      return sg.scheduler.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      after.add(
          () ->
              abort(
                  "the scheduler refused a timer ("
                      + e.getMessage()
                      + "); it was shut down while the fan-out ran"));
      return null;
    }
  }

  // ---- caller code, lock not held

  private void complete(ScatterResult<R> result) {
    sg.unregister(this);
    audit(
        sg.audit,
        new FanOutAudit.Entry(
            label,
            result.partial()
                ? FanOutAudit.Entry.Outcome.PARTIAL
                : FanOutAudit.Entry.Outcome.COMPLETE,
            targets,
            result.outcomes(),
            width,
            result.latency().toNanos(),
            result.retries(),
            result.hedges()));
    ScatterResult<R> out = earlier == null ? result : earlier.withRetried(result);
    if (requireComplete && out.partial()) {
      future.completeExceptionally(new IncompleteResultException(out));
    } else {
      future.complete(out);
    }
  }

  static void audit(FanOutAudit audit, FanOutAudit.Entry record) {
    try {
      audit.onFanOut(record);
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "fan-out audit hook " + audit + " threw on " + record + "; the fan-out's result stands",
          e);
    }
  }

  private void runAll(List<Runnable> actions) {
    if (actions.isEmpty()) {
      return;
    }
    Drain outer = DRAIN.get();
    if (outer != null && outer.run == this) {
      outer.queue.addAll(actions); // this thread is already draining this run, further up the stack
      return;
    }
    Drain mine = new Drain(this);
    mine.queue.addAll(actions);
    DRAIN.set(mine);
    try {
      Runnable r;
      while ((r = mine.queue.poll()) != null) {
        try {
          r.run();
        } catch (RuntimeException e) {
          LOG.log(
              System.Logger.Level.WARNING,
              "fan-out '" + label + "': an action threw; the fan-out goes on",
              e);
        }
      }
    } finally {
      if (outer == null) {
        DRAIN.remove();
      } else {
        DRAIN.set(outer);
      }
    }
  }

  static String millis(long nanos) {
    return nanos / 1_000_000 + " ms";
  }
}
