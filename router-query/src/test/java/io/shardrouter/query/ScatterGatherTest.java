package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Scatter-gather behaviour without timing faults: gathering, failures, retries, the guard, the
 * audit.
 */
class ScatterGatherTest {
  private final ScheduledExecutorService delays = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void stopDelays() throws InterruptedException {
    delays.shutdownNow();
    assertTrue(delays.awaitTermination(2, TimeUnit.SECONDS));
  }

  private static List<Target> named(String... names) {
    List<Target> out = new ArrayList<>();
    for (String n : names) {
      out.add(Target.named(n));
    }
    return out;
  }

  private <T> CompletableFuture<T> later(long millis, T value) {
    CompletableFuture<T> f = new CompletableFuture<>();
    delays.schedule(() -> f.complete(value), millis, TimeUnit.MILLISECONDS);
    return f;
  }

  @Test
  void run_allTargetsAnswer_completeResultInTargetOrder() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  named("a", "b", "c"),
                  a ->
                      later(
                          a.target().name().equals("a") ? 30 : 1,
                          List.of(a.target().name() + "1", a.target().name() + "2")))
              .label("letters")
              .run();
      assertFalse(r.partial());
      assertEquals(List.of("a1", "a2", "b1", "b2", "c1", "c2"), r.rows());
      assertEquals(3, r.rowsPerTarget().size());
      assertEquals("letters", r.label());
      assertEquals(TargetOutcome.Status.SUCCEEDED, r.outcome("b").status());
      assertEquals(1, r.outcome("a").calls());
      assertTrue(r.outcome("a").latency().toMillis() >= 25, r.outcome("a").toString());
      assertTrue(r.failures().isEmpty());
      assertEquals(r, r.requireComplete());
    }
  }

  @Test
  void run_noTargets_completeAndEmpty() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      ScatterResult<String> r =
          sg.fanOut(List.of(), a -> CompletableFuture.completedFuture(List.of("x"))).run();
      assertFalse(r.partial());
      assertTrue(r.rows().isEmpty());
    }
  }

  @Test
  void run_callThrowsReturnsNullOrFailsAsync_eachTargetFlaggedWithItsCause() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  named("ok", "throws", "null", "async", "nullRows", "nullRow"),
                  a -> {
                    switch (a.target().name()) {
                      case "throws":
                        throw new IOException("connection refused by db3:5432");
                      case "null":
                        return null;
                      case "async":
                        return CompletableFuture.failedFuture(
                            new IllegalStateException("table orders_2024_01 is missing"));
                      case "nullRows":
                        return CompletableFuture.completedFuture(null);
                      case "nullRow":
                        return CompletableFuture.completedFuture(Collections.singletonList(null));
                      default:
                        return CompletableFuture.completedFuture(List.of("row"));
                    }
                  })
              .run();
      assertTrue(r.partial());
      assertEquals(List.of("row"), r.rows());
      assertEquals(
          List.of("throws", "null", "async", "nullRows", "nullRow"),
          r.missingTargets().stream().map(Target::name).toList());
      for (TargetOutcome<String> o : r.failures()) {
        assertEquals(TargetOutcome.Status.FAILED, o.status(), o.toString());
      }
      assertInstanceOf(IOException.class, r.outcome("throws").cause().orElseThrow());
      assertTrue(
          r.outcome("null")
              .cause()
              .orElseThrow()
              .getMessage()
              .contains("the TargetCall returned null"));
      assertEquals(
          "table orders_2024_01 is missing", r.outcome("async").cause().orElseThrow().getMessage());
      assertTrue(
          r.outcome("nullRows")
              .cause()
              .orElseThrow()
              .getMessage()
              .contains("completed with null rows"));
      assertTrue(
          r.outcome("nullRow").cause().orElseThrow().getMessage().contains("returned a null row"));
    }
  }

  @Test
  void requireComplete_missingTarget_throwsNamingIt() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      IncompleteResultException e =
          assertThrows(
              IncompleteResultException.class,
              () ->
                  sg.fanOut(
                          named("a", "b"),
                          a ->
                              a.target().name().equals("b")
                                  ? CompletableFuture.failedFuture(new IOException("db1 down"))
                                  : CompletableFuture.completedFuture(List.of("a1")))
                      .label("billing totals")
                      .requireComplete()
                      .run());
      assertInstanceOf(RoutingException.class, e);
      assertEquals(List.of("b"), e.missingTargets().stream().map(Target::name).toList());
      assertTrue(
          e.getMessage()
              .startsWith(
                  "fan-out 'billing totals' to 2 targets is incomplete: 1 missing: b: FAILED"),
          e.getMessage());
      assertTrue(e.getMessage().contains("IOException: db1 down"), e.getMessage());
      assertTrue(
          e.getMessage()
              .contains("accept a partial result by running it without requireComplete()"),
          e.getMessage());
      assertInstanceOf(IOException.class, e.getCause());
      assertEquals(List.of("a1"), e.result().rows());
    }
  }

  @Test
  void maxConcurrency_boundsTargetsInFlight() {
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger peak = new AtomicInteger();
    try (ScatterGather sg = ScatterGather.builder().maxConcurrency(3).build()) {
      List<Target> targets = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        targets.add(Target.named("t" + i));
      }
      ScatterResult<Integer> r =
          sg.fanOut(
                  targets,
                  a -> {
                    peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                    CompletableFuture<List<Integer>> f = new CompletableFuture<>();
                    delays.schedule(
                        () -> {
                          inFlight.decrementAndGet();
                          f.complete(List.of(a.number()));
                        },
                        10,
                        TimeUnit.MILLISECONDS);
                    return f;
                  })
              .run();
      assertFalse(r.partial());
      assertEquals(10, r.rows().size());
      assertEquals(3, peak.get());
    }
  }

  @Test
  void retry_retryableFailure_retriedOnAnotherReplica() {
    RoutingTable table = TestTables.table(3, 4, 2);
    Map<String, List<String>> seen = new ConcurrentHashMap<>();
    try (ScatterGather sg =
        ScatterGather.builder()
            .retryOn(e -> e instanceof IOException)
            .retryBudget(5)
            .maxRetriesPerTarget(2)
            .build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  Target.perGroup(table, PartitionSet.all(4)),
                  a -> {
                    seen.computeIfAbsent(
                            a.target().name(), k -> Collections.synchronizedList(new ArrayList<>()))
                        .add(
                            a.kind()
                                + "#"
                                + a.number()
                                + "@"
                                + a.replica().orElseThrow().endpoint());
                    if (a.target().name().equals("g1") && a.number() < 2) {
                      return CompletableFuture.failedFuture(new IOException("connection reset"));
                    }
                    return CompletableFuture.completedFuture(List.of(a.target().name()));
                  })
              .run();
      assertFalse(r.partial());
      assertEquals(3, r.outcome("g1").calls());
      assertEquals(2, r.retries());
      List<String> g1 = seen.get("g1");
      assertEquals(
          List.of("FIRST#0", "RETRY#1", "RETRY#2"),
          g1.stream().map(s -> s.substring(0, s.indexOf('@'))).toList());
      List<String> replicas = g1.stream().map(s -> s.substring(s.indexOf('@') + 1)).toList();
      assertTrue(
          !replicas.get(0).equals(replicas.get(1)) && !replicas.get(1).equals(replicas.get(2)),
          "each retry goes to the next replica: " + g1);
    }
  }

  @Test
  void retry_nonRetryableFailure_notRetried() {
    AtomicInteger calls = new AtomicInteger();
    try (ScatterGather sg =
        ScatterGather.builder().retryOn(e -> e instanceof IOException).retryBudget(5).build()) {
      ScatterResult<String> r =
          sg.<String>fanOut(
                  named("a"),
                  a -> {
                    calls.incrementAndGet();
                    return CompletableFuture.failedFuture(
                        new IllegalArgumentException("syntax error near 'FORM'"));
                  })
              .run();
      assertEquals(1, calls.get());
      assertEquals(TargetOutcome.Status.FAILED, r.outcome("a").status());
      assertEquals(0, r.retries());
    }
  }

  @Test
  void retryBudget_sharedByAllTargets_boundsExtraCalls() {
    AtomicInteger calls = new AtomicInteger();
    try (ScatterGather sg =
        ScatterGather.builder().retryOn(e -> true).retryBudget(2).maxRetriesPerTarget(3).build()) {
      ScatterResult<String> r =
          sg.<String>fanOut(
                  named("a", "b", "c", "d"),
                  a -> {
                    calls.incrementAndGet();
                    return CompletableFuture.failedFuture(new IOException("down"));
                  })
              .run();
      assertEquals(4, r.failures().size());
      assertEquals(2, r.retries());
      assertEquals(6, calls.get(), "4 first calls and the 2 retries of the budget");
    }
  }

  @Test
  void retryBackoff_waitsBeforeTheRetry() {
    List<Long> times = Collections.synchronizedList(new ArrayList<>());
    try (ScatterGather sg =
        ScatterGather.builder()
            .retryOn(e -> true)
            .retryBudget(1)
            .retryBackoff(Duration.ofMillis(40))
            .build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  named("a"),
                  a -> {
                    times.add(System.nanoTime());
                    return a.number() == 0
                        ? CompletableFuture.failedFuture(new IOException("reset"))
                        : CompletableFuture.completedFuture(List.of("ok"));
                  })
              .run();
      assertFalse(r.partial());
      assertTrue(
          times.get(1) - times.get(0) >= TimeUnit.MILLISECONDS.toNanos(35), "backoff honoured");
    }
  }

  @Test
  void retryPredicateThrows_treatedAsNotRetryable() {
    try (ScatterGather sg =
        ScatterGather.builder()
            .retryOn(
                e -> {
                  throw new IllegalStateException("predicate bug");
                })
            .retryBudget(3)
            .build()) {
      ScatterResult<String> r =
          sg.<String>fanOut(named("a"), a -> CompletableFuture.failedFuture(new IOException("x")))
              .run();
      assertEquals(TargetOutcome.Status.FAILED, r.outcome("a").status());
      assertEquals(1, r.outcome("a").calls());
    }
  }

  @Test
  void scatterGuard_wideFanOut_refusedUpFrontUnlessOptedIn() {
    RoutingTable table = TestTables.table(3, 16, 4);
    List<FanOutAudit.Entry> audit = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger calls = new AtomicInteger();
    try (ScatterGather sg = ScatterGather.builder().scatterLimit(4).audit(audit::add).build()) {
      TargetCall<String> call =
          a -> {
            calls.incrementAndGet();
            return CompletableFuture.completedFuture(List.of());
          };
      List<Target> all = Target.perGroup(table, PartitionSet.all(16));
      ScatterRefusedException e =
          assertThrows(
              ScatterRefusedException.class,
              () -> sg.fanOut(all, call).label("orders by email").run());
      assertEquals(16, e.width());
      assertEquals(4, e.limit());
      assertTrue(
          e.getMessage()
              .startsWith(
                  "query 'orders by email' (4 targets) would fan out to 16 partitions or targets"),
          e.getMessage());
      assertEquals(0, calls.get());
      assertEquals(FanOutAudit.Entry.Outcome.REFUSED, audit.get(0).outcome());

      assertFalse(sg.fanOut(all, call).allowScatter().run().partial());
      assertEquals(4, calls.get());
      assertFalse(
          sg.fanOut(Target.perPartition(table, PartitionSet.of(1, 5)), call).run().partial());
    }
  }

  @Test
  void audit_seesEveryFanOutWithTargetsLatencyAndOutcome() {
    List<FanOutAudit.Entry> audit = Collections.synchronizedList(new ArrayList<>());
    try (ScatterGather sg = ScatterGather.builder().audit(audit::add).build()) {
      sg.fanOut(
              named("a", "b"),
              a -> later(5, a.target().name().equals("a") ? List.of("x") : List.of("y", "z")))
          .label("ok query")
          .run();
      sg.fanOut(
              named("a", "b"),
              a ->
                  a.target().name().equals("a")
                      ? CompletableFuture.completedFuture(List.of("x"))
                      : CompletableFuture.failedFuture(new IOException("b down")))
          .label("partial query")
          .run();
      assertEquals(2, audit.size());
      FanOutAudit.Entry ok = audit.get(0);
      assertEquals("ok query", ok.label());
      assertEquals(FanOutAudit.Entry.Outcome.COMPLETE, ok.outcome());
      assertEquals(List.of("a", "b"), ok.targets().stream().map(Target::name).toList());
      assertEquals(2, ok.width());
      assertTrue(ok.latency().toMillis() >= 4, ok.toString());
      assertTrue(ok.targetOutcomes().get(0).latency().toMillis() >= 4, ok.toString());
      assertTrue(ok.targetOutcomes().get(0).rows().isEmpty(), "audit records carry no rows");
      // ... but their count, which the audit line prints
      assertEquals(1, ok.targetOutcomes().get(0).rowCount());
      assertEquals(2, ok.targetOutcomes().get(1).rowCount());
      assertTrue(ok.toString().contains(", 1 call, 1 row, b: SUCCEEDED"), ok.toString());
      assertTrue(ok.toString().endsWith(", 1 call, 2 rows]"), ok.toString());
      FanOutAudit.Entry partial = audit.get(1);
      assertEquals(FanOutAudit.Entry.Outcome.PARTIAL, partial.outcome());
      assertEquals(TargetOutcome.Status.FAILED, partial.targetOutcomes().get(1).status());
      assertTrue(
          partial.toString().startsWith("fan-out 'partial query' PARTIAL in "), partial.toString());
    }
  }

  @Test
  void audit_thatThrows_doesNotChangeTheResult() {
    try (ScatterGather sg =
        ScatterGather.builder()
            .audit(
                r -> {
                  throw new IllegalStateException("audit sink full");
                })
            .build()) {
      ScatterResult<String> r =
          sg.fanOut(named("a"), a -> CompletableFuture.completedFuture(List.of("x"))).run();
      assertEquals(List.of("x"), r.rows());
    }
  }

  @Test
  void fanOut_duplicateTargetNames_refused() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  sg.fanOut(
                      named("a", "b", "a"), a -> CompletableFuture.completedFuture(List.of())));
      assertTrue(e.getMessage().contains("targets[2] repeats the target name 'a'"), e.getMessage());
    }
  }

  @Test
  void builder_badSettings_refusedWithTheSettingNamed() {
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> ScatterGather.builder().maxConcurrency(0))
            .getMessage()
            .startsWith("maxConcurrency must be >= 1"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> ScatterGather.builder().deadline(Duration.ZERO))
            .getMessage()
            .startsWith("deadline must be > 0"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> ScatterGather.builder().retryBudget(-1))
            .getMessage()
            .startsWith("retryBudget must be >= 0"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    ScatterGather.builder()
                        .perTargetTimeout(Duration.ofMillis(50))
                        .hedgeAfter(Duration.ofMillis(80))
                        .build())
            .getMessage()
            .startsWith("hedgeAfter (80 ms) must be shorter than perTargetTimeout (50 ms)"));
    try (ScatterGather sg = ScatterGather.builder().build()) {
      FanOut<String> f = sg.fanOut(named("a"), a -> CompletableFuture.completedFuture(List.of()));
      assertTrue(
          assertThrows(IllegalArgumentException.class, () -> f.deadline(Duration.ofMillis(-5)))
              .getMessage()
              .startsWith("deadline must be > 0"));
    }
  }

  @Test
  void closed_refusesNewFanOuts() {
    ScatterGather sg = ScatterGather.builder().build();
    sg.close();
    sg.close();
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> sg.fanOut(named("a"), a -> CompletableFuture.completedFuture(List.of())).run());
    assertTrue(e.getMessage().contains("this ScatterGather is closed"), e.getMessage());
  }
}
