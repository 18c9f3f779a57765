package io.shardrouter.query;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler whose timers fire only when a test fires them, on the test's thread: the fan-out
 * tests drive per-call timeouts, hedges, retry backoffs and deadlines with it, so that no test
 * depends on one real timer beating another. Cancelled timers never fire.
 */
final class ManualScheduler extends AbstractExecutorService implements ScheduledExecutorService {

  /** One scheduled timer: its task and the delay it was scheduled with. */
  static final class Timer extends FutureTask<Void> implements ScheduledFuture<Void> {
    final long delayNanos;

    Timer(Runnable task, long delayNanos) {
      super(task, null);
      this.delayNanos = delayNanos;
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(delayNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed o) {
      return Long.compare(delayNanos, o.getDelay(TimeUnit.NANOSECONDS));
    }
  }

  private final List<Timer> timers = new ArrayList<>();
  private volatile boolean refuseTimers;
  private volatile Runnable onIsShutdown = () -> {};

  /** Makes every later {@code schedule} throw {@link RejectedExecutionException}. */
  void refuseTimers() {
    refuseTimers = true;
  }

  /** Runs {@code hook} whenever a caller asks {@link #isShutdown()}. */
  void onIsShutdown(Runnable hook) {
    onIsShutdown = hook;
  }

  /** The timers scheduled and neither fired nor cancelled. */
  synchronized List<Timer> pending() {
    return timers.stream().filter(t -> !t.isDone()).toList();
  }

  /** Fires, on this thread, every pending timer scheduled with exactly {@code delay}. */
  int fire(Duration delay) {
    long nanos = delay.toNanos();
    int n = 0;
    for (Timer t : pending()) {
      if (t.delayNanos == nanos) {
        t.run();
        n++;
      }
    }
    return n;
  }

  /** Fires, on this thread, the pending timer with the longest delay (a fan-out's deadline). */
  void fireLongest() {
    Timer longest = null;
    for (Timer t : pending()) {
      if (longest == null || t.delayNanos > longest.delayNanos) {
        longest = t;
      }
    }
    if (longest == null) {
      throw new IllegalStateException("no timer is pending");
    }
    longest.run();
  }

  @Override
  public synchronized ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    if (refuseTimers) {
      throw new RejectedExecutionException("the manual scheduler refuses timers");
    }
    Timer t = new Timer(command, unit.toNanos(delay));
    timers.add(t);
    return t;
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException("fan-outs schedule runnables only");
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    throw new UnsupportedOperationException("fan-outs schedule one-shot timers only");
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException("fan-outs schedule one-shot timers only");
  }

  @Override
  public void execute(Runnable command) {
    throw new UnsupportedOperationException("fan-outs only schedule timers");
  }

  @Override
  public void shutdown() {}

  @Override
  public List<Runnable> shutdownNow() {
    return List.of();
  }

  @Override
  public boolean isShutdown() {
    onIsShutdown.run();
    return false;
  }

  @Override
  public boolean isTerminated() {
    return false;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return false;
  }
}
