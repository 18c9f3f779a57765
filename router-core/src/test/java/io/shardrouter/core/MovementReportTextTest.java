package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.testing.Keys;
import io.shardrouter.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The whole text of {@link MovementReport#toText()}, as {@code shardctl diff} prints it: the
 * header, the share per group (only groups that gain or lose), the moved partitions as ranges of
 * the same move, and the key moves a grown strategy lists (at most {@link
 * MovementReport#MAX_KEY_MOVES_SHOWN}, the rest counted).
 */
class MovementReportTextTest {

  private static RoutingTable table(long version, List<String> groups, List<String> placement) {
    RoutingTable.Builder b =
        RoutingTable.builder()
            .version(version)
            .entity("orders")
            .keyType(KeyType.STRING)
            .strategy(new ByteSumStrategy(placement.size()));
    for (String g : groups) {
      b.group(ReplicaGroup.of(g, "db-" + g + ":5432"));
    }
    return b.placement(placement).build();
  }

  @Test
  void placementChange_wholeText() {
    RoutingTable from =
        table(
            1,
            List.of("g0", "g1", "g8", "g9"),
            List.of("g0", "g0", "g0", "g1", "g1", "g1", "g1", "g9"));
    RoutingTable to =
        table(
            2,
            List.of("g0", "g1", "g2", "g3", "g8", "g9"),
            List.of("g2", "g2", "g2", "g2", "g1", "g2", "g3", "g1"));
    MovementReport r = MovementReport.between(from, to);
    assertSame(from, r.from());
    assertSame(to, r.to());
    // 0-2 share the move; 3 has another source, 5 is not next to 3, 6 has another destination.
    assertEquals(
        "orders: version 1 -> 2, 8 -> 8 partitions, strategy unchanged (test_byte_sum)\n"
            + "moved: 7 of 8 partitions, 87.5000% of the key space\n"
            + "  g0                           -37.5000%\n"
            + "  g1                +12.5000%  -37.5000%\n"
            + "  g2                +62.5000%\n"
            + "  g3                +12.5000%\n"
            + "  g9                           -12.5000%\n"
            + "partitions: 0-2 (g0->g2), 3 (g1->g2), 5 (g1->g2), 6 (g1->g3), 7 (g9->g1)\n",
        r.toText());
    assertEquals(0.875, r.movedShare(), 1e-12);
    assertEquals(0.125, r.gainedShare().get("g1"), 1e-12);
    assertEquals(0.375, r.lostShare().get("g1"), 1e-12);
    assertEquals(List.of("g1", "g2", "g3"), List.copyOf(r.gainedShare().keySet()));
    assertEquals(List.of("g0", "g1", "g9"), List.copyOf(r.lostShare().keySet()));
    assertEquals(
        new MovementReport.Move(6, "g1", "g3", 0.125), r.moves().get(5), "partition 6's move");
  }

  @Test
  void nothingMoved_wholeText() {
    RoutingTable from = table(3, List.of("g0", "g1"), List.of("g0", "g1", "g0"));
    RoutingTable to = table(4, List.of("g0", "g1"), List.of("g0", "g1", "g0"));
    assertEquals(
        "orders: version 3 -> 4, 3 -> 3 partitions, strategy unchanged (test_byte_sum)\n"
            + "moved: 0 of 3 partitions, 0.0000% of the key space\n",
        MovementReport.between(from, to).toText());
  }

  @Test
  void unrelatedPartitions_headerAndHintOnly() {
    RoutingTable from = table(1, List.of("g0"), List.of("g0", "g0"));
    RoutingTable to = table(2, List.of("g0", "g1"), List.of("g1", "g0", "g1"));
    MovementReport r = MovementReport.between(from, to);
    assertEquals(
        "orders: version 1 -> 2, 2 -> 3 partitions, strategy changed (test_byte_sum -> test_byte_sum)\n"
            + "partition numbers mean different keys under the two strategies: count moved keys with a key sample\n",
        r.toText());
    assertEquals(List.of(), r.moves());
    assertEquals(List.of(), r.keyMoves());
    assertEquals(false, r.partitionsKeepKeys());
  }

  /** Byte-sum partitions, but each key "hot<i>" (i < n) goes to one partition after them. */
  private record HotKeysStrategy(ByteSumStrategy base, int n)
      implements PartitionStrategy, KeyMovement {
    @Override
    public String type() {
      return "test_hot_keys";
    }

    @Override
    public int partitionCount() {
      return base.partitionCount() + 1;
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      for (int i = 0; i < n; i++) {
        byte[] hot = CanonicalKeys.of("hot" + i);
        if (java.util.Arrays.equals(hot, 0, hot.length, canonical, offset, offset + length)) {
          return base.partitionCount();
        }
      }
      return base.partitionOf(canonical, offset, length);
    }

    @Override
    public List<MovementReport.KeyMove> keyMovesFrom(PartitionStrategy previous) {
      List<MovementReport.KeyMove> moves = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        moves.add(
            new MovementReport.KeyMove(
                "hot" + i, base.partitionOf(Keys.of("hot" + i)), base.partitionCount()));
      }
      return moves;
    }

    @Override
    public Spec toSpec() {
      return Specs.withType(Specs.with(base.toSpec(), "n", Spec.of(n)), type());
    }
  }

  private static RoutingTable grown(RoutingTable from, int hotKeys) {
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < from.partitionCount(); p++) {
      placement.add(from.groupOf(p).id());
    }
    placement.add("g-hot");
    return from.toBuilder()
        .version(from.version() + 1)
        .strategy(new HotKeysStrategy((ByteSumStrategy) from.strategy(), hotKeys))
        .group(ReplicaGroup.of("g-hot", "dbhot:5432"))
        .placement(placement)
        .build();
  }

  private static String keyLines(RoutingTable from, int shown) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < shown; i++) {
      int p = from.route("hot" + i).partition();
      sb.append("  hot")
          .append(i)
          .append(": partition ")
          .append(p)
          .append(" (")
          .append(from.groupOf(p).id())
          .append(") -> partition 8 (g-hot)\n");
    }
    return sb.toString();
  }

  @Test
  void keyMoves_overTheLimit_listsTwentyAndCountsTheRest() {
    RoutingTable from = Tables.table(1, 8, 2);
    MovementReport r = MovementReport.between(from, grown(from, 23));
    assertEquals(
        "orders: version 1 -> 2, 8 -> 9 partitions, strategy changed (test_byte_sum -> test_hot_keys)\n"
            + "partitions 0-7 keep their keys, but for 23 keys the new strategy routes elsewhere\n"
            + "moved: 0 of 8 partitions, 0.0000% of the key space\n"
            + "keys moved by the strategy: 23\n"
            + keyLines(from, MovementReport.MAX_KEY_MOVES_SHOWN)
            + "  ... 3 more\n",
        r.toText());
  }

  @Test
  void keyMoves_atTheLimit_listsAllWithoutMore() {
    RoutingTable from = Tables.table(1, 8, 2);
    MovementReport r = MovementReport.between(from, grown(from, 20));
    assertEquals(
        "orders: version 1 -> 2, 8 -> 9 partitions, strategy changed (test_byte_sum -> test_hot_keys)\n"
            + "partitions 0-7 keep their keys, but for 20 keys the new strategy routes elsewhere\n"
            + "moved: 0 of 8 partitions, 0.0000% of the key space\n"
            + "keys moved by the strategy: 20\n"
            + keyLines(from, 20),
        r.toText());
  }

  @Test
  void keyMoves_countedOnlyForListedPairs() {
    RoutingTable from = Tables.table(1, 8, 2);
    MovementReport r = MovementReport.between(from, grown(from, 2));
    List<byte[]> sample = new ArrayList<>();
    sample.add(CanonicalKeys.of("hot0"));
    sample.add(CanonicalKeys.of("hot1"));
    sample.add(CanonicalKeys.of("cold"));
    sample.add(CanonicalKeys.of("hot2")); // not hot in this strategy: stays
    MovementReport.KeyCount c = r.countKeys(sample);
    assertEquals(new MovementReport.KeyCount(4, 2, 0), c);
    assertEquals(0.5, c.movedShare(), 1e-12);
    assertEquals(0.0, new MovementReport.KeyCount(0, 0, 0).movedShare());
  }

  /** Claims every key keeps its partition, but routes by byte sum shifted by one. */
  private record ShiftedStrategy(int partitions) implements PartitionStrategy, KeyMovement {
    @Override
    public String type() {
      return "test_shifted";
    }

    @Override
    public int partitionCount() {
      return partitions;
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return (new ByteSumStrategy(partitions).partitionOf(canonical, offset, length) + 1)
          % partitions;
    }

    @Override
    public List<MovementReport.KeyMove> keyMovesFrom(PartitionStrategy previous) {
      return List.of();
    }

    @Override
    public Spec toSpec() {
      return Spec.object().put("type", type()).put("partitions", partitions).build();
    }
  }

  @Test
  void keysMovedByAnUnlistedChange_countedOutsideThePlan() {
    RoutingTable from = Tables.table(1, 8, 2);
    RoutingTable to = from.toBuilder().version(2).strategy(new ShiftedStrategy(8)).build();
    MovementReport r = MovementReport.between(from, to);
    // Every key changes partition (and, over two alternating groups, group): none of it planned.
    MovementReport.KeyCount c =
        r.countKeys(List.of(CanonicalKeys.of("a"), CanonicalKeys.of("b"), CanonicalKeys.of("c")));
    assertEquals(new MovementReport.KeyCount(3, 3, 3), c);
    assertEquals(1.0, c.movedShare(), 1e-12);
  }

  @Test
  void groupChangeOnUnrelatedPartitions_notCountedOutsideThePlan() {
    RoutingTable from = Tables.table(1, 8, 2);
    RoutingTable to = Tables.table(2, 9, 2);
    MovementReport.KeyCount c =
        MovementReport.between(from, to)
            .countKeys(
                List.of(CanonicalKeys.of("a"), CanonicalKeys.of("b"), CanonicalKeys.of("h")));
    // 'a' = 97: 97 % 8 = 1 (g1), 97 % 9 = 7 (g1); 'b' = 98: 2 (g0) and 8 (g0); 'h' = 104: 0 (g0)
    // and 5 (g1).
    assertEquals(new MovementReport.KeyCount(3, 1, 0), c);
  }

  /** Reports a key move whose partitions are given, whatever they are. */
  private record BadMovesStrategy(ByteSumStrategy base, int from, int to)
      implements PartitionStrategy, KeyMovement {
    @Override
    public String type() {
      return "test_bad_moves";
    }

    @Override
    public int partitionCount() {
      return base.partitionCount();
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return base.partitionOf(canonical, offset, length);
    }

    @Override
    public List<MovementReport.KeyMove> keyMovesFrom(PartitionStrategy previous) {
      return List.of(new MovementReport.KeyMove("k", from, to));
    }

    @Override
    public Spec toSpec() {
      return Specs.with(
          Specs.with(Specs.withType(base.toSpec(), type()), "from", Spec.of(from)),
          "to",
          Spec.of(to));
    }
  }

  private static RoutingTable withMoves(RoutingTable from, int a, int b) {
    return from.toBuilder()
        .version(2)
        .strategy(new BadMovesStrategy((ByteSumStrategy) from.strategy(), a, b))
        .build();
  }

  @Test
  void keyMoveOutsideTheTables_refusedAsAStrategyBug() {
    RoutingTable from = Tables.table(1, 8, 2);
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> MovementReport.between(from, withMoves(from, 8, 0)));
    assertEquals(
        "strategy 'test_bad_moves' reports that k moves from partition 8 to 0, outside the tables' 8"
            + " and 8 partitions; this is a bug in the strategy's keyMovesFrom",
        e.getMessage());
    assertThrows(
        IllegalStateException.class, () -> MovementReport.between(from, withMoves(from, 0, 8)));
    // The last partition of each table is inside.
    MovementReport r = MovementReport.between(from, withMoves(from, 7, 6));
    assertEquals(List.of(new MovementReport.KeyMove("k", 7, 6)), r.keyMoves());
    assertEquals(
        List.of(new MovementReport.KeyMove("k", 6, 7)),
        MovementReport.between(from, withMoves(from, 6, 7)).keyMoves());
  }

  @Test
  void otherKeyType_refusedWithBothTables() {
    RoutingTable strings = Tables.table(1, 8, 2);
    RoutingTable longs = strings.toBuilder().version(2).keyType(KeyType.LONG).build();
    RoutingException e =
        assertThrows(RoutingException.class, () -> MovementReport.between(strings, longs));
    assertEquals(
        "cannot compare routing tables of different entities or key types: 'orders' (string) and"
            + " 'orders' (long)",
        e.getMessage());
  }
}
