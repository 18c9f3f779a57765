package io.shardrouter.stats;

import io.shardrouter.core.MovementReport;
import io.shardrouter.core.RoutingTable;
import java.util.List;

/**
 * What {@link RebalanceAdvisor} proposes: the next routing table (version + 1), the ranges it
 * splits, the hot keys it isolates and the partitions it moves, the group peak/mean before and
 * after, and the notes for what it could not fix.
 *
 * <p>Partition numbers in {@link #moves} and {@link #isolations} are those of {@link #next}; a
 * {@link Split} names the partition of the current table it splits and the partition of {@code
 * next} that its upper part becomes.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param next the proposed table; the current one, unchanged, when nothing helps
 * @param movement the movement from the current table to {@code next}
 * @param splits the ranges split, each upper part placed on a group of its own choosing
 * @param isolations the hot keys isolated, each on a new dedicated partition of a lookup strategy
 * @param moves the partitions moved, in the order chosen; {@code share} is the data share moved
 * @param expectedLoads the expected load of every partition of {@code next}, in routes
 * @param peakToMeanBefore group peak/mean under the current placement
 * @param peakToMeanAfter group peak/mean expected under {@code next}
 * @param movedShare the share of the data moved: whole partitions at their data share, plus what
 *     the splits and isolations carve out of theirs ({@link RebalanceAdvisor} says how it counts)
 * @param notes what else to do, and why a step was skipped
 * @since 0.1
 */
public record Advice(
    RoutingTable next,
    MovementReport movement,
    List<Split> splits,
    List<Isolation> isolations,
    List<MovementReport.Move> moves,
    List<Double> expectedLoads,
    double peakToMeanBefore,
    double peakToMeanAfter,
    double movedShare,
    List<String> notes) {

  /** Copies the lists. */
  public Advice {
    splits = List.copyOf(splits);
    isolations = List.copyOf(isolations);
    moves = List.copyOf(moves);
    expectedLoads = List.copyOf(expectedLoads);
    notes = List.copyOf(notes);
  }

  /** Whether the advice changes anything. */
  public boolean changes() {
    return !moves.isEmpty() || !isolations.isEmpty() || !splits.isEmpty();
  }

  /**
   * A hot key moved from its partition to a new partition of its own: an entry of the {@code
   * lookup} strategy of {@link Advice#next}, dedicated to it.
   *
   * @param key the key, in the document's key text form
   * @param fromPartition the partition that held it
   * @param partition the new partition, served by {@code toGroup} alone
   * @param fromGroup the group that served it
   * @param toGroup the group that serves the new partition
   * @param loadShare the key's estimated share of the load, which leaves {@code fromPartition}
   * @param movedShare the data share counted as moved: {@code fromPartition}'s data share times the
   *     key's part of its load
   * @since 0.1
   */
  public record Isolation(
      String key,
      int fromPartition,
      int partition,
      String fromGroup,
      String toGroup,
      double loadShare,
      double movedShare) {}

  /**
   * A range split in two, the lower part staying where it was and the upper part becoming a new
   * partition on {@code upperGroup}.
   *
   * @param partition the partition of the current table that is split
   * @param at the split key, one of the sampled hot keys as the statistics name it: the upper part
   *     is {@code [at, end)}
   * @param upperPartition the partition of {@link Advice#next} that the upper part becomes
   * @param fromGroup the group that serves the range
   * @param upperGroup the group that serves the upper part
   * @param upperLoadShare the estimated share of the load that the upper part takes
   * @param movedShare the data share counted as moved: the range's data share times the upper
   *     part's part of its load
   * @since 0.1
   */
  public record Split(
      int partition,
      String at,
      int upperPartition,
      String fromGroup,
      String upperGroup,
      double upperLoadShare,
      double movedShare) {}
}
