package io.shardrouter.hash;

import static io.shardrouter.hash.RingFixtures.group;
import static io.shardrouter.hash.RingFixtures.groups;
import static io.shardrouter.hash.RingFixtures.weights;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.testing.PartitionStrategyContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link RingStrategy} in mode {@code tokens}: the strategy contract over rings cut by {@link
 * RingAllocator}: one group, a few groups of equal and of mixed weights, several vnode counts and
 * hashes, and the rings after {@code addGroup} and {@code removeGroup} steps (new tokens with fresh
 * partition ids, ranges moved whole or cut). Random weights and steps come from the contract's
 * seed.
 */
class RingTokensContractTest extends PartitionStrategyContract {
  private static final RingAllocator ALLOCATOR = RingAllocator.standard();

  @Override
  protected List<PartitionStrategy> strategies() {
    SplittableRandom rnd = new SplittableRandom(seed());
    List<PartitionStrategy> out = new ArrayList<>();
    for (RoutingTable t : tables(rnd)) {
      out.add(t.strategy());
    }
    return out;
  }

  /** The tables whose strategies are under test; each is a ring in mode tokens. */
  private static List<RoutingTable> tables(SplittableRandom rnd) {
    List<RoutingTable> out = new ArrayList<>();
    List<ReplicaGroup> one = groups(1);
    out.add(
        initial(
            StableHash.xxh3(), 1, one, weights(one, null, 1))); // P = 1: one token owns the ring
    out.add(initial(StableHash.xxh3(), 3, one, weights(one, null, 1))); // P = 3, all on one group
    List<ReplicaGroup> three = groups(3);
    RoutingTable equal = initial(StableHash.xxh3(), 4, three, weights(three, null, 1));
    out.add(equal); // P = 12
    List<ReplicaGroup> two = groups(2);
    out.add(
        initial(StableHash.byName(StableHash.MURMUR3_64, 42), 2, two, Map.of("g0", 1, "g1", 3)));
    out.add(initial(StableHash.byName(StableHash.BLAKE2B_64, 0), 5, three, weights(three, rnd, 4)));
    List<ReplicaGroup> ten = groups(10);
    RoutingTable mixed =
        initial(
            StableHash.byName(StableHash.XXH3_64, TestHashes.XXH3_LARGE_SEED),
            16,
            ten,
            weights(ten, rnd, 4));
    out.add(mixed);

    // after allocator steps: fresh partition ids for cut pieces, ranges moved between groups
    RoutingTable added = ALLOCATOR.addGroup(equal, group("new"), 1);
    out.add(added);
    RoutingTable removed = ALLOCATOR.removeGroup(added, "g" + rnd.nextInt(3));
    out.add(removed);
    out.add(ALLOCATOR.addGroup(removed, group("heavy"), 3));
    // a small ring whose steps cut ranges: every piece is checked for reachability (P <= 64)
    RoutingTable cut =
        ALLOCATOR.addGroup(
            initial(StableHash.xxh3(), 1, three, weights(three, null, 1)), group("new"), 1);
    out.add(cut);
    RoutingTable cutRemoved = ALLOCATOR.removeGroup(cut, "g" + rnd.nextInt(3));
    out.add(cutRemoved);
    out.add(ALLOCATOR.addGroup(cutRemoved, group("heavy"), 2));
    RoutingTable t = mixed;
    int fresh = 0;
    for (int step = 0; step < 6; step++) {
      if (step % 2 == 0 || t.groups().size() <= 2) {
        t = ALLOCATOR.addGroup(t, group("x" + fresh++), 1 + rnd.nextInt(4));
      } else {
        t = ALLOCATOR.removeGroup(t, t.groups().get(rnd.nextInt(t.groups().size())).id());
      }
      out.add(t);
    }
    List<ReplicaGroup> hundred = groups(100);
    RoutingTable big =
        initial(
            StableHash.byName(StableHash.MURMUR3_64, TestHashes.MURMUR3_MAX_SEED),
            16,
            hundred,
            weights(hundred, rnd, 4));
    out.add(
        ALLOCATOR.removeGroup(ALLOCATOR.addGroup(big, group("new"), 2), "g" + rnd.nextInt(100)));
    return out;
  }

  private static RoutingTable initial(
      StableHash hash, int vnodes, List<ReplicaGroup> groups, Map<String, Integer> weights) {
    return ALLOCATOR.initial(1, "orders", KeyType.STRING, hash, vnodes, groups, weights);
  }

  @Test
  void strategies_afterSteps_cutNewPartitionsInModeTokens() {
    List<PartitionStrategy> all = strategies();
    boolean grown = false;
    for (PartitionStrategy s : all) {
      RingStrategy ring = (RingStrategy) s;
      assertEquals(RingStrategy.Mode.TOKENS, ring.mode(), () -> s + "; seed=" + seed());
      double total = 0;
      for (int p = 0; p < ring.partitionCount(); p++) {
        total += ring.shareOf(p);
      }
      double sum = total;
      assertEquals(1.0, sum, 1e-9, () -> "shares of " + s + " sum to " + sum + "; seed=" + seed());
      grown |=
          ring.tokenCount()
              > ring.vnodes() * ring.weights().values().stream().mapToInt(Integer::intValue).sum();
    }
    assertTrue(
        grown,
        "no ring under test has more tokens than its initial cut; the allocator steps cut nothing; seed="
            + seed());
  }
}
