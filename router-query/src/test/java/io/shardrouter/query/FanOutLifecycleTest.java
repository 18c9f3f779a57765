package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * How a fan-out treats what the caller hands it (unusual stages, wrapped failures, a call executor,
 * nested fan-outs), what it logs when caller code misbehaves, and how it ends when it is cancelled
 * or its {@link ScatterGather} closed.
 */
class FanOutLifecycleTest {
  private static final Duration HOUR = Duration.ofHours(1);

  /** Collects what FanOutRun logs (System.Logger goes to java.util.logging in these tests). */
  private static final class Records extends Handler implements AutoCloseable {
    final Logger logger = Logger.getLogger(FanOutRun.class.getName());
    final List<LogRecord> records = Collections.synchronizedList(new ArrayList<>());

    Records() {
      logger.addHandler(this);
    }

    @Override
    public void publish(LogRecord r) {
      records.add(r);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
      logger.removeHandler(this);
    }

    LogRecord only() {
      assertEquals(1, records.size(), () -> "log records: " + records);
      return records.get(0);
    }
  }

  /** A stage that cannot be turned into a CompletableFuture, as some drivers return. */
  @SuppressWarnings("unchecked")
  private static CompletionStage<List<String>> opaque(CompletableFuture<List<String>> f) {
    return (CompletionStage<List<String>>)
        Proxy.newProxyInstance(
            CompletionStage.class.getClassLoader(),
            new Class<?>[] {CompletionStage.class},
            (proxy, method, args) -> {
              if (method.getName().equals("toCompletableFuture")) {
                throw new UnsupportedOperationException("this driver's stages are opaque");
              }
              try {
                return method.invoke(f, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  @Test
  void stageWithoutToCompletableFuture_answersAndFailuresStillGathered() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  List.of(Target.named("ok"), Target.named("fails")),
                  a ->
                      opaque(
                          a.target().name().equals("ok")
                              ? CompletableFuture.completedFuture(List.of("row"))
                              : CompletableFuture.failedFuture(new IOException("db down"))))
              .run();
      assertEquals(List.of("row"), r.rows());
      assertEquals(TargetOutcome.Status.SUCCEEDED, r.outcome("ok").status());
      assertEquals(TargetOutcome.Status.FAILED, r.outcome("fails").status());
      assertEquals("db down", r.outcome("fails").cause().orElseThrow().getMessage());
    }
  }

  @Test
  void wrappedFailures_unwrappedToTheirCause_otherCausesKeptWhole() {
    IOException inner = new IOException("db down");
    IOException withCause = new IOException("query failed", new IllegalStateException("detail"));
    try (ScatterGather sg = ScatterGather.builder().build()) {
      ScatterResult<String> r =
          sg.<String>fanOut(
                  List.of(
                      Target.named("completion"), Target.named("execution"), Target.named("plain")),
                  a ->
                      CompletableFuture.failedFuture(
                          switch (a.target().name()) {
                            case "completion" -> new CompletionException(inner);
                            case "execution" -> new ExecutionException(inner);
                            default -> withCause;
                          }))
              .run();
      assertSame(inner, r.outcome("completion").cause().orElseThrow());
      assertSame(inner, r.outcome("execution").cause().orElseThrow());
      assertSame(withCause, r.outcome("plain").cause().orElseThrow());
    }
  }

  @Test
  void requireComplete_failingOnAnotherThread_thrownWithTheCallersStack() throws Exception {
    ScheduledThreadPoolExecutor other = new ScheduledThreadPoolExecutor(1);
    try (ScatterGather sg = ScatterGather.builder().build()) {
      IncompleteResultException e =
          assertThrows(
              IncompleteResultException.class,
              () ->
                  sg.<String>fanOut(
                          List.of(Target.named("t")),
                          a -> {
                            CompletableFuture<List<String>> f = new CompletableFuture<>();
                            other.execute(
                                () -> {
                                  // fail once the fan-out listens, so that it ends on this thread
                                  while (f.getNumberOfDependents() == 0) {
                                    Thread.onSpinWait();
                                  }
                                  f.completeExceptionally(new IOException("db down"));
                                });
                            return f;
                          })
                      .deadline(HOUR)
                      .requireComplete()
                      .run());
      assertTrue(
          Arrays.stream(e.getStackTrace())
              .anyMatch(
                  s ->
                      s.getMethodName()
                          .equals(
                              "requireComplete_failingOnAnotherThread_thrownWithTheCallersStack")),
          "the exception shows where the caller ran the fan-out");
      assertEquals(List.of("t"), e.missingTargets().stream().map(Target::name).toList());
    } finally {
      other.shutdownNow();
      assertTrue(other.awaitTermination(5, TimeUnit.SECONDS));
    }
  }

  @Test
  void cancelledWhileACallWaitsForTheCallExecutor_callNeverMade() throws Exception {
    BlockingQueue<Runnable> queued = new LinkedBlockingQueue<>();
    AtomicInteger calls = new AtomicInteger();
    ScatterGather sg = ScatterGather.builder().callExecutor(queued::add).build();
    CompletableFuture<ScatterResult<String>> f =
        sg.fanOut(
                List.of(Target.named("t")),
                a -> {
                  calls.incrementAndGet();
                  return CompletableFuture.completedFuture(List.of("x"));
                })
            .deadline(HOUR)
            .start();
    sg.close();
    ScatterResult<String> r = f.get(10, TimeUnit.SECONDS);
    assertEquals(TargetOutcome.Status.CANCELLED, r.outcome("t").status());
    // the executor gets to the call only now, on another thread
    Runnable late = queued.poll(10, TimeUnit.SECONDS);
    assertNotNull(late);
    Thread pool = new Thread(late, "late call");
    pool.setDaemon(true);
    pool.start();
    pool.join(TimeUnit.SECONDS.toMillis(30));
    assertFalse(pool.isAlive(), "the late call found the fan-out ended and returned");
    assertEquals(0, calls.get(), "a call of an ended fan-out is not made");
    assertEquals(0, r.outcome("t").calls());
  }

  @Test
  void nestedFanOutInEveryCall_outerFanOutStillDrainsWithoutRecursion() throws Exception {
    int n = 3_000;
    List<Target> targets = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      targets.add(Target.named("t" + i));
    }
    AtomicReference<Object> outcome = new AtomicReference<>();
    // a small stack: a fan-out whose calls answer synchronously must not recurse per target
    Thread runner =
        new Thread(
            null,
            () -> {
              try (ScatterGather outer = ScatterGather.builder().maxConcurrency(1).build();
                  ScatterGather inner = ScatterGather.builder().build()) {
                ScatterResult<String> r =
                    outer
                        .fanOut(
                            targets,
                            a -> {
                              // every call runs a fan-out of its own on this thread
                              String row =
                                  a.target().name()
                                      + inner
                                          .fanOut(
                                              List.of(Target.named("x")),
                                              b -> CompletableFuture.completedFuture(List.of("+x")))
                                          .run()
                                          .rows()
                                          .get(0);
                              return CompletableFuture.completedFuture(List.of(row));
                            })
                        .deadline(Duration.ofMinutes(5))
                        .run();
                outcome.set(r);
              } catch (Throwable t) {
                outcome.set(t);
              }
            },
            "small stack",
            256 * 1024);
    runner.setDaemon(true);
    runner.start();
    runner.join(TimeUnit.MINUTES.toMillis(2));
    assertFalse(runner.isAlive());
    Object o = outcome.get();
    assertInstanceOf(ScatterResult.class, o, String.valueOf(o));
    ScatterResult<?> r = (ScatterResult<?>) o;
    assertFalse(r.partial(), () -> r.failures().subList(0, 1).toString());
    assertEquals(n, r.rows().size());
    assertEquals("t0+x", r.rows().get(0));
    assertEquals("t" + (n - 1) + "+x", r.rows().get(n - 1));
  }

  @Test
  void ownedSchedulerThread_isADaemon_andKeepsNoCancelledTimers() throws Exception {
    try (ScatterGather sg =
        ScatterGather.builder()
            .perTargetTimeout(Duration.ofMinutes(30))
            .hedgeAfter(Duration.ofMinutes(20))
            .deadline(HOUR)
            .build()) {
      for (int i = 0; i < 5; i++) {
        sg.fanOut(List.of(Target.named("t")), a -> CompletableFuture.completedFuture(List.of("x")))
            .run();
      }
      List<Thread> owned =
          Thread.getAllStackTraces().keySet().stream()
              .filter(t -> t.isAlive() && t.getName().startsWith(ScatterGather.THREAD_NAME_PREFIX))
              .toList();
      assertFalse(owned.isEmpty());
      for (Thread t : owned) {
        assertTrue(t.isDaemon(), t.getName() + " would keep the JVM from exiting");
      }
      assertEquals(
          0,
          ((ScheduledThreadPoolExecutor) sg.scheduler).getQueue().size(),
          "the hour-long timers of ended fan-outs are not kept until they would have fired");
    }
  }

  @Test
  void close_onAnInterruptedThread_keepsTheInterrupt() throws Exception {
    CountDownLatch inHedge = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ScatterGather sg = ScatterGather.builder().hedgeAfter(Duration.ofMillis(1)).build();
    CompletableFuture<ScatterResult<String>> f =
        sg.fanOut(
                List.of(Target.named("t")),
                a -> {
                  if (a.kind() == TargetCall.Attempt.Kind.HEDGE) {
                    // the hedge runs on the scheduler's thread: keep that thread busy, even when
                    // interrupted, so that close() must wait for it
                    inHedge.countDown();
                    boolean interrupted = false;
                    while (true) {
                      try {
                        if (release.await(30, TimeUnit.SECONDS)) {
                          break;
                        }
                      } catch (InterruptedException e) {
                        interrupted = true;
                      }
                    }
                    if (interrupted) {
                      Thread.currentThread().interrupt();
                    }
                  }
                  return new CompletableFuture<List<String>>();
                })
            .deadline(HOUR)
            .start();
    try {
      assertTrue(inHedge.await(30, TimeUnit.SECONDS));
      Thread.currentThread().interrupt();
      sg.close();
      assertTrue(Thread.interrupted(), "close() gave up waiting but kept the interrupt");
      assertEquals(
          TargetOutcome.Status.CANCELLED, f.get(10, TimeUnit.SECONDS).outcome("t").status());
    } finally {
      Thread.interrupted();
      release.countDown();
    }
  }

  @Test
  void retryPredicateThrows_loggedAndNotRetried() {
    try (Records log = new Records();
        ScatterGather sg =
            ScatterGather.builder()
                .retryOn(
                    e -> {
                      throw new IllegalStateException("predicate bug");
                    })
                .retryBudget(3)
                .build()) {
      ScatterResult<String> r =
          sg.<String>fanOut(
                  List.of(Target.named("a")),
                  a -> CompletableFuture.failedFuture(new IOException("x")))
              .run();
      assertEquals(1, r.outcome("a").calls());
      LogRecord w = log.only();
      assertEquals(Level.WARNING, w.getLevel());
      assertEquals("retry predicate threw on java.io.IOException: x; not retrying", w.getMessage());
      assertEquals("predicate bug", w.getThrown().getMessage());
    }
  }

  @Test
  void auditHookThrows_loggedAndTheResultStands() {
    try (Records log = new Records();
        ScatterGather sg =
            ScatterGather.builder()
                .audit(
                    e -> {
                      throw new IllegalStateException("audit sink full");
                    })
                .build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  List.of(Target.named("a")), a -> CompletableFuture.completedFuture(List.of("x")))
              .label("q")
              .run();
      assertEquals(List.of("x"), r.rows());
      LogRecord w = log.only();
      assertEquals(Level.WARNING, w.getLevel());
      assertTrue(w.getMessage().contains(" threw on fan-out 'q' COMPLETE in "), w.getMessage());
      assertTrue(w.getMessage().endsWith("; the fan-out's result stands"), w.getMessage());
      assertEquals("audit sink full", w.getThrown().getMessage());
    }
  }

  /** A caller's future whose cancel() throws, as a buggy driver's might. */
  private static final class CancelThrows extends CompletableFuture<List<String>> {
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      throw new IllegalStateException("driver cannot cancel");
    }
  }

  @Test
  void cancellingACallThrows_loggedAndTheFanOutEndsAnyway() {
    try (Records log = new Records();
        ScatterGather sg = ScatterGather.builder().build()) {
      IncompleteResultException e =
          assertThrows(
              IncompleteResultException.class,
              () ->
                  sg.<String>fanOut(
                          List.of(Target.named("hangs"), Target.named("fails")),
                          a ->
                              a.target().name().equals("hangs")
                                  ? new CancelThrows()
                                  : CompletableFuture.failedFuture(new IOException("down")))
                      .label("q")
                      .deadline(HOUR)
                      .requireComplete()
                      .run());
      assertEquals(TargetOutcome.Status.CANCELLED, e.result().outcome("hangs").status());
      LogRecord w = log.only();
      assertEquals(Level.WARNING, w.getLevel());
      assertEquals("fan-out 'q': an action threw; the fan-out goes on", w.getMessage());
      assertEquals("driver cannot cancel", w.getThrown().getMessage());
    }
  }
}
