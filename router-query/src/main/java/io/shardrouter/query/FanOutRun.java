package io.shardrouter.query;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The state machine of one running fan-out: which targets are queued, in flight or ended, their calls
 * and timers, and the retry budget left.
 *
 * <p>All state is guarded by one lock. Anything that runs caller code (starting a call, cancelling a
 * caller's future, the audit hook, completing the result) is collected while the lock is held and run
 * after it is released, through a per-thread queue, so that a call that completes synchronously does
 * not recurse once per target and no caller code ever runs under the lock.
 *
 * <p><b>Thread-safety:</b> safe; every entry point takes the lock.
 * <p><b>Stability:</b> internal.
 */
final class FanOutRun<R> {
  private static final System.Logger LOG = System.getLogger(FanOutRun.class.getName());
  private static final ThreadLocal<Drain> DRAIN = new ThreadLocal<>();

  private final ScatterGather sg;
  private final String label;
  private final List<Target> targets;
  private final TargetCall<R> call;
  private final boolean requireComplete;
  private final int width;
  private final long startNanos;
  private final long deadlineNanos;
  private final long replicaHint;
  private final CompletableFuture<ScatterResult<R>> future = new CompletableFuture<>();

  private final ReentrantLock lock = new ReentrantLock();
  private final List<Slot> slots;
  private int nextToStart;
  private int inFlight;
  private int ended;
  private int budgetLeft;
  private int retriesSpent;
  private int hedgesSent;
  private boolean finished;
  private ScheduledFuture<?> deadlineTask;

  /** One target's progress. */
  private final class Slot {
    final Target target;
    boolean started;
    boolean ended;
    long firstCallNanos;
    long endNanos;
    int calls;
    int retries;
    boolean hedged;
    final List<Call> live = new ArrayList<>(2);
    TargetStatus status;
    Throwable cause;
    List<R> rows = List.of();
    ScheduledFuture<?> hedgeTask;
    ScheduledFuture<?> retryTask;

    Slot(Target target) {
      this.target = target;
    }
  }

  /** One call to a target. {@code over} once it answered, failed, or was abandoned. */
  private final class Call {
    final Slot slot;
    final Attempt attempt;
    CompletableFuture<List<R>> future;
    boolean over;
    ScheduledFuture<?> timeoutTask;

    Call(Slot slot, Attempt attempt) {
      this.slot = slot;
      this.attempt = attempt;
    }
  }

  /** The actions one thread runs after releasing the lock of one run. */
  private static final class Drain {
    final FanOutRun<?> run;
    final ArrayDeque<Runnable> queue = new ArrayDeque<>();

    Drain(FanOutRun<?> run) {
      this.run = run;
    }
  }

  FanOutRun(ScatterGather sg, String label, List<Target> targets, TargetCall<R> call, boolean requireComplete,
      int width, long startNanos, long deadlineNanos) {
    this.sg = sg;
    this.label = label;
    this.targets = targets;
    this.call = call;
    this.requireComplete = requireComplete;
    this.width = width;
    this.startNanos = startNanos;
    this.deadlineNanos = deadlineNanos;
    this.replicaHint = sg.nextReplicaHint();
    this.budgetLeft = sg.retryBudget;
    this.slots = new ArrayList<>(targets.size());
    for (Target t : targets) {
      slots.add(new Slot(t));
    }
  }

  CompletableFuture<ScatterResult<R>> future() {
    return future;
  }

  long deadlineNanos() {
    return deadlineNanos;
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
        expireLocked(TargetStatus.DEADLINE_EXCEEDED, "the deadline had already passed " + millis(-left)
            + " before the fan-out started; no target was called", after);
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
      expireLocked(TargetStatus.DEADLINE_EXCEEDED, "the fan-out's deadline of " + millis(deadlineNanos - startNanos)
          + " passed", after);
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
      expireLocked(TargetStatus.CANCELLED, reason, after);
    } finally {
      lock.unlock();
    }
    runAll(after);
  }

  private void onCallDone(Call c, List<R> rows, Throwable error) {
    List<R> copy = null;
    Throwable cause = error == null ? null : unwrap(error);
    if (cause == null) {
      try {
        if (rows == null) {
          throw new NullPointerException(c.attempt + " completed with null rows; complete it with an empty list for no rows");
        }
        copy = List.copyOf(rows);
      } catch (NullPointerException e) {
        cause = rows == null ? e : new NullPointerException(c.attempt + " returned a null row; every row must be non-null");
      }
    }
    boolean retry = cause != null && isRetryable(cause);
    List<Runnable> after = new ArrayList<>();
    lock.lock();
    try {
      if (c.over || finished) {
        return;
      }
      c.over = true;
      c.slot.live.remove(c);
      cancelTask(c.timeoutTask);
      if (cause == null) {
        Slot s = c.slot;
        s.rows = copy;
        s.status = TargetStatus.SUCCEEDED;
        s.cause = null;
        abandonCallsLocked(s, after);
        endLocked(s, after);
      } else {
        failLocked(c.slot, cause, retry, TargetStatus.FAILED, after);
      }
    } finally {
      lock.unlock();
      runAll(after);
    }
  }

  private void onCallTimeout(Call c) {
    TimeoutException timeout = new TimeoutException(c.attempt + " got no answer within the per-target timeout of "
        + millis(sg.perTargetTimeoutNanos));
    boolean retry = isRetryable(timeout);
    List<Runnable> after = new ArrayList<>();
    lock.lock();
    try {
      if (c.over || finished) {
        return;
      }
      c.over = true;
      c.slot.live.remove(c);
      cancelFutureAfter(c, after);
      if (c.slot.cause != null) {
        timeout.addSuppressed(c.slot.cause);   // an earlier call's failure
      }
      failLocked(c.slot, timeout, retry, TargetStatus.TIMED_OUT, after);
    } finally {
      lock.unlock();
      runAll(after);
    }
  }

  private void onHedgeTimer(Slot s) {
    List<Runnable> after = new ArrayList<>();
    lock.lock();
    try {
      s.hedgeTask = null;
      if (finished || s.ended || s.hedged || s.live.size() != 1 || deadlineNanos - System.nanoTime() <= 0) {
        return;
      }
      launchLocked(s, Attempt.Kind.HEDGE, after);
    } finally {
      lock.unlock();
      runAll(after);
    }
  }

  private void onRetryTimer(Slot s) {
    List<Runnable> after = new ArrayList<>();
    lock.lock();
    try {
      s.retryTask = null;
      if (finished || s.ended) {
        return;
      }
      launchLocked(s, Attempt.Kind.RETRY, after);
    } finally {
      lock.unlock();
      runAll(after);
    }
  }

  // ---- transitions, lock held

  private void startMoreLocked(List<Runnable> after) {
    while (!finished && inFlight < sg.maxConcurrency && nextToStart < slots.size()) {
      Slot s = slots.get(nextToStart++);
      s.started = true;
      s.firstCallNanos = System.nanoTime();
      inFlight++;
      launchLocked(s, Attempt.Kind.FIRST, after);
      if (sg.hedgeAfterNanos > 0 && !finished) {
        s.hedgeTask = scheduleLocked(() -> onHedgeTimer(s), sg.hedgeAfterNanos, after);
      }
    }
  }

  private void launchLocked(Slot s, Attempt.Kind kind, List<Runnable> after) {
    long now = System.nanoTime();
    long timeout = sg.perTargetTimeoutNanos;
    boolean timed = timeout > 0 && timeout < deadlineNanos - now;
    Attempt attempt = new Attempt(s.target, kind, s.calls++, replicaHint, timed ? now + timeout : deadlineNanos);
    Call c = new Call(s, attempt);
    s.live.add(c);
    if (kind == Attempt.Kind.HEDGE) {
      s.hedged = true;
      hedgesSent++;
    }
    if (timed) {
      c.timeoutTask = scheduleLocked(() -> onCallTimeout(c), timeout, after);
    }
    after.add(() -> invoke(c));
  }

  private void failLocked(Slot s, Throwable cause, boolean retryable, TargetStatus finalStatus, List<Runnable> after) {
    s.cause = cause;
    if (!s.live.isEmpty()) {
      return;   // the hedge, or the call it hedges, may still answer
    }
    cancelTask(s.hedgeTask);
    s.hedgeTask = null;
    boolean timeLeft = deadlineNanos - System.nanoTime() - sg.retryBackoffNanos > 0;
    if (retryable && s.retries < sg.maxRetriesPerTarget && budgetLeft > 0 && timeLeft) {
      s.retries++;
      budgetLeft--;
      retriesSpent++;
      if (sg.retryBackoffNanos > 0) {
        s.retryTask = scheduleLocked(() -> onRetryTimer(s), sg.retryBackoffNanos, after);
      } else {
        launchLocked(s, Attempt.Kind.RETRY, after);
      }
      return;
    }
    s.status = finalStatus;
    endLocked(s, after);
  }

  private void endLocked(Slot s, List<Runnable> after) {
    s.ended = true;
    s.endNanos = System.nanoTime();
    inFlight--;
    ended++;
    cancelTask(s.hedgeTask);
    cancelTask(s.retryTask);
    if (requireComplete && s.status != TargetStatus.SUCCEEDED) {
      expireLocked(TargetStatus.CANCELLED, "target '" + s.target.name() + "' is missing (" + s.status
          + ") and the fan-out requires a complete result", after);
      return;
    }
    startMoreLocked(after);
    if (ended == slots.size()) {
      finishLocked(after);
    }
  }

  /** Ends every unfinished target with {@code status} and finishes the fan-out. */
  private void expireLocked(TargetStatus status, String reason, List<Runnable> after) {
    if (finished) {
      return;
    }
    long now = System.nanoTime();
    for (Slot s : slots) {
      if (s.ended) {
        continue;
      }
      abandonCallsLocked(s, after);
      cancelTask(s.hedgeTask);
      cancelTask(s.retryTask);
      String why = s.started ? reason : reason + "; the target was never called (" + nextToStart
          + " targets had been started, at most " + sg.maxConcurrency + " at a time)";
      Throwable cause = status == TargetStatus.DEADLINE_EXCEEDED ? new TimeoutException(why) : new CancellationException(why);
      if (s.cause != null) {
        cause.addSuppressed(s.cause);
      }
      s.cause = cause;
      s.status = status;
      s.ended = true;
      s.endNanos = s.started ? now : 0;
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
    cancelTask(deadlineTask);
    long now = System.nanoTime();
    List<TargetOutcome<R>> outcomes = new ArrayList<>(slots.size());
    for (Slot s : slots) {
      outcomes.add(new TargetOutcome<>(s.target, s.status, s.status == TargetStatus.SUCCEEDED ? s.rows : List.of(),
          s.cause, s.started ? s.endNanos - s.firstCallNanos : 0, s.calls, s.hedged));
    }
    ScatterResult<R> result = new ScatterResult<>(label, outcomes, now - startNanos, retriesSpent, hedgesSent);
    after.add(() -> complete(result));
  }

  private void abandonCallsLocked(Slot s, List<Runnable> after) {
    for (Call c : s.live) {
      c.over = true;
      cancelTask(c.timeoutTask);
      cancelFutureAfter(c, after);
    }
    s.live.clear();
  }

  private void cancelFutureAfter(Call c, List<Runnable> after) {
    cancelTask(c.timeoutTask);
    CompletableFuture<List<R>> f = c.future;
    if (f != null) {
      after.add(() -> f.cancel(true));
    }
  }

  private ScheduledFuture<?> scheduleLocked(Runnable task, long delayNanos, List<Runnable> after) {
    try {
      return sg.scheduler.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      after.add(() -> abort("the scheduler refused a timer (" + e.getMessage() + "); it was shut down while the fan-out ran"));
      return null;
    }
  }

  private static void cancelTask(ScheduledFuture<?> task) {
    if (task != null) {
      task.cancel(false);
    }
  }

  // ---- caller code, lock not held

  private void invoke(Call c) {
    if (sg.callExecutor == null) {
      callNow(c);
      return;
    }
    try {
      sg.callExecutor.execute(() -> callNow(c));
    } catch (RejectedExecutionException e) {
      onCallDone(c, null, e);
    }
  }

  private void callNow(Call c) {
    CompletableFuture<List<R>> f;
    try {
      CompletionStage<List<R>> stage = call.call(c.attempt);
      if (stage == null) {
        throw new NullPointerException(c.attempt + ": the TargetCall returned null; return a CompletionStage"
            + " (CompletableFuture.completedFuture(List.of()) for no rows)");
      }
      f = toFuture(stage);
    } catch (Throwable t) {
      onCallDone(c, null, t);
      return;
    }
    boolean cancelNow;
    lock.lock();
    try {
      c.future = f;
      cancelNow = c.over;
    } finally {
      lock.unlock();
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
      stage.whenComplete((v, err) -> {
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
      LOG.log(System.Logger.Level.WARNING, "retry predicate threw on " + cause + "; not retrying", e);
      return false;
    }
  }

  private void complete(ScatterResult<R> result) {
    sg.unregister(this);
    audit(sg.audit, new FanOutRecord(label, result.partial() ? FanOutRecord.Outcome.PARTIAL : FanOutRecord.Outcome.COMPLETE,
        targets, result.outcomes(), width, result.latency().toNanos(), result.retries(), result.hedges()));
    if (requireComplete && result.partial()) {
      future.completeExceptionally(new IncompleteResultException(result));
    } else {
      future.complete(result);
    }
  }

  static void audit(FanOutAudit audit, FanOutRecord record) {
    try {
      audit.onFanOut(record);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "fan-out audit hook " + audit + " threw on " + record
          + "; the fan-out's result stands", e);
    }
  }

  private void runAll(List<Runnable> actions) {
    if (actions.isEmpty()) {
      return;
    }
    Drain outer = DRAIN.get();
    if (outer != null && outer.run == this) {
      outer.queue.addAll(actions);   // this thread is already draining this run, further up the stack
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
          LOG.log(System.Logger.Level.WARNING, "fan-out '" + label + "': an action threw; the fan-out goes on", e);
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

  private static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  private static String millis(long nanos) {
    return nanos / 1_000_000 + " ms";
  }
}
