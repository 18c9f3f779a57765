package io.shardrouter.core;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What changes between two routing tables of the same entity: which partitions changed replica group,
 * the share of the key space each group gains and loses, and the total share that moves. Given a
 * sample of keys it also counts the keys that actually move, and checks that no key moves outside
 * the listed partitions.
 *
 * <p>Partition-level moves are exact when both tables use the same strategy with the same
 * parameters (placement-only changes, the recommended way to scale). When the strategy itself
 * changed, partition numbers mean different key sets, so only key counts are reported.
 *
 * <p><b>Thread-safety:</b> immutable.
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class MovementReport {
  /** One partition that changes group; {@code share} is its share of the key space. */
  public record Move(int partition, String fromGroup, String toGroup, double share) {}

  /** Key-level counts over a sample: keys routed, keys whose group changed, and moves not in the plan. */
  public record KeyCount(long keys, long moved, long movedOutsidePlan) {
    public double movedShare() {
      return keys == 0 ? 0 : (double) moved / keys;
    }
  }

  private final RoutingTable from;
  private final RoutingTable to;
  private final boolean sameStrategy;
  private final List<Move> moves;
  private final BitSet moved;
  private final Map<String, Double> gained;
  private final Map<String, Double> lost;
  private final double movedShare;

  private MovementReport(RoutingTable from, RoutingTable to) {
    this.from = from;
    this.to = to;
    this.sameStrategy = from.strategy().toJson().equals(to.strategy().toJson());
    List<Move> ms = new ArrayList<>();
    BitSet bits = new BitSet();
    Map<String, Double> g = new TreeMap<>();
    Map<String, Double> l = new TreeMap<>();
    double total = 0;
    if (sameStrategy) {
      for (int p = 0; p < from.partitionCount(); p++) {
        String a = from.groupOf(p).id();
        String b = to.groupOf(p).id();
        if (!a.equals(b)) {
          double share = from.strategy().shareOf(p);
          ms.add(new Move(p, a, b, share));
          bits.set(p);
          l.merge(a, share, Double::sum);
          g.merge(b, share, Double::sum);
          total += share;
        }
      }
    }
    this.moves = Collections.unmodifiableList(ms);
    this.moved = bits;
    this.gained = Collections.unmodifiableMap(g);
    this.lost = Collections.unmodifiableMap(l);
    this.movedShare = total;
  }

  /**
   * The movement from {@code from} to {@code to}.
   *
   * @throws RoutingException when the tables route different entities or key types
   */
  public static MovementReport between(RoutingTable from, RoutingTable to) {
    if (!from.entity().equals(to.entity()) || !from.keyType().equals(to.keyType())) {
      throw new RoutingException("cannot compare routing tables of different entities or key types: '" + from.entity() + "' ("
          + from.keyType() + ") and '" + to.entity() + "' (" + to.keyType() + ")");
    }
    return new MovementReport(from, to);
  }

  public RoutingTable from() {
    return from;
  }

  public RoutingTable to() {
    return to;
  }

  /** True when both tables have the same strategy and parameters, so partition-level moves are exact. */
  public boolean sameStrategy() {
    return sameStrategy;
  }

  /** The partitions that change group, ascending; empty when the strategy changed. */
  public List<Move> moves() {
    return moves;
  }

  /** Share of the key space each group gains, by group id. */
  public Map<String, Double> gainedShare() {
    return gained;
  }

  /** Share of the key space each group loses, by group id. */
  public Map<String, Double> lostShare() {
    return lost;
  }

  /** Total share of the key space that changes group; NaN when the strategy changed. */
  public double movedShare() {
    return sameStrategy ? movedShare : Double.NaN;
  }

  /** Routes every key (canonical bytes) through both tables and counts what moves. */
  public KeyCount countKeys(Iterable<byte[]> canonicalKeys) {
    long n = 0;
    long movedKeys = 0;
    long outside = 0;
    for (byte[] k : canonicalKeys) {
      Route a = from.routeCanonical(k);
      Route b = to.routeCanonical(k);
      n++;
      if (a.group() != b.group() && !a.group().id().equals(b.group().id())) {
        movedKeys++;
        if (sameStrategy && !moved.get(a.partition())) {
          outside++;
        }
      }
    }
    return new KeyCount(n, movedKeys, outside);
  }

  /** A human-readable report, as {@code shardctl diff} prints it. */
  public String toText() {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%s: version %d -> %d, %d -> %d partitions, strategy %s%n", from.entity(),
        from.version(), to.version(), from.partitionCount(), to.partitionCount(),
        sameStrategy ? "unchanged (" + from.strategy().type() + ")" : "changed (" + from.strategy().type() + " -> " + to.strategy().type() + ")"));
    if (!sameStrategy) {
      sb.append("partition numbers mean different keys under the two strategies: count moved keys with a key sample\n");
      return sb.toString();
    }
    sb.append(String.format(Locale.ROOT, "moved: %d of %d partitions, %.4f%% of the key space%n", moves.size(),
        from.partitionCount(), 100 * movedShare));
    Map<String, Double> all = new TreeMap<>();
    for (ReplicaGroup g : from.groups()) {
      all.put(g.id(), 0.0);
    }
    for (ReplicaGroup g : to.groups()) {
      all.put(g.id(), 0.0);
    }
    for (String id : all.keySet()) {
      double gain = gained.getOrDefault(id, 0.0);
      double loss = lost.getOrDefault(id, 0.0);
      if (gain > 0 || loss > 0) {
        sb.append(String.format(Locale.ROOT, "  %-16s %10s %10s", id,
            gain > 0 ? String.format(Locale.ROOT, "+%.4f%%", 100 * gain) : "",
            loss > 0 ? String.format(Locale.ROOT, "-%.4f%%", 100 * loss) : "").stripTrailing()).append('\n');
      }
    }
    if (!moves.isEmpty()) {
      sb.append("partitions: ").append(ranges()).append('\n');
    }
    return sb.toString();
  }

  /** Moved partitions as compact ranges, e.g. {@code 0-9 (g0->g4), 205 (g1->g4)}. */
  private String ranges() {
    StringBuilder sb = new StringBuilder();
    int i = 0;
    while (i < moves.size()) {
      Move m = moves.get(i);
      int j = i;
      while (j + 1 < moves.size() && moves.get(j + 1).partition() == moves.get(j).partition() + 1
          && moves.get(j + 1).fromGroup().equals(m.fromGroup()) && moves.get(j + 1).toGroup().equals(m.toGroup())) {
        j++;
      }
      if (sb.length() > 0) {
        sb.append(", ");
      }
      sb.append(m.partition());
      if (j > i) {
        sb.append('-').append(moves.get(j).partition());
      }
      sb.append(" (").append(m.fromGroup()).append("->").append(m.toGroup()).append(')');
      i = j + 1;
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return toText();
  }
}
