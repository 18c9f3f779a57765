package io.shardrouter.stats;

import io.shardrouter.core.RoutingTable;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How unevenly load falls: peak/mean over partitions and over replica groups, the hottest of each
 * with its share, and the hottest sampled key with its share and that share's error.
 *
 * <p>Peak/mean is the highest load divided by the mean load (1 is perfectly even; the load of a
 * group is the sum of its partitions'). A group with no partition is not counted in the mean.
 *
 * @param partitionPeakToMean peak/mean over partitions (0 when nothing was recorded)
 * @param hottestPartition the partition with the most load (the lowest on ties)
 * @param hottestPartitionShare its share of all load
 * @param groupPeakToMean peak/mean over groups that hold partitions
 * @param hottestGroup the group with the most load
 * @param hottestGroupShare its share of all load
 * @param hotKey the most sampled key, or null when none was sampled
 * @param hotKeyShare its estimated share of the sampled routes
 * @param hotKeyShareError the bound on the share's error: the sketch's {@code error / sampled} plus
 *     two standard errors of sampling, {@code 2 * sqrt(share * (1 - share) / sampled)}
 * @since 0.1
 */
public record Skew(
    double partitionPeakToMean,
    int hottestPartition,
    double hottestPartitionShare,
    double groupPeakToMean,
    String hottestGroup,
    double hottestGroupShare,
    @Nullable String hotKey,
    double hotKeyShare,
    double hotKeyShareError) {

  /** The skew of {@code stats}, grouped by the placement of {@code table}. */
  public static Skew of(StatsSnapshot stats, RoutingTable table) {
    if (stats.partitionCount() != table.partitionCount()) {
      throw new IllegalArgumentException(
          "statistics over "
              + stats.partitionCount()
              + " partitions do not fit routing table version "
              + table.version()
              + " with "
              + table.partitionCount()
              + " partitions");
    }
    long[] loads = stats.loads();
    Map<String, Long> groups = groupLoads(loads, table);
    long total = 0;
    int hot = 0;
    for (int p = 0; p < loads.length; p++) {
      total += loads[p];
      if (loads[p] > loads[hot]) {
        hot = p;
      }
    }
    @Nullable String hotGroup = null;
    long hotGroupLoad = -1;
    for (Map.Entry<String, Long> e : groups.entrySet()) {
      if (e.getValue() > hotGroupLoad) {
        hotGroup = e.getKey();
        hotGroupLoad = e.getValue();
      }
    }
    if (hotGroup == null) { // a built table has a partition, and each partition a group
      throw new IllegalArgumentException(
          "routing table version " + table.version() + " has no partition in any group");
    }
    HotKeys keys = stats.hotKeys();
    @Nullable String key = null;
    double share = 0;
    double err = 0;
    if (!keys.keys().isEmpty() && keys.sampled() > 0) {
      HotKeys.Entry k = keys.keys().get(0);
      long n = keys.sampled();
      key = k.key();
      share = (double) k.count() / n;
      err = (double) k.error() / n + 2 * Math.sqrt(share * (1 - share) / n);
    }
    double mean = total == 0 ? 0 : (double) total / loads.length;
    double groupMean = total == 0 ? 0 : (double) total / groups.size();
    return new Skew(
        mean == 0 ? 0 : loads[hot] / mean,
        hot,
        total == 0 ? 0 : (double) loads[hot] / total,
        groupMean == 0 ? 0 : hotGroupLoad / groupMean,
        hotGroup,
        total == 0 ? 0 : (double) hotGroupLoad / total,
        key,
        share,
        err);
  }

  /** The load of each group that holds partitions of {@code table}, in the table's group order. */
  public static Map<String, Long> groupLoads(long[] loads, RoutingTable table) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (var g : table.groups()) {
      if (table.partitionsOf(g.id()).length > 0) {
        out.put(g.id(), 0L);
      }
    }
    for (int p = 0; p < loads.length; p++) {
      out.merge(table.groupOf(p).id(), loads[p], Long::sum);
    }
    return out;
  }
}
