package io.shardrouter.analysis;

import io.shardrouter.core.MovementReport;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.StatsSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Proposes the next routing table (version + 1) that evens measured load across replica groups with
 * the least data moved, in three steps, each within what is left of the move cap:
 *
 * <ol>
 *   <li><b>Range splits</b>, on a {@code range} table: each range whose load exceeds a mean group's
 *       is split at the weighted median of the hot keys sampled in it, the upper part becoming a
 *       new partition on the coldest group. Without two distinct sampled keys above its start a
 *       range has no split point, and a note says so.
 *   <li><b>Hot key isolation</b>: each sampled hot key whose load surely exceeds a mean partition's
 *       (its lower-bound share above 1 / P) gets a partition of its own on the coldest group: the
 *       table's strategy becomes the fallback of a {@code lookup} strategy whose directory maps the
 *       key to a new dedicated partition (a lookup strategy gets one more entry). This works for
 *       {@code hash_mod}, {@code jump}, {@code jump_back}, {@code jump_back2}, {@code ring}, {@code
 *       range} and {@code lookup} tables whose directory matches whole keys; for any other the hot
 *       key is named in a note.
 *   <li><b>Partition moves</b>: repeatedly, from the group with the most load to the group with the
 *       least, the partition whose load comes closest to half their difference, as long as the move
 *       lowers the larger of the two loads; each partition moves at most once, and the partitions
 *       the first two steps created stay where they were put.
 * </ol>
 *
 * <p>Splits and isolations go first because no move can do what they do. A split or an isolation is
 * made only when it keeps the hottest group's load or lowers it, and every move lowers it or keeps
 * it, so the advice never raises group peak/mean. Group peak/mean counts every group of the table,
 * empty ones included, since they can receive partitions; after an isolation the key's estimated
 * load (its share of the samples times the measured load) counts on its new partition, and after a
 * split the range's load is divided as its sampled keys' weight is.
 *
 * <p><b>How the cap counts.</b> {@code maxMove} is a share of the table's data, every partition
 * holding its share of the key space ({@link io.shardrouter.core.PartitionStrategy#shareOf}, as
 * {@link io.shardrouter.core.MovementReport} counts it: 1 / P but for a ring's arcs; 1 / P for
 * every partition when the shares are not all positive). Moving a partition moves its data share.
 * An isolation moves the key's part of its partition's data, taken to be its part of the
 * partition's load; a split moves the upper part's part of the range's data, taken to be its part
 * of the range's load. Both count wherever the new partition is placed, since its rows are copied
 * either way. Estimating data by load overstates the data of a hot key, so the count errs on the
 * side of the cap.
 *
 * <p>What remains is named in {@link Advice#notes}: a partition whose own load still exceeds a mean
 * group's, a hot key that could not be isolated, and every hot key skipped because it is no key of
 * the table.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class RebalanceAdvisor {
  private RebalanceAdvisor() {}

  /**
   * The advice for {@code table} under the load of {@code stats}, moving at most {@code maxMove} (a
   * share in [0, 1]) of the data.
   *
   * @throws IllegalArgumentException when the statistics do not fit the table or the cap is out of
   *     range
   */
  public static Advice advise(RoutingTable table, StatsSnapshot stats, double maxMove) {
    if (!(maxMove >= 0 && maxMove <= 1)) {
      throw new IllegalArgumentException("max move must be a share in [0, 1], got " + maxMove);
    }
    if (stats.partitionCount() != table.partitionCount()) {
      throw new IllegalArgumentException(
          "the statistics count "
              + stats.partitionCount()
              + " partitions, routing table version "
              + table.version()
              + " has "
              + table.partitionCount()
              + "; advise with the table the statistics were recorded under");
    }
    if (!stats.entity().equals(table.entity())) {
      throw new IllegalArgumentException(
          "the statistics are of entity '"
              + stats.entity()
              + "', the table routes '"
              + table.entity()
              + "'");
    }
    Proposal a = new Proposal(table, stats.loads(), maxMove);
    double before = a.peakToMean();
    if (a.total == 0) {
      a.notes.add("no load was recorded; nothing to even out");
    } else {
      RangeSplitter.apply(a, stats);
      KeyIsolator.apply(a, stats);
      PartitionMover.apply(a);
    }
    RoutingTable next = table;
    if (a.changes()) {
      next = a.shape().toBuilder().version(table.version() + 1).placement(a.placement()).build();
    }
    return new Advice(
        next,
        MovementReport.between(table, next),
        a.splits,
        a.isolations,
        a.moves,
        a.loads(),
        before,
        a.peakToMean(),
        a.moved(),
        notes(a, next));
  }

  /** The partitions still too hot to even out by moving, then what the steps skipped. */
  private static List<String> notes(Proposal a, RoutingTable next) {
    List<String> notes = new ArrayList<>();
    if (a.total == 0) {
      return a.notes;
    }
    boolean renumbered = next.partitionCount() != a.current.partitionCount();
    Map<Integer, String> isolated = new HashMap<>();
    for (Advice.Isolation i : a.isolations) {
      isolated.put(i.partition(), i.key());
    }
    for (int p = 0; p < a.size(); p++) {
      if (a.load(p) > a.meanGroup()) {
        String where = "partition " + p + (renumbered ? " of version " + next.version() : "");
        String load = Checklist.pct(a.load(p) / a.total) + " of the load, more than a mean group: ";
        String key = isolated.get(p);
        notes.add(
            key != null
                ? where
                    + " holds key '"
                    + key
                    + "' alone and carries "
                    + load
                    + "no placement can even it; shard the key's writes"
                : where
                    + " alone carries "
                    + load
                    + "moving it cannot even the load;"
                    + (next.strategy().type().equals("range")
                        ? " split its range (shardctl split)"
                        : " isolate its hot keys or add partitions"));
      }
    }
    notes.addAll(a.notes);
    return notes;
  }

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
     * @param movedShare the data share counted as moved: {@code fromPartition}'s data share times
     *     the key's part of its load
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
     * @param at the split key, one of the sampled hot keys as the statistics name it: the upper
     *     part is {@code [at, end)}
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
}
