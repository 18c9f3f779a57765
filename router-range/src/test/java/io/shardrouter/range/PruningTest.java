package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.Keys;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pruning on every edge: [0, 1000), [1000, 2000). */
class PruningTest {
  private static final KeyType L = KeyType.LONG;
  private final RangeStrategy closed = (RangeStrategy) Fixtures.seed000(false).strategy();
  private final RangeStrategy open = (RangeStrategy) Fixtures.seed000(true).strategy();

  @Test
  void seed000_between950And1050_touchesBoth_narrowRangeOne() {
    assertEquals(PartitionSet.range(0, 2), closed.prune(KeyRange.closed(L, 950L, 1050L)));
    assertEquals(PartitionSet.range(1, 2), closed.prune(KeyRange.closed(L, 1200L, 1300L)));
    assertEquals(PartitionSet.range(0, 1), closed.prune(KeyRange.closed(L, 10L, 20L)));
    assertEquals(PartitionSet.range(0, 2), closed.prune(KeyRange.closed(L, -5000L, 5000L)));
    assertEquals("{0, 1}", closed.prune(KeyRange.closed(L, 950L, 1050L)).toString());
  }

  @Test
  void edges_inclusiveAndExclusiveBoundsAtAStart() {
    assertEquals(PartitionSet.range(0, 1), closed.prune(KeyRange.closedOpen(L, 0L, 1000L)));
    assertEquals(PartitionSet.range(0, 2), closed.prune(KeyRange.closed(L, 0L, 1000L)));
    assertEquals(PartitionSet.range(1, 2), closed.prune(KeyRange.closed(L, 1000L, 1000L)));
    assertEquals(PartitionSet.range(0, 1), closed.prune(KeyRange.closed(L, 999L, 999L)));
    assertEquals(PartitionSet.range(1, 2), closed.prune(KeyRange.openClosed(L, 999L, 1000L)));
    assertEquals(
        PartitionSet.empty(),
        closed.prune(KeyRange.open(L, 999L, 1000L)),
        "no long between 999 and 1000");
    assertEquals(PartitionSet.empty(), closed.prune(KeyRange.closedOpen(L, 1000L, 1000L)));
    assertEquals(
        PartitionSet.empty(),
        closed.prune(KeyRange.closed(L, 1050L, 950L)),
        "BETWEEN 1050 AND 950 is empty");
  }

  @Test
  void edges_outsideEveryRangeAndUnbounded() {
    assertEquals(PartitionSet.empty(), closed.prune(KeyRange.lessThan(L, 0L)));
    assertEquals(PartitionSet.range(0, 1), closed.prune(KeyRange.atMost(L, 0L)));
    assertEquals(PartitionSet.empty(), closed.prune(KeyRange.atLeast(L, 2000L)));
    assertEquals(PartitionSet.range(1, 2), closed.prune(KeyRange.atLeast(L, 1999L)));
    assertEquals(PartitionSet.range(0, 2), closed.prune(KeyRange.all(L)));
    assertEquals(PartitionSet.range(2, 3), open.prune(KeyRange.atLeast(L, 2000L)));
    assertEquals(PartitionSet.range(2, 3), open.prune(KeyRange.atLeast(L, Long.MAX_VALUE)));
    assertEquals(
        PartitionSet.empty(),
        open.prune(KeyRange.greaterThan(L, Long.MAX_VALUE)),
        "nothing is above the largest long");
    assertEquals(PartitionSet.range(0, 3), open.prune(KeyRange.greaterThan(L, -1L)));
  }

  @Test
  void strings_exclusiveLowerBoundUsesTheImmediateSuccessor() {
    RangeStrategy s = RangeStrategy.of(KeyType.STRING, List.of("a", "a\u0000", "b"), null);
    KeyType t = KeyType.STRING;
    assertEquals(
        PartitionSet.empty(),
        s.prune(KeyRange.open(t, "a", "a\u0000")),
        "no string between \"a\" and \"a\\0\"");
    assertEquals(PartitionSet.range(1, 2), s.prune(KeyRange.openClosed(t, "a", "a\u0000")));
    assertEquals(PartitionSet.range(1, 3), s.prune(KeyRange.greaterThan(t, "a")));
    assertEquals(PartitionSet.range(0, 2), s.prune(KeyRange.closedOpen(t, "", "b")));
  }

  @Test
  void timestamps_aMonthTouchesOnlyItsRange() {
    RangeStrategy s =
        RangeStrategy.of(
            KeyType.TIMESTAMP,
            List.of(
                Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-04-01T00:00:00Z"),
                Instant.parse("2026-07-01T00:00:00Z")),
            null);
    KeyType t = KeyType.TIMESTAMP;
    assertEquals(
        PartitionSet.range(0, 1),
        s.prune(
            KeyRange.closedOpen(
                t, Instant.parse("2026-03-01T00:00:00Z"), Instant.parse("2026-04-01T00:00:00Z"))));
    assertEquals(
        PartitionSet.range(0, 2),
        s.prune(
            KeyRange.closed(
                t, Instant.parse("2026-03-01T00:00:00Z"), Instant.parse("2026-04-01T00:00:00Z"))));
    assertEquals(
        PartitionSet.range(1, 3),
        s.prune(KeyRange.atLeast(t, Instant.parse("2026-05-01T00:00:00Z"))));
  }

  @Test
  void span_givesRoutesAndGroupsOfATable() {
    RoutingTable t = Fixtures.seed000(true);
    PartitionSet span = ((RangeStrategy) t.strategy()).prune(KeyRange.closed(L, 950L, 1050L));
    assertEquals(List.of(t.routeOfPartition(0), t.routeOfPartition(1)), span.routes(t));
    assertEquals(List.of(t.group("g0"), t.group("g1")), span.groups(t));
    assertEquals(2, span.size());
    assertTrue(span.contains(1) && !span.contains(2));
    assertTrue(span.isRun());
    assertEquals(0, span.min());
    assertEquals(1, span.max());
    assertEquals(-1, PartitionSet.empty().min());
    assertEquals("{}", PartitionSet.empty().toString());
    assertEquals("{3}", PartitionSet.range(3, 4).toString());
  }

  @Test
  void keyRange_ofAnotherKeyType_refused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> closed.prune(KeyRange.closed(KeyType.INT, 1, 2)));
    assertTrue(
        e.getMessage()
            .contains(
                "key range [1, 2] is of key type int but the strategy ranges keys of type long"),
        e::getMessage);
    assertThrows(IllegalArgumentException.class, () -> KeyRange.closed(L, 1, 2));
  }

  @Test
  void keyRange_containsAndToString() {
    KeyRange r = KeyRange.closedOpen(L, 950L, 1050L);
    assertTrue(r.contains(Keys.of(950L)));
    assertTrue(!r.contains(Keys.of(1050L)));
    assertEquals("[950, 1050)", r.toString());
    assertEquals("(-∞, \"m\"]", KeyRange.atMost(KeyType.STRING, "m").toString());
    assertEquals("(-∞, +∞)", KeyRange.all(L).toString());
    assertEquals(KeyRange.closed(L, 1L, 2L), KeyRange.of(L, Keys.of(1L), true, Keys.of(2L), true));
  }
}
