package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The small values and checks of router-query: target equality, the scatter guard's limits, the
 * builder's bounds, messages that name what was given.
 */
class QueryValuesTest {

  @Test
  void target_equalOnlyWhenNamePartitionsGroupAndVersionAllMatch() {
    ReplicaGroup g0 = ReplicaGroup.of("g0", "db0:5432", "db0a:5432");
    ReplicaGroup g1 = ReplicaGroup.of("g1", "db1:5432", "db1a:5432");
    Target t = Target.of("t", PartitionSet.of(1, 2), g0, 7);
    assertEquals(t, Target.of("t", PartitionSet.of(1, 2), g0, 7));
    assertEquals(t.hashCode(), Target.of("t", PartitionSet.of(1, 2), g0, 7).hashCode());
    assertNotEquals(t, Target.of("u", PartitionSet.of(1, 2), g0, 7));
    assertNotEquals(t, Target.of("t", PartitionSet.of(1, 3), g0, 7));
    assertNotEquals(t, Target.of("t", PartitionSet.of(1, 2), g1, 7));
    assertNotEquals(t, Target.of("t", PartitionSet.of(1, 2), g0, 8));
    assertNotEquals(Target.named("t"), t);
    assertEquals(Target.named("t"), Target.named("t"));
    assertNotEquals(t, (Object) "t");
  }

  @Test
  void target_blankOrNullName_refusedQuotingWhatWasGiven() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Target.named(null))
            .getMessage()
            .startsWith("a target needs a non-blank name, got null;"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Target.named(" "))
            .getMessage()
            .startsWith("a target needs a non-blank name, got ' ';"));
  }

  @Test
  void perPartition_partitionOutsideTheTable_refusedNamingTheTable() {
    RoutingTable table = TestTables.table(3, 4, 2);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Target.perPartition(table, PartitionSet.of(1, 4)));
    assertEquals(
        "partition 4 is outside routing table 'orders' version 3, which has partitions [0, 4);"
            + " build the PartitionSet from this table",
        e.getMessage());
  }

  @Test
  void scatterGuard_limitIsInclusive() {
    ScatterGuard g = ScatterGuard.limit(3);
    assertEquals(3, g.limit());
    assertTrue(g.allows(3));
    assertFalse(g.allows(4));
    g.check("q", 3, false);
    g.check("q", PartitionSet.of(0, 1, 2), false);
    ScatterRefusedException e =
        assertThrows(
            ScatterRefusedException.class, () -> g.check("q", PartitionSet.of(0, 1, 2, 3), false));
    assertEquals(4, e.width());
    g.check("q", PartitionSet.of(0, 1, 2, 3), true);
    assertEquals(1, ScatterGuard.limit(1).limit(), "a limit of one partition is allowed");
    assertTrue(ScatterGuard.unlimited().allows(Integer.MAX_VALUE));
  }

  @Test
  void scatterLimit_fanOutExactlyAsWideAsTheLimit_runs() {
    try (ScatterGather sg = ScatterGather.builder().scatterLimit(2).build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  List.of(Target.named("a"), Target.named("b")),
                  a -> CompletableFuture.completedFuture(List.of(a.target().name())))
              .run();
      assertEquals(List.of("a", "b"), r.rows());
    }
  }

  @Test
  void builder_boundsAreInclusive() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            ScatterGather.builder()
                .perTargetTimeout(Duration.ofMillis(50))
                .hedgeAfter(Duration.ofMillis(50))
                .build(),
        "a hedge at the per-target timeout would never be sent");
    try (ScatterGather sg =
        ScatterGather.builder().maxRetriesPerTarget(0).retryBudget(0).scatterLimit(1).build()) {
      assertTrue(sg.toString().contains("maxRetriesPerTarget=0, retryBudget=0,"), sg.toString());
    }
    assertEquals(
        ScatterGather.Builder.MAX_NANOS,
        ScatterGather.Builder.cappedNanos(Duration.ofNanos(Long.MAX_VALUE)));
  }

  @Test
  void toString_showsTheSettingsInMillisecondsOrOff() {
    try (ScatterGather sg =
        ScatterGather.builder()
            .maxConcurrency(4)
            .perTargetTimeout(Duration.ofMillis(250))
            .hedgeAfter(Duration.ofMillis(100))
            .retryBudget(2)
            .build()) {
      assertEquals(
          "ScatterGather{maxConcurrency=4, perTargetTimeout=250 ms, deadline=1000 ms,"
              + " maxRetriesPerTarget=1, retryBudget=2, hedgeAfter=100 ms,"
              + " ScatterGuard{unlimited}}",
          sg.toString());
    }
    try (ScatterGather sg = ScatterGather.builder().build()) {
      assertTrue(sg.toString().contains("perTargetTimeout=off,"), sg.toString());
      assertTrue(sg.toString().contains("hedgeAfter=off,"), sg.toString());
    }
  }

  @Test
  void fanOutLabel_blankOrNull_refusedQuotingWhatWasGiven() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      FanOut<String> f =
          sg.fanOut(List.of(Target.named("a")), a -> CompletableFuture.completedFuture(List.of()));
      assertEquals(
          "a fan-out label must be non-blank, got null",
          assertThrows(IllegalArgumentException.class, () -> f.label(null)).getMessage());
      assertEquals(
          "a fan-out label must be non-blank, got ' '",
          assertThrows(IllegalArgumentException.class, () -> f.label(" ")).getMessage());
    }
  }

  @Test
  void outcome_unknownTarget_refusedListingTheTargets() {
    try (ScatterGather sg = ScatterGather.builder().build()) {
      ScatterResult<String> r =
          sg.fanOut(
                  List.of(Target.named("a"), Target.named("b")),
                  a -> CompletableFuture.completedFuture(List.<String>of()))
              .label("q")
              .run();
      assertEquals(
          "no target named 'c' in fan-out 'q'; targets: [a, b]",
          assertThrows(IllegalArgumentException.class, () -> r.outcome("c")).getMessage());
    }
  }

  @Test
  void status_onlySucceededIsNotMissing() {
    for (TargetOutcome.Status s : TargetOutcome.Status.values()) {
      assertEquals(s != TargetOutcome.Status.SUCCEEDED, s.isMissing(), s.name());
    }
  }

  @Test
  void incompleteResult_manyMissing_listsTwentyAndCountsTheRest() {
    List<Target> targets = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      targets.add(Target.named("t" + i));
    }
    try (ScatterGather sg = ScatterGather.builder().build()) {
      IncompleteResultException e =
          assertThrows(
              IncompleteResultException.class,
              () ->
                  sg.<String>fanOut(
                          targets, a -> CompletableFuture.failedFuture(new IOException("down")))
                      .label("wide")
                      .run()
                      .requireComplete());
      String m = e.getMessage();
      assertTrue(
          m.startsWith("fan-out 'wide' to 25 targets is incomplete: 25 missing: t0: FAILED after "),
          m);
      assertTrue(m.contains(" (IOException: down); t1: FAILED after "), m);
      assertTrue(m.contains("; t19: FAILED after "), m);
      assertFalse(m.contains("t20:"), m);
      assertTrue(m.contains(" (IOException: down); and 5 more. The result is not complete"), m);
    }
  }

  @Test
  void sortOrder_nameGivenBack_blankOrNullRefusedQuotingIt() {
    assertEquals("created_at,order_id", Row.NEWEST_FIRST.name());
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    SortOrder.<Row, Row>of(
                        null, SortOrder.Direction.ASC, r -> r, Row.ASCENDING, Row.CODEC))
            .getMessage()
            .contains(", got null;"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    SortOrder.<Row, Row>of(
                        " ", SortOrder.Direction.ASC, r -> r, Row.ASCENDING, Row.CODEC))
            .getMessage()
            .contains(", got ' ';"));
  }

  @Test
  void pageRequest_firstPageOnlyWithoutACursor() {
    Pager<Row, Row> pager =
        Pager.of(
            Row.NEWEST_FIRST,
            CursorCodec.signed("k".repeat(32).getBytes(StandardCharsets.US_ASCII)));
    PageRequest<Row, Row> first = pager.first("user_id=7", 2, 3);
    assertTrue(first.isFirstPage());
    List<List<Row>> shards = List.of(List.of(Row.of(9, 9), Row.of(8, 8), Row.of(7, 7)));
    String cursor = pager.page(first, shards).nextCursor().orElseThrow();
    assertFalse(pager.next(cursor, "user_id=7", 2, 3).isFirstPage());
  }

  @Test
  void cursorForAnotherFilter_messageShowsBothFingerprintsInHex() {
    Pager<Row, Row> pager =
        Pager.of(
            Row.NEWEST_FIRST,
            CursorCodec.signed("k".repeat(32).getBytes(StandardCharsets.US_ASCII)));
    PageRequest<Row, Row> first = pager.first("user_id=7", 1, 3);
    String cursor =
        pager.page(first, List.of(List.of(Row.of(9, 9), Row.of(8, 8)))).nextCursor().orElseThrow();
    String m =
        assertThrows(InvalidCursorException.class, () -> pager.next(cursor, "user_id=8", 1, 3))
            .getMessage();
    String expected =
        "(fingerprint "
            + String.format("%016x", Fingerprint.of("user_id=7"))
            + ", this query's filter has fingerprint "
            + String.format("%016x", Fingerprint.of("user_id=8"))
            + ")";
    assertTrue(m.contains(expected), m);
  }

  @Test
  void topK_nullRow_refusedWithItsPosition() {
    Comparator<Integer> order = Comparator.nullsLast(Comparator.<Integer>naturalOrder());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TopK.merge(List.of(List.of(1, 2), Arrays.asList(3, null)), order, 10));
    assertEquals("target #1 returned a null row at position 1", e.getMessage());
  }

  @Test
  void partialAggregate_notEqualToAnotherAggregateOrType() {
    assertNotEquals(PartialAggregate.ofValues(1, 2), PartialAggregate.ofValues(1, 3));
    assertNotEquals(PartialAggregate.ofValues(1), (Object) "PartialAggregate{count=1}");
    assertEquals(PartialAggregate.ofValues(1, 2), PartialAggregate.of(2, 3, 1, 2));
  }
}
