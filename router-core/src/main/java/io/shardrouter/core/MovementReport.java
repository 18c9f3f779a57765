package io.shardrouter.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * What changes between two routing tables of the same entity: which keys change replica group, the
 * share of the key space each group gains and loses, and the total share that moves. Given a sample
 * of keys it also counts the keys that actually move, and checks that no key moves outside the
 * listed moves. It is the one movement calculation: {@code shardctl diff}, the demos, the rebalance
 * advisor and {@code split}/{@code merge} all print this report.
 *
 * <p>How exact it is depends on the two strategies, asked in this order:
 *
 * <ol>
 *   <li>The new strategy lays itself over the old one ({@link ExactMovement}): the key space in
 *       pieces, each with its partition in both tables. Exact across partition renumbering: a
 *       ring's token arcs ({@link Layout#ARCS}), a range table's key ranges ({@link
 *       Layout#KEY_RANGES}).
 *   <li>Both tables use the same strategy with the same parameters (placement-only changes, the
 *       recommended way to scale), or the new strategy keeps the meaning of every old partition and
 *       lists the keys it routes elsewhere ({@link KeyMovement#keyMovesFrom}): a directory that
 *       isolates a hot key on a new partition. The report lists the partitions the placement moves
 *       and exactly those keys ({@link Layout#PARTITIONS}).
 *   <li>Otherwise partition numbers mean different key sets, so only a key sample measures the
 *       movement ({@link #countKeys}): {@link #movedShare()} is NaN and {@link #moves()} empty.
 * </ol>
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

  /** What a {@link Move} stands for, and how {@link #toText()} lists the moves. */
  public enum Layout {
    /** Whole partitions, by number: one move per partition whose group changes. */
    PARTITIONS,
    /**
     * Arcs of the hash space ({@link ExactMovement}), in any number and order: one move per pair of
     * old and new partition whose keys change group, the shares of its arcs summed; the text lists
     * the share each group gains and loses.
     */
    ARCS,
    /**
     * Key ranges in key order ({@link ExactMovement}): one move per range whose keys change group;
     * the text joins neighbouring ranges with the same groups.
     */
    KEY_RANGES
  }

  /**
   * Keys that change group: those the old table gives {@code fromPartition} on {@code fromGroup}
   * and the new one {@code toPartition} on {@code toGroup}.
   *
   * @param fromPartition the keys' partition in the old table; -1 when no range of it holds them
   * @param toPartition the keys' partition in the new table; -1 when no range of it holds them
   * @param fromGroup the old group; null when no range of the old table holds the keys
   * @param toGroup the new group; null when no range of the new table holds the keys
   * @param share the keys' share of the key space; NaN when the strategy cannot weigh them
   * @param keys the key range in interval notation (e.g. {@code [1000, 2000)}) for {@link
   *     Layout#KEY_RANGES}; null otherwise
   */
  public record Move(
      int fromPartition,
      int toPartition,
      @Nullable String fromGroup,
      @Nullable String toGroup,
      double share,
      @Nullable String keys) {

    /** The move of a whole partition {@code partition} from one group to another. */
    public Move(int partition, String fromGroup, String toGroup, double share) {
      this(partition, partition, fromGroup, toGroup, share, null);
    }
  }

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
  private final Layout layout;
  private final ExactMovement.@Nullable Pieces pieces; // null for PARTITIONS
  // null when the partitions of the two tables are unrelated
  private final @Nullable List<KeyMove> keyMoves;
  private final List<Move> moves;
  private final Set<Long> planned; // the (old partition, new partition) pairs that move
  private final Map<String, Double> gained;
  private final Map<String, Double> lost;
  private final double movedShare;

  private MovementReport(RoutingTable from, RoutingTable to) {
    this.from = from;
    this.to = to;
    this.sameStrategy = from.strategy().equals(to.strategy());
    this.pieces = to.strategy() instanceof ExactMovement e ? e.piecesFrom(from.strategy()) : null;
    this.layout = pieces == null ? Layout.PARTITIONS : pieces.layout();
    List<KeyMove> km;
    if (pieces != null || sameStrategy) {
      km = List.of();
    } else {
      km = KeyMovement.between(from.strategy(), to.strategy());
    }
    this.keyMoves = km == null ? null : List.copyOf(km);
    List<Move> ms = new ArrayList<>();
    Set<Long> pairs = new HashSet<>();
    Map<String, Double> g = new TreeMap<>();
    Map<String, Double> l = new TreeMap<>();
    double total = 0;
    if (pieces != null) {
      Map<Long, double[]> arcs = new HashMap<>(); // ARCS: the share of each moved pair
      for (ExactMovement.Piece piece : pieces.pieces()) {
        check(piece.fromPartition(), piece.toPartition(), "piece " + piece, "piecesFrom");
        String a = groupOf(from, piece.fromPartition());
        String b = groupOf(to, piece.toPartition());
        if (!Objects.equals(a, b)) {
          long pair = pair(piece.fromPartition(), piece.toPartition());
          if (layout == Layout.ARCS) {
            arcs.computeIfAbsent(pair, x -> new double[1])[0] += piece.share();
          } else {
            ms.add(
                new Move(
                    piece.fromPartition(),
                    piece.toPartition(),
                    a,
                    b,
                    piece.share(),
                    interval(piece.start(), piece.end())));
          }
          pairs.add(pair);
          if (a != null) {
            l.merge(a, piece.share(), Double::sum);
          }
          if (b != null) {
            g.merge(b, piece.share(), Double::sum);
          }
          total += piece.share();
        }
      }
      arcs.forEach(
          (pair, share) -> {
            int pa = (int) (pair >> 32);
            int pb = (int) (long) pair;
            ms.add(new Move(pa, pb, groupOf(from, pa), groupOf(to, pb), share[0], null));
          });
      if (layout == Layout.ARCS) {
        ms.sort(Comparator.comparingInt(Move::toPartition).thenComparingInt(Move::fromPartition));
      }
    } else if (keyMoves != null) {
      // the old partitions keep their keys (but for keyMoves) in the new table
      for (KeyMove m : keyMoves) {
        check(m.fromPartition(), m.toPartition(), m.key(), "keyMovesFrom");
        pairs.add(pair(m.fromPartition(), m.toPartition()));
      }
      for (int p = 0; p < Math.min(from.partitionCount(), to.partitionCount()); p++) {
        String a = from.groupOf(p).id();
        String b = to.groupOf(p).id();
        if (!a.equals(b)) {
          double share = from.strategy().shareOf(p);
          ms.add(new Move(p, a, b, share));
          pairs.add(pair(p, p));
          l.merge(a, share, Double::sum);
          g.merge(b, share, Double::sum);
          total += share;
        }
      }
    }
    this.moves = Collections.unmodifiableList(ms);
    this.planned = pairs;
    this.gained = Collections.unmodifiableMap(g);
    this.lost = Collections.unmodifiableMap(l);
    this.movedShare = total;
  }

  /** Refuses a partition a strategy names outside the tables. */
  private void check(int fromPartition, int toPartition, String what, String method) {
    if (fromPartition >= from.partitionCount() || toPartition >= to.partitionCount()) {
      throw new IllegalStateException(
          "strategy '"
              + to.strategy().type()
              + "' reports that "
              + what
              + " moves from partition "
              + fromPartition
              + " to "
              + toPartition
              + ", outside the tables' "
              + from.partitionCount()
              + " and "
              + to.partitionCount()
              + " partitions; this is a bug in the strategy's "
              + method);
    }
  }

  private static @Nullable String groupOf(RoutingTable t, int partition) {
    return partition < 0 ? null : t.groupOf(partition).id();
  }

  private static long pair(int fromPartition, int toPartition) {
    return (long) fromPartition << 32 | (toPartition & 0xFFFF_FFFFL);
  }

  /** The pieces of an {@link Layout#ARCS} or {@link Layout#KEY_RANGES} report. */
  private ExactMovement.Pieces exactPieces() {
    return Objects.requireNonNull(pieces, "pieces of an exact layout");
  }

  private static String interval(@Nullable String start, @Nullable String end) {
    return "[" + start + ", " + end + ")";
  }

  /**
   * The movement from {@code from} to {@code to}.
   *
   * @throws RoutingException when the tables route different entities or key types
   * @throws IllegalStateException when the new strategy names a partition outside the tables (a bug
   *     in its {@link ExactMovement} or {@link KeyMovement})
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

  /** What the moves stand for: whole partitions, or the pieces of an {@link ExactMovement}. */
  public Layout layout() {
    return layout;
  }

  /** True when both tables have the same strategy and parameters. */
  public boolean sameStrategy() {
    return sameStrategy;
  }

  /**
   * True when {@link #moves()} lists every key that changes group (and {@link #keyMoves()} every
   * key that changes partition): the new strategy laid itself over the old one ({@link
   * ExactMovement}), or every partition of the old table holds the same keys in the new one but for
   * the key moves (the same strategy, or one that grew from it). False when partition numbers mean
   * different keys in the two tables: count moved keys with a key sample.
   */
  public boolean partitionsKeepKeys() {
    return pieces != null || keyMoves != null;
  }

  /**
   * The keys the new strategy routes to another partition, each with the partitions it leaves and
   * joins; empty when the strategy is the same or lays itself over the old one, and empty too when
   * the partitions are unrelated (see {@link #partitionsKeepKeys()}).
   */
  public List<KeyMove> keyMoves() {
    return keyMoves == null ? List.of() : keyMoves;
  }

  /**
   * What changes group, as {@link #layout()} says: partitions ascending, arcs by new then old
   * partition, or key ranges in key order; empty when the partitions of the two tables are
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
   * Total share of the key space that changes group (keys the strategy moves not counted: their
   * share is unknown); NaN when the partitions of the two tables are unrelated, or when the
   * strategy cannot weigh the pieces that move (key ranges of a changed range table).
   */
  public double movedShare() {
    return partitionsKeepKeys() ? movedShare : Double.NaN;
  }

  /**
   * Routes every key (canonical bytes) through both tables and counts what moves: keys whose group
   * changes, and, when the partitions keep their keys, keys whose partition changes. A key in no
   * range of a table has no group there. A key moved outside the plan is one whose (old partition,
   * new partition) pair is in no listed move; it must be 0.
   */
  public KeyCount countKeys(Iterable<byte[]> canonicalKeys) {
    return countKeys(canonicalKeys, to);
  }

  /**
   * As {@link #countKeys(Iterable)}, with moved keys counted between the old table and {@code
   * deployed} instead of the planned table: a key moved outside the plan is one that changes group
   * although its planned move is in no listed move, which shows where the deployed table is not the
   * planned one.
   *
   * @throws RoutingException when {@code deployed} routes another entity or key type
   */
  public KeyCount countKeys(Iterable<byte[]> canonicalKeys, RoutingTable deployed) {
    if (!deployed.entity().equals(to.entity()) || !deployed.keyType().equals(to.keyType())) {
      throw new RoutingException(
          "cannot count keys moved to routing table '"
              + deployed.entity()
              + "' ("
              + deployed.keyType()
              + "), planned as '"
              + to.entity()
              + "' ("
              + to.keyType()
              + "); pass a table of the planned entity and key type");
    }
    boolean partitionsMove = layout == Layout.PARTITIONS && keyMoves != null;
    long n = 0;
    long movedKeys = 0;
    long outside = 0;
    for (byte[] k : canonicalKeys) {
      n++;
      Route a = routeOrNull(from, k);
      Route d = routeOrNull(deployed, k);
      boolean groupChanged = !Objects.equals(groupOf(a), groupOf(d));
      boolean partitionChanged = partitionsMove && partitionOf(a) != partitionOf(d);
      if (groupChanged || partitionChanged) {
        movedKeys++;
        Route b = deployed == to ? d : routeOrNull(to, k);
        if (partitionsKeepKeys() && !planned.contains(pair(partitionOf(a), partitionOf(b)))) {
          outside++;
        }
      }
    }
    return new KeyCount(n, movedKeys, outside);
  }

  private static @Nullable Route routeOrNull(RoutingTable t, byte[] canonical) {
    try {
      return t.routeCanonical(canonical);
    } catch (NoRouteException e) {
      return null; // in no range of the table
    }
  }

  private static @Nullable String groupOf(@Nullable Route r) {
    return r == null ? null : r.group().id();
  }

  private static int partitionOf(@Nullable Route r) {
    return r == null ? -1 : r.partition();
  }

  /** A human-readable report, as {@code shardctl diff} prints it. */
  @Override
  public String toString() {
    return toText();
  }

  /**
   * A human-readable report, as {@code shardctl diff} prints it. The entity, group ids, keys and
   * the strategy's words are escaped as error messages quote them (docs/format.md §1.8), so each
   * line is one line whatever a document names.
   */
  public String toText() {
    return switch (layout) {
      case PARTITIONS -> partitionsText();
      case ARCS -> arcsText();
      case KEY_RANGES -> keyRangesText();
    };
  }

  private String heading() {
    return String.format(
        Locale.ROOT,
        "%s: version %d -> %d, ",
        Printable.of(from.entity()),
        from.version(),
        to.version());
  }

  private String partitionsText() {
    StringBuilder sb = new StringBuilder(heading());
    sb.append(
        String.format(
            Locale.ROOT,
            "%d -> %d partitions, strategy %s%n",
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
    Set<String> all = new TreeSet<>();
    for (ReplicaGroup g : from.groups()) {
      all.add(g.id());
    }
    for (ReplicaGroup g : to.groups()) {
      all.add(g.id());
    }
    shareLines(sb, all);
    if (!moves.isEmpty()) {
      sb.append("partitions: ").append(partitionRanges()).append('\n');
    }
    if (!keyMoves.isEmpty()) {
      sb.append("keys moved by the strategy: ").append(keyMoves.size()).append('\n');
      for (int i = 0; i < Math.min(keyMoves.size(), MAX_KEY_MOVES_SHOWN); i++) {
        KeyMove m = keyMoves.get(i);
        sb.append("  ")
            .append(Printable.of(m.key()))
            .append(": partition ")
            .append(m.fromPartition())
            .append(" (")
            .append(Printable.of(from.groupOf(m.fromPartition()).id()))
            .append(") -> partition ")
            .append(m.toPartition())
            .append(" (")
            .append(Printable.of(to.groupOf(m.toPartition()).id()))
            .append(")\n");
      }
      if (keyMoves.size() > MAX_KEY_MOVES_SHOWN) {
        sb.append("  ... ").append(keyMoves.size() - MAX_KEY_MOVES_SHOWN).append(" more\n");
      }
    }
    return sb.toString();
  }

  private String arcsText() {
    StringBuilder sb = new StringBuilder(heading());
    sb.append(Printable.of(exactPieces().change())).append('\n');
    sb.append(
        String.format(
            Locale.ROOT,
            "moved: %.4f%% of the key space in %d %s, from %s to %s%n",
            100 * movedShare,
            moves.size(),
            moves.size() == 1 ? "piece" : "pieces",
            groups(lost.size()),
            groups(gained.size())));
    Set<String> ids = new TreeSet<>(gained.keySet());
    ids.addAll(lost.keySet());
    shareLines(sb, ids);
    return sb.toString();
  }

  private static String groups(int n) {
    return n + (n == 1 ? " group" : " groups");
  }

  /** One line per group of {@code ids} that gains or loses: {@code id +gain -loss}. */
  private void shareLines(StringBuilder sb, Set<String> ids) {
    for (String id : ids) {
      double gain = gained.getOrDefault(id, 0.0);
      double loss = lost.getOrDefault(id, 0.0);
      if (gain > 0 || loss > 0) {
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  %-16s %10s %10s",
                        Printable.of(id),
                        gain > 0 ? String.format(Locale.ROOT, "+%.4f%%", 100 * gain) : "",
                        loss > 0 ? String.format(Locale.ROOT, "-%.4f%%", 100 * loss) : "")
                    .stripTrailing())
            .append('\n');
      }
    }
  }

  private String keyRangesText() {
    StringBuilder sb = new StringBuilder(heading());
    sb.append(Printable.of(exactPieces().change())).append('\n');
    List<String[]> joined = joinedKeyRanges();
    if (joined.isEmpty()) {
      sb.append("moves: none; every key stays on its group\n");
      return sb.toString();
    }
    sb.append("moves: ")
        .append(joined.size())
        .append(joined.size() == 1 ? " key range changes" : " key ranges change")
        .append(" group\n");
    int width = 0;
    for (String[] r : joined) {
      for (int i = 0; i < r.length; i++) {
        r[i] = r[i] == null ? "(no range)" : Printable.of(r[i]);
      }
      width = Math.max(width, r[0].length());
    }
    for (String[] r : joined) {
      sb.append("  ")
          .append(r[0])
          .append(" ".repeat(width - r[0].length() + 2))
          .append(r[1])
          .append(" -> ")
          .append(r[2])
          .append('\n');
    }
    return sb.toString();
  }

  /**
   * The moved key ranges, neighbours with the same groups joined: {interval, from group, to group}.
   */
  private List<String[]> joinedKeyRanges() {
    List<String[]> out = new ArrayList<>();
    String start = null;
    String end = null;
    String a = null;
    String b = null;
    boolean open = false; // a joined range is being built from the previous piece
    for (ExactMovement.Piece piece : exactPieces().pieces()) {
      String ga = groupOf(from, piece.fromPartition());
      String gb = groupOf(to, piece.toPartition());
      if (Objects.equals(ga, gb)) {
        if (open) {
          out.add(new String[] {interval(start, end), a, b});
          open = false;
        }
        continue;
      }
      if (open && Objects.equals(a, ga) && Objects.equals(b, gb)) {
        end = piece.end();
        continue;
      }
      if (open) {
        out.add(new String[] {interval(start, end), a, b});
      }
      start = piece.start();
      end = piece.end();
      a = ga;
      b = gb;
      open = true;
    }
    if (open) {
      out.add(new String[] {interval(start, end), a, b});
    }
    return out;
  }

  /** Moved partitions as compact ranges, e.g. {@code 0-9 (g0->g4), 205 (g1->g4)}. */
  private String partitionRanges() {
    StringBuilder sb = new StringBuilder();
    int i = 0;
    while (i < moves.size()) {
      Move m = moves.get(i);
      int j = i;
      while (j + 1 < moves.size()
          && moves.get(j + 1).fromPartition() == moves.get(j).fromPartition() + 1
          && Objects.equals(moves.get(j + 1).fromGroup(), m.fromGroup())
          && Objects.equals(moves.get(j + 1).toGroup(), m.toGroup())) {
        j++;
      }
      if (sb.length() > 0) {
        sb.append(", ");
      }
      sb.append(m.fromPartition());
      if (j > i) {
        sb.append('-').append(moves.get(j).fromPartition());
      }
      sb.append(" (")
          .append(Printable.of(String.valueOf(m.fromGroup())))
          .append("->")
          .append(Printable.of(String.valueOf(m.toGroup())))
          .append(')');
      i = j + 1;
    }
    return sb.toString();
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
