package io.shardrouter.core;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An optional capability of a {@link PartitionStrategy} that says exactly which keys change
 * partition between a previous version of it and itself, even when partition numbers shift: the key
 * space cut into pieces, each of which the previous strategy routes to one partition (or none) and
 * this one to one partition (or none). {@link MovementReport#between} asks the new table's strategy
 * for it; without it (or when it answers null) the report compares partition by partition, which is
 * exact only when the strategy is unchanged or lists its moved keys ({@link KeyMovement}).
 *
 * <p>The pieces say nothing of groups: the report lays the two tables' placements over them, keeps
 * the pieces whose group changes, and counts keys against them.
 *
 * <p><b>Thread-safety:</b> implementations are immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface ExactMovement {

  /**
   * The pieces of the key space laid over {@code previous}: every key is in exactly one piece, and
   * both strategies route the keys of a piece to its partitions. Null when {@code previous} is not
   * a strategy this one can be laid over (another type, or a hash that gives keys other positions):
   * the report then compares partition by partition.
   *
   * <p><b>Allocation:</b> allocates; a tool path.
   */
  @Nullable Pieces piecesFrom(PartitionStrategy previous);

  /**
   * One piece of the key space.
   *
   * @param fromPartition the partition the previous strategy gives its keys, or -1 for none (the
   *     keys are in no range of it)
   * @param toPartition the partition this strategy gives its keys, or -1 for none
   * @param share its share of the key space, or NaN when the strategy cannot weigh it (a range of
   *     keys whose distribution it does not know)
   * @param start the first key of the piece as text, for {@link MovementReport.Layout#KEY_RANGES};
   *     null otherwise
   * @param end the key after the piece as text ({@code +∞} when it is open-ended), for {@link
   *     MovementReport.Layout#KEY_RANGES}; null otherwise
   * @since 0.1
   */
  record Piece(
      int fromPartition,
      int toPartition,
      double share,
      @Nullable String start,
      @Nullable String end) {
    /** Checks the partitions, the share and the bounds. */
    public Piece {
      if (fromPartition < -1 || toPartition < -1) {
        throw new IllegalArgumentException(
            "a piece's partitions are >= 0, or -1 for none, got "
                + fromPartition
                + " -> "
                + toPartition);
      }
      if (!Double.isNaN(share) && !(share >= 0)) {
        throw new IllegalArgumentException(
            "a piece's share of the key space is >= 0, or NaN when unknown, got " + share);
      }
      if ((start == null) != (end == null)) {
        throw new IllegalArgumentException(
            "a piece has both bounds or neither, got start " + start + " and end " + end);
      }
    }
  }

  /**
   * The pieces of the key space between two versions of a strategy.
   *
   * @param layout what the pieces are: {@link MovementReport.Layout#ARCS} (stretches of the hash
   *     space, in any order; the report sums those of one pair of partitions into one move) or
   *     {@link MovementReport.Layout#KEY_RANGES} (neighbours in key order, each with its bounds)
   * @param change how the strategy changed, in words, for the first line of {@link
   *     MovementReport#toText()}: e.g. {@code ring 160 -> 176 tokens, 10 -> 11 partitions}
   * @param pieces every piece; key ranges in key order
   * @since 0.1
   */
  record Pieces(MovementReport.Layout layout, String change, List<Piece> pieces) {
    /** Checks the layout and the bounds, and copies the list. */
    public Pieces {
      Objects.requireNonNull(layout, "layout");
      Objects.requireNonNull(change, "change");
      if (layout == MovementReport.Layout.PARTITIONS) {
        throw new IllegalArgumentException(
            "pieces are ARCS or KEY_RANGES; a strategy whose pieces are its partitions needs no"
                + " ExactMovement, since the report compares partitions itself");
      }
      pieces = List.copyOf(pieces);
      for (Piece p : pieces) {
        if ((p.start() != null) != (layout == MovementReport.Layout.KEY_RANGES)) {
          throw new IllegalArgumentException(
              layout + " pieces " + (p.start() == null ? "need" : "have no") + " bounds, got " + p);
        }
      }
    }
  }
}
