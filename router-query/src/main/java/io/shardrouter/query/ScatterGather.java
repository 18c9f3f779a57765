package io.shardrouter.query;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Sends one query to many targets at once and gathers the answers within a deadline: the fan-out of
 * a query without the shard key ({@code docs/queries.md}), with concurrency control, per-target
 * timeouts, partial-failure flags, a retry budget, hedging, the scatter guard and an audit hook.
 *
 * <p>Configure one instance per kind of query (or per service) with {@link #builder()}, then run
 * each query with {@link #fanOut}:
 *
 * <pre>{@code
 * ScatterResult<Order> r = scatter.fanOut(targets, attempt -> dao.recentOrders(attempt, userId, k))
 *     .label("recent orders").deadline(Duration.ofMillis(300)).run();
 * }</pre>
 *
 * <p>What a fan-out guarantees:
 *
 * <ul>
 *   <li>At most {@code maxConcurrency} targets are in flight at once; the others wait in target
 *       order.
 *   <li>Each call gets at most {@code perTargetTimeout}; then it is cancelled and counts as failed
 *       (a {@link java.util.concurrent.TimeoutException}).
 *   <li>A failed call is retried when the retry predicate says so, at most {@code
 *       maxRetriesPerTarget} times per target and {@code retryBudget} times per fan-out, and never
 *       after the deadline.
 *   <li>With {@code hedgeAfter}, a target that has not answered after that long gets a second call
 *       (to another replica, see {@link TargetCall.Attempt#replica()}); the first answer wins and
 *       the other call is cancelled.
 *   <li>At the deadline every call still in flight is cancelled and every unfinished target is
 *       reported {@link TargetOutcome.Status#DEADLINE_EXCEEDED}; {@link FanOut#run()} returns by
 *       the deadline even if the scheduler thread is late.
 * </ul>
 *
 * <p>Timers run on a {@link ScheduledExecutorService}: the caller's ({@link Builder#scheduler}),
 * which the caller shuts down, or one owned by this instance (one daemon thread) that {@link
 * #close()} shuts down. Every timer a fan-out schedules is cancelled when the fan-out ends.
 *
 * <p><b>Thread-safety:</b> safe for any number of concurrent fan-outs. The {@link Builder} is not
 * thread-safe.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ScatterGather implements AutoCloseable {
  private static final AtomicInteger INSTANCES = new AtomicInteger();

  /** The prefix of the names of scheduler threads this class owns. */
  public static final String THREAD_NAME_PREFIX = "shardrouter-query-";

  final int maxConcurrency;
  final long perTargetTimeoutNanos;
  final long defaultDeadlineNanos;
  final Predicate<? super Throwable> retryable;
  final int maxRetriesPerTarget;
  final int retryBudget;
  final long retryBackoffNanos;
  final long hedgeAfterNanos;
  final ScatterGuard guard;
  final FanOutAudit audit;
  final ScheduledExecutorService scheduler;
  final @Nullable Executor callExecutor; // null: calls start on the deciding thread
  private final boolean ownsScheduler;
  private final AtomicLong fanOuts = new AtomicLong();
  private final Set<FanOutRun<?>> active = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  private ScatterGather(Builder b) {
    this.maxConcurrency = b.maxConcurrency;
    this.perTargetTimeoutNanos = b.perTargetTimeoutNanos;
    this.defaultDeadlineNanos = b.deadlineNanos;
    this.retryable = b.retryable;
    this.maxRetriesPerTarget = b.maxRetriesPerTarget;
    this.retryBudget = b.retryBudget;
    this.retryBackoffNanos = b.retryBackoffNanos;
    this.hedgeAfterNanos = b.hedgeAfterNanos;
    this.guard = b.guard;
    this.audit = b.audit;
    this.callExecutor = b.callExecutor;
    if (b.scheduler != null) {
      this.scheduler = b.scheduler;
      this.ownsScheduler = false;
    } else {
      int instance = INSTANCES.incrementAndGet();
      ScheduledThreadPoolExecutor own =
          new ScheduledThreadPoolExecutor(
              1,
              r -> {
                Thread t = new Thread(r, THREAD_NAME_PREFIX + instance);
                t.setDaemon(true);
                return t;
              });
      own.setRemoveOnCancelPolicy(true);
      own.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
      this.scheduler = own;
      this.ownsScheduler = true;
    }
  }

  /** A builder with the defaults listed on each setter. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A fan-out of {@code call} to every target in {@code targets}; nothing is called until {@link
   * FanOut#run()} or {@link FanOut#start()}.
   *
   * @throws IllegalArgumentException when a target is null or two targets share a name
   */
  public <R> FanOut<R> fanOut(List<Target> targets, TargetCall<R> call) {
    Objects.requireNonNull(targets, "targets");
    Objects.requireNonNull(call, "call");
    List<Target> copy = new ArrayList<>(targets.size());
    Set<String> names = new HashSet<>();
    for (int i = 0; i < targets.size(); i++) {
      Target t = targets.get(i);
      if (t == null) {
        throw new IllegalArgumentException(
            "targets[" + i + "] is null; every target of a fan-out must be given");
      }
      if (!names.add(t.name())) {
        throw new IllegalArgumentException(
            "targets["
                + i
                + "] repeats the target name '"
                + t.name()
                + "'; target names identify targets in results and must be unique within a fan-out");
      }
      copy.add(t);
    }
    return new FanOut<>(this, List.copyOf(copy), call, null);
  }

  /**
   * A fan-out that calls only the targets {@code result} is missing, and whose result is {@code
   * result} with those targets' new outcomes in their places: the targets that answered keep their
   * rows and are not called again. Its label is the earlier fan-out's; deadline, {@code
   * requireComplete()} and the other options are set on it as on any fan-out, and its audit record
   * lists the retried targets only. The merged result's {@link ScatterResult#latency()} is the
   * retry's; its retries and hedges add up both runs. For a complete {@code result} the fan-out
   * calls nothing and returns {@code result}'s outcomes.
   *
   * <pre>{@code
   * ScatterResult<Order> r = scatter.fanOut(targets, call).run();
   * if (r.partial()) {
   *   r = scatter.retryMissing(r, call).deadline(Duration.ofMillis(200)).run();
   * }
   * }</pre>
   *
   * @param result the partial result of an earlier fan-out (of this or another {@code
   *     ScatterGather})
   * @param call the call to make to each missing target, usually the earlier fan-out's
   */
  public <R> FanOut<R> retryMissing(ScatterResult<R> result, TargetCall<R> call) {
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(call, "call");
    return new FanOut<>(this, result.missingTargets(), call, result);
  }

  /** True once {@link #close()} was called. */
  public boolean isClosed() {
    return closed;
  }

  long nextReplicaHint() {
    return fanOuts.getAndIncrement();
  }

  boolean register(FanOutRun<?> run) {
    active.add(run);
    if (closed) {
      active.remove(run);
      return false;
    }
    return true;
  }

  void unregister(FanOutRun<?> run) {
    active.remove(run);
  }

  /**
   * Ends every fan-out still running (their targets are reported {@link
   * TargetOutcome.Status#CANCELLED} and their calls cancelled) and, when this instance owns its
   * scheduler, shuts the scheduler down and waits up to one second for its thread to end. Later
   * fan-outs are refused. Idempotent.
   */
  @Override
  public void close() {
    closed = true;
    for (FanOutRun<?> run : List.copyOf(active)) {
      run.abort("the ScatterGather was closed while the fan-out ran");
    }
    if (ownsScheduler) {
      scheduler.shutdownNow();
      try {
        scheduler.awaitTermination(1, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public String toString() {
    return "ScatterGather{maxConcurrency="
        + maxConcurrency
        + ", perTargetTimeout="
        + millis(perTargetTimeoutNanos)
        + ", deadline="
        + millis(defaultDeadlineNanos)
        + ", maxRetriesPerTarget="
        + maxRetriesPerTarget
        + ", retryBudget="
        + retryBudget
        + ", hedgeAfter="
        + millis(hedgeAfterNanos)
        + ", "
        + guard
        + "}";
  }

  private static String millis(long nanos) {
    return nanos == 0 ? "off" : nanos / 1_000_000 + " ms";
  }

  /**
   * Configures a {@link ScatterGather}; every setting is checked when it is set.
   *
   * <p><b>Thread-safety:</b> mutable; not thread-safe.
   */
  public static final class Builder {
    /** Longer durations are cut to this (about 73 years): deadlines are compared by subtraction. */
    static final long MAX_NANOS = Long.MAX_VALUE / 4;

    private static final Duration MAX = Duration.ofNanos(MAX_NANOS);

    private int maxConcurrency = 16;
    private long perTargetTimeoutNanos;
    private long deadlineNanos = TimeUnit.SECONDS.toNanos(1);
    private Predicate<? super Throwable> retryable = e -> false;
    private int maxRetriesPerTarget = 1;
    private int retryBudget;
    private long retryBackoffNanos;
    private long hedgeAfterNanos;
    private ScatterGuard guard = ScatterGuard.unlimited();
    private FanOutAudit audit = FanOutAudit.none();
    private @Nullable ScheduledExecutorService scheduler;
    private @Nullable Executor callExecutor;

    private Builder() {}

    /** Targets in flight at once, >= 1; default 16. */
    public Builder maxConcurrency(int maxConcurrency) {
      if (maxConcurrency < 1) {
        throw new IllegalArgumentException(
            "maxConcurrency must be >= 1 target in flight, got " + maxConcurrency);
      }
      this.maxConcurrency = maxConcurrency;
      return this;
    }

    /**
     * The longest one call (first, retry or hedge) may take; default: only the deadline bounds it.
     */
    public Builder perTargetTimeout(Duration timeout) {
      this.perTargetTimeoutNanos = positive("perTargetTimeout", timeout);
      return this;
    }

    /** The deadline of a fan-out that sets none itself, counted from its start; default 1 s. */
    public Builder deadline(Duration deadline) {
      this.deadlineNanos = positive("deadline", deadline);
      return this;
    }

    /**
     * Which failures are worth another call (e.g. a transient connection error or a timeout, not a
     * syntax error); default: none. {@code retryBudget} must be set too for any retry to happen.
     */
    public Builder retryOn(Predicate<? super Throwable> retryable) {
      this.retryable = Objects.requireNonNull(retryable, "retryable");
      return this;
    }

    /** Retries per target, >= 0; default 1. */
    public Builder maxRetriesPerTarget(int retries) {
      if (retries < 0) {
        throw new IllegalArgumentException("maxRetriesPerTarget must be >= 0, got " + retries);
      }
      this.maxRetriesPerTarget = retries;
      return this;
    }

    /**
     * Retries one fan-out may spend over all its targets, >= 0; default 0 (no retries). A budget
     * keeps an outage from multiplying the load: with P targets failing, at most this many extra
     * calls go out.
     */
    public Builder retryBudget(int retries) {
      if (retries < 0) {
        throw new IllegalArgumentException(
            "retryBudget must be >= 0 retries per fan-out, got " + retries);
      }
      this.retryBudget = retries;
      return this;
    }

    /** The pause before a retry; default none. */
    public Builder retryBackoff(Duration backoff) {
      this.retryBackoffNanos = positive("retryBackoff", backoff);
      return this;
    }

    /**
     * Sends a second call to a target that has not answered after {@code threshold} (at most one
     * hedge per target); default: no hedging. Set it near the p95 latency of one call: hedging
     * costs that share of extra load and cuts the tail.
     */
    public Builder hedgeAfter(Duration threshold) {
      this.hedgeAfterNanos = positive("hedgeAfter", threshold);
      return this;
    }

    /**
     * Refuses, before any call, a fan-out wider than {@code maxPartitions} (the larger of its
     * number of targets and the distinct partitions they cover) with a {@link
     * ScatterRefusedException}, unless the query says {@link FanOut#allowScatter()}; default
     * unlimited.
     *
     * @param maxPartitions at least 1
     * @throws IllegalArgumentException when {@code maxPartitions < 1}
     */
    public Builder scatterLimit(int maxPartitions) {
      this.guard = ScatterGuard.limit(maxPartitions);
      return this;
    }

    /** Sees every fan-out; default none. */
    public Builder audit(FanOutAudit audit) {
      this.audit = Objects.requireNonNull(audit, "audit");
      return this;
    }

    /**
     * Runs timers on {@code scheduler}, which the caller owns and shuts down; default: a one-thread
     * scheduler owned by the {@link ScatterGather} and shut down by its {@link #close()}.
     */
    public Builder scheduler(ScheduledExecutorService scheduler) {
      this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
      return this;
    }

    /**
     * Starts calls on {@code executor} instead of the thread that decides to make them; use it when
     * a {@link TargetCall} may block before it returns its stage. Default: the calling thread.
     */
    public Builder callExecutor(Executor executor) {
      this.callExecutor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    public ScatterGather build() {
      if (hedgeAfterNanos != 0
          && perTargetTimeoutNanos != 0
          && hedgeAfterNanos >= perTargetTimeoutNanos) {
        throw new IllegalArgumentException(
            "hedgeAfter ("
                + hedgeAfterNanos / 1_000_000
                + " ms) must be shorter than"
                + " perTargetTimeout ("
                + perTargetTimeoutNanos / 1_000_000
                + " ms), or no hedge would ever be sent");
      }
      return new ScatterGather(this);
    }

    private static long positive(String name, Duration d) {
      Objects.requireNonNull(d, name);
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException(name + " must be > 0, got " + d);
      }
      return cappedNanos(d);
    }

    /**
     * {@code d} in nanoseconds, at most {@link #MAX_NANOS}, so that deadlines compare by
     * subtraction.
     */
    static long cappedNanos(Duration d) {
      return d.compareTo(MAX) >= 0 ? MAX_NANOS : d.toNanos();
    }
  }
}
