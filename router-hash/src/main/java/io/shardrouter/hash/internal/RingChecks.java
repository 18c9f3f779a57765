package io.shardrouter.hash.internal;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Violations;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The rules a {@code ring} strategy's parameters must follow, shared by the document reader ({@code
 * RingStrategyFactory}) and the Java factories of {@code RingStrategy}. Each broken rule is
 * reported with the parameter's name relative to the strategy object (such as {@code tokens[3][0]}
 * or {@code weights.g2}) and a message that says what to do.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> internal.
 */
public final class RingChecks {
  /** Receives one broken rule: where (relative to the strategy object) and what. */
  public interface Reporter {
    void violation(String name, String message);
  }

  /** The most tokens a ring may have ({@code RingStrategy.MAX_TOKENS} is this value). */
  public static final int MAX_TOKENS = 1 << 20;

  /** The largest weight of a group ({@code RingStrategy.MAX_WEIGHT} is this value). */
  public static final int MAX_WEIGHT = 1000;

  /** At most this many problems of one kind are listed; the rest are counted. */
  private static final int MAX_LISTED = 20;

  private RingChecks() {}

  /**
   * Tokens strictly increasing as unsigned 64-bit integers (so no two tokens are equal and every
   * point of the hash space has exactly one owner), each naming its own partition in {@code [0,
   * partitionCount)}.
   */
  public static void tokens(long[] tokens, int[] partitions, int partitionCount, Reporter r) {
    if (tokens.length == 0) {
      r.violation(
          "tokens",
          "is empty; a ring needs at least one token (one token owns the whole hash space): "
              + "build the document with RingAllocator.initial");
      return;
    }
    if (tokens.length > MAX_TOKENS) {
      r.violation(
          "tokens",
          "has "
              + tokens.length
              + " tokens, over the limit of "
              + MAX_TOKENS
              + "; use fewer vnodes per unit of weight, or fold neighbouring ranges of one group together "
              + "(RingAllocator.mergeAdjacent)");
      return;
    }
    int listed = 0;
    int more = 0;
    Map<Integer, Integer> tokenOfPartition = new HashMap<>(tokens.length * 2);
    for (int i = 0; i < tokens.length; i++) {
      String problem = null;
      String where = "tokens[" + i + "]";
      if (i > 0 && tokens[i] == tokens[i - 1]) {
        problem =
            "token "
                + Tokens.toHex(tokens[i])
                + " appears twice, at tokens["
                + (i - 1)
                + "] (partition "
                + partitions[i - 1]
                + ") and here (partition "
                + partitions[i]
                + "); a token bounds exactly one range: "
                + "remove one of them and place its partition's keys with the other";
      } else if (i > 0 && Tokens.lessThan(tokens[i], tokens[i - 1])) {
        problem =
            "token "
                + Tokens.toHex(tokens[i])
                + " is below the token before it ("
                + Tokens.toHex(tokens[i - 1])
                + "); list tokens in strictly increasing unsigned order, so that each range [previous token, token) "
                + "is stated once and the ranges cover the ring";
      } else if (partitions[i] < 0 || partitions[i] >= partitionCount) {
        where += "[1]";
        problem =
            "partition "
                + partitions[i]
                + " is outside [0, "
                + partitionCount
                + "); give a partition id below "
                + "strategy.partitions";
      } else {
        Integer first = tokenOfPartition.putIfAbsent(partitions[i], i);
        if (first != null) {
          where += "[1]";
          problem =
              "partition "
                  + partitions[i]
                  + " already owns tokens["
                  + first
                  + "]; each token range is its own "
                  + "partition, so a new token takes a fresh partition id";
        }
      }
      if (problem != null) {
        if (listed++ < MAX_LISTED) {
          r.violation(where, problem);
        } else {
          more++;
        }
      }
    }
    if (more > 0) {
      r.violation("tokens", more + " more tokens break the rules above");
    }
  }

  /** Every weight an integer in [1, {@value #MAX_WEIGHT}]; at least one group. */
  public static void weights(Map<String, Integer> weights, Reporter r) {
    if (weights.isEmpty()) {
      r.violation(
          "weights",
          "is empty; give every replica group its integer weight, e.g. {\"g1\": 1, \"g2\": 2}");
      return;
    }
    for (Map.Entry<String, Integer> e : weights.entrySet()) {
      if (e.getKey() == null || e.getKey().isBlank()) {
        r.violation("weights", "names a blank group id; weights are keyed by replica group id");
      } else if (e.getValue() == null || e.getValue() < 1 || e.getValue() > MAX_WEIGHT) {
        r.violation(Violations.member("weights", e.getKey()), weightProblem(e.getValue()));
      }
    }
  }

  public static String weightProblem(@Nullable Object got) {
    return "weight must be an integer in [1, "
        + MAX_WEIGHT
        + "], got "
        + got
        + "; a group's share of "
        + "the hash space is its weight over the sum of weights, so a group without capacity is removed "
        + "(RingAllocator.removeGroup), not given weight 0";
  }

  /**
   * Node names distinct strings (any string: empty and blank names too, since a name only seeds the
   * tokens {@code blake2b-64("<name>#vnode-<i>")} and the placement, not the name, picks the
   * group); at least one node; nodes × vnodes tokens within the limit.
   */
  public static void nodes(List<String> nodes, int vnodes, Reporter r) {
    if (nodes.isEmpty()) {
      r.violation("nodes", "is empty; a vnode-named ring needs at least one node to route to");
      return;
    }
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < nodes.size(); i++) {
      String n = nodes.get(i);
      if (n == null) {
        r.violation(
            "nodes[" + i + "]",
            "is null; a node is named by a string (its tokens are blake2b-64 of"
                + " \"<name>#vnode-<i>\"), e.g. \"edge-1\"");
        continue;
      }
      Integer first = seen.putIfAbsent(n, i);
      if (first != null) {
        r.violation(
            "nodes[" + i + "]",
            "node '"
                + n
                + "' is listed again (first at nodes["
                + first
                + "]); every "
                + "token of the second listing collides with the first, so it would own nothing: remove it");
      }
    }
    if ((long) nodes.size() * vnodes > MAX_TOKENS) {
      r.violation(
          "vnodes",
          nodes.size()
              + " nodes x "
              + vnodes
              + " vnodes = "
              + (long) nodes.size() * vnodes
              + " tokens, over the limit of "
              + MAX_TOKENS
              + "; use fewer vnodes");
    }
  }

  /**
   * Reports weights that name no group, and (when weights are given or {@code required}) groups
   * without a weight.
   */
  public static void groupWeights(
      Map<String, Integer> weights,
      List<ReplicaGroup> groups,
      String path,
      Violations v,
      boolean required) {
    if (weights.isEmpty() && !required) {
      return;
    }
    java.util.Set<String> ids = new java.util.LinkedHashSet<>();
    for (ReplicaGroup g : groups) {
      ids.add(g.id());
      if (!weights.containsKey(g.id())) {
        v.add(
            path + ".weights",
            "has no weight for group '"
                + g.id()
                + "'; give every group of the document an "
                + "integer weight in [1, "
                + MAX_WEIGHT
                + "]");
      }
    }
    for (String id : weights.keySet()) {
      if (!ids.contains(id)) {
        v.add(
            Violations.member(path + ".weights", id),
            "names group '"
                + id
                + "', which is not in the document's groups "
                + List.copyOf(ids)
                + "; remove the weight or add the group");
      }
    }
  }
}
