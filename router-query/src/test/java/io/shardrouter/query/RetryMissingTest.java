package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * {@code requireComplete()} stops calling targets once the fan-out has failed, and {@link
 * ScatterGather#retryMissing} calls only the targets a partial result is missing.
 */
class RetryMissingTest {
  private final List<String> called = Collections.synchronizedList(new ArrayList<>());
  private final Set<String> down = ConcurrentHashMap.newKeySet();

  /** Answers its own name at once, or fails at once when it is down. */
  private CompletableFuture<List<String>> call(TargetCall.Attempt a) {
    String name = a.target().name();
    called.add(name);
    return down.contains(name)
        ? CompletableFuture.failedFuture(new IOException(name + " is down"))
        : CompletableFuture.completedFuture(List.of(name + "-row"));
  }

  private static List<Target> targets(int n) {
    List<Target> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(Target.named("t" + i));
    }
    return out;
  }

  @Test
  void requireComplete_synchronousFailure_laterTargetsNeverCalled() {
    for (int concurrency : new int[] {1, 3, 8}) {
      called.clear();
      down.clear();
      down.add("t1");
      try (ScatterGather sg = ScatterGather.builder().maxConcurrency(concurrency).build()) {
        IncompleteResultException e =
            assertThrows(
                IncompleteResultException.class,
                () -> sg.fanOut(targets(6), this::call).requireComplete().run());
        assertEquals(
            List.of("t0", "t1"), called, "concurrency " + concurrency + ": calls after t1 failed");
        for (int i = 2; i < 6; i++) {
          TargetOutcome<?> o = e.result().outcome("t" + i);
          assertEquals(TargetOutcome.Status.CANCELLED, o.status());
          assertEquals(0, o.calls(), "t" + i + " was never called");
          assertTrue(
              o.cause().orElseThrow().getMessage().contains("the target was never called"),
              o.cause().orElseThrow().getMessage());
        }
      }
    }
  }

  @Test
  void requireComplete_allAnswer_everyTargetCalledOnce() {
    try (ScatterGather sg = ScatterGather.builder().maxConcurrency(2).build()) {
      ScatterResult<String> r = sg.fanOut(targets(4), this::call).requireComplete().run();
      assertFalse(r.partial());
      assertEquals(List.of("t0", "t1", "t2", "t3"), called);
    }
  }

  @Test
  void retryMissing_callsOnlyTheMissingTargets_mergedInTargetOrder() {
    down.add("t1");
    down.add("t3");
    try (ScatterGather sg = ScatterGather.builder().build()) {
      ScatterResult<String> first = sg.fanOut(targets(5), this::call).label("listing").run();
      assertTrue(first.partial());
      called.clear();
      down.clear();
      ScatterResult<String> retried = sg.retryMissing(first, this::call).run();
      assertEquals(List.of("t1", "t3"), called, "only the missing targets are called again");
      assertFalse(retried.partial());
      assertEquals("listing", retried.label());
      assertEquals(
          List.of("t0-row", "t1-row", "t2-row", "t3-row", "t4-row"),
          retried.rows(),
          "earlier answers keep their place in target order");
      assertEquals(
          List.of("t0", "t1", "t2", "t3", "t4"),
          retried.outcomes().stream().map(o -> o.target().name()).toList());
      assertSame(first.outcome("t0"), retried.outcome("t0"));
    }
  }

  @Test
  void retryMissing_stillMissing_partialOrIncomplete() {
    down.add("t2");
    try (ScatterGather sg = ScatterGather.builder().build()) {
      ScatterResult<String> first = sg.fanOut(targets(3), this::call).run();
      called.clear();
      ScatterResult<String> again = sg.retryMissing(first, this::call).run();
      assertEquals(List.of("t2"), called);
      assertTrue(again.partial());
      assertEquals(List.of("t2"), again.missingTargets().stream().map(Target::name).toList());
      IncompleteResultException e =
          assertThrows(
              IncompleteResultException.class,
              () -> sg.retryMissing(first, this::call).requireComplete().run());
      assertEquals(3, e.result().outcomes().size(), "the exception holds the merged result");
      assertEquals(List.of("t0-row", "t1-row"), e.result().rows());
    }
  }

  @Test
  void retryMissing_completeResult_callsNothing() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      ScatterResult<String> first = sg.fanOut(targets(2), this::call).run();
      called.clear();
      ScatterResult<String> again = sg.retryMissing(first, this::call).run();
      assertEquals(List.of(), called);
      assertEquals(first.rows(), again.rows());
      assertFalse(again.partial());
    }
  }

  @Test
  void retryMissing_partialPage_filledByTheRetry() {
    Pager<Row, Row> pager = Pager.of(Row.NEWEST_FIRST, CursorCodec.unsigned());
    List<List<Row>> shards =
        List.of(List.of(Row.of(9, 9), Row.of(7, 7)), List.of(Row.of(8, 8), Row.of(6, 6)));
    PageRequest<Row, Row> req = pager.first("", 2, 1);
    Set<String> failing = ConcurrentHashMap.newKeySet();
    failing.add("s1");
    TargetCall<Row> call =
        a -> {
          int s = a.target().name().charAt(1) - '0';
          return failing.contains(a.target().name())
              ? CompletableFuture.failedFuture(new IOException("down"))
              : CompletableFuture.completedFuture(
                  shards.get(s).stream().filter(req::admits).limit(req.fetchLimit()).toList());
        };
    try (ScatterGather sg = ScatterGather.builder().build()) {
      List<Target> ts = List.of(Target.named("s0"), Target.named("s1"));
      ScatterResult<Row> partial = sg.fanOut(ts, call).run();
      Page<Row> gap = pager.page(req, partial);
      assertTrue(gap.partial());
      assertFalse(gap.nextCursor().isPresent());
      failing.clear();
      Page<Row> full = pager.page(req, sg.retryMissing(partial, call).run());
      assertFalse(full.partial());
      assertEquals(List.of(Row.of(9, 9), Row.of(8, 8)), full.rows());
      assertTrue(full.nextCursor().isPresent());
    }
  }

  @Test
  void retryMissing_null_refused() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      assertThrows(NullPointerException.class, () -> sg.retryMissing(null, this::call));
    }
  }
}
