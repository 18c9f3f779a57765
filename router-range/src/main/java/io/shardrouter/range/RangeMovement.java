package io.shardrouter.range;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.range.internal.RangeList;
import io.shardrouter.range.internal.RangeStrategies;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Which keys change replica group between two range tables of one entity, as key ranges in key
 * order: the range-table counterpart of {@link MovementReport}, which compares partitions by
 * number. Range partitions are positions in key order and shift when a range is split or merged, so
 * only key ranges say exactly what moves: after a split whose upper part goes to a new group, the
 * one moved range is that upper part.
 *
 * <p>Computed over the boundaries of both tables together: between two neighbouring boundaries
 * every key is in one range of each table (or in none), so it moves exactly when the two groups
 * differ.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class RangeMovement {
  /**
   * Keys {@code [start, end)} (end null for +∞) that go from {@code fromGroup} to {@code toGroup};
   * a null group means the key is in no range of that table.
   */
  public record Shift(
      byte[] start,
      byte @Nullable [] end,
      @Nullable String fromGroup,
      @Nullable String toGroup,
      String interval) {
    @Override
    public String toString() {
      return interval
          + " "
          + (fromGroup == null ? "(no range)" : fromGroup)
          + " -> "
          + (toGroup == null ? "(no range)" : toGroup);
    }
  }

  private final RoutingTable from;
  private final RoutingTable to;
  private final List<Shift> shifts;

  private RangeMovement(RoutingTable from, RoutingTable to, List<Shift> shifts) {
    this.from = from;
    this.to = to;
    this.shifts = Collections.unmodifiableList(shifts);
  }

  /**
   * Splits partition {@code partition} of a range table at {@code at}: {@code [start, at)} stays on
   * its group and {@code [at, end)} becomes partition {@code partition + 1} on {@code upperGroup}
   * (null: the same group). The movement's {@link #to()} is the next table (version + 1, the same
   * entity, key type and groups; the partitions after it renumbered, each keeping its group), and
   * its shifts say which keys change group: only the upper part, and only when its group changes.
   * Splitting the last range of increasing keys does not spread new writes: they all land in the
   * new last range (the hot tail that {@code shardctl split} and {@code shardctl advise} warn of,
   * docs/observability.md §3).
   *
   * @throws IllegalArgumentException when the table is not a range table, the partition does not
   *     exist, {@code at} is not strictly inside the partition, or the group is unknown
   */
  public static RangeMovement split(
      RoutingTable table, int partition, byte[] at, String upperGroup) {
    return RangeSplits.split(table, partition, at, upperGroup);
  }

  /**
   * Splits the partition that holds {@code at}, at {@code at}.
   *
   * @throws IllegalArgumentException as {@link #split(RoutingTable, int, byte[], String)}, or when
   *     no range holds {@code at}
   */
  public static RangeMovement split(RoutingTable table, byte[] at, String upperGroup) {
    return RangeSplits.split(table, at, upperGroup);
  }

  /**
   * Merges partition {@code partition} of a range table with the next one into {@code
   * [start(partition), end(partition + 1))} on {@code group} (null: the group of {@code
   * partition}); the keys of whichever half changes group move.
   *
   * @throws IllegalArgumentException when the table is not a range table, there is no next
   *     partition, or the group is unknown
   */
  public static RangeMovement merge(RoutingTable table, int partition, String group) {
    return RangeSplits.merge(table, partition, group);
  }

  /**
   * The movement from {@code from} to {@code to}.
   *
   * @throws RoutingException when the tables route different entities or key types, or a strategy
   *     is not {@code range}
   */
  public static RangeMovement between(RoutingTable from, RoutingTable to) {
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
    RangeStrategy a = RangeSplits.rangeStrategy(from);
    RangeStrategy b = RangeSplits.rangeStrategy(to);
    KeyOrder order = a.order();
    TreeSet<byte[]> bounds = new TreeSet<>(order);
    addBounds(a, bounds);
    addBounds(b, bounds);
    List<byte[]> points = new ArrayList<>(bounds);
    List<Shift> shifts = new ArrayList<>();
    KeyType type = from.keyType();
    for (int i = 0; i < points.size(); i++) {
      byte[] lo = points.get(i);
      byte[] hi = i + 1 < points.size() ? points.get(i + 1) : null;
      String ga = groupOf(from, a, lo);
      String gb = groupOf(to, b, lo);
      if (ga == null ? gb == null : ga.equals(gb)) {
        continue;
      }
      Shift last = shifts.isEmpty() ? null : shifts.get(shifts.size() - 1);
      if (last != null
          && last.end() != null
          && order.compare(last.end(), lo) == 0
          && same(last.fromGroup(), ga)
          && same(last.toGroup(), gb)) {
        shifts.set(
            shifts.size() - 1,
            new Shift(last.start(), hi, ga, gb, RangeList.interval(type, last.start(), hi)));
      } else {
        shifts.add(new Shift(lo, hi, ga, gb, RangeList.interval(type, lo, hi)));
      }
    }
    return new RangeMovement(from, to, shifts);
  }

  private static void addBounds(RangeStrategy s, TreeSet<byte[]> bounds) {
    for (int p = 0; p < s.partitionCount(); p++) {
      bounds.add(s.start(p));
    }
    if (RangeStrategies.end(s) != null) {
      bounds.add(RangeStrategies.end(s));
    }
  }

  private static @Nullable String groupOf(RoutingTable t, RangeStrategy s, byte[] key) {
    int p = s.find(key);
    return p < 0 ? null : t.groupOf(p).id();
  }

  private static boolean same(@Nullable String a, @Nullable String b) {
    return a == null ? b == null : a.equals(b);
  }

  public RoutingTable from() {
    return from;
  }

  public RoutingTable to() {
    return to;
  }

  /** The key ranges that change group, in key order, neighbours with the same groups joined. */
  public List<Shift> shifts() {
    return shifts;
  }

  /** True when no key changes group. */
  public boolean isEmpty() {
    return shifts.isEmpty();
  }

  /**
   * Routes every key (canonical bytes) through both tables and counts what moves, and what moves
   * outside {@link #shifts()}.
   */
  public MovementReport.KeyCount countKeys(Iterable<byte[]> canonicalKeys) {
    RangeStrategy a = RangeSplits.rangeStrategy(from);
    RangeStrategy b = RangeSplits.rangeStrategy(to);
    KeyOrder order = a.order();
    long n = 0;
    long moved = 0;
    long outside = 0;
    for (byte[] k : canonicalKeys) {
      n++;
      if (!same(groupOf(from, a, k), groupOf(to, b, k))) {
        moved++;
        if (!listed(order, k)) {
          outside++;
        }
      }
    }
    return new MovementReport.KeyCount(n, moved, outside);
  }

  private boolean listed(KeyOrder order, byte[] k) {
    for (Shift s : shifts) {
      if (order.compare(s.start(), k) <= 0 && (s.end() == null || order.compare(k, s.end()) < 0)) {
        return true;
      }
    }
    return false;
  }

  /** A human-readable report, as {@code shardctl diff} prints it for range tables. */
  public String toText() {
    StringBuilder sb = new StringBuilder();
    sb.append(from.entity())
        .append(": version ")
        .append(from.version())
        .append(" -> ")
        .append(to.version())
        .append(", ")
        .append(from.partitionCount())
        .append(" -> ")
        .append(to.partitionCount())
        .append(" ranges")
        .append(
            RangeSplits.rangeStrategy(from).equals(RangeSplits.rangeStrategy(to))
                ? ", boundaries unchanged"
                : ", boundaries changed")
        .append('\n');
    if (shifts.isEmpty()) {
      sb.append("moves: none; every key stays on its group\n");
      return sb.toString();
    }
    sb.append("moves: ")
        .append(shifts.size())
        .append(shifts.size() == 1 ? " key range changes" : " key ranges change")
        .append(" group\n");
    int width = 0;
    for (Shift s : shifts) {
      width = Math.max(width, s.interval().length());
    }
    for (Shift s : shifts) {
      sb.append("  ")
          .append(s.interval())
          .append(" ".repeat(width - s.interval().length() + 2))
          .append(s.fromGroup() == null ? "(no range)" : s.fromGroup())
          .append(" -> ")
          .append(s.toGroup() == null ? "(no range)" : s.toGroup())
          .append('\n');
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return toText();
  }
}
