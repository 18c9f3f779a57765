package io.shardrouter.hash;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.internal.RingChecks;
import io.shardrouter.hash.internal.WaterLevel;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Cuts and re-cuts the tokens of a {@code ring} (mode {@code tokens}): the first routing table of a
 * set of weighted groups, and from any table the next one (version + 1) after a group is added,
 * removed or re-weighted. Deterministic: the same table and request always give the same document.
 *
 * <p>In the spirit of Cassandra's token allocation (new tokens split the ranges of the most
 * over-loaded owners, relative to their weight), with one difference that the two-layer design
 * allows: a range is a logical partition whose placement can change, so the allocator moves whole
 * ranges where they fit and cuts a new token only for the remainder, at exactly the point that
 * moves the intended share.
 *
 * <ul>
 *   <li>{@link #initial}: {@code vnodes × Σweights} evenly spaced tokens, dealt to the groups by
 *       smooth weighted round-robin, so each group has {@code vnodes × weight} ranges spread around
 *       the ring and exactly its weight share.
 *   <li>{@link #addGroup} and re-weighting up: the group takes the share it lacks from the groups
 *       most above their new weight share, levelling them (water-filling, {@link WaterLevel}): many
 *       groups give a little, none gives much.
 *   <li>{@link #removeGroup} and re-weighting down: the group's surplus (all of it on removal) goes
 *       to the groups most below their new weight share, levelling them; its ranges are handed out
 *       whole or cut, so most remaining groups take a piece.
 * </ul>
 *
 * Only the changed group's share moves (the optimum: 1/(N+1) on an equal-weight add); no range
 * moves between two other groups, and no partition id changes. Pieces below {@code minPiece} of a
 * group's weight share are not cut, so balance is within about {@code minPiece} of exact after each
 * step and does not drift over many steps. Every new token takes a fresh partition id ({@code
 * partitions} of the old table upward); the token count grows by at most one per group per step,
 * and {@link #mergeAdjacent} folds neighbouring ranges of one group back together.
 *
 * <p>Weights are integers in [1, {@value RingStrategy#MAX_WEIGHT}] and live in the strategy's
 * {@code weights} parameter; the allocator checks that they name exactly the document's groups.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p><b>Stability:</b> evolving: the tokens it chooses may improve in a later version (documents it
 * wrote stay valid and route the same; only the next step's choice could differ).
 *
 * <p><b>Allocation:</b> builds a whole new table per call (milliseconds to a second at 1,024
 * groups); an operator's tool, never on the request path.
 *
 * @since 0.1
 */
public final class RingAllocator {
  /** The default smallest piece, as a share of a group's weight share: 0.1%. */
  public static final double DEFAULT_MIN_PIECE = 0.001;

  private static final RingAllocator STANDARD = new RingAllocator(DEFAULT_MIN_PIECE);

  private final double minPiece;

  private RingAllocator(double minPiece) {
    this.minPiece = minPiece;
  }

  /** The allocator with {@link #DEFAULT_MIN_PIECE}. */
  public static RingAllocator standard() {
    return STANDARD;
  }

  /**
   * An allocator that does not cut pieces below {@code minPiece} of a group's weight share: larger
   * values cut fewer tokens per step and spread a change over fewer groups, at the cost of balance.
   *
   * @throws IllegalArgumentException unless {@code minPiece} is in [0, 0.01]
   */
  public static RingAllocator withMinPiece(double minPiece) {
    if (!(minPiece >= 0 && minPiece <= 0.01)) {
      throw new IllegalArgumentException(
          "ring allocator minPiece must be in [0, 0.01] (a share of a group's weight "
              + "share; balance is within about minPiece of exact), got "
              + minPiece);
    }
    return new RingAllocator(minPiece);
  }

  /**
   * Checks that {@code table} is one this allocator can change: a {@code ring} in mode {@code
   * tokens}. Its {@code weights} name exactly the table's groups: the table checked that when it
   * was built (the ring is a {@code GroupConstraint}).
   *
   * @throws IllegalArgumentException for another strategy or mode
   */
  public void check(RoutingTable table) {
    RingLayout.of(table);
  }

  /**
   * The first routing table for {@code groups} with {@code weights} (by group id): mode {@code
   * tokens}, {@code vnodes} ranges per unit of weight, evenly spaced.
   *
   * @throws IllegalArgumentException for a weight outside [1, {@value RingStrategy#MAX_WEIGHT}],
   *     weights that do not name exactly the groups, or a vnode count outside [1, {@value
   *     RingStrategy#MAX_VNODES}]
   */
  public RoutingTable initial(
      long version,
      String entity,
      KeyType keyType,
      StableHash hash,
      int vnodes,
      List<ReplicaGroup> groups,
      Map<String, Integer> weights) {
    if (vnodes < 1 || vnodes > RingStrategy.MAX_VNODES) {
      throw new IllegalArgumentException(
          "strategy.vnodes must be in [1, "
              + RingStrategy.MAX_VNODES
              + "] vnodes per unit of weight, got "
              + vnodes);
    }
    if (groups.isEmpty()) {
      throw new IllegalArgumentException("a ring needs at least one replica group, got none");
    }
    long total = 0;
    for (ReplicaGroup g : groups) {
      total += checkedWeight(g.id(), weights.get(g.id()));
    }
    for (String id : weights.keySet()) {
      if (groups.stream().noneMatch(g -> g.id().equals(id))) {
        throw new IllegalArgumentException(
            "strategy.weights."
                + id
                + " names no group of "
                + groups.stream().map(ReplicaGroup::id).toList()
                + "; give weights for exactly the groups");
      }
    }
    long m = total * vnodes;
    if (m > RingStrategy.MAX_TOKENS) {
      throw new IllegalArgumentException(
          vnodes
              + " vnodes x total weight "
              + total
              + " = "
              + m
              + " tokens, over the limit of "
              + RingStrategy.MAX_TOKENS
              + "; use fewer vnodes per unit of weight");
    }
    RingLayout l = new RingLayout(hash, vnodes);
    for (ReplicaGroup g : groups) {
      l.addGroup(g, checkedWeight(g.id(), weights.get(g.id())));
    }
    int[] owner = smoothRoundRobin(l.weights, (int) m);
    BigInteger space = BigInteger.ONE.shiftLeft(64);
    long previous = 0;
    for (int i = 0; i < m; i++) {
      long token =
          BigInteger.valueOf(i + 1)
              .multiply(space)
              .divide(BigInteger.valueOf(m))
              .longValue(); // (i+1)·2^64/m
      l.ranges.add(new RingLayout.Range(previous, token, i, owner[i]));
      previous = token;
    }
    // the last token is m·2^64/m = 0 (mod 2^64), so range 0 is [0, 2^64/m) and the ring closes
    l.nextPartition = (int) m;
    return l.toTable(RoutingTable.builder().version(version).entity(entity).keyType(keyType));
  }

  /**
   * The next table with {@code group} added at {@code weight}: it takes its weight share from the
   * groups most above theirs.
   *
   * @throws IllegalArgumentException when the group is already there or the weight is out of range
   */
  public RoutingTable addGroup(RoutingTable table, ReplicaGroup group, int weight) {
    checkedWeight(group.id(), weight);
    RingLayout l = RingLayout.of(table);
    if (l.indexOf(group.id()) >= 0) {
      throw new IllegalArgumentException(
          "group '"
              + group.id()
              + "' is already on the ring of '"
              + table.entity()
              + "' version "
              + table.version()
              + "; change its weight with reweight");
    }
    int g = l.addGroup(group, weight);
    take(l, g);
    return l.toTable(table.toBuilder().version(table.version() + 1));
  }

  /**
   * The next table without group {@code groupId}: its ranges go, whole or cut, to the groups most
   * below their new weight share; retired partition ids it held move to the first remaining group.
   *
   * @throws IllegalArgumentException for an unknown group or the last group
   */
  public RoutingTable removeGroup(RoutingTable table, String groupId) {
    RingLayout l = RingLayout.of(table);
    int g = existing(l, table, groupId);
    if (l.activeExcept(g).length == 0) {
      throw new IllegalArgumentException(
          "group '"
              + groupId
              + "' is the last group of '"
              + table.entity()
              + "'; add its successor first, then remove it");
    }
    l.active.set(g, false);
    give(l, g, l.loads()[g]);
    int[] others = l.activeExcept(g);
    for (RingLayout.Range r :
        l.rangesOf(g)) { // what rounding left behind: to the least loaded, one by one
      double[] load = l.loads();
      double[] target = l.targets();
      int best = others[0];
      for (int o : others) {
        if (load[o] / target[o] < load[best] / target[best]) {
          best = o;
        }
      }
      r.group = best;
    }
    return l.toTable(table.toBuilder().version(table.version() + 1));
  }

  /**
   * The next table with group {@code groupId} at {@code weight}: up, it takes the share it lacks as
   * {@link #addGroup} does; down, it hands its surplus out as {@link #removeGroup} does.
   */
  public RoutingTable reweight(RoutingTable table, String groupId, int weight) {
    checkedWeight(groupId, weight);
    RingLayout l = RingLayout.of(table);
    int g = existing(l, table, groupId);
    l.weights.set(g, weight);
    double have = l.loads()[g];
    double want = l.targets()[g];
    if (have < want) {
      take(l, g);
    } else {
      give(l, g, have - want);
    }
    return l.toTable(table.toBuilder().version(table.version() + 1));
  }

  /**
   * The next table with every range that directly follows a range of the same group merged into it:
   * no key moves, fewer tokens. The merged-away token's partition id is retired (share 0, left on
   * its group).
   */
  public RoutingTable mergeAdjacent(RoutingTable table) {
    RingLayout l = RingLayout.of(table);
    l.ranges.sort((a, b) -> Long.compareUnsigned(a.token, b.token));
    List<RingLayout.Range> kept = new ArrayList<>();
    RingLayout.Range pendingLow = null; // a range to be merged into the next one
    for (int i = 0; i < l.ranges.size(); i++) {
      RingLayout.Range r = l.ranges.get(i);
      boolean lastOfRing = i == l.ranges.size() - 1;
      RingLayout.Range next = lastOfRing ? null : l.ranges.get(i + 1);
      if (pendingLow != null) {
        r.lo = pendingLow.lo;
        pendingLow = null;
      }
      if (next != null && next.group == r.group) {
        l.retired.put(r.partition, r.group);
        pendingLow = r;
      } else {
        kept.add(r);
      }
    }
    l.ranges.clear();
    l.ranges.addAll(kept);
    return l.toTable(table.toBuilder().version(table.version() + 1));
  }

  private void take(RingLayout l, int g) {
    double[] load = l.loads();
    double[] target = l.targets();
    double amount = target[g] - load[g];
    int[] donors = l.activeExcept(g);
    double[] give = WaterLevel.drain(load, target, donors, l.ids(), amount, minPiece);
    for (int d : order(donors, give, l.ids())) {
      l.move(d, g, give[d]);
    }
  }

  private void give(RingLayout l, int g, double amount) {
    double[] load = l.loads();
    double[] target = l.targets();
    int[] receivers = l.activeExcept(g);
    double[] get = WaterLevel.fill(load, target, receivers, l.ids(), amount, minPiece);
    for (int r : order(receivers, get, l.ids())) {
      l.move(g, r, get[r]);
    }
  }

  /** The groups with a non-zero amount, largest amount first, then by id. */
  private static int[] order(int[] groups, double[] amount, String[] ids) {
    return java.util.Arrays.stream(groups)
        .boxed()
        .filter(i -> amount[i] > 0)
        .sorted(
            java.util.Comparator.<Integer>comparingDouble(i -> -amount[i])
                .thenComparing(i -> ids[i]))
        .mapToInt(Integer::intValue)
        .toArray();
  }

  private static int existing(RingLayout l, RoutingTable table, String groupId) {
    int g = l.indexOf(groupId);
    if (g < 0) {
      throw new IllegalArgumentException(
          "group '"
              + groupId
              + "' is not in routing table '"
              + table.entity()
              + "' version "
              + table.version()
              + "; groups: "
              + table.groups().stream().map(ReplicaGroup::id).toList());
    }
    return g;
  }

  private static int checkedWeight(String groupId, @Nullable Integer weight) {
    if (weight == null || weight < 1 || weight > RingStrategy.MAX_WEIGHT) {
      throw new IllegalArgumentException(
          "strategy.weights." + groupId + ": " + RingChecks.weightProblem(weight));
    }
    return weight;
  }

  /**
   * Smooth weighted round-robin: {@code m} turns, each to the group with the most accumulated
   * credit.
   */
  private static int[] smoothRoundRobin(List<Integer> weights, int m) {
    long total = 0;
    for (int w : weights) {
      total += w;
    }
    long[] credit = new long[weights.size()];
    int[] owner = new int[m];
    for (int i = 0; i < m; i++) {
      int best = 0;
      for (int g = 0; g < credit.length; g++) {
        credit[g] += weights.get(g);
      }
      for (int g = 1; g < credit.length; g++) {
        if (credit[g] > credit[best]) {
          best = g;
        }
      }
      credit[best] -= total;
      owner[i] = best;
    }
    return owner;
  }
}
