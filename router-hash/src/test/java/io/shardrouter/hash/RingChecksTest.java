package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Violation;
import io.shardrouter.core.Violations;
import io.shardrouter.hash.internal.RingChecks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The rules of a ring's parameters ({@code RingChecks}), each at its bound and with its whole
 * message: token order and ownership, at most 20 token problems listed and the rest counted, the
 * token limit, weights in [1, 1000], node names, and weights against the document's groups.
 */
class RingChecksTest {

  private static List<Violation> tokens(long[] tokens, int[] partitions, int partitionCount) {
    List<Violation> out = new ArrayList<>();
    RingChecks.tokens(tokens, partitions, partitionCount, (n, m) -> out.add(new Violation(n, m)));
    return out;
  }

  @Test
  void validTokens_noViolation() {
    assertEquals(
        List.of(), tokens(new long[] {1, 2, -1L}, new int[] {2, 0, 1}, 3), "-1 is the largest");
    assertEquals(List.of(), tokens(new long[] {7}, new int[] {0}, 1));
  }

  @Test
  void partitionOutsideTheStrategy_refusedAtItsId() {
    assertEquals(
        List.of(
            new Violation(
                "tokens[1][1]",
                "partition 3 is outside [0, 3); give a partition id below strategy.partitions")),
        tokens(new long[] {1, 2}, new int[] {0, 3}, 3));
    assertEquals(
        List.of(
            new Violation(
                "tokens[0][1]",
                "partition -1 is outside [0, 3); give a partition id below strategy.partitions")),
        tokens(new long[] {1, 2}, new int[] {-1, 2}, 3));
  }

  @Test
  void partitionOwningTwoTokens_refused() {
    assertEquals(
        List.of(
            new Violation(
                "tokens[2][1]",
                "partition 1 already owns tokens[0]; each token range is its own partition, so a"
                    + " new token takes a fresh partition id")),
        tokens(new long[] {1, 2, 3}, new int[] {1, 0, 1}, 2));
  }

  @Test
  void twentyProblemsListed_theRestCounted() {
    int n = 24;
    long[] t = new long[n];
    int[] p = new int[n];
    Arrays.fill(t, 5); // every token after the first repeats it
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    List<Violation> v = tokens(t, p, n);
    assertEquals(21, v.size());
    assertEquals("tokens[20]", v.get(19).path());
    assertEquals(new Violation("tokens", "3 more tokens break the rules above"), v.get(20));
    long[] t21 = Arrays.copyOf(t, 21);
    assertEquals(20, tokens(t21, Arrays.copyOf(p, 21), 21).size(), "exactly 20: none counted");
  }

  @Test
  void tokenLimit_atTheLimitChecked_overItRefused() {
    int max = RingStrategy.MAX_TOKENS;
    long[] t = new long[max + 1];
    int[] p = new int[max + 1];
    for (int i = 0; i <= max; i++) {
      t[i] = i;
      p[i] = i;
    }
    assertEquals(List.of(), tokens(Arrays.copyOf(t, max), Arrays.copyOf(p, max), max));
    List<Violation> over = tokens(t, p, max + 1);
    assertEquals(1, over.size());
    assertEquals("tokens", over.get(0).path());
    assertEquals(
        "has 1048577 tokens, over the limit of 1048576; use fewer vnodes per unit of weight, or"
            + " fold neighbouring ranges of one group together (RingAllocator.mergeAdjacent)",
        over.get(0).message());
  }

  private static List<Violation> weights(Map<String, Integer> w) {
    List<Violation> out = new ArrayList<>();
    RingChecks.weights(w, (n, m) -> out.add(new Violation(n, m)));
    return out;
  }

  @Test
  void weights_oneTo1000() {
    Map<String, Integer> w = new LinkedHashMap<>();
    w.put("a", 1);
    w.put("b", 1000);
    assertEquals(List.of(), weights(w));
    w.put("c", 0);
    w.put("d", 1001);
    w.put("e", null);
    w.put(" ", 3);
    List<Violation> v = weights(w);
    assertEquals(
        List.of("weights.c", "weights.d", "weights.e", "weights"),
        v.stream().map(Violation::path).toList());
    assertEquals(RingChecks.weightProblem(1001), v.get(1).message());
    assertEquals(
        "weight must be an integer in [1, 1000], got 0; a group's share of the hash space is its"
            + " weight over the sum of weights, so a group without capacity is removed"
            + " (RingAllocator.removeGroup), not given weight 0",
        v.get(0).message());
    assertEquals(
        "names a blank group id; weights are keyed by replica group id", v.get(3).message());
  }

  private static List<Violation> nodes(List<String> nodes, int vnodes) {
    List<Violation> out = new ArrayList<>();
    RingChecks.nodes(nodes, vnodes, (n, m) -> out.add(new Violation(n, m)));
    return out;
  }

  @Test
  void nodes_nullRepeatedOrTooManyTokens() {
    assertEquals(
        List.of(
            new Violation(
                "nodes[1]",
                "is null; a node is named by a string (its tokens are blake2b-64 of"
                    + " \"<name>#vnode-<i>\"), e.g. \"edge-1\""),
            new Violation(
                "nodes[2]",
                "node 'a' is listed again (first at nodes[0]); every token of the second listing"
                    + " collides with the first, so it would own nothing: remove it")),
        nodes(Arrays.asList("a", null, "a"), 10));
    assertEquals(
        List.of(
            new Violation(
                "nodes[2]",
                "node ' ' is listed again (first at nodes[1]); every token of the second listing"
                    + " collides with the first, so it would own nothing: remove it")),
        nodes(Arrays.asList("", " ", " "), 10));
    assertEquals(List.of(), nodes(List.of("a", "b"), RingStrategy.MAX_TOKENS / 2));
    assertEquals(List.of(), nodes(List.of("", " ", "\t"), 10), "any distinct strings");
    assertEquals(
        List.of(
            new Violation(
                "vnodes",
                "3 nodes x 349526 vnodes = 1048578 tokens, over the limit of 1048576; use fewer"
                    + " vnodes")),
        nodes(List.of("a", "b", "c"), 349_526));
  }

  @Test
  void groupWeights_againstTheDocumentsGroups() {
    List<ReplicaGroup> groups =
        List.of(ReplicaGroup.of("g0", "db0:5432"), ReplicaGroup.of("g1", "db1:5432"));
    Violations none = new Violations();
    RingChecks.groupWeights(Map.of(), groups, "strategy", none, false);
    assertEquals(0, none.size(), "weights are optional unless required");
    Violations v = new Violations();
    Map<String, Integer> w = new HashMap<>();
    w.put("g0", 1);
    w.put("g9", 2);
    RingChecks.groupWeights(w, groups, "strategy", v, true);
    assertEquals(
        List.of(
            new Violation(
                "strategy.weights",
                "has no weight for group 'g1'; give every group of the document an integer weight"
                    + " in [1, 1000]"),
            new Violation(
                "strategy.weights.g9",
                "names group 'g9', which is not in the document's groups [g0, g1]; remove the"
                    + " weight or add the group")),
        v.asList());
    Violations required = new Violations();
    RingChecks.groupWeights(Map.of(), groups, "strategy", required, true);
    assertEquals(2, required.size());
  }
}
