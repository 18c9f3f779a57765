package io.shardrouter.cli;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.NoRouteException;
import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.range.HotTail;
import io.shardrouter.range.KeyRange;
import io.shardrouter.range.RangeSplits;
import io.shardrouter.range.RangeStrategy;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The range part of {@code shardctl demo}: pruning over two ranges of ids, the compact range
 * document routing both sides of its boundary, a split of its open tail onto a new group with
 * exactly the split-off keys moving, and the hot-tail warning for increasing keys. {@link #run}
 * returns false when a check fails.
 */
final class RangeDemo {
  /** The compact range document, as docs/examples/range-compact.json holds it. */
  static final String COMPACT_DOCUMENT =
      """
      {
        "routing_version": 12,
        "entity": "tenant:plant-a",
        "ranges": [
          {"start": "2026-01-01T00:00:00Z", "end": "2026-04-01T00:00:00Z", "shard": "ts-01", "end_inclusive": false},
          {"start": "2026-04-01T00:00:00Z", "end": null, "shard": "ts-02", "end_inclusive": false}
        ]
      }
      """;

  static final int SAMPLE = 100_000;

  private RangeDemo() {}

  static boolean run(PrintStream out) {
    boolean ok = pruning(out);
    RoutingTable t = RoutingDocuments.read(COMPACT_DOCUMENT);
    ok &= compactDocument(out, t);
    ok &= split(out, t);
    return ok;
  }

  private static boolean pruning(PrintStream out) {
    RangeStrategy s = RangeStrategy.of(KeyType.LONG, List.of(0L, 1000L, 2000L), null);
    heading(
        out,
        "range pruning: long keys in "
            + s.interval(0)
            + ", "
            + s.interval(1)
            + ", "
            + s.interval(2));
    KeyType l = KeyType.LONG;
    Object[][] queries = {
      {KeyRange.closed(l, 950L, 1050L), "id BETWEEN 950 AND 1050", PartitionSet.range(0, 2)},
      {KeyRange.closed(l, 1200L, 1300L), "id BETWEEN 1200 AND 1300", PartitionSet.range(1, 2)},
      {KeyRange.closedOpen(l, 0L, 1000L), "id >= 0 AND id < 1000", PartitionSet.range(0, 1)},
      {KeyRange.atMost(l, 5000L), "id <= 5000", PartitionSet.range(0, 3)},
      {KeyRange.open(l, 999L, 1000L), "id > 999 AND id < 1000", PartitionSet.empty()}
    };
    Columns c = new Columns("query", "key range", "visits");
    boolean ok = true;
    for (Object[] q : queries) {
      PartitionSet span = s.prune((KeyRange) q[0]);
      ok &= span.equals(q[2]);
      c.row(q[1], q[0], PruneCommand.describe(span));
    }
    c.print(out, "  ");
    return ok;
  }

  private static boolean compactDocument(PrintStream out, RoutingTable t) {
    heading(
        out,
        "the compact range document: entity "
            + t.entity()
            + ", version "
            + t.version()
            + ", left-closed right-open");
    boolean ok = true;
    for (String[] k :
        new String[][] {{"2026-03-31T23:59:59Z", "ts-01"}, {"2026-04-01T00:00:00Z", "ts-02"}}) {
      Route r = t.route(Instant.parse(k[0]));
      ok &= r.group().id().equals(k[1]);
      out.println(
          "  "
              + k[0]
              + " -> partition "
              + r.partition()
              + " "
              + ((RangeStrategy) t.strategy()).interval(r.partition())
              + ", group "
              + r.group().id());
    }
    try {
      t.route(Instant.parse("2025-12-31T23:59:59Z"));
      ok = false;
    } catch (NoRouteException e) {
      out.println("  2025-12-31T23:59:59Z -> refused: in no range, below the first one");
    }
    return ok;
  }

  private static boolean split(PrintStream out, RoutingTable t) {
    RoutingTable withTs03 = t.toBuilder().group(ReplicaGroup.of("ts-03", "ts-03")).build();
    Instant at = Instant.parse("2026-07-01T00:00:00Z");
    heading(out, "range split: the open tail at " + at + ", its upper part onto a new group ts-03");
    RoutingTable next =
        RangeSplits.split(withTs03, KeyType.TIMESTAMP.parseText(at.toString()), "ts-03");
    MovementReport m = MovementReport.between(withTs03, next);
    RangeStrategy s = (RangeStrategy) next.strategy();
    Columns cols = new Columns("partition", "range", "group");
    for (int p = 0; p < next.partitionCount(); p++) {
      cols.row(p, s.interval(p), next.groupOf(p).id());
    }
    cols.print(out, "  ");
    for (String line : m.toText().split("\n")) {
      out.println("  " + line);
    }
    SplittableRandom r = new SplittableRandom(1);
    long start = Instant.parse("2026-01-01T00:00:00Z").getEpochSecond();
    List<byte[]> keys = new ArrayList<>(SAMPLE);
    long expected = 0;
    for (int i = 0; i < SAMPLE; i++) {
      long sec = start + r.nextLong(365L * 86400);
      keys.add(KeyType.TIMESTAMP.parseText(Instant.ofEpochSecond(sec).toString()));
      expected += sec >= at.getEpochSecond() ? 1 : 0;
    }
    MovementReport.KeyCount n = m.countKeys(keys);
    out.println(
        String.format(
            Locale.ROOT,
            "  keys: %,d timestamps over 2026, %,d moved (%.2f%%: those from %s on),"
                + " %d moved outside the listed key ranges",
            n.keys(),
            n.moved(),
            100 * n.movedShare(),
            at,
            n.movedOutsidePlan()));
    List<byte[]> writes = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      writes.add(
          KeyType.TIMESTAMP.parseText(
              Instant.parse("2026-08-01T00:00:00Z").plusSeconds(i * 60L).toString()));
    }
    HotTail hot = HotTail.check(s, writes);
    out.println("  writes of the last week: " + hot.message());
    return n.moved() == expected
        && n.movedOutsidePlan() == 0
        && m.moves().size() == 1
        && hot.warns();
  }

  private static void heading(PrintStream out, String title) {
    out.println();
    out.println("== " + title);
  }
}
