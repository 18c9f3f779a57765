package io.shardrouter.stats;

import io.shardrouter.core.MovementReport;
import io.shardrouter.core.RoutingTable;
import java.util.List;

/**
 * What {@link RebalanceAdvisor} proposes: the next routing table (version + 1), what it moves, the
 * group peak/mean before and after, and the notes for what re-placing partitions cannot fix.
 *
 * @param next the proposed table; the current one, unchanged, when nothing helps
 * @param movement the movement from the current table to {@code next}
 * @param moves the partitions moved, in the order chosen
 * @param peakToMeanBefore group peak/mean under the current placement
 * @param peakToMeanAfter group peak/mean expected under {@code next}
 * @param movedShare the share of partitions moved (the data moved, for equally sized partitions)
 * @param notes what else to do: a partition too hot to even out by moving, a hot key to isolate
 * @since 0.1
 */
public record Advice(
    RoutingTable next,
    MovementReport movement,
    List<MovementReport.Move> moves,
    double peakToMeanBefore,
    double peakToMeanAfter,
    double movedShare,
    List<String> notes) {

  /** Whether the advice changes anything. */
  public boolean changes() {
    return !moves.isEmpty();
  }
}
