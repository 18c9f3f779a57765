package io.shardrouter.hash;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.internal.Tokens;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A ring's token ranges and their groups as a working copy that {@link RingAllocator} edits: a
 * range is reassigned (its partition moves to another group) or split (a new token, with a fresh
 * partition id, cuts off its low end). Built from a routing table and turned back into the next
 * one.
 *
 * <p><b>Thread-safety:</b> mutable; confined to one allocator call.
 *
 * <p><b>Stability:</b> internal.
 */
final class RingLayout {
  /** Ranges this small (share of the hash space) are not worth a split; about 1.8e10 points. */
  public static final double SPLIT_EPSILON = 1e-9;

  /**
   * One token range [lo, token), owned by {@code partition}, placed on group index {@code group}.
   */
  public static final class Range {
    public long lo;
    public final long token;
    public final int partition;
    public int group;

    public Range(long lo, long token, int partition, int group) {
      this.lo = lo;
      this.token = token;
      this.partition = partition;
      this.group = group;
    }

    public double share() {
      return Tokens.share(lo, token);
    }
  }

  public final StableHash hash;
  public final int vnodes;
  public final List<ReplicaGroup> groups = new ArrayList<>();
  public final List<Integer> weights = new ArrayList<>();
  public final List<Boolean> active = new ArrayList<>();
  public final List<Range> ranges = new ArrayList<>();
  public final Map<Integer, Integer> retired =
      new TreeMap<>(); // partition without a token -> group index
  public int nextPartition;

  public RingLayout(StableHash hash, int vnodes) {
    this.hash = hash;
    this.vnodes = vnodes;
  }

  /**
   * The layout of {@code table}. A built table's mode-{@code tokens} ring has a weight for exactly
   * each of its groups: its weights are never empty, and the table checked them against its groups
   * (the ring's {@code GroupConstraint}) before it was built.
   *
   * @throws IllegalArgumentException when the table is not a {@code ring} in mode {@code tokens}
   */
  public static RingLayout of(RoutingTable table) {
    if (!(table.strategy() instanceof RingStrategy ring)
        || ring.mode() != RingStrategy.Mode.TOKENS) {
      throw new IllegalArgumentException(
          "routing table '"
              + table.entity()
              + "' version "
              + table.version()
              + " uses strategy "
              + table.strategy().type()
              + (table.strategy() instanceof RingStrategy ? " in mode named_vnodes" : "")
              + "; the ring allocator changes only 'ring' tables in mode 'tokens' (a vnode-named ring is changed by "
              + "editing strategy.nodes; RingAllocator.initial builds a mode-'tokens' table)");
    }
    RingLayout l = new RingLayout(ring.hash(), ring.vnodes());
    Map<String, Integer> index = new LinkedHashMap<>();
    for (ReplicaGroup g : table.groups()) {
      index.put(g.id(), l.groups.size());
      l.groups.add(g);
      l.weights.add(ring.weights().get(g.id()));
      l.active.add(true);
    }
    int n = ring.tokenCount();
    boolean[] owned = new boolean[ring.partitionCount()];
    for (int i = 0; i < n; i++) {
      int p = ring.partitionOfToken(i);
      owned[p] = true;
      l.ranges.add(
          new Range(
              ring.token(i == 0 ? n - 1 : i - 1),
              ring.token(i),
              p,
              Objects.requireNonNull(index.get(table.groupOf(p).id()), "a group's index")));
    }
    for (int p = 0; p < owned.length; p++) {
      if (!owned[p]) {
        l.retired.put(p, index.get(table.groupOf(p).id()));
      }
    }
    l.nextPartition = ring.partitionCount();
    return l;
  }

  /** Appends a group; returns its index. */
  public int addGroup(ReplicaGroup group, int weight) {
    groups.add(group);
    weights.add(weight);
    active.add(true);
    return groups.size() - 1;
  }

  public int indexOf(String groupId) {
    for (int i = 0; i < groups.size(); i++) {
      if (active.get(i) && groups.get(i).id().equals(groupId)) {
        return i;
      }
    }
    return -1;
  }

  /** Each group's share of the hash space (0 for inactive groups). */
  public double[] loads() {
    double[] load = new double[groups.size()];
    for (Range r : ranges) {
      load[r.group] += r.share();
    }
    return load;
  }

  /** Each active group's weight share; 0 for inactive groups. */
  public double[] targets() {
    double total = 0;
    for (int i = 0; i < groups.size(); i++) {
      total += active.get(i) ? weights.get(i) : 0;
    }
    double[] t = new double[groups.size()];
    for (int i = 0; i < groups.size(); i++) {
      t[i] = active.get(i) ? weights.get(i) / total : 0;
    }
    return t;
  }

  public String[] ids() {
    String[] ids = new String[groups.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = groups.get(i).id();
    }
    return ids;
  }

  /** Active groups other than {@code except}. */
  public int[] activeExcept(int except) {
    return java.util.stream.IntStream.range(0, groups.size())
        .filter(i -> i != except && active.get(i))
        .toArray();
  }

  /** The ranges of group {@code g}, largest first (ties: lower token first). */
  public List<Range> rangesOf(int g) {
    List<Range> out = new ArrayList<>();
    for (Range r : ranges) {
      if (r.group == g) {
        out.add(r);
      }
    }
    out.sort(
        Comparator.comparingDouble(Range::share)
            .reversed()
            .thenComparing((a, b) -> Long.compareUnsigned(a.token, b.token)));
    return out;
  }

  /**
   * Moves about {@code amount} of the hash space from group {@code from} to group {@code to}: whole
   * ranges of {@code from} that fit, largest first, then a split of its largest remaining range for
   * the rest.
   */
  public void move(int from, int to, double amount) {
    double remaining = amount;
    List<Range> own = rangesOf(from);
    for (Range r : own) {
      double s = r.share();
      if (s <= remaining + SPLIT_EPSILON / 2) {
        r.group = to;
        remaining -= s;
      }
    }
    if (remaining > SPLIT_EPSILON) {
      for (Range r : own) {
        // the largest range still on `from`: larger than `remaining`, or it was moved
        if (r.group == from) {
          split(r, remaining, to);
          break;
        }
      }
    }
  }

  /**
   * Cuts {@code share} off the low end of {@code r} as a new range with a fresh partition id on
   * group {@code to}, or moves all of {@code r} when {@code share} covers it.
   */
  public void split(Range r, double share, int to) {
    long points = Tokens.points(share);
    long size = r.token - r.lo; // 0 means the whole space (a single token)
    if (size != 0 && Long.compareUnsigned(points, size) >= 0) {
      r.group = to;
      return;
    }
    long cut = r.lo + points;
    Range low = new Range(r.lo, cut, nextPartition++, to);
    r.lo = cut;
    ranges.add(low);
  }

  /** The routing table of this layout: {@code base} gives version, entity and key type. */
  public RoutingTable toTable(RoutingTable.Builder base) {
    List<Range> sorted = new ArrayList<>(ranges);
    sorted.sort((a, b) -> Long.compareUnsigned(a.token, b.token));
    long[] tokens = new long[sorted.size()];
    int[] ids = new int[sorted.size()];
    String[] placement = new String[nextPartition];
    for (int i = 0; i < tokens.length; i++) {
      Range r = sorted.get(i);
      tokens[i] = r.token;
      ids[i] = r.partition;
      placement[r.partition] = groups.get(r.group).id();
    }
    String fallback = null;
    List<ReplicaGroup> live = new ArrayList<>();
    Map<String, Integer> w = new TreeMap<>();
    for (int i = 0; i < groups.size(); i++) {
      if (active.get(i)) {
        live.add(groups.get(i));
        w.put(groups.get(i).id(), weights.get(i));
        fallback = fallback == null ? groups.get(i).id() : fallback;
      }
    }
    for (Map.Entry<Integer, Integer> e : retired.entrySet()) {
      // a retired id owns no keys; it stays on its group, or on the first group if that one left
      placement[e.getKey()] = active.get(e.getValue()) ? groups.get(e.getValue()).id() : fallback;
    }
    RingStrategy strategy = RingStrategy.ofTokens(hash, tokens, ids, nextPartition, w, vnodes);
    return base.strategy(strategy).groups(live).placement(List.of(placement)).build();
  }
}
