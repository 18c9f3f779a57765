package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Per-call timeouts, retry backoffs, hedges and deadlines driven through a {@link ManualScheduler}:
 * every timer fires when the test says so, so the outcomes below do not depend on how fast a loaded
 * machine runs. The calls answer synchronously, or never unless the test completes them.
 */
class FanOutTimersTest {
  private static final Duration HOUR = Duration.ofHours(1);

  private final ManualScheduler timers = new ManualScheduler();

  /** Every attempt a fan-out made, in the order of the calls. */
  private final List<TargetCall.Attempt> attempts = Collections.synchronizedList(new ArrayList<>());

  /** The futures handed out for calls that hang, in the order of the calls. */
  private final List<CompletableFuture<List<String>>> hanging =
      Collections.synchronizedList(new ArrayList<>());

  private CompletableFuture<List<String>> hang(TargetCall.Attempt a) {
    attempts.add(a);
    CompletableFuture<List<String>> f = new CompletableFuture<>();
    hanging.add(f);
    return f;
  }

  private ScatterGather.Builder manual() {
    return ScatterGather.builder().scheduler(timers);
  }

  @Test
  void attemptDeadline_perTargetTimeoutShorterThanTheFanOut_isTheCallsOwn() {
    try (ScatterGather sg = manual().perTargetTimeout(Duration.ofSeconds(1)).build()) {
      long before = System.nanoTime();
      List<Duration> remaining = Collections.synchronizedList(new ArrayList<>());
      ScatterResult<String> r =
          sg.fanOut(
                  List.of(Target.named("t")),
                  a -> {
                    attempts.add(a);
                    remaining.add(a.remaining());
                    return CompletableFuture.completedFuture(List.of("x"));
                  })
              .deadlineAt(before + HOUR.toNanos())
              .run();
      long after = System.nanoTime();
      assertFalse(r.partial());
      long deadline = attempts.get(0).deadlineNanos();
      long second = TimeUnit.SECONDS.toNanos(1);
      assertTrue(
          deadline - (before + second) >= 0 && (after + second) - deadline >= 0,
          "the call's deadline is its start plus the 1 s timeout, not the fan-out's hour");
      assertTrue(
          remaining.get(0).compareTo(Duration.ofSeconds(1)) <= 0 && !remaining.get(0).isNegative(),
          "remaining " + remaining.get(0));
    }
  }

  @Test
  void attemptDeadline_fanOutDeadlineSoonerThanTheTimeout_isTheFanOuts() {
    try (ScatterGather sg = manual().perTargetTimeout(HOUR).build()) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      CompletableFuture<ScatterResult<String>> f =
          sg.fanOut(List.of(Target.named("t")), this::hang).deadlineAt(deadline).start();
      assertEquals(deadline, attempts.get(0).deadlineNanos());
      hanging.get(0).complete(List.of("x"));
      assertEquals(List.of("x"), f.join().rows());
    }
  }

  @Test
  void retry_backoffLongerThanTheTimeLeft_notRetried() {
    try (ScatterGather sg =
        manual()
            .retryOn(e -> true)
            .retryBudget(3)
            .maxRetriesPerTarget(3)
            .retryBackoff(Duration.ofSeconds(2))
            .build()) {
      CompletableFuture<ScatterResult<String>> f =
          sg.<String>fanOut(
                  List.of(Target.named("t")),
                  a -> {
                    attempts.add(a);
                    return CompletableFuture.failedFuture(new IOException("reset"));
                  })
              .deadline(Duration.ofSeconds(1))
              .start();
      assertTrue(f.isDone(), "a retry after 2 s cannot beat a 1 s deadline: the target fails now");
      ScatterResult<String> r = f.join();
      assertEquals(TargetOutcome.Status.FAILED, r.outcome("t").status());
      assertEquals(0, r.retries());
      assertEquals(1, attempts.size());
    }
  }

  @Test
  void retry_maxRetriesPerTarget_boundsOneTargetsCallsBelowTheBudget() {
    List<FanOutAudit.Entry> audit = Collections.synchronizedList(new ArrayList<>());
    try (ScatterGather sg =
        manual()
            .retryOn(e -> true)
            .retryBudget(10)
            .maxRetriesPerTarget(1)
            .audit(audit::add)
            .build()) {
      ScatterResult<String> r =
          sg.<String>fanOut(
                  List.of(Target.named("t")),
                  a -> {
                    attempts.add(a);
                    return CompletableFuture.failedFuture(new IOException("down"));
                  })
              .run();
      assertEquals(2, r.outcome("t").calls(), "the first call and its one retry");
      assertEquals(2, attempts.size());
      assertEquals(1, r.retries());
      assertEquals(1, audit.get(0).retries());
      assertEquals(0, audit.get(0).hedges());
    }
  }

  @Test
  void retry_defaultPredicate_retriesNothingEvenWithABudget() {
    try (ScatterGather sg = manual().retryBudget(5).build()) {
      ScatterResult<String> r =
          sg.<String>fanOut(
                  List.of(Target.named("t")),
                  a -> {
                    attempts.add(a);
                    return CompletableFuture.failedFuture(new IOException("down"));
                  })
              .run();
      assertEquals(1, attempts.size());
      assertEquals(TargetOutcome.Status.FAILED, r.outcome("t").status());
      assertEquals(0, r.retries());
    }
  }

  @Test
  void retry_withoutBackoff_isMadeAtOnceWithoutATimer() {
    try (ScatterGather sg = manual().retryOn(e -> true).retryBudget(1).build()) {
      CompletableFuture<ScatterResult<String>> f =
          sg.fanOut(
                  List.of(Target.named("t")),
                  a -> {
                    attempts.add(a);
                    return a.number() == 0
                        ? CompletableFuture.failedFuture(new IOException("reset"))
                        : CompletableFuture.completedFuture(List.of("second"));
                  })
              .deadline(HOUR)
              .start();
      assertTrue(f.isDone(), "no backoff: the retry went out before start() returned");
      assertEquals(List.of("second"), f.join().rows());
      assertEquals(TargetCall.Attempt.Kind.RETRY, attempts.get(1).kind());
    }
  }

  @Test
  void deadline_duringARetryBackoff_cancelsTheTimerAndKeepsTheEarlierFailure() {
    Duration backoff = Duration.ofSeconds(10);
    try (ScatterGather sg =
        manual().retryOn(e -> true).retryBudget(1).retryBackoff(backoff).build()) {
      CompletableFuture<ScatterResult<String>> f =
          sg.<String>fanOut(
                  List.of(Target.named("t")),
                  a -> {
                    attempts.add(a);
                    return CompletableFuture.failedFuture(new IOException("db0 reset"));
                  })
              .deadline(HOUR)
              .start();
      assertFalse(f.isDone(), "waiting out the backoff");
      assertEquals(2, timers.pending().size(), "the deadline and the backoff");
      timers.fireLongest(); // the deadline, before the backoff ended
      ScatterResult<String> r = f.join();
      TargetOutcome<String> t = r.outcome("t");
      assertEquals(TargetOutcome.Status.DEADLINE_EXCEEDED, t.status());
      assertEquals(1, t.calls());
      Throwable cause = t.cause().orElseThrow();
      assertInstanceOf(TimeoutException.class, cause);
      assertEquals(1, cause.getSuppressed().length, "the failure that led to the retry");
      assertEquals("db0 reset", cause.getSuppressed()[0].getMessage());
      assertEquals(List.of(), timers.pending(), "the backoff timer was cancelled");
      assertEquals(0, timers.fire(backoff));
      assertEquals(1, attempts.size());
    }
  }

  @Test
  void perTargetTimeout_ofARetry_keepsTheFailureBeforeItSuppressed() {
    Duration timeout = Duration.ofSeconds(5);
    try (ScatterGather sg =
        manual()
            .perTargetTimeout(timeout)
            .retryOn(e -> e instanceof IOException)
            .retryBudget(1)
            .build()) {
      CompletableFuture<ScatterResult<String>> f =
          sg.fanOut(
                  List.of(Target.named("t")),
                  a -> {
                    if (a.number() == 0) {
                      attempts.add(a);
                      return CompletableFuture.failedFuture(new IOException("db0 reset"));
                    }
                    return hang(a);
                  })
              .deadline(HOUR)
              .start();
      assertEquals(2, attempts.size());
      assertEquals(1, timers.fire(timeout), "the retry's timeout");
      ScatterResult<String> r = f.join();
      TargetOutcome<String> t = r.outcome("t");
      assertEquals(TargetOutcome.Status.TIMED_OUT, t.status());
      Throwable cause = t.cause().orElseThrow();
      assertEquals(
          "retry call #1 to t got no answer within the per-target timeout of 5000 ms",
          cause.getMessage());
      assertEquals(1, cause.getSuppressed().length);
      assertEquals("db0 reset", cause.getSuppressed()[0].getMessage());
      assertTrue(hanging.get(0).isCancelled(), "the timed-out retry was cancelled");
    }
  }

  @Test
  void hedgeTimer_firingAfterTheDeadlinePassed_sendsNoHedge() throws InterruptedException {
    Duration hedgeAfter = Duration.ofMillis(10);
    // the fan-out must start before its deadline; on a machine too slow for that, allow more time
    for (long margin = 50; ; margin *= 10) {
      attempts.clear();
      ManualScheduler late = new ManualScheduler();
      try (ScatterGather sg =
          ScatterGather.builder().scheduler(late).hedgeAfter(hedgeAfter).build()) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(margin);
        CompletableFuture<ScatterResult<String>> f =
            sg.fanOut(List.of(Target.named("t")), this::hang).deadlineAt(deadline).start();
        if (attempts.isEmpty()) {
          assertTrue(margin < 50_000, "the fan-out never started before a 50 s deadline");
          continue; // it started after its deadline: nothing was called, try with more time
        }
        while (System.nanoTime() - deadline <= 0) {
          Thread.sleep(5); // the clock passes the deadline; the (manual) deadline timer is late
        }
        assertEquals(1, late.fire(hedgeAfter));
        assertEquals(1, attempts.size(), "no hedge once the deadline has passed");
        late.fireLongest();
        ScatterResult<String> r = f.join();
        assertEquals(TargetOutcome.Status.DEADLINE_EXCEEDED, r.outcome("t").status());
        assertFalse(r.outcome("t").hedged());
        assertEquals(0, r.hedges());
        return;
      }
    }
  }

  @Test
  void hedge_andRetry_countedInTheResultTheAuditAndAMergedRetryMissing() {
    Duration hedgeAfter = Duration.ofMillis(20);
    List<FanOutAudit.Entry> audit = Collections.synchronizedList(new ArrayList<>());
    try (ScatterGather sg =
        manual()
            .hedgeAfter(hedgeAfter)
            .retryOn(e -> true)
            .retryBudget(1)
            .audit(audit::add)
            .build()) {
      Target a = Target.named("a");
      Target b = Target.named("b");
      ScatterResult<String> earlier =
          new ScatterResult<>(
              "orders",
              List.of(
                  new TargetOutcome<>(
                      a, TargetOutcome.Status.SUCCEEDED, List.of("a1"), null, 1, 1, false),
                  new TargetOutcome<>(
                      b,
                      TargetOutcome.Status.FAILED,
                      List.of(),
                      new IOException("b down"),
                      1,
                      3,
                      true)),
              TimeUnit.MILLISECONDS.toNanos(7),
              2,
              3);
      CompletableFuture<ScatterResult<String>> f =
          sg.retryMissing(
                  earlier,
                  at ->
                      switch (at.kind()) {
                        case FIRST -> hang(at);
                        case HEDGE -> {
                          attempts.add(at);
                          yield CompletableFuture.failedFuture(new IOException("b1 replica down"));
                        }
                        case RETRY -> {
                          attempts.add(at);
                          yield CompletableFuture.completedFuture(List.of("b1"));
                        }
                      })
              .deadline(HOUR)
              .start();
      assertEquals(1, timers.fire(hedgeAfter), "the hedge of the first call");
      assertFalse(f.isDone(), "the hedge failed, the first call may still answer");
      hanging.get(0).completeExceptionally(new IOException("b reset"));
      ScatterResult<String> r = f.join();
      assertEquals(List.of("a1", "b1"), r.rows());
      assertTrue(r.outcome("b").hedged());
      assertFalse(r.outcome("a").hedged());
      assertEquals(3, r.outcome("b").calls());
      assertEquals(
          List.of(
              TargetCall.Attempt.Kind.FIRST,
              TargetCall.Attempt.Kind.HEDGE,
              TargetCall.Attempt.Kind.RETRY),
          attempts.stream().map(TargetCall.Attempt::kind).toList());
      assertEquals(2 + 1, r.retries(), "retries add up both runs");
      assertEquals(3 + 1, r.hedges(), "hedges add up both runs");
      assertEquals(1, audit.get(0).retries(), "the audit sees the retry run only");
      assertEquals(1, audit.get(0).hedges());
    }
  }

  @Test
  void callExecutorRefusesTheCall_targetFailsAtOnceWithTheRefusal() {
    try (ScatterGather sg =
        manual()
            .callExecutor(
                r -> {
                  throw new RejectedExecutionException("call pool is full");
                })
            .build()) {
      CompletableFuture<ScatterResult<String>> f =
          sg.fanOut(List.of(Target.named("t")), this::hang).deadline(HOUR).start();
      assertTrue(f.isDone(), "a refused call fails its target now, not at the deadline");
      TargetOutcome<String> t = f.join().outcome("t");
      assertEquals(TargetOutcome.Status.FAILED, t.status());
      assertInstanceOf(RejectedExecutionException.class, t.cause().orElseThrow());
      assertEquals("call pool is full", t.cause().orElseThrow().getMessage());
      assertEquals(0, t.calls());
      assertTrue(attempts.isEmpty());
    }
  }

  @Test
  void schedulerRefusesATimer_fanOutCancelledAtOnceSayingWhy() {
    timers.refuseTimers();
    try (ScatterGather sg = manual().build()) {
      CompletableFuture<ScatterResult<String>> f =
          sg.fanOut(List.of(Target.named("t")), this::hang).deadline(HOUR).start();
      assertTrue(f.isDone(), "without a deadline timer the fan-out cannot go on");
      TargetOutcome<String> t = f.join().outcome("t");
      assertEquals(TargetOutcome.Status.CANCELLED, t.status());
      String m = t.cause().orElseThrow().getMessage();
      assertTrue(
          m.startsWith(
              "the scheduler refused a timer (the manual scheduler refuses timers); it was shut"
                  + " down while the fan-out ran"),
          m);
    }
  }

  @Test
  void noTargets_completeBeforeStartReturns() {
    try (ScatterGather sg = manual().build()) {
      CompletableFuture<ScatterResult<String>> f =
          sg.<String>fanOut(List.of(), this::hang).deadline(HOUR).start();
      assertTrue(f.isDone(), "nothing to wait for: not the hour of the deadline");
      assertFalse(f.join().partial());
      assertEquals(List.of(), timers.pending(), "the deadline timer was cancelled");
    }
  }

  @Test
  void closedWhileStarting_fanOutCancelledAndNothingCalled() {
    try (ScatterGather sg = manual().build()) {
      // close() lands between the fan-out's check that the instance is open and its start
      timers.onIsShutdown(sg::close);
      CompletableFuture<ScatterResult<String>> f =
          sg.fanOut(List.of(Target.named("t")), this::hang).deadline(HOUR).start();
      assertTrue(f.isDone());
      TargetOutcome<String> t = f.join().outcome("t");
      assertEquals(TargetOutcome.Status.CANCELLED, t.status());
      assertEquals(
          "the ScatterGather was closed before the fan-out started; the target was never called"
              + " (0 targets had been started, at most 16 at a time)",
          t.cause().orElseThrow().getMessage());
      assertTrue(attempts.isEmpty());
    }
  }

  @Test
  void latency_isTheTimeTheFanOutTook() {
    try (ScatterGather sg = manual().build()) {
      long before = System.nanoTime();
      ScatterResult<String> r =
          sg.fanOut(
                  List.of(Target.named("t")), a -> CompletableFuture.completedFuture(List.of("x")))
              .run();
      long took = System.nanoTime() - before;
      assertTrue(
          !r.latency().isNegative() && r.latency().toNanos() <= took,
          r.latency() + " for a fan-out that took " + took + " ns");
    }
  }

  @Test
  void replicas_retriesWalkForwardAndEachFanOutStartsOnTheNext() {
    io.shardrouter.core.ReplicaGroup group =
        io.shardrouter.core.ReplicaGroup.of("g", "p:1", "r0:1", "r1:1", "r2:1");
    Target t = Target.of("g", io.shardrouter.core.PartitionSet.of(0), group, 1);
    try (ScatterGather sg =
        manual().retryOn(e -> true).retryBudget(2).maxRetriesPerTarget(2).build()) {
      int[] firsts = new int[3];
      for (int run = 0; run < 3; run++) {
        attempts.clear();
        ScatterResult<String> r =
            sg.fanOut(
                    List.of(t),
                    a -> {
                      attempts.add(a);
                      return a.number() < 2
                          ? CompletableFuture.failedFuture(new IOException("reset"))
                          : CompletableFuture.completedFuture(List.of("ok"));
                    })
                .run();
        assertFalse(r.partial());
        int[] idx =
            attempts.stream()
                .mapToInt(a -> group.replicas().indexOf(a.replica().orElseThrow()))
                .toArray();
        assertArrayEquals(
            new int[] {idx[0], (idx[0] + 1) % 3, (idx[0] + 2) % 3},
            idx,
            "each retry reads from the next replica");
        firsts[run] = idx[0];
      }
      assertArrayEquals(
          new int[] {firsts[0], (firsts[0] + 1) % 3, (firsts[0] + 2) % 3},
          firsts,
          "successive fan-outs start on successive replicas");
    }
  }
}
