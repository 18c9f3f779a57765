package io.shardrouter.analysis;

import io.shardrouter.core.MovementReport;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The advice being built by {@link RebalanceAdvisor}: the table's strategy as changed so far (range
 * splits, isolated keys), the expected load, data share and group of every partition, the load of
 * every group, the share of data moved against the cap, and what each step did or skipped.
 *
 * <p>Load is in routes, as measured; a partition's data share starts at its share of the key space
 * (1 / P but for a ring's arcs) and is divided with its load when a key or an upper range leaves
 * it.
 *
 * <p><b>Thread-safety:</b> mutable; one thread.
 */
final class Proposal {
  private static final double EPSILON = 1e-9;

  final RoutingTable current;
  final double total;
  final double cap;
  final int groupCount;
  private RoutingTable shape;
  private final List<Double> load = new ArrayList<>();
  private final List<Double> data = new ArrayList<>();
  private final List<String> group = new ArrayList<>();
  private final List<Boolean> placed = new ArrayList<>();
  private final Map<String, Double> groupLoad = new LinkedHashMap<>();
  private double moved;
  final List<MovementReport.Move> moves = new ArrayList<>();
  final List<RebalanceAdvisor.Advice.Isolation> isolations = new ArrayList<>();
  final List<RebalanceAdvisor.Advice.Split> splits = new ArrayList<>();
  final List<String> notes = new ArrayList<>();

  Proposal(RoutingTable current, long[] loads, double cap) {
    this.current = current;
    this.shape = current;
    this.cap = cap;
    for (ReplicaGroup g : current.groups()) {
      groupLoad.put(g.id(), 0.0);
    }
    this.groupCount = groupLoad.size();
    double t = 0;
    int n = current.partitionCount();
    double[] shares = shares(current);
    for (int p = 0; p < n; p++) {
      String g = current.groupOf(p).id();
      load.add((double) loads[p]);
      data.add(shares[p]);
      group.add(g);
      placed.add(false);
      groupLoad.merge(g, (double) loads[p], Double::sum);
      t += loads[p];
    }
    this.total = t;
  }

  /**
   * The data share of each partition: its share of the key space ({@code shareOf}, as movement
   * reports count it) when every partition has a positive one and they add up to 1, else 1 / P.
   */
  private static double[] shares(RoutingTable t) {
    int n = t.partitionCount();
    double[] s = new double[n];
    double sum = 0;
    boolean usable = true;
    for (int p = 0; p < n; p++) {
      s[p] = t.strategy().shareOf(p);
      usable &= s[p] > 0 && s[p] <= 1;
      sum += s[p];
    }
    if (!usable || Math.abs(sum - 1) > 1e-6) {
      Arrays.fill(s, 1.0 / n);
    }
    return s;
  }

  /** The strategy and partitions as changed so far (its placement is not kept up to date). */
  RoutingTable shape() {
    return shape;
  }

  /**
   * The shape with {@code next}, a strategy of one more partition whose new partition {@code at}
   * (the partitions from {@code at} on renumbered one up) is placed on group {@code to}: the table
   * to {@link #carve}.
   *
   * @throws IllegalArgumentException when the table refuses it, e.g. it breaks a region pin
   */
  RoutingTable shapeWith(PartitionStrategy next, int at, String to) {
    List<String> placement = new ArrayList<>(shape.partitionCount() + 1);
    for (int p = 0; p < shape.partitionCount(); p++) {
      placement.add(shape.groupOf(p).id());
    }
    placement.add(at, to);
    try {
      return shape.toBuilder()
          .version(current.version() + 1)
          .strategy(next)
          .placement(placement)
          .build();
    } catch (RoutingException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  int size() {
    return load.size();
  }

  double load(int p) {
    return load.get(p);
  }

  double data(int p) {
    return data.get(p);
  }

  String group(int p) {
    return group.get(p);
  }

  /** Whether {@code p} was already moved or created, so it moves no more. */
  boolean placed(int p) {
    return placed.get(p);
  }

  /** The load of group {@code id}, a group of the current table. */
  double groupLoad(String id) {
    Double l = groupLoad.get(id);
    if (l == null) {
      throw new IllegalArgumentException(
          "no group '" + id + "' in routing table version " + current.version());
    }
    return l;
  }

  /** The mean load of a group, every group of the table counted (an empty one can receive). */
  double meanGroup() {
    return total / groupCount;
  }

  /** The mean load of a partition of the current table. */
  double meanPartition() {
    return total / current.partitionCount();
  }

  /** The hottest group, the first in table order on a tie. */
  String hottest() {
    String hot = null;
    double max = 0;
    for (Map.Entry<String, Double> e : groupLoad.entrySet()) {
      if (hot == null || e.getValue() > max) {
        hot = e.getKey();
        max = e.getValue();
      }
    }
    return some(hot);
  }

  /** The coldest group, the first in table order on a tie. */
  String coldest() {
    String cold = null;
    double min = 0;
    for (Map.Entry<String, Double> e : groupLoad.entrySet()) {
      if (cold == null || e.getValue() < min) {
        cold = e.getKey();
        min = e.getValue();
      }
    }
    return some(cold);
  }

  /** {@code group}, found among the table's groups: a built table has at least one. */
  private String some(@Nullable String group) {
    if (group == null) {
      throw new IllegalStateException(
          "routing table version " + current.version() + " has no replica group");
    }
    return group;
  }

  double peak() {
    return groupLoad(hottest());
  }

  /** Group peak/mean now; 0 without load. */
  double peakToMean() {
    return total == 0 ? 0 : peak() / meanGroup();
  }

  /** Whether moving {@code x} of load from group {@code from} to {@code to} keeps the peak. */
  boolean keepsPeak(String from, String to, double x) {
    if (from.equals(to)) {
      return true;
    }
    double peak = 0;
    for (Map.Entry<String, Double> e : groupLoad.entrySet()) {
      double l = e.getValue();
      if (e.getKey().equals(from)) {
        l -= x;
      } else if (e.getKey().equals(to)) {
        l += x;
      }
      peak = Math.max(peak, l);
    }
    return peak <= peak() + EPSILON * Math.max(1, total);
  }

  /** The share of data moved so far. */
  double moved() {
    return moved;
  }

  /** What is left of the cap. */
  double left() {
    return Math.max(0, cap - moved);
  }

  /** Whether moving {@code share} more of the data stays within the cap. */
  boolean fits(double share) {
    return moved + share <= cap + EPSILON;
  }

  /** Moves partition {@code p} to group {@code to}; it moves no more. */
  void move(int p, String to) {
    String from = group.get(p);
    shift(from, to, load.get(p));
    group.set(p, to);
    placed.set(p, true);
    moved += data.get(p);
    moves.add(new MovementReport.Move(p, from, to, data.get(p)));
  }

  /**
   * Takes the table {@code next} (the same placement for the old partitions, plus new partition
   * {@code at}) with {@code x} of the load and {@code share} of the data of partition {@code from}
   * on new partition {@code at} of group {@code to}.
   */
  void carve(RoutingTable next, int from, int at, String to, double x, double share) {
    String fromGroup = group.get(from);
    shape = next;
    load.set(from, load.get(from) - x);
    data.set(from, data.get(from) - share);
    load.add(at, x);
    data.add(at, share);
    group.add(at, to);
    placed.add(at, true);
    shift(fromGroup, to, x);
    moved += share;
  }

  private void shift(String from, String to, double x) {
    groupLoad.merge(from, -x, Double::sum);
    groupLoad.merge(to, x, Double::sum);
  }

  /** The group of every partition of the proposed table, {@code [partition]}. */
  List<String> placement() {
    return List.copyOf(group);
  }

  /** The expected load of every partition of the proposed table, {@code [partition]}. */
  List<Double> loads() {
    return List.copyOf(load);
  }

  boolean changes() {
    return !moves.isEmpty() || !isolations.isEmpty() || !splits.isEmpty();
  }
}
