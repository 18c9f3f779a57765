package io.shardrouter.range;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.range.internal.KeyValues;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * The ranges of a document or a builder, in the order given, and the check that they tile one
 * contiguous span of keys: sorted by start, none empty, no gap and no overlap between neighbours,
 * only the last one open-ended. Each violation names both ranges concerned, as written, with paths.
 */
final class RangeList {

  /**
   * One range as given.
   *
   * @param path the JSON path of the range object, e.g. {@code strategy.ranges[1]}
   * @param label how messages name the range, e.g. {@code ranges[1]}
   * @param start the canonical start (inclusive)
   * @param end the canonical exclusive end; null for +∞
   * @param shown the range as written, e.g. {@code [0, 1000)} or {@code [a, b]} for an inclusive
   *     end
   */
  public record Entry(
      String path, String label, byte[] start, byte @Nullable [] end, String shown) {}

  private final KeyType type;
  private final KeyOrder order;
  private final List<Entry> entries = new ArrayList<>();

  public RangeList(KeyType type) {
    this.type = type;
    this.order = KeyOrder.of(type);
  }

  public void add(Entry e) {
    entries.add(e);
  }

  /** {@code [start, end)} with {@code end} null for +∞, for messages. */
  public static String interval(KeyType type, byte[] start, byte @Nullable [] end) {
    return "["
        + KeyValues.show(type, start)
        + ", "
        + (end == null ? "+∞" : KeyValues.show(type, end))
        + ")";
  }

  /**
   * Checks the ranges, reporting every broken rule as (path, message) to {@code report} ({@code
   * listPath} names the list for an empty one); returns the strategy, or null when anything was
   * reported, or when {@code complete} is false because an entry could not be parsed.
   */
  public @Nullable RangeStrategy check(
      String listPath, boolean complete, BiConsumer<String, String> report) {
    int[] reported = {0};
    BiConsumer<String, String> v =
        (path, message) -> {
          reported[0]++;
          report.accept(path, message);
        };
    if (entries.isEmpty() && complete) {
      v.accept(listPath, "empty; give at least one range, e.g. [{\"start\": ..., \"end\": null}]");
    }
    if (entries.size() > RoutingTable.MAX_PARTITIONS) {
      v.accept(
          listPath,
          "has "
              + entries.size()
              + " ranges, over the limit of "
              + RoutingTable.MAX_PARTITIONS
              + " partitions");
    }
    for (int i = 0; i < entries.size(); i++) {
      Entry e = entries.get(i);
      if (e.end() != null && order.compare(e.start(), e.end()) >= 0) {
        v.accept(
            e.path(),
            "empty range "
                + e.shown()
                + ": its start must be below its end; remove it or move its end up");
      }
      if (complete
          && i + 1 < entries.size()) { // with an entry missing, its neighbours are not neighbours
        neighbours(e, entries.get(i + 1), v);
      }
    }
    if (reported[0] > 0 || !complete || entries.isEmpty()) {
      return null;
    }
    byte[][] starts = new byte[entries.size()][];
    for (int i = 0; i < starts.length; i++) {
      starts[i] = entries.get(i).start();
    }
    return RangeStrategy.ofCanonical(
        type, Arrays.asList(starts), entries.get(entries.size() - 1).end());
  }

  private void neighbours(Entry a, Entry b, BiConsumer<String, String> v) {
    String both = a.label() + " " + a.shown() + " and " + b.label() + " " + b.shown();
    if (a.end() == null) {
      v.accept(
          a.path() + ".end",
          "is null (+∞) but "
              + b.label()
              + " "
              + b.shown()
              + " follows; only the last range may be"
              + " open-ended: end "
              + a.label()
              + " where "
              + b.label()
              + " starts");
      return;
    }
    if (order.compare(b.start(), a.start()) < 0) {
      v.accept(
          b.path(),
          "ranges must be sorted by start, but "
              + b.label()
              + " "
              + b.shown()
              + " starts below "
              + a.label()
              + " "
              + a.shown()
              + "; list the ranges in key order");
      return;
    }
    int c = order.compare(a.end(), b.start());
    if (c < 0) {
      v.accept(
          b.path(),
          "gap between "
              + both
              + ": keys in "
              + interval(type, a.end(), b.start())
              + " are in no range; start "
              + b.label()
              + " where "
              + a.label()
              + " ends, or add a range for the gap");
    } else if (c > 0) {
      byte[] overlapEnd =
          b.end() == null || order.compare(a.end(), b.end()) < 0 ? a.end() : b.end();
      v.accept(
          b.path(),
          both
              + " overlap on "
              + interval(type, b.start(), overlapEnd)
              + "; every key must be in exactly one range: end "
              + a.label()
              + " where "
              + b.label()
              + " starts");
    }
  }
}
