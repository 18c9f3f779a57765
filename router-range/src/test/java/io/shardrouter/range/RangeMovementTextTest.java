package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.Keys;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link MovementReport} between two range tables, laid over each other as key ranges ({@link
 * io.shardrouter.core.ExactMovement}): the whole text {@code shardctl diff} prints (intervals
 * padded to one column), neighbouring intervals with the same move joined into one shift and others
 * kept apart, and keys counted as moved exactly on the shifts' bounds.
 */
class RangeMovementTextTest {

  /** A long-keyed range table of {@code starts} (open at the end) placed on {@code placement}. */
  private static RoutingTable table(long version, List<Long> starts, List<String> placement) {
    RangeStrategy s = RangeStrategy.of(KeyType.LONG, starts, null);
    RoutingTable.Builder b =
        RoutingTable.builder().version(version).entity("orders").keyType(KeyType.LONG).strategy(s);
    List<String> seen = new ArrayList<>();
    for (String g : placement) {
      if (!seen.contains(g)) {
        seen.add(g);
        b.group(ReplicaGroup.of(g, "db-" + g + ":5432"));
      }
    }
    return b.placement(placement).build();
  }

  @Test
  void coverageAndGroupChanges_wholeText() {
    RoutingTable a = Fixtures.seed000(false);
    RoutingTable b =
        Fixtures.table(
            RangeStrategy.of(KeyType.LONG, List.of(-100L, 0L, 1500L), null), "orders", 2);
    MovementReport m = MovementReport.between(a, b);
    assertSame(a, m.from());
    assertSame(b, m.to());
    assertEquals(MovementReport.Layout.KEY_RANGES, m.layout());
    assertFalse(m.moves().isEmpty());
    assertEquals(
        "orders: version 1 -> 2, 2 -> 3 ranges, boundaries changed\n"
            + "moves: 4 key ranges change group\n"
            + "  [-100, 0)     (no range) -> g0\n"
            + "  [0, 1000)     g0 -> g1\n"
            + "  [1500, 2000)  g1 -> g2\n"
            + "  [2000, +∞)    (no range) -> g2\n",
        m.toText());
  }

  @Test
  void nothingMoves_wholeText() {
    RoutingTable a = table(1, List.of(0L, 1000L), List.of("g0", "g1"));
    RoutingTable b = table(2, List.of(0L, 1000L), List.of("g0", "g1"));
    MovementReport m = MovementReport.between(a, b);
    assertTrue(m.moves().isEmpty());
    assertEquals(0.0, m.movedShare(), "equal boundaries: each range weighs its partition's share");
    assertEquals(
        "orders: version 1 -> 2, 2 -> 2 ranges, boundaries unchanged\n"
            + "moves: none; every key stays on its group\n",
        m.toText());
  }

  @Test
  void neighboursWithTheSameMove_joined_othersKeptApart() {
    RoutingTable a = table(1, List.of(0L, 1000L, 2000L), List.of("g0", "g1", "g2"));
    RoutingTable b =
        table(
            2,
            List.of(0L, 300L, 600L, 800L, 1000L, 2000L),
            List.of("g1", "g1", "g2", "g0", "g1", "g2"));
    MovementReport m = MovementReport.between(a, b);
    // one move per piece between neighbouring boundaries; the text joins those with the same groups
    assertEquals(
        List.of("[0, 300) g0 -> g1", "[300, 600) g0 -> g1", "[600, 800) g0 -> g2"),
        Fixtures.shifts(m));
    assertEquals(
        List.of(0, 1, 2), m.moves().stream().map(MovementReport.Move::toPartition).toList());
    assertEquals(
        "orders: version 1 -> 2, 3 -> 6 ranges, boundaries changed\n"
            + "moves: 2 key ranges change group\n"
            + "  [0, 600)    g0 -> g1\n"
            + "  [600, 800)  g0 -> g2\n",
        m.toText());
  }

  @Test
  void oneShift_saidInTheSingular() {
    RoutingTable a = table(1, List.of(0L, 1000L), List.of("g0", "g1"));
    RoutingTable b = table(2, List.of(0L, 1000L), List.of("g0", "g0"));
    assertEquals(
        "orders: version 1 -> 2, 2 -> 2 ranges, boundaries unchanged\n"
            + "moves: 1 key range changes group\n"
            + "  [1000, +∞)  g1 -> g0\n",
        MovementReport.between(a, b).toText());
  }

  @Test
  void keysOnTheBounds_countedExactly() {
    RoutingTable a = table(1, List.of(0L, 1000L, 2000L), List.of("g0", "g1", "g2"));
    RoutingTable b =
        table(
            2,
            List.of(0L, 300L, 600L, 800L, 1000L, 2000L),
            List.of("g1", "g1", "g2", "g0", "g1", "g2"));
    List<byte[]> keys = new ArrayList<>();
    for (long k : new long[] {-1, 0, 299, 300, 599, 600, 799, 800, 999, 1000, 5000}) {
      keys.add(Keys.of(k));
    }
    // Moved: 0, 299, 300, 599 (to g1) and 600, 799 (to g2); -1 has no range in either table.
    assertEquals(
        new MovementReport.KeyCount(11, 6, 0), MovementReport.between(a, b).countKeys(keys));
  }
}
