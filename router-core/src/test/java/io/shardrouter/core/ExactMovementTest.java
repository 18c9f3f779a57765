package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How {@link MovementReport} uses a strategy's {@link ExactMovement}: the pieces laid over the two
 * placements, the moves and shares, the text of each layout, and the checks of what a strategy
 * answers.
 */
class ExactMovementTest {

  /** Byte-sum partitions that answer {@link #piecesFrom} with fixed pieces. */
  private static final class Laid implements PartitionStrategy, ExactMovement {
    private final ByteSumStrategy base;
    private final ExactMovement.Pieces pieces;

    Laid(int partitions, ExactMovement.Pieces pieces) {
      this.base = new ByteSumStrategy(partitions);
      this.pieces = pieces;
    }

    @Override
    public String type() {
      return "test_laid";
    }

    @Override
    public int partitionCount() {
      return base.partitionCount();
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return base.partitionOf(canonical, offset, length);
    }

    @Override
    public Spec toSpec() {
      return Spec.object().put("type", type()).put("partitions", partitionCount()).build();
    }

    @Override
    public ExactMovement.Pieces piecesFrom(PartitionStrategy previous) {
      return pieces;
    }
  }

  private static ExactMovement.Piece arc(int from, int to, double share) {
    return new ExactMovement.Piece(from, to, share, null, null);
  }

  private static ExactMovement.Pieces arcs(ExactMovement.Piece... pieces) {
    return new ExactMovement.Pieces(
        MovementReport.Layout.ARCS, "4 -> 4 test arcs", List.of(pieces));
  }

  /** Four byte-sum partitions on g0, g1, g0, g1, then {@code to} with the placement given. */
  private static RoutingTable laid(ExactMovement.Pieces pieces, String... placement) {
    return Tables.table(1, 4, 2).toBuilder()
        .version(2)
        .strategy(new Laid(4, pieces))
        .placement(List.of(placement))
        .build();
  }

  @Test
  void arcs_movesArePairsWhoseGroupChanges_sharesSummed_andTheirText() {
    RoutingTable from = Tables.table(1, 4, 2);
    RoutingTable to =
        laid(
            arcs(
                arc(2, 3, 0.0625),
                arc(0, 0, 0.25),
                arc(3, 2, 0.375),
                arc(1, 1, 0.25),
                arc(2, 3, 0.0625)),
            "g0",
            "g1",
            "g0",
            "g1");
    MovementReport r = MovementReport.between(from, to);
    assertEquals(MovementReport.Layout.ARCS, r.layout());
    assertTrue(r.partitionsKeepKeys());
    assertFalse(r.sameStrategy());
    assertEquals(
        List.of(
            new MovementReport.Move(3, 2, "g1", "g0", 0.375, null),
            new MovementReport.Move(2, 3, "g0", "g1", 0.125, null)),
        r.moves(),
        "the arcs of one pair summed, by new then old partition");
    assertEquals(0.5, r.movedShare());
    assertEquals(Map.of("g0", 0.375, "g1", 0.125), r.gainedShare());
    assertEquals(Map.of("g0", 0.125, "g1", 0.375), r.lostShare());
    assertEquals(
        "orders: version 1 -> 2, 4 -> 4 test arcs\n"
            + "moved: 50.0000% of the key space in 2 pieces, from 2 groups to 2 groups\n"
            + "  g0"
            + " ".repeat(16)
            + "+37.5000%  -12.5000%\n"
            + "  g1"
            + " ".repeat(16)
            + "+12.5000%  -37.5000%\n",
        r.toText());
  }

  @Test
  void countKeys_aKeyWhosePairIsInNoMovedPiece_countedOutsideThePlan() {
    RoutingTable from = Tables.table(1, 4, 2);
    // The keys route p2 -> p2 and p2 moves to g1, but the pieces say p2's keys go to p3.
    RoutingTable to =
        laid(
            arcs(arc(0, 0, 0.25), arc(1, 1, 0.25), arc(2, 3, 0.25), arc(3, 2, 0.25)),
            "g0",
            "g1",
            "g1",
            "g1");
    List<byte[]> keys = new ArrayList<>();
    long onP2 = 0;
    for (int i = 0; i < 200; i++) {
      byte[] k = CanonicalKeys.of("key-" + i);
      keys.add(k);
      onP2 += from.routeCanonical(k).partition() == 2 ? 1 : 0;
    }
    MovementReport.KeyCount c = MovementReport.between(from, to).countKeys(keys);
    assertTrue(onP2 > 0);
    assertEquals(new MovementReport.KeyCount(200, onP2, onP2), c);
  }

  @Test
  void piecesOutsideTheTables_aBugOfTheStrategy() {
    RoutingTable from = Tables.table(1, 4, 2);
    RoutingTable to = laid(arcs(arc(0, 4, 1)), "g0", "g1", "g0", "g1");
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> MovementReport.between(from, to));
    assertTrue(
        e.getMessage().startsWith("strategy 'test_laid' reports that piece "), e.getMessage());
    assertTrue(
        e.getMessage()
            .endsWith(
                "moves from partition 0 to 4, outside the tables' 4 and 4 partitions; this is a bug"
                    + " in the strategy's piecesFrom"),
        e.getMessage());
  }

  @Test
  void noPieces_comparedPartitionByPartition() {
    RoutingTable from = Tables.table(1, 4, 2);
    MovementReport r = MovementReport.between(from, laid(null, "g0", "g1", "g0", "g1"));
    assertEquals(MovementReport.Layout.PARTITIONS, r.layout());
    assertFalse(r.partitionsKeepKeys(), "another strategy, without pieces");
    assertTrue(Double.isNaN(r.movedShare()));
    assertTrue(r.moves().isEmpty());
  }

  private static ExactMovement.Piece range(int from, int to, String start, String end) {
    return new ExactMovement.Piece(from, to, Double.NaN, start, end);
  }

  @Test
  void keyRanges_neighboursWithTheSameGroupsJoined_noRangeNamed() {
    RoutingTable from = Tables.table(1, 4, 2);
    ExactMovement.Pieces pieces =
        new ExactMovement.Pieces(
            MovementReport.Layout.KEY_RANGES,
            "4 -> 4 test ranges, boundaries changed",
            List.of(
                range(-1, 0, "-5", "0"), // (no range) -> g0
                range(0, 1, "0", "10"), // g0 -> g1
                range(0, 3, "10", "20"), // g0 -> g1: joined with the one before
                range(1, 1, "20", "30"), // stays
                range(2, 3, "30", "40"), // g0 -> g1: not joined across the one that stays
                range(3, -1, "40", "+∞"))); // g1 -> (no range)
    MovementReport r = MovementReport.between(from, laid(pieces, "g0", "g1", "g0", "g1"));
    assertEquals(MovementReport.Layout.KEY_RANGES, r.layout());
    assertEquals(5, r.moves().size());
    assertEquals(
        new MovementReport.Move(-1, 0, null, "g0", Double.NaN, "[-5, 0)"), r.moves().get(0));
    assertTrue(Double.isNaN(r.movedShare()));
    assertEquals(
        "orders: version 1 -> 2, 4 -> 4 test ranges, boundaries changed\n"
            + "moves: 4 key ranges change group\n"
            + "  [-5, 0)   (no range) -> g0\n"
            + "  [0, 20)   g0 -> g1\n"
            + "  [30, 40)  g0 -> g1\n"
            + "  [40, +∞)  g1 -> (no range)\n",
        r.toText());
  }

  @Test
  void badPieces_refusedWithWhatIsWrong() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> arc(-2, 0, 0.5));
    assertEquals("a piece's partitions are >= 0, or -1 for none, got -2 -> 0", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> arc(0, 0, -0.5));
    assertEquals(
        "a piece's share of the key space is >= 0, or NaN when unknown, got -0.5", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> new ExactMovement.Piece(0, 0, 1, "a", null));
    assertEquals("a piece has both bounds or neither, got start a and end null", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ExactMovement.Pieces(MovementReport.Layout.PARTITIONS, "x", List.of()));
    assertTrue(e.getMessage().startsWith("pieces are ARCS or KEY_RANGES"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new ExactMovement.Pieces(
                    MovementReport.Layout.KEY_RANGES, "x", List.of(arc(0, 0, 1))));
    assertTrue(
        e.getMessage().startsWith("KEY_RANGES pieces need bounds, got Piece["), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new ExactMovement.Pieces(
                    MovementReport.Layout.ARCS, "x", List.of(range(0, 0, "a", "b"))));
    assertTrue(e.getMessage().startsWith("ARCS pieces have no bounds, got Piece["), e.getMessage());
  }

  @Test
  void arcs_manyPairs_listedByNewThenOldPartition_notInTheOrderTheyCame() {
    RoutingTable from = Tables.table(1, 4, 2);
    RoutingTable to =
        laid(
            arcs(
                arc(0, 3, 0.125),
                arc(1, 2, 0.125),
                arc(2, 1, 0.25),
                arc(3, 0, 0.25),
                arc(0, 1, 0.25)),
            "g0",
            "g1",
            "g0",
            "g1");
    List<Integer> order = new ArrayList<>();
    for (MovementReport.Move m : MovementReport.between(from, to).moves()) {
      order.add(m.toPartition() * 10 + m.fromPartition());
    }
    assertEquals(List.of(3, 10, 12, 21, 30), order, "new partition, then old, ascending");
  }

  @Test
  void keyRanges_noneChangesGroup_theTextSaysSo() {
    RoutingTable from = Tables.table(1, 4, 2);
    ExactMovement.Pieces pieces =
        new ExactMovement.Pieces(
            MovementReport.Layout.KEY_RANGES,
            "4 -> 4 test ranges, renumbered",
            List.of(range(0, 2, "0", "10"), range(1, 3, "10", "20"), range(2, 0, "20", "+∞")));
    MovementReport r = MovementReport.between(from, laid(pieces, "g0", "g1", "g0", "g1"));
    assertTrue(r.moves().isEmpty());
    assertEquals(
        "orders: version 1 -> 2, 4 -> 4 test ranges, renumbered\n"
            + "moves: none; every key stays on its group\n",
        r.toText());
  }
}
