package io.shardrouter.core;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * What changes between two routing tables of the same entity: which partitions changed replica
 * group, the share of the key space each group gains and loses, and the total share that moves.
 * Given a sample of keys it also counts the keys that actually move, and checks that no key moves
 * outside the listed partitions.
 *
 * <p>Partition-level moves are exact when both tables use the same strategy with the same
 * parameters (placement-only changes, the recommended way to scale), and also when the new strategy
 * keeps the meaning of every old partition and lists the keys it routes elsewhere ({@link
 * KeyMovement#keyMovesFrom}): a directory that isolates a hot key on a new partition. Then the
 * report lists the partitions the placement moves and exactly those keys. When the strategy
 * otherwise changed, partition numbers mean different key sets, so only key counts are reported.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class MovementReport {
  /** Key moves listed by {@link #toText()}; the rest are counted. */
  public static final int MAX_KEY_MOVES_SHOWN = 20;

  /** One partition that changes group; {@code share} is its share of the key space. */
  public record Move(int partition, String fromGroup, String toGroup, double share) {}

  /**
   * Key-level counts over a sample: keys routed, keys whose group changed, and moves not in the
   * plan.
   */
  public record KeyCount(long keys, long moved, long movedOutsidePlan) {
    public double movedShare() {
      return keys == 0 ? 0 : (double) moved / keys;
    }
  }

  private final RoutingTable from;
  private final RoutingTable to;
  private final boolean sameStrategy;
  private final @Nullable List<KeyMove>
      keyMoves; // null when the partitions of the two tables are unrelated
  private final List<Move> moves;
  private final BitSet moved;
  private final Map<String, Double> gained;
  private final Map<String, Double> lost;
  private final double movedShare;

  private MovementReport(RoutingTable from, RoutingTable to) {
    this.from = from;
    this.to = to;
    this.sameStrategy = from.strategy().equals(to.strategy());
    List<KeyMove> km =
        sameStrategy ? List.of() : KeyMovement.between(from.strategy(), to.strategy());
    this.keyMoves = km == null ? null : List.copyOf(km);
    for (KeyMove m : keyMoves()) {
      if (m.fromPartition() >= from.partitionCount() || m.toPartition() >= to.partitionCount()) {
        throw new IllegalStateException(
            "strategy '"
                + to.strategy().type()
                + "' reports that "
                + m.key()
                + " moves from partition "
                + m.fromPartition()
                + " to "
                + m.toPartition()
                + ", outside the tables' "
                + from.partitionCount()
                + " and "
                + to.partitionCount()
                + " partitions; this is a bug in the strategy's keyMovesFrom");
      }
    }
    List<Move> ms = new ArrayList<>();
    BitSet bits = new BitSet();
    Map<String, Double> g = new TreeMap<>();
    Map<String, Double> l = new TreeMap<>();
    double total = 0;
    if (keyMoves
        != null) { // the old partitions keep their keys (but for keyMoves) in the new table
      for (int p = 0; p < Math.min(from.partitionCount(), to.partitionCount()); p++) {
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
    return new MovementReport(from, to);
  }

  public RoutingTable from() {
    return from;
  }

  public RoutingTable to() {
    return to;
  }

  /**
   * True when both tables have the same strategy and parameters, so partition-level moves are
   * exact.
   */
  public boolean sameStrategy() {
    return sameStrategy;
  }

  /**
   * True when every partition of the old table holds the same keys in the new one, but for the
   * {@link #keyMoves()}: the same strategy, or one that grew from it. Partition-level moves are
   * exact.
   */
  public boolean partitionsKeepKeys() {
    return keyMoves != null;
  }

  /**
   * The keys the new strategy routes to another partition, each with the partitions it leaves and
   * joins; empty when the strategy is the same, and empty too when the partitions are unrelated
   * (see {@link #partitionsKeepKeys()}).
   */
  public List<KeyMove> keyMoves() {
    return keyMoves == null ? List.of() : keyMoves;
  }

  /**
   * The partitions that change group, ascending; empty when the partitions of the two tables are
   * unrelated.
   */
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

  /**
   * Total share of the key space whose partitions change group (moved keys not counted: their share
   * is unknown); NaN when the partitions of the two tables are unrelated.
   */
  public double movedShare() {
    return keyMoves != null ? movedShare : Double.NaN;
  }

  /**
   * Routes every key (canonical bytes) through both tables and counts what moves: keys whose group
   * changes, and, when the partitions keep their keys, keys whose partition changes. A key moved
   * outside the plan is one whose partition the placement does not move and which no listed key
   * move accounts for (its old and new partitions are no listed pair); it must be 0.
   */
  public KeyCount countKeys(Iterable<byte[]> canonicalKeys) {
    java.util.Set<Long> pairs = new java.util.HashSet<>();
    for (KeyMove m : keyMoves()) {
      pairs.add((long) m.fromPartition() << 32 | m.toPartition());
    }
    long n = 0;
    long movedKeys = 0;
    long outside = 0;
    for (byte[] k : canonicalKeys) {
      Route a = from.routeCanonical(k);
      Route b = to.routeCanonical(k);
      n++;
      boolean groupChanged = !a.group().id().equals(b.group().id());
      boolean partitionChanged = keyMoves != null && a.partition() != b.partition();
      if (groupChanged || partitionChanged) {
        movedKeys++;
        boolean planned =
            partitionChanged
                ? pairs.contains((long) a.partition() << 32 | b.partition())
                : moved.get(a.partition());
        if (keyMoves != null && !planned) {
          outside++;
        }
      }
    }
    return new KeyCount(n, movedKeys, outside);
  }

  /** A human-readable report, as {@code shardctl diff} prints it. */
  public String toText() {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "%s: version %d -> %d, %d -> %d partitions, strategy %s%n",
            from.entity(),
            from.version(),
            to.version(),
            from.partitionCount(),
            to.partitionCount(),
            sameStrategy
                ? "unchanged (" + from.strategy().type() + ")"
                : "changed (" + from.strategy().type() + " -> " + to.strategy().type() + ")"));
    if (keyMoves == null) {
      sb.append(
          "partition numbers mean different keys under the two strategies: count moved keys with a key sample\n");
      return sb.toString();
    }
    if (!sameStrategy) {
      sb.append(
          String.format(
              Locale.ROOT,
              "partitions 0-%d keep their keys, but for %d %s the new strategy routes elsewhere%n",
              from.partitionCount() - 1,
              keyMoves.size(),
              keyMoves.size() == 1 ? "key" : "keys"));
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "moved: %d of %d partitions, %.4f%% of the key space%n",
            moves.size(),
            from.partitionCount(),
            100 * movedShare));
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
    }
    if (!moves.isEmpty()) {
      sb.append("partitions: ").append(ranges()).append('\n');
    }
    if (!keyMoves().isEmpty()) {
      sb.append("keys moved by the strategy: ").append(keyMoves.size()).append('\n');
      for (int i = 0; i < Math.min(keyMoves.size(), MAX_KEY_MOVES_SHOWN); i++) {
        KeyMove m = keyMoves.get(i);
        sb.append("  ")
            .append(m.key())
            .append(": partition ")
            .append(m.fromPartition())
            .append(" (")
            .append(from.groupOf(m.fromPartition()).id())
            .append(") -> partition ")
            .append(m.toPartition())
            .append(" (")
            .append(to.groupOf(m.toPartition()).id())
            .append(")\n");
      }
      if (keyMoves.size() > MAX_KEY_MOVES_SHOWN) {
        sb.append("  ... ").append(keyMoves.size() - MAX_KEY_MOVES_SHOWN).append(" more\n");
      }
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
      while (j + 1 < moves.size()
          && moves.get(j + 1).partition() == moves.get(j).partition() + 1
          && moves.get(j + 1).fromGroup().equals(m.fromGroup())
          && moves.get(j + 1).toGroup().equals(m.toGroup())) {
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

  /**
   * Keys that a new strategy routes to another partition than the strategy it replaces, while every
   * other key keeps its partition: a hot key isolated on a partition of its own, a tenant moved to
   * a dedicated partition. {@link #key()} is how a person reads what moves: one key (e.g. {@code
   * hot-sku-1}), or every key that shares a routing key (e.g. {@code tenant globex}).
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param key what moves, as text
   * @param fromPartition the partition the previous strategy gave it
   * @param toPartition the partition the new strategy gives it (different from {@code
   *     fromPartition})
   * @since 0.1
   */
  public record KeyMove(String key, int fromPartition, int toPartition) {
    public KeyMove {
      Objects.requireNonNull(key, "key");
      if (fromPartition < 0 || toPartition < 0 || fromPartition == toPartition) {
        throw new IllegalArgumentException(
            "a key move of "
                + key
                + " needs two different partitions >= 0, got "
                + fromPartition
                + " -> "
                + toPartition);
      }
    }
  }
}
