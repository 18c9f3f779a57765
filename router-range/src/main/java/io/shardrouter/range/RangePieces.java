package io.shardrouter.range;

import io.shardrouter.core.ExactMovement;
import io.shardrouter.core.MovementReport;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Two range strategies laid over each other, for {@link RangeStrategy#piecesFrom}: between two
 * neighbouring boundaries of either strategy every key is in one range of each (or in none), so the
 * boundaries of both together cut the key space into key ranges that each keep one partition in
 * both. Range partitions are positions in key order and shift when a range is split or merged, so
 * only key ranges say exactly what moves: after a split whose upper part goes to a new group, the
 * one moved range is that upper part.
 *
 * <p>A piece's share is its partition's share when the boundaries are unchanged, and unknown (NaN)
 * otherwise: a strategy that does not know the keys' distribution cannot weigh part of a range.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
final class RangePieces {
  private RangePieces() {}

  /** The key ranges of {@code b} laid over {@code a}, in key order. */
  static ExactMovement.Pieces between(RangeStrategy a, RangeStrategy b) {
    boolean same = a.equals(b);
    TreeSet<byte[]> bounds = new TreeSet<>(a.order());
    addBounds(a, bounds);
    addBounds(b, bounds);
    List<byte[]> points = new ArrayList<>(bounds);
    List<ExactMovement.Piece> pieces = new ArrayList<>(points.size());
    for (int i = 0; i < points.size(); i++) {
      byte[] lo = points.get(i);
      byte[] hi = i + 1 < points.size() ? points.get(i + 1) : null;
      int pa = a.find(lo);
      int pb = b.find(lo);
      pieces.add(
          new ExactMovement.Piece(
              pa,
              pb,
              same && pa >= 0 ? a.shareOf(pa) : Double.NaN,
              a.show(lo),
              hi == null ? "+∞" : a.show(hi)));
    }
    return new ExactMovement.Pieces(
        MovementReport.Layout.KEY_RANGES,
        a.partitionCount()
            + " -> "
            + b.partitionCount()
            + " ranges"
            + (same ? ", boundaries unchanged" : ", boundaries changed"),
        pieces);
  }

  private static void addBounds(RangeStrategy s, TreeSet<byte[]> bounds) {
    for (int p = 0; p < s.partitionCount(); p++) {
      bounds.add(s.start(p));
    }
    if (RangeStrategies.end(s) != null) {
      bounds.add(RangeStrategies.end(s));
    }
  }
}
