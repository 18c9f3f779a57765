package io.shardrouter.hash;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** Groups, weights and ring tables for router-hash's ring tests. */
final class RingFixtures {
  private RingFixtures() {}

  static ReplicaGroup group(String id) {
    return ReplicaGroup.of(id, id + ".db:5432");
  }

  static List<ReplicaGroup> groups(int n) {
    List<ReplicaGroup> gs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      gs.add(group("g" + i));
    }
    return gs;
  }

  /** Weight 1 for every group, or random weights in [1, maxWeight]. */
  static Map<String, Integer> weights(
      List<ReplicaGroup> groups, SplittableRandom rnd, int maxWeight) {
    Map<String, Integer> w = new LinkedHashMap<>();
    for (ReplicaGroup g : groups) {
      w.put(g.id(), rnd == null ? 1 : 1 + rnd.nextInt(maxWeight));
    }
    return w;
  }

  static RoutingTable ring(List<ReplicaGroup> groups, Map<String, Integer> weights, int vnodes) {
    return RingAllocator.standard()
        .initial(1, "orders", KeyType.STRING, StableHash.xxh3(), vnodes, groups, weights);
  }

  static double shareOf(RoutingTable t, String group) {
    for (RingBalance.GroupShare g : RingBalance.of(t).groups()) {
      if (g.group().equals(group)) {
        return g.share();
      }
    }
    return 0;
  }

  static double targetOf(RoutingTable t, String group) {
    for (RingBalance.GroupShare g : RingBalance.of(t).groups()) {
      if (g.group().equals(group)) {
        return g.target();
      }
    }
    return 0;
  }
}
