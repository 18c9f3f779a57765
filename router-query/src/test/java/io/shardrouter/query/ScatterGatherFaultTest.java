package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.RoutingTable;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fault injection: slow, failing and hanging targets. Deadlines are asserted with a generous
 * tolerance (a 200 ms deadline must hold within 150 ms) so that a loaded two-core CI machine does
 * not flake.
 */
class ScatterGatherFaultTest {
  private static final long DEADLINE_MS = 200;
  private static final long TOLERANCE_MS = 150;

  private final ScheduledExecutorService delays = Executors.newSingleThreadScheduledExecutor();

  /** Every future handed to the scatter-gather, by "target/call number". */
  private final Map<String, CompletableFuture<List<String>>> issued = new ConcurrentHashMap<>();

  /**
   * Runs every path once (calls that answer, fail and hang; timeouts, retries, hedges, the
   * deadline) so that class loading and first-call costs do not count against the deadlines
   * measured below.
   */
  private static volatile String warmSink; // keeps the warm-up's results observable

  @BeforeAll
  static void warmUp() {
    try (ScatterGather sg =
        ScatterGather.builder()
            .perTargetTimeout(Duration.ofMillis(20))
            .hedgeAfter(Duration.ofMillis(5))
            .retryOn(e -> true)
            .retryBudget(1)
            .audit(r -> warmSink = r.toString())
            .build()) {
      for (boolean requireComplete : new boolean[] {false, true}) {
        FanOut<String> f =
            sg.<String>fanOut(
                    named("fast", "fail", "hang"),
                    a ->
                        switch (a.target().name()) {
                          case "fast" -> CompletableFuture.completedFuture(List.of("x"));
                          case "fail" -> CompletableFuture.failedFuture(new IOException("x"));
                          default -> new CompletableFuture<>();
                        })
                .deadline(Duration.ofMillis(60));
        try {
          warmSink = (requireComplete ? f.requireComplete() : f).run().toString();
        } catch (IncompleteResultException e) {
          warmSink = e.getMessage();
        }
      }
    }
  }

  @AfterEach
  void stopDelays() throws InterruptedException {
    delays.shutdownNow();
    assertTrue(delays.awaitTermination(2, TimeUnit.SECONDS));
  }

  /**
   * A target's behaviour by name: "fast*" answers at once, "slow*" after 1 s, "hang*" never,
   * "fail*" fails.
   */
  private CompletableFuture<List<String>> behave(TargetCall.Attempt a) {
    String name = a.target().name();
    CompletableFuture<List<String>> f = new CompletableFuture<>();
    issued.put(name + "/" + a.number(), f);
    if (name.startsWith("fast")) {
      f.complete(List.of(name));
    } else if (name.startsWith("slow")) {
      delays.schedule(() -> f.complete(List.of(name)), 1, TimeUnit.SECONDS);
    } else if (name.startsWith("fail")) {
      f.completeExceptionally(new IOException(name + " refused the connection"));
    }
    return f;
  }

  private static List<Target> named(String... names) {
    List<Target> out = new ArrayList<>();
    for (String n : names) {
      out.add(Target.named(n));
    }
    return out;
  }

  private static long millisSince(long start) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }

  @Test
  void deadline_slowHangingAndFailingTargets_returnsPartialWithinTolerance() {
    List<FanOutAudit.Entry> audit = Collections.synchronizedList(new ArrayList<>());
    try (ScatterGather sg = ScatterGather.builder().audit(audit::add).build()) {
      long start = System.nanoTime();
      ScatterResult<String> r =
          sg.fanOut(named("fast1", "slow1", "hang1", "fail1", "fast2"), this::behave)
              .label("dashboard")
              .deadline(Duration.ofMillis(DEADLINE_MS))
              .run();
      long took = millisSince(start);
      assertTrue(
          took < DEADLINE_MS + TOLERANCE_MS,
          "took " + took + " ms for a " + DEADLINE_MS + " ms deadline");
      assertTrue(took >= DEADLINE_MS - 5, "returned before the deadline: " + took + " ms");
      assertTrue(r.partial());
      assertEquals(List.of("fast1", "fast2"), r.rows());
      assertEquals(
          List.of("slow1", "hang1", "fail1"),
          r.missingTargets().stream().map(Target::name).toList());
      assertEquals(TargetOutcome.Status.DEADLINE_EXCEEDED, r.outcome("slow1").status());
      assertEquals(TargetOutcome.Status.DEADLINE_EXCEEDED, r.outcome("hang1").status());
      assertEquals(TargetOutcome.Status.FAILED, r.outcome("fail1").status());
      assertInstanceOf(TimeoutException.class, r.outcome("hang1").cause().orElseThrow());
      assertTrue(
          r.outcome("hang1")
              .cause()
              .orElseThrow()
              .getMessage()
              .contains("deadline of 200 ms passed"));
      assertTrue(
          issued.get("hang1/0").isCancelled(), "the hanging call was cancelled at the deadline");
      assertTrue(
          issued.get("slow1/0").isCancelled(), "the slow call was cancelled at the deadline");
      // The hanging call's latency runs from its own start (a thread may pick it up late on a busy
      // machine) to the deadline: never longer than the whole fan-out, and never close to nothing.
      long hung = r.outcome("hang1").latency().toMillis();
      assertTrue(
          hung >= 10 && hung <= took,
          "hang1 latency " + hung + " ms, fan-out " + took + " ms: " + r);
      assertEquals(FanOutAudit.Entry.Outcome.PARTIAL, audit.get(0).outcome());
    }
  }

  @Test
  void deadline_asyncStart_futureCompletesByTheDeadline() throws Exception {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      long start = System.nanoTime();
      CompletableFuture<ScatterResult<String>> f =
          sg.fanOut(named("fast1", "hang1"), this::behave)
              .deadline(Duration.ofMillis(DEADLINE_MS))
              .start();
      // "hang1" never answers, so any completion is the deadline's; the bound is generous because
      // the waiting thread itself may wait for a core on a loaded machine (a 150 ms bound failed
      // under a parallel build, 2026-12-06). Not before the deadline, though.
      ScatterResult<String> r = f.get(5_000, TimeUnit.MILLISECONDS);
      long took = millisSince(start);
      assertTrue(took >= DEADLINE_MS - 1, "completed after " + took + " ms, before the deadline");
      assertEquals(List.of("hang1"), r.missingTargets().stream().map(Target::name).toList());
      assertEquals(TargetOutcome.Status.DEADLINE_EXCEEDED, r.outcome("hang1").status());
    }
  }

  @Test
  void deadline_lateSchedulerThread_runStillReturnsOnTime() throws Exception {
    ScheduledThreadPoolExecutor busy = new ScheduledThreadPoolExecutor(1);
    CountDownLatch release = new CountDownLatch(1);
    busy.execute(
        () -> {
          try {
            release.await(5, TimeUnit.SECONDS); // the only timer thread is stuck elsewhere
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    try (ScatterGather sg = ScatterGather.builder().scheduler(busy).build()) {
      long start = System.nanoTime();
      ScatterResult<String> r =
          sg.fanOut(named("fast1", "hang1"), this::behave)
              .deadline(Duration.ofMillis(DEADLINE_MS))
              .run();
      long took = millisSince(start);
      assertTrue(took < DEADLINE_MS + TOLERANCE_MS, "took " + took + " ms");
      assertEquals(TargetOutcome.Status.DEADLINE_EXCEEDED, r.outcome("hang1").status());
      assertTrue(issued.get("hang1/0").isCancelled());
    } finally {
      release.countDown();
      busy.shutdownNow();
      assertTrue(busy.awaitTermination(2, TimeUnit.SECONDS));
    }
  }

  @Test
  void deadline_alreadyPassed_callsNothingAndFlagsEveryTarget() {
    AtomicInteger calls = new AtomicInteger();
    try (ScatterGather sg = ScatterGather.builder().build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  named("a", "b"),
                  a -> {
                    calls.incrementAndGet();
                    return CompletableFuture.completedFuture(List.of("x"));
                  })
              .deadlineAt(System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(12))
              .run();
      assertEquals(0, calls.get());
      assertTrue(r.partial());
      for (TargetOutcome<String> o : r.outcomes()) {
        assertEquals(TargetOutcome.Status.DEADLINE_EXCEEDED, o.status());
        assertEquals(0, o.calls());
        // 12 ms, or a little more when the thread is descheduled between deadlineAt and run
        String m = o.cause().orElseThrow().getMessage();
        Matcher passed =
            Pattern.compile(
                    "the deadline had already passed (\\d+) ms before the fan-out started; no"
                        + " target was called.*")
                .matcher(m);
        assertTrue(passed.matches(), m);
        assertTrue(Integer.parseInt(passed.group(1)) >= 12, m);
      }
      IncompleteResultException e =
          assertThrows(
              IncompleteResultException.class,
              () ->
                  sg.fanOut(named("a"), a -> CompletableFuture.completedFuture(List.of("x")))
                      .deadlineAt(System.nanoTime() - 1)
                      .requireComplete()
                      .run());
      assertEquals(List.of("a"), e.missingTargets().stream().map(Target::name).toList());
    }
  }

  @Test
  void deadline_queuedTargetsNeverCalled_reportedAsNotStarted() {
    try (ScatterGather sg = ScatterGather.builder().maxConcurrency(1).build()) {
      ScatterResult<String> r =
          sg.fanOut(named("hang1", "fast1"), this::behave).deadline(Duration.ofMillis(100)).run();
      assertEquals(TargetOutcome.Status.DEADLINE_EXCEEDED, r.outcome("fast1").status());
      assertEquals(0, r.outcome("fast1").calls());
      assertEquals(Duration.ZERO, r.outcome("fast1").latency());
      assertTrue(
          r.outcome("fast1")
              .cause()
              .orElseThrow()
              .getMessage()
              .contains("the target was never called"));
    }
  }

  @Test
  void perTargetTimeout_hangingTarget_timedOutLongBeforeTheDeadline() {
    try (ScatterGather sg =
        ScatterGather.builder().perTargetTimeout(Duration.ofMillis(50)).build()) {
      long start = System.nanoTime();
      ScatterResult<String> r =
          sg.fanOut(named("fast1", "hang1"), this::behave).deadline(Duration.ofSeconds(5)).run();
      long took = millisSince(start);
      assertTrue(
          took < 1_000,
          "took " + took + " ms: the 50 ms per-target timeout, not the 5 s deadline, ended it");
      assertEquals(TargetOutcome.Status.TIMED_OUT, r.outcome("hang1").status());
      assertTrue(
          r.outcome("hang1")
              .cause()
              .orElseThrow()
              .getMessage()
              .contains(
                  "first call #0 to hang1 got no answer within the per-target timeout of 50 ms"));
      assertTrue(issued.get("hang1/0").isCancelled());
    }
  }

  @Test
  void perTargetTimeout_retryableTimeout_retriedThenSucceeds() {
    try (ScatterGather sg =
        ScatterGather.builder()
            .perTargetTimeout(Duration.ofMillis(40))
            .retryOn(e -> e instanceof TimeoutException)
            .retryBudget(1)
            .build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  named("flaky"),
                  a -> {
                    CompletableFuture<List<String>> f = new CompletableFuture<>();
                    issued.put("flaky/" + a.number(), f);
                    if (a.number() == 1) {
                      f.complete(List.of("second try"));
                    }
                    return f;
                  })
              .deadline(Duration.ofSeconds(5))
              .run();
      assertFalse(r.partial());
      assertEquals(List.of("second try"), r.rows());
      assertEquals(2, r.outcome("flaky").calls());
      assertTrue(issued.get("flaky/0").isCancelled());
    }
  }

  @Test
  void hedging_slowFirstCall_hedgeWinsAndTheLoserIsCancelled() {
    RoutingTable table = TestTables.table(5, 2, 2);
    Map<String, String> replicaOfCall = new ConcurrentHashMap<>();
    try (ScatterGather sg = ScatterGather.builder().hedgeAfter(Duration.ofMillis(30)).build()) {
      long start = System.nanoTime();
      ScatterResult<String> r =
          sg.fanOut(
                  Target.perPartition(table, PartitionSet.all(2)),
                  a -> {
                    CompletableFuture<List<String>> f = new CompletableFuture<>();
                    String key = a.target().name() + "/" + a.number();
                    issued.put(key, f);
                    replicaOfCall.put(key, a.replica().orElseThrow().endpoint());
                    if (a.kind() == TargetCall.Attempt.Kind.HEDGE) {
                      f.complete(
                          List.of(
                              "from hedge "
                                  + a.target().name())); // the first call hangs; its hedge answers
                    }
                    return f;
                  })
              .deadline(Duration.ofSeconds(5))
              .run();
      long took = millisSince(start);
      assertTrue(
          took < 1_000,
          "took " + took + " ms: the hedge after 30 ms, not the 5 s deadline, answered");
      assertFalse(r.partial());
      assertEquals(List.of("from hedge partition 0", "from hedge partition 1"), r.rows());
      assertEquals(2, r.hedges());
      for (String t : List.of("partition 0", "partition 1")) {
        assertTrue(r.outcome(t).hedged());
        assertEquals(2, r.outcome(t).calls());
        assertTrue(
            issued.get(t + "/0").isCancelled(), "the losing first call to " + t + " was cancelled");
        assertFalse(issued.get(t + "/1").isCancelled());
        assertFalse(
            replicaOfCall.get(t + "/0").equals(replicaOfCall.get(t + "/1")),
            "the hedge went to another replica");
      }
    }
  }

  @Test
  void hedging_firstCallAnswersBeforeTheThreshold_noHedgeSent() {
    try (ScatterGather sg = ScatterGather.builder().hedgeAfter(Duration.ofMillis(100)).build()) {
      ScatterResult<String> r = sg.fanOut(named("fast1", "fast2"), this::behave).run();
      assertEquals(0, r.hedges());
      assertEquals(1, r.outcome("fast1").calls());
      assertEquals(2, issued.size());
    }
  }

  @Test
  void hedging_firstCallWinsTheRace_hedgeCancelled() {
    try (ScatterGather sg = ScatterGather.builder().hedgeAfter(Duration.ofMillis(20)).build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  named("t"),
                  a -> {
                    CompletableFuture<List<String>> f = new CompletableFuture<>();
                    issued.put("t/" + a.number(), f);
                    if (a.kind() == TargetCall.Attempt.Kind.HEDGE) {
                      issued
                          .get("t/0")
                          .complete(
                              List.of("first")); // the first call answers while its hedge is out
                    }
                    return f;
                  })
              .run();
      assertEquals(List.of("first"), r.rows());
      assertTrue(issued.get("t/1").isCancelled(), "the losing hedge was cancelled");
    }
  }

  @Test
  void hedging_hedgeFailsFirstCallStillAnswers_targetSucceeds() {
    try (ScatterGather sg = ScatterGather.builder().hedgeAfter(Duration.ofMillis(20)).build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  named("t"),
                  a -> {
                    if (a.kind() == TargetCall.Attempt.Kind.HEDGE) {
                      delays.schedule(
                          () -> issued.get("t/0").complete(List.of("first, late")),
                          20,
                          TimeUnit.MILLISECONDS);
                      return CompletableFuture.failedFuture(new IOException("replica down"));
                    }
                    CompletableFuture<List<String>> f = new CompletableFuture<>();
                    issued.put("t/0", f);
                    return f;
                  })
              .run();
      assertFalse(r.partial());
      assertEquals(List.of("first, late"), r.rows());
    }
  }

  @Test
  void requireComplete_failingTarget_endsEarlyAndCancelsTheRest() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      long start = System.nanoTime();
      IncompleteResultException e =
          assertThrows(
              IncompleteResultException.class,
              () ->
                  sg.fanOut(named("hang1", "fail1", "slow1"), this::behave)
                      .deadline(Duration.ofSeconds(5))
                      .requireComplete()
                      .run());
      assertTrue(
          millisSince(start) < 1_000,
          "a complete result was impossible: no need to wait for the 5 s deadline");
      assertEquals(
          List.of("hang1", "fail1", "slow1"),
          e.missingTargets().stream().map(Target::name).toList());
      assertTrue(issued.get("hang1/0").isCancelled());
      assertFalse(
          issued.containsKey("slow1/0"), "the fan-out had failed: slow1 must not be called");
      assertEquals(0, e.result().outcome("slow1").calls());
      assertEquals(TargetOutcome.Status.CANCELLED, e.result().outcome("slow1").status());
      assertEquals(TargetOutcome.Status.CANCELLED, e.result().outcome("hang1").status());
      assertEquals(TargetOutcome.Status.FAILED, e.result().outcome("fail1").status());
    }
  }

  @Test
  void blockingCallOnCallExecutor_deadlineStillHolds() throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (ScatterGather sg = ScatterGather.builder().callExecutor(pool).build()) {
      long start = System.nanoTime();
      ScatterResult<String> r =
          sg.fanOut(
                  named("blocks", "fast1"),
                  a -> {
                    if (a.target().name().equals("blocks")) {
                      Thread.sleep(2_000); // a call that blocks before it returns its stage
                    }
                    return CompletableFuture.completedFuture(List.of(a.target().name()));
                  })
              .deadline(Duration.ofMillis(DEADLINE_MS))
              .run();
      long took = millisSince(start);
      assertTrue(took < DEADLINE_MS + TOLERANCE_MS, "took " + took + " ms");
      assertEquals(List.of("fast1"), r.rows());
      assertEquals(TargetOutcome.Status.DEADLINE_EXCEEDED, r.outcome("blocks").status());
    } finally {
      pool.shutdownNow();
      assertTrue(pool.awaitTermination(2, TimeUnit.SECONDS));
    }
  }

  @Test
  void interruptedCaller_fanOutCancelledAndInterruptKept() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      Thread.currentThread().interrupt();
      ScatterResult<String> r =
          sg.fanOut(named("hang1"), this::behave).deadline(Duration.ofSeconds(5)).run();
      assertTrue(Thread.interrupted(), "the interrupt flag is kept");
      assertEquals(TargetOutcome.Status.CANCELLED, r.outcome("hang1").status());
      assertInstanceOf(CancellationException.class, r.outcome("hang1").cause().orElseThrow());
      assertTrue(issued.get("hang1/0").isCancelled());
    }
  }

  @Test
  void cancellingTheFuture_cancelsTheCalls() throws Exception {
    List<FanOutAudit.Entry> audit = Collections.synchronizedList(new ArrayList<>());
    try (ScatterGather sg = ScatterGather.builder().audit(audit::add).build()) {
      CompletableFuture<ScatterResult<String>> f =
          sg.fanOut(named("hang1", "hang2"), this::behave).deadline(Duration.ofSeconds(5)).start();
      assertTrue(f.cancel(true));
      assertTrue(issued.get("hang1/0").isCancelled());
      assertTrue(issued.get("hang2/0").isCancelled());
      assertEquals(FanOutAudit.Entry.Outcome.PARTIAL, audit.get(0).outcome());
    }
  }

  @Test
  void close_endsRunningFanOutsAndLeavesNoThreads() throws Exception {
    java.util.Set<Thread> others =
        ownedThreads(); // other tests' instances may still be shutting down
    ScatterGather sg =
        ScatterGather.builder()
            .perTargetTimeout(Duration.ofSeconds(3))
            .hedgeAfter(Duration.ofSeconds(2))
            .build();
    CompletableFuture<ScatterResult<String>> running =
        sg.fanOut(named("hang1", "fast1"), this::behave).deadline(Duration.ofSeconds(10)).start();
    // more fan-outs on the same instance, to leave timers behind if any were leaked
    for (int i = 0; i < 20; i++) {
      sg.fanOut(named("fast1", "fail1"), this::behave).run();
    }
    java.util.Set<Thread> mine = ownedThreads();
    mine.removeAll(others);
    assertTrue(!mine.isEmpty(), "the owned scheduler thread runs while the instance is open");
    sg.close();
    ScatterResult<String> r = running.get(1, TimeUnit.SECONDS);
    assertEquals(TargetOutcome.Status.CANCELLED, r.outcome("hang1").status());
    assertTrue(r.outcome("hang1").cause().orElseThrow().getMessage().contains("closed"));
    assertTrue(issued.get("hang1/0").isCancelled());
    long deadline =
        System.nanoTime()
            + TimeUnit.SECONDS.toNanos(5); // shutdown ends the thread soon, not at once
    while (mine.stream().anyMatch(Thread::isAlive) && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertEquals(
        List.of(),
        mine.stream().filter(Thread::isAlive).map(Thread::getName).toList(),
        "no scheduler thread of this instance remains after close");
  }

  private static java.util.Set<Thread> ownedThreads() {
    java.util.Set<Thread> owned = new java.util.HashSet<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive() && t.getName().startsWith(ScatterGather.THREAD_NAME_PREFIX)) {
        owned.add(t);
      }
    }
    return owned;
  }

  @Test
  void callerScheduler_everyTimerCancelledWhenFanOutsEnd() throws InterruptedException {
    ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1);
    timers.setRemoveOnCancelPolicy(true);
    try (ScatterGather sg =
        ScatterGather.builder()
            .scheduler(timers)
            .perTargetTimeout(Duration.ofSeconds(30))
            .hedgeAfter(Duration.ofSeconds(20))
            .deadline(Duration.ofSeconds(60))
            .build()) {
      for (int i = 0; i < 20; i++) {
        sg.fanOut(named("fast1", "fail1", "fast2"), this::behave).run();
      }
      sg.fanOut(named("hang1"), this::behave).deadline(Duration.ofMillis(20)).run();
      assertEquals(
          0,
          timers.getQueue().size(),
          "no timer of an ended fan-out is left: " + timers.getQueue());
    } finally {
      timers.shutdownNow();
      assertTrue(timers.awaitTermination(2, TimeUnit.SECONDS));
    }
  }
}
