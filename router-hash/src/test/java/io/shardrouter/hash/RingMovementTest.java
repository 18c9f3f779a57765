package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.ExactMovement;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import io.shardrouter.testing.Strategies;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link MovementReport} between two ring tables: the ring lays itself over the old one ({@link
 * io.shardrouter.core.ExactMovement}), so the report lists arcs of the hash space, exact across
 * partitions cut from old ones.
 */
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
    MovementReport ring = MovementReport.between(from, to);
    assertTrue(ring.sameStrategy());
    assertEquals(MovementReport.Layout.ARCS, ring.layout());
    // the arcs of a partition sum to its share: the partition-by-partition count agrees
    assertEquals(from.strategy().shareOf(0) + from.strategy().shareOf(4), ring.movedShare(), 1e-15);
    assertEquals(Map.of("g2", ring.movedShare()), ring.gainedShare());
    assertEquals(2, ring.lostShare().size());
    assertEquals(2, ring.moves().size());
    assertEquals(0, ring.moves().get(0).fromPartition());
    assertEquals(0, ring.moves().get(0).toPartition());
    assertEquals(4, ring.moves().get(1).toPartition());
  }

  @Test
  void addGroup_listsTheCutPiecesWithTheirOldPartitions() {
    List<ReplicaGroup> gs = RingFixtures.groups(10);
    RoutingTable from = RingFixtures.ring(gs, RingFixtures.weights(gs, null, 1), 16);
    RoutingTable to = RingAllocator.standard().addGroup(from, RingFixtures.group("new"), 1);
    MovementReport m = MovementReport.between(from, to);
    assertEquals(MovementReport.Layout.ARCS, m.layout());
    assertTrue(m.partitionsKeepKeys(), "exact although the strategy changed");
    assertFalse(m.sameStrategy());
    assertEquals(1.0 / 11, m.movedShare(), 1e-12);
    double sum = 0;
    for (MovementReport.Move mv : m.moves()) {
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
    MovementReport m = MovementReport.between(four, five);
    assertEquals(List.of("edge-5"), List.copyOf(m.gainedShare().keySet()));
    assertEquals(five.strategy().shareOf(4), m.movedShare(), 1e-12);
    assertEquals(4, m.lostShare().size(), "taken from every old node, not one neighbour");
    MovementReport.KeyCount c = m.countKeys(keys(50_000));
    assertEquals(0, c.movedOutsidePlan());
    assertEquals(m.movedShare(), c.movedShare(), 0.01);
  }

  @Test
  void unlikeTables_comparedPartitionByPartition_orRefused() {
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
    // token positions mean other keys under another hash: no arcs, only a key sample measures it
    MovementReport rehashed = MovementReport.between(ring, murmur);
    assertEquals(MovementReport.Layout.PARTITIONS, rehashed.layout());
    assertFalse(rehashed.partitionsKeepKeys());
    assertTrue(Double.isNaN(rehashed.movedShare()));
    assertTrue(rehashed.toText().contains("count moved keys with a key sample"), rehashed.toText());
    RoutingTable mod =
        ring.toBuilder().version(2).strategy(HashModStrategy.of(StableHash.xxh3(), 12)).build();
    assertEquals(MovementReport.Layout.PARTITIONS, MovementReport.between(ring, mod).layout());
    assertEquals(MovementReport.Layout.PARTITIONS, MovementReport.between(mod, ring).layout());
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () -> MovementReport.between(ring, ring.toBuilder().entity("users").build()));
    assertTrue(e.getMessage().contains("'orders' (string) and 'users' (string)"), e.getMessage());
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
    MovementReport m = MovementReport.between(four, five);
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
    MovementReport plan = MovementReport.between(four, five);
    MovementReport.KeyCount c = plan.countKeys(keys, six);
    assertTrue(outside > 0, "edge-6 takes keys the plan leaves in place");
    assertEquals(moved, c.moved());
    assertEquals(outside, c.movedOutsidePlan());
    assertEquals(0, plan.countKeys(keys).movedOutsidePlan());
    assertEquals(plan.countKeys(keys), plan.countKeys(keys, five), "the planned table by default");
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
    MovementReport down = MovementReport.between(two, one);
    MovementReport up = MovementReport.between(one, two);
    assertEquals(0.5, down.movedShare(), 1e-15);
    assertEquals(0.5, up.movedShare(), 1e-15);
    assertEquals(
        List.of(new MovementReport.Move(1, 0, "g1", "g0", 0.5, null)), down.moves(), "one piece");
    assertEquals(List.of(new MovementReport.Move(0, 1, "g0", "g1", 0.5, null)), up.moves());
    assertEquals(
        "orders: version 1 -> 2, ring 2 -> 1 tokens, 2 -> 1 partitions\n"
            + "moved: 50.0000% of the key space in 1 piece, from 1 group to 1 group\n"
            + "  g0                +50.0000%\n"
            + "  g1                           -50.0000%\n",
        down.toText());
  }

  @Test
  void capability_usedForRings_partitionCountAndKeySampleAgreeWithIt() {
    long seed = KeyGenerators.clockSeed();
    String ctx = "seed " + seed;
    SplittableRandom rnd = new SplittableRandom(seed);
    List<ReplicaGroup> gs = RingFixtures.groups(6);
    RoutingTable from = RingFixtures.ring(gs, RingFixtures.weights(gs, rnd, 3), 16);
    assertTrue(from.strategy() instanceof ExactMovement, ctx);

    // Placement only: the arcs and the partition-by-partition calculation are both exact.
    RoutingTable.Builder b = from.toBuilder().version(2);
    for (int i = 0; i < 10; i++) {
      b.place(rnd.nextInt(from.partitionCount()), "g" + rnd.nextInt(gs.size()));
    }
    RoutingTable placed = b.build();
    MovementReport arcs = MovementReport.between(from, placed);
    MovementReport partitions =
        MovementReport.between(
            Strategies.withoutCapabilities(from), Strategies.withoutCapabilities(placed));
    assertEquals(MovementReport.Layout.ARCS, arcs.layout(), ctx);
    assertEquals(MovementReport.Layout.PARTITIONS, partitions.layout(), ctx);
    assertEquals(partitions.movedShare(), arcs.movedShare(), 1e-12, ctx);
    assertEquals(partitions.gainedShare().keySet(), arcs.gainedShare().keySet(), ctx);
    assertEquals(partitions.lostShare().keySet(), arcs.lostShare().keySet(), ctx);
    for (String g : arcs.gainedShare().keySet()) {
      assertEquals(partitions.gainedShare().get(g), arcs.gainedShare().get(g), 1e-12, ctx);
    }
    TreeSet<Integer> byArcs = new TreeSet<>();
    arcs.moves().forEach(m -> byArcs.add(m.toPartition()));
    TreeSet<Integer> byPartitions = new TreeSet<>();
    partitions.moves().forEach(m -> byPartitions.add(m.toPartition()));
    assertEquals(byPartitions, byArcs, ctx);

    // A new group cuts new partitions: only the arcs are exact; a key sample measures the rest.
    RoutingTable grown = RingAllocator.standard().addGroup(from, RingFixtures.group("new"), 2);
    MovementReport exact = MovementReport.between(from, grown);
    MovementReport sampled =
        MovementReport.between(
            Strategies.withoutCapabilities(from), Strategies.withoutCapabilities(grown));
    assertEquals(MovementReport.Layout.ARCS, exact.layout(), ctx);
    assertTrue(exact.partitionsKeepKeys(), ctx);
    assertFalse(sampled.partitionsKeepKeys(), ctx);
    assertTrue(Double.isNaN(sampled.movedShare()), ctx);
    int n = 40_000;
    List<byte[]> sample = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      sample.add(Keys.of("key-" + rnd.nextLong()));
    }
    MovementReport.KeyCount bySample = sampled.countKeys(sample);
    MovementReport.KeyCount byArcsCount = exact.countKeys(sample);
    assertEquals(bySample.moved(), byArcsCount.moved(), ctx + ": the same keys route the same");
    assertEquals(0, byArcsCount.movedOutsidePlan(), ctx);
    double p = exact.movedShare();
    double sigma = Math.sqrt(p * (1 - p) / n);
    assertEquals(p, bySample.movedShare(), 5 * sigma, ctx + ": within 5 sigma of the arcs");
    Map<String, Long> gainedBySample = new HashMap<>();
    for (byte[] k : sample) {
      String was = from.routeCanonical(k).group().id();
      String is = grown.routeCanonical(k).group().id();
      if (!was.equals(is)) {
        gainedBySample.merge(is, 1L, Long::sum);
      }
    }
    assertEquals(exact.gainedShare().keySet(), gainedBySample.keySet(), ctx);
    double gained = exact.gainedShare().get("new");
    assertEquals(
        gained,
        gainedBySample.get("new") / (double) n,
        5 * Math.sqrt(gained * (1 - gained) / n),
        ctx);
  }
}
