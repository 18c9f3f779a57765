package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Many concurrent fan-outs over one ScatterGather, with seeded random target behaviour (answer at
 * once, answer late, fail, throw, hang) and random retries, hedging and timeouts. Every fan-out
 * must end by its deadline with one consistent outcome per target, every call it made must end
 * (answered or cancelled), and no timer may be left behind.
 */
class ScatterGatherStressTest {
  private static final long SEED = Long.getLong("shardrouter.query.seed", 0xFA40L);
  private static final long DEADLINE_MS = 120;

  /**
   * Looser than ScatterGatherFaultTest's: four callers share two cores here; this test is about
   * consistency.
   */
  private static final long TOLERANCE_MS = 500;

  private enum Behaviour {
    NOW,
    LATER,
    FAIL,
    THROW,
    HANG
  }

  @Test
  void concurrentFanOuts_randomFaults_endOnTimeConsistentlyAndCleanly() throws Exception {
    ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1);
    timers.setRemoveOnCancelPolicy(true);
    ScheduledThreadPoolExecutor io = new ScheduledThreadPoolExecutor(2);
    ExecutorService callers = Executors.newFixedThreadPool(4);
    Queue<CompletableFuture<List<String>>> issued = new ConcurrentLinkedQueue<>();
    try (ScatterGather sg =
        ScatterGather.builder()
            .scheduler(timers)
            .maxConcurrency(3)
            .perTargetTimeout(Duration.ofMillis(60))
            .retryOn(e -> e instanceof IOException)
            .retryBudget(3)
            .hedgeAfter(Duration.ofMillis(15))
            .build()) {
      List<Future<?>> runs = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        long workerSeed = SEED + w;
        int worker = w;
        runs.add(
            callers.submit(
                () -> {
                  SplittableRandom rnd = new SplittableRandom(workerSeed);
                  for (int q = 0; q < 25; q++) {
                    int n = 1 + rnd.nextInt(8);
                    Behaviour[] plan = new Behaviour[n];
                    List<Target> targets = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                      plan[i] = Behaviour.values()[rnd.nextInt(Behaviour.values().length)];
                      targets.add(Target.named("t" + i));
                    }
                    long lateMs = 1 + rnd.nextInt(40);
                    boolean requireComplete = rnd.nextInt(4) == 0;
                    String context =
                        "worker seed "
                            + workerSeed
                            + " (rerun with -Dshardrouter.query.seed="
                            + (workerSeed - worker)
                            + "), fan-out "
                            + q
                            + ", plan "
                            + java.util.Arrays.toString(plan);
                    FanOut<String> f =
                        sg.fanOut(
                                targets,
                                a -> {
                                  int i = Integer.parseInt(a.target().name().substring(1));
                                  if (plan[i] == Behaviour.THROW) {
                                    throw new IllegalStateException("bug in the call");
                                  }
                                  CompletableFuture<List<String>> out = new CompletableFuture<>();
                                  issued.add(out);
                                  switch (plan[i]) {
                                    case NOW -> out.complete(List.of(a.target().name()));
                                    case LATER ->
                                        io.schedule(
                                            () -> out.complete(List.of(a.target().name())),
                                            lateMs,
                                            TimeUnit.MILLISECONDS);
                                    case FAIL ->
                                        out.completeExceptionally(new IOException("reset"));
                                    default -> {}
                                  }
                                  return out;
                                })
                            .deadline(Duration.ofMillis(DEADLINE_MS));
                    if (requireComplete) {
                      f.requireComplete();
                    }
                    long start = System.nanoTime();
                    ScatterResult<String> r;
                    try {
                      r = f.run();
                    } catch (IncompleteResultException e) {
                      @SuppressWarnings("unchecked")
                      ScatterResult<String> partial = (ScatterResult<String>) e.result();
                      r = partial;
                      assertTrue(r.partial(), context);
                    }
                    long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                    assertTrue(
                        took < DEADLINE_MS + TOLERANCE_MS, context + ": took " + took + " ms");
                    assertEquals(n, r.outcomes().size(), context);
                    for (int i = 0; i < n; i++) {
                      TargetOutcome<String> o = r.outcomes().get(i);
                      assertEquals("t" + i, o.target().name(), context);
                      if (o.succeeded()) {
                        assertTrue(
                            plan[i] == Behaviour.NOW || plan[i] == Behaviour.LATER,
                            context + ": " + o);
                        assertEquals(List.of("t" + i), o.rows(), context);
                      } else {
                        assertTrue(o.cause().isPresent(), context + ": " + o);
                        assertTrue(o.rows().isEmpty(), context);
                        if (!requireComplete && plan[i] == Behaviour.NOW) {
                          // A target that answers at once fails only when it was never called:
                          // queued behind the concurrency limit (hung targets holding the slots
                          // until their timeout) when the deadline passed, which a loaded machine's
                          // late timers make possible.
                          assertEquals(TargetOutcome.Status.DEADLINE_EXCEEDED, o.status(), context);
                          assertEquals(0, o.calls(), context + ": " + o);
                        }
                      }
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> run : runs) {
        run.get(60, TimeUnit.SECONDS);
      }
    } finally {
      callers.shutdownNow();
      io.shutdownNow();
      assertTrue(callers.awaitTermination(5, TimeUnit.SECONDS));
      assertTrue(io.awaitTermination(5, TimeUnit.SECONDS));
    }
    assertEquals(0, timers.getQueue().size(), "timers left behind: " + timers.getQueue());
    timers.shutdownNow();
    assertTrue(timers.awaitTermination(2, TimeUnit.SECONDS));
    for (CompletableFuture<List<String>> call : issued) {
      assertTrue(
          call.isDone() || call.isCancelled(), "a call that never ended and was never cancelled");
    }
  }
}
