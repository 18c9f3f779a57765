package io.shardrouter.hash.internal;

import io.shardrouter.core.MovementReport;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.HashPartitionStrategy;
import io.shardrouter.hash.RingStrategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What moves between two {@code ring} routing tables, exactly: the two token lists are laid over
 * each other, and every stretch of the hash space whose replica group differs is a move, with its
 * share, its partition in each table and its two groups.
 *
 * <p>{@link MovementReport} compares partitions one by one and so is exact only when the strategy
 * is unchanged; a ring step usually adds tokens (a new partition cut from an old one), so ring
 * tables are compared here instead. Any two rings with the same hash can be compared, in either
 * mode ({@code shardctl diff} uses this class when both documents are rings, {@link MovementReport}
 * otherwise).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class RingMovement {
  /**
   * Keys of partition {@code fromPartition} in the old table that are in {@code toPartition} now,
   * on another group.
   */
  public record Move(
      int fromPartition, int toPartition, String fromGroup, String toGroup, double share) {}

  private final RoutingTable from;
  private final RoutingTable to;
  private final long[]
      bounds; // union of both token lists, increasing: segment i is [bounds[i-1], bounds[i])
  private final boolean[] segmentMoved;
  private final List<Move> moves;
  private final Map<String, Double> gained;
  private final Map<String, Double> lost;
  private final double movedShare;

  private RingMovement(RoutingTable from, RoutingTable to, RingStrategy a, RingStrategy b) {
    this.from = from;
    this.to = to;
    long[] union = new long[a.tokenCount() + b.tokenCount()];
    for (int i = 0; i < a.tokenCount(); i++) {
      union[i] = a.token(i) ^ Long.MIN_VALUE;
    }
    for (int i = 0; i < b.tokenCount(); i++) {
      union[a.tokenCount() + i] = b.token(i) ^ Long.MIN_VALUE;
    }
    Arrays.sort(union);
    int n = 0;
    for (int i = 0; i < union.length; i++) {
      if (i == 0 || union[i] != union[i - 1]) {
        union[n++] = union[i];
      }
    }
    this.bounds = new long[n];
    for (int i = 0; i < n; i++) {
      bounds[i] = union[i] ^ Long.MIN_VALUE;
    }
    this.segmentMoved = new boolean[n];
    Map<Long, double[]> byPair = new HashMap<>();
    Map<String, Double> g = new TreeMap<>();
    Map<String, Double> l = new TreeMap<>();
    double total = 0;
    int ia = 0;
    int ib = 0;
    for (int k = 0; k < n; k++) {
      long end =
          bounds[
              k]; // the segment [bounds[k-1], end) belongs to the first token >= end in each ring
      while (ia < a.tokenCount() && Tokens.lessThan(a.token(ia), end)) {
        ia++;
      }
      while (ib < b.tokenCount() && Tokens.lessThan(b.token(ib), end)) {
        ib++;
      }
      int pa = a.partitionOfToken(ia == a.tokenCount() ? 0 : ia);
      int pb = b.partitionOfToken(ib == b.tokenCount() ? 0 : ib);
      String ga = from.groupOf(pa).id();
      String gb = to.groupOf(pb).id();
      if (!ga.equals(gb)) {
        double share = Tokens.share(bounds[k == 0 ? n - 1 : k - 1], end);
        segmentMoved[k] = true;
        byPair.computeIfAbsent((long) pa << 32 | pb, x -> new double[1])[0] += share;
        l.merge(ga, share, Double::sum);
        g.merge(gb, share, Double::sum);
        total += share;
      }
    }
    List<Move> ms = new ArrayList<>();
    byPair.forEach(
        (key, share) -> {
          int pa = (int) (key >>> 32);
          int pb = (int) (long) key;
          ms.add(new Move(pa, pb, from.groupOf(pa).id(), to.groupOf(pb).id(), share[0]));
        });
    ms.sort(
        (x, y) ->
            x.toPartition() != y.toPartition()
                ? Integer.compare(x.toPartition(), y.toPartition())
                : Integer.compare(x.fromPartition(), y.fromPartition()));
    this.moves = Collections.unmodifiableList(ms);
    this.gained = Collections.unmodifiableMap(g);
    this.lost = Collections.unmodifiableMap(l);
    this.movedShare = total;
  }

  /**
   * The movement from {@code from} to {@code to}.
   *
   * @throws RoutingException for tables of different entities or key types
   * @throws IllegalArgumentException when either is not a ring, or the rings hash keys differently
   */
  public static RingMovement between(RoutingTable from, RoutingTable to) {
    if (!from.entity().equals(to.entity()) || !from.keyType().equals(to.keyType())) {
      throw new RoutingException(
          "cannot compare routing tables of different entities or key types: '"
              + from.entity()
              + "' ("
              + from.keyType()
              + ") and '"
              + to.entity()
              + "' ("
              + to.keyType()
              + ")");
    }
    if (!(from.strategy() instanceof RingStrategy a)
        || !(to.strategy() instanceof RingStrategy b)) {
      throw new IllegalArgumentException(
          "RingMovement compares two 'ring' tables, got '"
              + from.strategy().type()
              + "' and '"
              + to.strategy().type()
              + "'; use MovementReport for other strategies");
    }
    if (!a.hash().name().equals(b.hash().name()) || a.hash().seed() != b.hash().seed()) {
      throw new IllegalArgumentException(
          "the rings hash keys with "
              + a.hash()
              + " and "
              + b.hash()
              + ", so token positions "
              + "mean different keys; count moved keys with MovementReport.between(from, to).countKeys(sample)");
    }
    return new RingMovement(from, to, a, b);
  }

  public RoutingTable from() {
    return from;
  }

  public RoutingTable to() {
    return to;
  }

  /**
   * Every (old partition, new partition) pair whose keys change group, by new then old partition.
   */
  public List<Move> moves() {
    return moves;
  }

  /** The share of the hash space that changes group. */
  public double movedShare() {
    return movedShare;
  }

  /** Share gained by each group that gains, by group id. */
  public Map<String, Double> gainedShare() {
    return gained;
  }

  /** Share lost by each group that loses, by group id. */
  public Map<String, Double> lostShare() {
    return lost;
  }

  /**
   * Routes every key (canonical bytes) through both tables and counts what moves; a moved key
   * outside every listed move would be a bug ({@code movedOutsidePlan}).
   */
  public MovementReport.KeyCount countKeys(Iterable<byte[]> canonicalKeys) {
    return countKeys(canonicalKeys, to);
  }

  /**
   * As {@link #countKeys(Iterable)}, with the keys routed through {@code deployed} instead of the
   * planned table: keys moved outside the plan then show where the deployed table is not the
   * planned one.
   */
  public MovementReport.KeyCount countKeys(Iterable<byte[]> canonicalKeys, RoutingTable deployed) {
    HashPartitionStrategy hash = (HashPartitionStrategy) from.strategy();
    long n = 0;
    long moved = 0;
    long outside = 0;
    for (byte[] k : canonicalKeys) {
      n++;
      if (!from.routeCanonical(k).group().id().equals(deployed.routeCanonical(k).group().id())) {
        moved++;
        if (!segmentMoved[segmentOf(hash.routingPoint(k, 0, k.length))]) {
          outside++;
        }
      }
    }
    return new MovementReport.KeyCount(n, moved, outside);
  }

  private int segmentOf(long point) {
    int lo = 0;
    int hi = bounds.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Long.compareUnsigned(bounds[mid], point) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo == bounds.length ? 0 : lo;
  }

  /** A human-readable report, in the shape of {@link MovementReport#toText()}. */
  public String toText() {
    RingStrategy a = (RingStrategy) from.strategy();
    RingStrategy b = (RingStrategy) to.strategy();
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "%s: version %d -> %d, ring %d -> %d tokens, %d -> %d partitions%n",
            from.entity(),
            from.version(),
            to.version(),
            a.tokenCount(),
            b.tokenCount(),
            from.partitionCount(),
            to.partitionCount()));
    sb.append(
        String.format(
            Locale.ROOT,
            "moved: %.4f%% of the key space in %d %s, from %s to %s%n",
            100 * movedShare,
            moves.size(),
            moves.size() == 1 ? "piece" : "pieces",
            groups(lost.size()),
            groups(gained.size())));
    TreeSet<String> ids = new TreeSet<>(gained.keySet());
    ids.addAll(lost.keySet());
    for (String id : ids) {
      double gain = gained.getOrDefault(id, 0.0);
      double loss = lost.getOrDefault(id, 0.0);
      sb.append(
              String.format(
                      Locale.ROOT,
                      "  %-16s %10s %10s",
                      id,
                      gain > 0 ? String.format(Locale.ROOT, "+%.4f%%", 100 * gain) : "",
                      loss > 0 ? String.format(Locale.ROOT, "-%.4f%%", 100 * loss) : "")
                  .stripTrailing())
          .append('\n');
    }
    return sb.toString();
  }

  private static String groups(int n) {
    return n + (n == 1 ? " group" : " groups");
  }

  @Override
  public String toString() {
    return toText();
  }
}
