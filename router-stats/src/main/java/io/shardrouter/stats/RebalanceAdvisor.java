package io.shardrouter.stats;

import io.shardrouter.core.MovementReport;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Proposes the next routing table that evens measured load across replica groups while moving the
 * fewest partitions: repeatedly moves, from the group with the most load to the group with the
 * least, the partition whose load comes closest to half their difference, as long as the move
 * lowers the larger of the two loads and the share of partitions moved stays within the cap. Every
 * move lowers the load of the hottest group or keeps it, so the advice never raises group
 * peak/mean; each partition moves at most once.
 *
 * <p>What moving whole partitions cannot fix is named in {@link Advice#notes}: a partition whose
 * own load exceeds a mean group's (split it, for a range strategy), and a hot key whose load
 * exceeds a mean partition's (isolate it on its own partition with a lookup strategy, or shard its
 * writes).
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
   * share in [0, 1]) of the partitions.
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
    int n = table.partitionCount();
    long[] load = stats.loads();
    String[] placement = new String[n];
    Map<String, Long> groups = new LinkedHashMap<>();
    for (var g : table.groups()) {
      groups.put(g.id(), 0L);
    }
    long total = 0;
    for (int p = 0; p < n; p++) {
      placement[p] = table.groupOf(p).id();
      groups.merge(placement[p], load[p], Long::sum);
      total += load[p];
    }
    double before = peakToMean(groups, total);
    int cap = (int) Math.floor(maxMove * n + 1e-9);
    boolean[] moved = new boolean[n];
    List<MovementReport.Move> moves = new ArrayList<>();
    while (moves.size() < cap && groups.size() > 1) {
      String hot = null;
      String cold = null;
      for (var e : groups.entrySet()) {
        if (hot == null || e.getValue() > groups.get(hot)) {
          hot = e.getKey();
        }
        if (cold == null || e.getValue() < groups.get(cold)) {
          cold = e.getKey();
        }
      }
      long gap = groups.get(hot) - groups.get(cold);
      int best = -1;
      long bestAfter = groups.get(hot);
      for (int p = 0; p < n; p++) {
        if (!moved[p] && placement[p].equals(hot) && load[p] > 0) {
          long after = Math.max(groups.get(hot) - load[p], groups.get(cold) + load[p]);
          if (after < bestAfter) {
            best = p;
            bestAfter = after;
          }
        }
      }
      if (best < 0 || gap == 0) {
        break;
      }
      moved[best] = true;
      placement[best] = cold;
      groups.merge(hot, -load[best], Long::sum);
      groups.merge(cold, load[best], Long::sum);
      moves.add(new MovementReport.Move(best, hot, cold, 1.0 / n));
    }
    RoutingTable next = table;
    if (!moves.isEmpty()) {
      RoutingTable.Builder b = table.toBuilder().version(table.version() + 1);
      for (MovementReport.Move m : moves) {
        b.place(m.partition(), m.toGroup());
      }
      next = b.build();
    }
    return new Advice(
        next,
        MovementReport.between(table, next),
        List.copyOf(moves),
        before,
        peakToMean(groups, total),
        (double) moves.size() / n,
        notes(table, stats, load, total, groups.size()));
  }

  private static List<String> notes(
      RoutingTable table, StatsSnapshot stats, long[] load, long total, int groups) {
    List<String> notes = new ArrayList<>();
    if (total == 0) {
      notes.add("no load was recorded; nothing to even out");
      return notes;
    }
    double meanGroup = (double) total / groups;
    for (int p = 0; p < load.length; p++) {
      if (load[p] > meanGroup) {
        notes.add(
            "partition "
                + p
                + " alone carries "
                + Checklist.pct((double) load[p] / total)
                + " of the load, more than a mean group: moving it cannot even the load;"
                + (table.strategy().type().equals("range")
                    ? " split its range (shardctl split)"
                    : " isolate its hot keys or add partitions"));
      }
    }
    HotKeys hot = stats.hotKeys();
    if (!hot.keys().isEmpty() && hot.sampled() > 0) {
      HotKey k = hot.keys().get(0);
      double share = (double) k.lowerBound() / hot.sampled();
      if (share * load.length > 1) {
        notes.add(
            "key '"
                + k.key()
                + "' takes at least "
                + Checklist.pct(share)
                + " of the load, more than a mean partition: isolate it on a partition of its own"
                + " (a lookup strategy) or shard its writes");
      }
    }
    return notes;
  }

  private static double peakToMean(Map<String, Long> groups, long total) {
    if (total == 0) {
      return 0;
    }
    long peak = 0;
    for (long l : groups.values()) {
      peak = Math.max(peak, l);
    }
    return peak / ((double) total / groups.size()); // every group counts: an empty one can receive
  }
}
