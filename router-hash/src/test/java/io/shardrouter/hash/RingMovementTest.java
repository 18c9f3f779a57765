package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.internal.RingMovement;
import io.shardrouter.testing.Keys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RingMovementTest {

  private static List<byte[]> keys(int n) {
    List<byte[]> keys = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      keys.add(Keys.of("device-" + i));
    }
    return keys;
  }

  @Test
  void placementOnlyChange_agreesWithMovementReport() {
    List<ReplicaGroup> gs = RingFixtures.groups(3);
    RoutingTable from = RingFixtures.ring(gs, RingFixtures.weights(gs, null, 1), 8);
    RoutingTable to =
        from.toBuilder().version(2).place(0, "g2").place(4, "g2").build(); // on g0 and g1
    RingMovement ring = RingMovement.between(from, to);
    MovementReport core = MovementReport.between(from, to);
    assertTrue(core.sameStrategy());
    assertEquals(core.movedShare(), ring.movedShare(), 1e-15);
    assertEquals(core.gainedShare(), ring.gainedShare());
    assertEquals(core.lostShare().keySet(), ring.lostShare().keySet());
    assertEquals(2, ring.moves().size());
    assertEquals(0, ring.moves().get(0).fromPartition());
    assertEquals(0, ring.moves().get(0).toPartition());
  }

  @Test
  void addGroup_listsTheCutPiecesWithTheirOldPartitions() {
    List<ReplicaGroup> gs = RingFixtures.groups(10);
    RoutingTable from = RingFixtures.ring(gs, RingFixtures.weights(gs, null, 1), 16);
    RoutingTable to = RingAllocator.standard().addGroup(from, RingFixtures.group("new"), 1);
    RingMovement m = RingMovement.between(from, to);
    assertEquals(1.0 / 11, m.movedShare(), 1e-12);
    double sum = 0;
    for (RingMovement.Move mv : m.moves()) {
      assertEquals("new", mv.toGroup());
      assertEquals(from.groupOf(mv.fromPartition()).id(), mv.fromGroup());
      assertTrue(
          mv.toPartition() == mv.fromPartition() || mv.toPartition() >= from.partitionCount(),
          "a moved range keeps its id or is a new cut: " + mv);
      sum += mv.share();
    }
    assertEquals(m.movedShare(), sum, 1e-12);
    MovementReport.KeyCount c = m.countKeys(keys(50_000));
    assertEquals(0, c.movedOutsidePlan());
    assertEquals(1.0 / 11, c.movedShare(), 0.01);
    String text = m.toText();
    assertTrue(text.startsWith("orders: version 1 -> 2, ring 160 -> "), text);
    assertTrue(text.contains("moved: 9.0909% of the key space"), text);
    assertTrue(text.contains("from 10 groups to 1 group\n"), text);
    assertTrue(
        text.lines().anyMatch(l -> l.matches(" +new +\\+9\\.0909%")),
        text); // gains only: no loss column
  }

  @Test
  void namedVnodes_addNode_movesOnlyToTheNewNode() {
    RoutingTable four =
        NamedVnodesGoldenTest.table(List.of("edge-1", "edge-2", "edge-3", "edge-4"), 150);
    RoutingTable five =
        NamedVnodesGoldenTest.table(List.of("edge-1", "edge-2", "edge-3", "edge-4", "edge-5"), 150);
    RingMovement m = RingMovement.between(four, five);
    assertEquals(List.of("edge-5"), List.copyOf(m.gainedShare().keySet()));
    assertEquals(five.strategy().shareOf(4), m.movedShare(), 1e-12);
    assertEquals(4, m.lostShare().size(), "taken from every old node, not one neighbour");
    MovementReport.KeyCount c = m.countKeys(keys(50_000));
    assertEquals(0, c.movedOutsidePlan());
    assertEquals(m.movedShare(), c.movedShare(), 0.01);
  }

  @Test
  void unlikeTables_refused() {
    List<ReplicaGroup> gs = RingFixtures.groups(3);
    RoutingTable ring = RingFixtures.ring(gs, RingFixtures.weights(gs, null, 1), 4);
    RoutingTable murmur =
        RingAllocator.standard()
            .initial(
                2,
                "orders",
                KeyType.STRING,
                StableHash.byName(StableHash.MURMUR3_64, 0),
                4,
                gs,
                Map.of("g0", 1, "g1", 1, "g2", 1));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RingMovement.between(ring, murmur));
    assertTrue(
        e.getMessage().contains("the rings hash keys with xxh3-64 and murmur3-64"), e.getMessage());
    RoutingTable mod =
        ring.toBuilder().version(2).strategy(HashModStrategy.of(StableHash.xxh3(), 12)).build();
    e = assertThrows(IllegalArgumentException.class, () -> RingMovement.between(ring, mod));
    assertTrue(e.getMessage().contains("use MovementReport for other strategies"), e.getMessage());
    assertThrows(
        RoutingException.class,
        () -> RingMovement.between(ring, ring.toBuilder().entity("users").build()));
  }

  /** The key text of every vnode token of {@code nodes}: keys whose routing point is a token. */
  private static List<byte[]> tokenKeys(List<String> nodes, int vnodes) {
    List<byte[]> keys = new ArrayList<>();
    for (String n : nodes) {
      for (int i = 0; i < vnodes; i++) {
        keys.add(Keys.of(n + "#vnode-" + i));
      }
    }
    return keys;
  }

  @Test
  void keysExactlyOnATokenPoint_fallInTheSegmentAfterIt_asTheyRoute() {
    List<String> nodes = List.of("edge-1", "edge-2", "edge-3", "edge-4", "edge-5");
    RoutingTable four = NamedVnodesGoldenTest.table(nodes.subList(0, 4), 150);
    RoutingTable five = NamedVnodesGoldenTest.table(nodes, 150);
    List<byte[]> keys = tokenKeys(nodes, 150);
    long moved = 0;
    for (byte[] k : keys) {
      if (!four.routeCanonical(k).group().equals(five.routeCanonical(k).group())) {
        moved++;
      }
    }
    RingMovement m = RingMovement.between(four, five);
    assertSame(four, m.from());
    assertSame(five, m.to());
    MovementReport.KeyCount c = m.countKeys(keys);
    assertTrue(moved > 0, "some token points change owner");
    assertEquals(keys.size(), c.keys());
    assertEquals(moved, c.moved());
    assertEquals(0, c.movedOutsidePlan(), "a point equal to a token belongs to the next token");
  }

  @Test
  void keysRoutedThroughAnotherTableThanPlanned_countedAsMovedOutsideThePlan() {
    List<String> nodes = List.of("edge-1", "edge-2", "edge-3", "edge-4", "edge-5", "edge-6");
    RoutingTable four = NamedVnodesGoldenTest.table(nodes.subList(0, 4), 150);
    RoutingTable five = NamedVnodesGoldenTest.table(nodes.subList(0, 5), 150);
    RoutingTable six = NamedVnodesGoldenTest.table(nodes, 150);
    List<byte[]> keys = keys(20_000);
    long moved = 0;
    long outside = 0;
    for (byte[] k : keys) {
      String was = four.routeCanonical(k).group().id();
      if (!was.equals(six.routeCanonical(k).group().id())) {
        moved++;
        if (was.equals(five.routeCanonical(k).group().id())) {
          outside++;
        }
      }
    }
    MovementReport.KeyCount c = RingMovement.between(four, five).countKeys(keys, six);
    assertTrue(outside > 0, "edge-6 takes keys the plan leaves in place");
    assertEquals(moved, c.moved());
    assertEquals(outside, c.movedOutsidePlan());
    assertEquals(0, RingMovement.between(four, five).countKeys(keys).movedOutsidePlan());
  }

  /** A ring of {@code tokens} (unsigned, increasing), token i on partition i and group g(i). */
  private static RoutingTable handRing(long version, long[] tokens, List<String> placement) {
    int[] partitions = new int[tokens.length];
    for (int i = 0; i < tokens.length; i++) {
      partitions[i] = i;
    }
    RingStrategy s =
        RingStrategy.ofTokens(
            StableHash.xxh3(), tokens, partitions, tokens.length, Map.of("g0", 1, "g1", 1), 1);
    return RoutingTable.builder()
        .version(version)
        .entity("orders")
        .keyType(KeyType.STRING)
        .strategy(s)
        .groups(List.of(RingFixtures.group("g0"), RingFixtures.group("g1")))
        .placement(placement)
        .build();
  }

  @Test
  void tokenAboveEveryTokenOfTheOtherRing_movementTheSameBothWays_andItsText() {
    // two: [c000.., 4000..) on g0 (wrapping), [4000.., c000..) on g1; one: the whole ring on g0
    RoutingTable two =
        handRing(
            1, new long[] {0x4000_0000_0000_0000L, 0xC000_0000_0000_0000L}, List.of("g0", "g1"));
    RoutingTable one = handRing(2, new long[] {0x4000_0000_0000_0000L}, List.of("g0"));
    RingMovement down = RingMovement.between(two, one);
    RingMovement up = RingMovement.between(one, two);
    assertEquals(0.5, down.movedShare(), 1e-15);
    assertEquals(0.5, up.movedShare(), 1e-15);
    assertEquals(List.of(new RingMovement.Move(1, 0, "g1", "g0", 0.5)), down.moves(), "one piece");
    assertEquals(List.of(new RingMovement.Move(0, 1, "g0", "g1", 0.5)), up.moves());
    assertEquals(
        "orders: version 1 -> 2, ring 2 -> 1 tokens, 2 -> 1 partitions\n"
            + "moved: 50.0000% of the key space in 1 piece, from 1 group to 1 group\n"
            + "  g0                +50.0000%\n"
            + "  g1                           -50.0000%\n",
        down.toText());
  }
}
