package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MovementReportTest {

  private static List<byte[]> keys(int n) {
    // Random text so that the byte-sum test strategy reaches every partition.
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(20261130);
    List<byte[]> keys = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      keys.add(CanonicalKeys.of(Long.toString(rnd.nextLong(), 36)));
    }
    return keys;
  }

  @Test
  void placementChange_listsExactlyTheMovedPartitions() {
    RoutingTable from = Tables.table(1, 100, 4);
    RoutingTable.Builder b = from.toBuilder().version(2).group(ReplicaGroup.of("g4", "db4:5432"));
    b.place(0, "g4").place(1, "g4").place(2, "g4").place(50, "g4");
    RoutingTable to = b.build();
    MovementReport r = MovementReport.between(from, to);
    assertTrue(r.sameStrategy());
    assertEquals(
        List.of(0, 1, 2, 50), r.moves().stream().map(MovementReport.Move::toPartition).toList());
    assertEquals(0.04, r.movedShare(), 1e-12);
    assertEquals(0.04, r.gainedShare().get("g4"), 1e-12);
    assertEquals(0.01, r.lostShare().get("g0"), 1e-12);
    assertEquals(0.02, r.lostShare().get("g2"), 1e-12);
    assertTrue(
        r.toText().contains("moved: 4 of 100 partitions, 4.0000% of the key space"), r.toText());
    assertTrue(r.toText().contains("0 (g0->g4), 1 (g1->g4), 2 (g2->g4), 50 (g2->g4)"), r.toText());
    MovementReport.KeyCount c = r.countKeys(keys(5000));
    assertEquals(5000, c.keys());
    assertEquals(0, c.movedOutsidePlan());
    assertTrue(c.moved() > 0);
  }

  @Test
  void samePlacement_movesNothing() {
    MovementReport r = MovementReport.between(Tables.table(1, 64, 4), Tables.table(2, 64, 4));
    assertEquals(0, r.moves().size());
    assertEquals(0.0, r.movedShare());
    assertEquals(0, r.countKeys(keys(1000)).moved());
  }

  @Test
  void strategyChange_reportsOnlyKeyCounts() {
    MovementReport r = MovementReport.between(Tables.table(1, 64, 4), Tables.table(2, 65, 4));
    assertFalse(r.sameStrategy());
    assertTrue(Double.isNaN(r.movedShare()));
    assertTrue(r.toText().contains("count moved keys with a key sample"), r.toText());
    assertTrue(r.countKeys(keys(1000)).moved() > 0);
  }

  @Test
  void otherEntity_refused() {
    RoutingTable users = Tables.table(1, 64, 4).toBuilder().entity("users").build();
    assertThrows(
        RoutingException.class, () -> MovementReport.between(Tables.table(1, 64, 4), users));
  }

  /** Byte-sum partitions, but key "hot" goes to a partition of its own after them. */
  static final class HotKeyStrategy implements PartitionStrategy, KeyMovement {
    private final ByteSumStrategy base;
    private final byte[] hot = CanonicalKeys.of("hot");

    HotKeyStrategy(int basePartitions) {
      this.base = new ByteSumStrategy(basePartitions);
    }

    @Override
    public String type() {
      return "test_hot_key";
    }

    @Override
    public int partitionCount() {
      return base.partitionCount() + 1;
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return java.util.Arrays.equals(hot, 0, hot.length, canonical, offset, offset + length)
          ? base.partitionCount()
          : base.partitionOf(canonical, offset, length);
    }

    @Override
    public List<MovementReport.KeyMove> keyMovesFrom(PartitionStrategy previous) {
      return previous.equals(base)
          ? List.of(new MovementReport.KeyMove("hot", base.partitionOf(hot), base.partitionCount()))
          : null;
    }

    @Override
    public Spec toSpec() {
      return Specs.withType(base.toSpec(), type());
    }
  }

  private static RoutingTable withHotKey(RoutingTable from, String group) {
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < from.partitionCount(); p++) {
      placement.add(from.groupOf(p).id());
    }
    placement.add(group);
    return from.toBuilder()
        .version(from.version() + 1)
        .strategy(new HotKeyStrategy(from.partitionCount()))
        .group(ReplicaGroup.of("g-hot", "dbhot:5432"))
        .placement(placement)
        .build();
  }

  @Test
  void strategyGrew_listsOnlyTheMovedKey() {
    RoutingTable from = Tables.table(1, 64, 4);
    RoutingTable to = withHotKey(from, "g-hot");
    MovementReport r = MovementReport.between(from, to);
    assertFalse(r.sameStrategy());
    assertTrue(r.partitionsKeepKeys());
    int hotFrom = from.route("hot").partition();
    assertEquals(List.of(new MovementReport.KeyMove("hot", hotFrom, 64)), r.keyMoves());
    assertEquals(List.of(), r.moves());
    assertEquals(0.0, r.movedShare());
    String text = r.toText();
    assertTrue(
        text.contains(
            "partitions 0-63 keep their keys, but for 1 key the new strategy routes elsewhere"),
        text);
    assertTrue(text.contains("moved: 0 of 64 partitions"), text);
    assertTrue(
        text.contains(
            "keys moved by the strategy: 1\n  hot: partition "
                + hotFrom
                + " ("
                + from.groupOf(hotFrom).id()
                + ") -> partition 64 (g-hot)"),
        text);
    List<byte[]> sample = keys(5000);
    sample.add(CanonicalKeys.of("hot"));
    MovementReport.KeyCount c = r.countKeys(sample);
    assertEquals(1, c.moved());
    assertEquals(0, c.movedOutsidePlan());
  }

  @Test
  void strategyGrew_onSameGroup_keyStillCountedAsMoved() {
    RoutingTable from = Tables.table(1, 64, 4);
    int hotFrom = from.route("hot").partition();
    RoutingTable to = withHotKey(from, from.groupOf(hotFrom).id());
    MovementReport.KeyCount c =
        MovementReport.between(from, to)
            .countKeys(List.of(CanonicalKeys.of("hot"), CanonicalKeys.of("cold")));
    assertEquals(1, c.moved());
    assertEquals(0, c.movedOutsidePlan());
  }

  @Test
  void keyMove_badPartitions_refused() {
    assertThrows(IllegalArgumentException.class, () -> new MovementReport.KeyMove("k", 3, 3));
    assertThrows(IllegalArgumentException.class, () -> new MovementReport.KeyMove("k", -1, 3));
  }
}
