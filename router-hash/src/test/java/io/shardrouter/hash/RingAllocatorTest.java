package io.shardrouter.hash;

import static io.shardrouter.hash.RingFixtures.group;
import static io.shardrouter.hash.RingFixtures.groups;
import static io.shardrouter.hash.RingFixtures.ring;
import static io.shardrouter.hash.RingFixtures.shareOf;
import static io.shardrouter.hash.RingFixtures.targetOf;
import static io.shardrouter.hash.RingFixtures.weights;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.MovementReport;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.hash.internal.Tokens;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Balance and movement of {@link RingAllocator} steps, for N = 3, 10, 100 and 1,024 groups, with
 * equal and mixed weights. Every random choice comes from a {@link SplittableRandom} whose seed is
 * in each failure message and printed (set {@code -Dshardrouter.test.seed=...} to replay one).
 */
class RingAllocatorTest {
  static final double BALANCE = 1.02;
  static final double MOVEMENT = 1.05;

  private static long seed() {
    return KeyGenerators.clockSeed();
  }

  /** One allocator step, checked: balance within 2%, movement within 1.05 x optimal, ids kept. */
  private static MovementReport check(
      String what, long seed, RoutingTable before, RoutingTable after, double optimal) {
    String where = what + " (seed " + seed + ")";
    assertEquals(before.version() + 1, after.version(), where);
    RingBalance b = RingBalance.of(after);
    assertTrue(
        b.peak() <= BALANCE && b.trough() >= 2 - BALANCE,
        where + ": balance out of bounds\n" + b.toText());
    MovementReport m = MovementReport.between(before, after);
    double ratio = m.movedShare() / optimal;
    assertTrue(
        ratio <= MOVEMENT,
        where
            + String.format(
                Locale.ROOT,
                ": moved %.6f, optimal %.6f, ratio %.4f",
                m.movedShare(),
                optimal,
                ratio));
    // ids are stable: every token of the old ring is still there with the same partition
    RingStrategy a = (RingStrategy) before.strategy();
    RingStrategy z = (RingStrategy) after.strategy();
    int j = 0;
    for (int i = 0; i < a.tokenCount(); i++) {
      while (j < z.tokenCount() && z.token(j) != a.token(i)) {
        j++;
      }
      assertTrue(
          j < z.tokenCount() && z.partitionOfToken(j) == a.partitionOfToken(i),
          where + ": token " + Tokens.toHex(a.token(i)) + " lost or renumbered");
    }
    int grown = z.tokenCount() - a.tokenCount();
    assertTrue(
        grown <= Math.max(before.groups().size(), after.groups().size()),
        where + ": " + grown + " new tokens");
    System.out.printf(
        Locale.ROOT,
        "%-44s groups %5d tokens %6d peak %.5f trough %.5f moved %.6f optimal %.6f "
            + "ratio %.5f from %d to %d groups%n",
        what,
        after.groups().size(),
        z.tokenCount(),
        b.peak(),
        b.trough(),
        m.movedShare(),
        optimal,
        ratio,
        m.lostShare().size(),
        m.gainedShare().size());
    return m;
  }

  @ParameterizedTest
  @ValueSource(ints = {3, 10, 100, 1024})
  void equalWeights_addRemoveReweight(int n) {
    long seed = seed();
    SplittableRandom rnd = new SplittableRandom(seed);
    List<ReplicaGroup> gs = groups(n);
    RoutingTable t = ring(gs, weights(gs, null, 1), RingStrategy.DEFAULT_VNODES);
    RingBalance start = RingBalance.of(t);
    assertTrue(
        start.peak() <= 1 + 1e-9 && start.trough() >= 1 - 1e-9,
        "initial ring is exact\n" + start.toText());

    ReplicaGroup added = group("new");
    RoutingTable added1 = RingAllocator.standard().addGroup(t, added, 1);
    MovementReport add = check("N=" + n + " add 1 of weight 1", seed, t, added1, 1.0 / (n + 1));
    assertEquals(
        List.of("new"), List.copyOf(add.gainedShare().keySet()), "only the new group gains");
    assertTrue(
        add.lostShare().size() >= Math.min(n, Math.max(3, n * 9 / 10)),
        "taken from many groups: " + add.lostShare().size() + " of " + n + " (seed " + seed + ")");

    String victim = "g" + rnd.nextInt(n);
    double victimShare = shareOf(added1, victim);
    RoutingTable removed = RingAllocator.standard().removeGroup(added1, victim);
    MovementReport rm = check("N=" + n + " remove " + victim, seed, added1, removed, victimShare);
    assertEquals(
        List.of(victim), List.copyOf(rm.lostShare().keySet()), "only the removed group loses");
    assertTrue(
        rm.gainedShare().size() >= Math.min(n, Math.max(2, n * 9 / 10)),
        "spread over most groups: "
            + rm.gainedShare().size()
            + " of "
            + n
            + " (seed "
            + seed
            + ")");

    String heavier = removed.groups().get(rnd.nextInt(n)).id();
    RoutingTable up = RingAllocator.standard().reweight(removed, heavier, 3);
    check(
        "N=" + n + " reweight " + heavier + " 1 -> 3",
        seed,
        removed,
        up,
        targetOf(up, heavier) - shareOf(removed, heavier));
    RoutingTable down = RingAllocator.standard().reweight(up, heavier, 1);
    check(
        "N=" + n + " reweight " + heavier + " 3 -> 1",
        seed,
        up,
        down,
        shareOf(up, heavier) - targetOf(down, heavier));
  }

  @ParameterizedTest
  @ValueSource(ints = {3, 10, 100, 1024})
  void mixedWeights_randomSteps(int n) {
    long seed = seed();
    SplittableRandom rnd = new SplittableRandom(seed);
    List<ReplicaGroup> gs = groups(n);
    RoutingTable t = ring(gs, weights(gs, rnd, 4), 8);
    int steps = n >= 1024 ? 4 : 12;
    int fresh = 0;
    for (int s = 0; s < steps; s++) {
      int op = t.groups().size() <= 2 ? 0 : rnd.nextInt(3);
      RoutingTable next;
      double optimal;
      String what;
      if (op == 0) {
        int w = 1 + rnd.nextInt(4);
        String id = "x" + fresh++;
        next = RingAllocator.standard().addGroup(t, group(id), w);
        optimal = targetOf(next, id);
        what = "add " + id + " weight " + w;
      } else if (op == 1) {
        String id = t.groups().get(rnd.nextInt(t.groups().size())).id();
        next = RingAllocator.standard().removeGroup(t, id);
        optimal = shareOf(t, id);
        what = "remove " + id;
      } else {
        String id = t.groups().get(rnd.nextInt(t.groups().size())).id();
        int w = 1 + rnd.nextInt(4);
        next = RingAllocator.standard().reweight(t, id, w);
        optimal = Math.abs(targetOf(next, id) - shareOf(t, id));
        what = "reweight " + id + " to " + w;
      }
      if (optimal > 1e-12) {
        check("N=" + n + " mixed step " + s + ": " + what, seed, t, next, optimal);
      }
      t = next;
    }
    assertEquals(
        t,
        RoutingDocuments.read(RoutingDocuments.write(t)),
        "the document reads back (seed " + seed + ")");
    assertEquals(
        t,
        RoutingDocuments.read(RoutingDocuments.writeSnapshot(t)),
        "the binary snapshot reads back (seed " + seed + ")");
  }

  @ParameterizedTest
  @ValueSource(ints = {10, 100})
  void manySteps_balanceDoesNotDrift(int n) {
    long seed = seed();
    SplittableRandom rnd = new SplittableRandom(seed);
    List<ReplicaGroup> gs = groups(n);
    RoutingTable t = ring(gs, weights(gs, rnd, 3), 4);
    for (int s = 0; s < 60; s++) {
      String id = t.groups().get(rnd.nextInt(t.groups().size())).id();
      t =
          switch (rnd.nextInt(3)) {
            case 0 -> RingAllocator.standard().addGroup(t, group("y" + s), 1 + rnd.nextInt(3));
            case 1 -> t.groups().size() > 2 ? RingAllocator.standard().removeGroup(t, id) : t;
            default -> RingAllocator.standard().reweight(t, id, 1 + rnd.nextInt(3));
          };
      RingBalance b = RingBalance.of(t);
      assertTrue(
          b.peak() <= 1.005 && b.trough() >= 0.995,
          "step " + s + " (seed " + seed + ")\n" + b.toText());
    }
    System.out.printf(
        Locale.ROOT,
        "N=%d after 60 random steps: groups %d tokens %d peak %.5f trough %.5f%n",
        n,
        t.groups().size(),
        ((RingStrategy) t.strategy()).tokenCount(),
        RingBalance.of(t).peak(),
        RingBalance.of(t).trough());
  }

  @Test
  void sameSteps_sameDocuments() {
    List<String> first = new ArrayList<>();
    List<String> second = new ArrayList<>();
    for (List<String> out : List.of(first, second)) {
      List<ReplicaGroup> gs = groups(7);
      RoutingTable t = ring(gs, weights(gs, new SplittableRandom(42), 3), 8);
      out.add(RoutingDocuments.write(t));
      t = RingAllocator.standard().addGroup(t, group("a"), 2);
      out.add(RoutingDocuments.write(t));
      t = RingAllocator.standard().removeGroup(t, "g3");
      out.add(RoutingDocuments.write(t));
      t = RingAllocator.standard().reweight(t, "g0", 5);
      out.add(RoutingDocuments.write(t));
      out.add(RoutingDocuments.write(RingAllocator.standard().mergeAdjacent(t)));
    }
    assertEquals(first, second);
  }

  @Test
  void addGroup_keysMoveOnlyToTheNewGroup_asListed() {
    List<ReplicaGroup> gs = groups(5);
    RoutingTable before = ring(gs, weights(gs, null, 1), 16);
    RoutingTable after = RingAllocator.standard().addGroup(before, group("new"), 1);
    List<byte[]> keys = new ArrayList<>();
    for (int i = 0; i < 60_000; i++) {
      keys.add(Keys.of("order-" + i));
    }
    MovementReport.KeyCount c = MovementReport.between(before, after).countKeys(keys);
    assertEquals(0, c.movedOutsidePlan());
    assertEquals(1.0 / 6, c.movedShare(), 0.01);
    for (byte[] k : keys) {
      String a = before.routeCanonical(k).group().id();
      String b = after.routeCanonical(k).group().id();
      assertTrue(a.equals(b) || b.equals("new"), "a key moved from " + a + " to " + b);
    }
  }

  @Test
  void mergeAdjacent_movesNothing_retiresIds_andRemovalStillWorks() {
    List<ReplicaGroup> gs = groups(4);
    RoutingTable t = ring(gs, weights(gs, null, 1), 8);
    for (int i = 0; i < 3; i++) {
      t = RingAllocator.standard().addGroup(t, group("n" + i), 1);
    }
    t = RingAllocator.standard().removeGroup(t, "g1");
    RoutingTable merged = RingAllocator.standard().mergeAdjacent(t);
    RingStrategy before = (RingStrategy) t.strategy();
    RingStrategy after = (RingStrategy) merged.strategy();
    assertEquals(0.0, MovementReport.between(t, merged).movedShare());
    assertTrue(
        after.tokenCount() < before.tokenCount(),
        before.tokenCount() + " -> " + after.tokenCount());
    assertEquals(t.partitionCount(), merged.partitionCount(), "ids are retired, never renumbered");
    int retired = 0;
    for (int p = 0; p < merged.partitionCount(); p++) {
      if (after.shareOf(p) == 0) {
        retired++;
        assertEquals(t.groupOf(p).id(), merged.groupOf(p).id(), "a retired id stays on its group");
      }
    }
    assertEquals(before.tokenCount() - after.tokenCount(), retired);
    for (int i = 1; i < after.tokenCount(); i++) {
      assertTrue(
          !merged
              .groupOf(after.partitionOfToken(i))
              .id()
              .equals(merged.groupOf(after.partitionOfToken(i - 1)).id()),
          "neighbouring ranges of one group are merged");
    }
    String holder = merged.groupOf(firstRetired(merged)).id();
    RoutingTable removed = RingAllocator.standard().removeGroup(merged, holder);
    assertEquals(
        0.0, removed.strategy().shareOf(firstRetired(merged)), "a retired id stays retired");
    assertEquals(
        removed.groups().get(0).id(),
        removed.groupOf(firstRetired(merged)).id(),
        "a retired id of a removed group goes to the first remaining group");
    assertTrue(RingBalance.of(removed).peak() <= BALANCE);
  }

  private static int firstRetired(RoutingTable t) {
    for (int p = 0; p < t.partitionCount(); p++) {
      if (t.strategy().shareOf(p) == 0) {
        return p;
      }
    }
    throw new AssertionError("no retired partition in " + t);
  }

  @Test
  void boundaryRequests_accepted_eachStepTheNextVersion_repeatsRefused() {
    RingAllocator a = RingAllocator.standard();
    List<ReplicaGroup> gs = groups(3);
    RoutingTable t = ring(gs, weights(gs, null, 1), 1);
    assertEquals(3, t.strategy().partitionCount(), "one vnode per unit of weight");
    RoutingTable most =
        ring(List.of(group("a")), java.util.Map.of("a", 1), RingStrategy.MAX_VNODES);
    assertEquals(RingStrategy.MAX_VNODES, most.strategy().partitionCount());
    RoutingTable heavy = a.reweight(t, "g0", RingStrategy.MAX_WEIGHT);
    assertEquals(2, heavy.version());
    assertEquals(1000.0 / 1002, targetOf(heavy, "g0"), 1e-12);
    assertEquals(2, a.mergeAdjacent(t).version());
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> a.addGroup(t, group("g0"), 1));
    assertTrue(
        e.getMessage().startsWith("group 'g0' is already on the ring of 'orders' version 1"),
        e::getMessage);
    e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () ->
                a.initial(
                    1,
                    "orders",
                    io.shardrouter.core.KeyType.STRING,
                    StableHash.xxh3(),
                    4,
                    List.of(group("a")),
                    java.util.Map.of("a", 1, "x", 1)));
    assertEquals(
        "strategy.weights.x names no group of [a]; give weights for exactly the groups",
        e.getMessage());
  }
}
