package io.shardrouter.hash;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * How a routing table's hash space is shared among its replica groups, against their weights: each
 * group's share (the sum of {@link io.shardrouter.core.PartitionStrategy#shareOf} over its
 * partitions), its weight share, and the ratio of the two. {@link #peak()} is the peak-to-mean
 * load: 1.02 means the busiest group, per unit of weight, holds 2% more than the average.
 *
 * <p>Weights come from a {@code ring} strategy in mode {@code tokens}; every other table (mode
 * {@code named_vnodes}, {@code hash_mod}, ...) counts each group as weight 1.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class RingBalance {
  /** One group: its weight, its share of the hash space and its weight share. */
  public record GroupShare(String group, int weight, double share, double target) {
    /** share / target: 1 is exact, 1.02 is 2% over. */
    public double ratio() {
      return share / target;
    }
  }

  private final List<GroupShare> groups;

  private RingBalance(List<GroupShare> groups) {
    this.groups = Collections.unmodifiableList(groups);
  }

  /** The balance of {@code table}. */
  public static RingBalance of(RoutingTable table) {
    RingStrategy ring =
        table.strategy() instanceof RingStrategy r && r.mode() == RingStrategy.Mode.TOKENS
            ? r
            : null;
    int n = table.groups().size();
    java.util.Map<String, Integer> index = new java.util.HashMap<>();
    for (int i = 0; i < n; i++) {
      index.put(table.groups().get(i).id(), i);
    }
    double[] share = new double[n];
    for (int p = 0; p < table.partitionCount(); p++) {
      int g = java.util.Objects.requireNonNull(index.get(table.groupOf(p).id()), "a group's index");
      share[g] += table.strategy().shareOf(p);
    }
    long total = 0;
    int[] weight = new int[n];
    for (int i = 0; i < n; i++) {
      Integer w = ring == null ? null : ring.weights().get(table.groups().get(i).id());
      weight[i] = w == null ? 1 : w;
      total += weight[i];
    }
    List<GroupShare> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      ReplicaGroup g = table.groups().get(i);
      out.add(new GroupShare(g.id(), weight[i], share[i], (double) weight[i] / total));
    }
    return new RingBalance(out);
  }

  /** Every group, in document order. */
  public List<GroupShare> groups() {
    return groups;
  }

  /** The highest share-to-weight-share ratio: peak / mean load. */
  public double peak() {
    double worst = 0;
    for (GroupShare g : groups) {
      worst = Math.max(worst, g.ratio());
    }
    return worst;
  }

  /** The lowest share-to-weight-share ratio. */
  public double trough() {
    double least = Double.MAX_VALUE;
    for (GroupShare g : groups) {
      least = Math.min(least, g.ratio());
    }
    return least;
  }

  /** One line per group, then peak and trough, as {@code shardctl} prints it. */
  public String toText() {
    StringBuilder sb = new StringBuilder();
    for (GroupShare g : groups) {
      sb.append(
          String.format(
              Locale.ROOT,
              "  %-16s weight %4d  share %8.4f%%  target %8.4f%%  ratio %.4f%n",
              g.group(),
              g.weight(),
              100 * g.share(),
              100 * g.target(),
              g.ratio()));
    }
    sb.append(String.format(Locale.ROOT, "peak/mean %.4f, trough/mean %.4f%n", peak(), trough()));
    return sb.toString();
  }

  @Override
  public String toString() {
    return toText();
  }
}
