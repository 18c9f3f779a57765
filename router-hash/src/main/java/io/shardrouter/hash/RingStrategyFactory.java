package io.shardrouter.hash;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import io.shardrouter.hash.internal.RingChecks;
import io.shardrouter.hash.internal.Tokens;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Builds {@link RingStrategy} ({@code "type": "ring"}) from the strategy object of a routing
 * document; registered through {@code META-INF/services}. Not for direct use.
 *
 * <p>Mode {@code tokens} takes {@code hash}, {@code seed}, {@code vnodes}, {@code weights}, {@code
 * partitions} and {@code tokens}; mode {@code named_vnodes} takes {@code nodes} and {@code vnodes}.
 * A parameter of the other mode is refused rather than ignored.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable (the document format it reads).
 *
 * @since 0.1
 */
public final class RingStrategyFactory implements StrategyFactory {
  private static final Set<String> TOKENS_PARAMETERS =
      Set.of("mode", "hash", "seed", "vnodes", "weights", "partitions", "tokens");
  private static final Set<String> NAMED_VNODES_PARAMETERS = Set.of("mode", "nodes", "vnodes");
  private static final Set<String> PARAMETERS =
      Set.of("mode", "hash", "seed", "vnodes", "weights", "partitions", "tokens", "nodes");

  @Override
  public String type() {
    return RingStrategy.TYPE;
  }

  @Override
  public Set<String> parameterNames() {
    return PARAMETERS;
  }

  @Override
  public PartitionStrategy create(StrategyParameters params) {
    String modeName = params.optionalString("mode", RingStrategy.Mode.TOKENS.documentName());
    RingStrategy.Mode mode = RingStrategy.Mode.fromDocumentName(modeName);
    if (mode == null) {
      params.violation(
          "mode",
          "unknown ring mode '"
              + modeName
              + "'; known: [tokens, named_vnodes] ('001' is read as named_vnodes)");
      throw params.refusal();
    }
    Set<String> allowed =
        mode == RingStrategy.Mode.TOKENS ? TOKENS_PARAMETERS : NAMED_VNODES_PARAMETERS;
    for (String name : PARAMETERS) {
      if (params.has(name) && !allowed.contains(name)) {
        params.violation(
            name,
            "mode '"
                + mode.documentName()
                + "' does not take '"
                + name
                + "'; it takes "
                + new java.util.TreeSet<>(allowed)
                + (mode == RingStrategy.Mode.NAMED_VNODES
                    ? " (the vnode-named ring pins blake2b-64 and derives its tokens from the node names)"
                    : " (only mode 'named_vnodes' derives tokens from 'nodes')"));
      }
    }
    params.throwIfViolations();
    return mode == RingStrategy.Mode.TOKENS ? tokens(params) : namedVnodes(params);
  }

  private static PartitionStrategy namedVnodes(StrategyParameters params) {
    int vnodes =
        params.optionalInt("vnodes", 1, RingStrategy.MAX_VNODES, RingStrategy.DEFAULT_NAMED_VNODES);
    Spec ns = params.get("nodes");
    List<String> nodes = new ArrayList<>();
    if (ns == null || !ns.isArray()) {
      params.violation(
          "nodes",
          "missing or not an array; mode 'named_vnodes' needs the node names, e.g. [\"edge-1\", \"edge-2\"]");
      throw params.refusal();
    }
    for (int i = 0; i < ns.size(); i++) {
      Spec n = ns.elements().get(i);
      if (!n.isText()) {
        params.violation("nodes[" + i + "]", "must be a node name string, got " + n);
      }
      nodes.add(n.isText() ? n.text() : null);
    }
    params.throwIfViolations();
    RingChecks.nodes(nodes, vnodes, params::violation);
    params.throwIfViolations();
    return RingStrategy.namedVnodes(nodes, vnodes);
  }

  private static PartitionStrategy tokens(StrategyParameters params) {
    StableHash hash = StableHash.fromParameters(params);
    int vnodes =
        params.optionalInt("vnodes", 1, RingStrategy.MAX_VNODES, RingStrategy.DEFAULT_VNODES);
    Map<String, Integer> weights = weights(params);
    Spec ts = params.get("tokens");
    if (ts == null || !ts.isArray()) {
      params.violation(
          "tokens",
          "missing or not an array; mode 'tokens' needs [[\"<16 hex digits>\", partition], ...] "
              + "in increasing token order (RingAllocator writes it)");
      throw params.refusal();
    }
    if (ts.size() > RingStrategy.MAX_TOKENS) {
      params.violation(
          "tokens", "has " + ts.size() + " tokens, over the limit of " + RingStrategy.MAX_TOKENS);
      throw params.refusal();
    }
    long[] tokens = new long[ts.size()];
    int[] partitions = new int[ts.size()];
    int maxPartition = -1;
    int listed = 0;
    for (int i = 0; i < ts.size(); i++) {
      Spec pair = ts.elements().get(i);
      String problem = null;
      String where = "tokens[" + i + "]";
      boolean isPair = pair.isArray() && pair.size() == 2;
      Spec first = isPair ? pair.elements().get(0) : null;
      Spec second = isPair ? pair.elements().get(1) : null;
      Long token = first != null && first.isText() ? Tokens.parseHex(first.text()) : null;
      if (first == null || second == null) {
        problem = "must be a pair [\"<16 hex digits>\", partition], got " + pair;
      } else if (token == null) {
        where += "[0]";
        problem =
            "token must be exactly 16 lower-case hex digits (an unsigned 64-bit position, big-endian), got "
                + first;
      } else if (!isInt(second) || second.longValue() < 0) {
        where += "[1]";
        problem = "partition must be an integer >= 0, got " + second;
      } else {
        tokens[i] = token;
        partitions[i] = (int) second.longValue();
        maxPartition = Math.max(maxPartition, partitions[i]);
      }
      if (problem != null && listed++ < 20) {
        params.violation(where, problem);
      }
    }
    boolean tokensParsed = listed == 0;
    int partitionCount =
        params.optionalInt("partitions", 1, RoutingTable.MAX_PARTITIONS, maxPartition + 1);
    if (tokensParsed && partitionCount <= maxPartition) {
      params.violation(
          "partitions",
          "is "
              + partitionCount
              + " but strategy.tokens uses partition "
              + maxPartition
              + "; give partitions >= "
              + (maxPartition + 1)
              + " or leave it out");
    } else if (tokensParsed) {
      RingChecks.tokens(tokens, partitions, partitionCount, params::violation);
    }
    if (weights != null) {
      RingChecks.weights(weights, params::violation);
    }
    if (hash == null || weights == null || params.hasViolations()) {
      throw params.refusal();
    }
    return RingStrategy.ofTokens(hash, tokens, partitions, partitionCount, weights, vnodes);
  }

  /** The weights object, or null when it is missing (reported). */
  private static @Nullable Map<String, Integer> weights(StrategyParameters params) {
    Map<String, Integer> weights = new LinkedHashMap<>();
    Spec w = params.get("weights");
    if (w == null || !w.isObject()) {
      params.violation(
          "weights",
          "missing or not an object; give each replica group's integer weight, "
              + "e.g. {\"g1\": 1, \"g2\": 2}");
      return null;
    }
    for (Map.Entry<String, Spec> e : w.fields().entrySet()) {
      Spec x = e.getValue();
      if (!isInt(x)) {
        params.violation("weights." + e.getKey(), RingChecks.weightProblem(x));
        weights.put(e.getKey(), 1); // reported; keeps the map from looking empty
      } else {
        weights.put(e.getKey(), (int) x.longValue());
      }
    }
    return weights;
  }

  /** An integer that fits in an {@code int}. */
  private static boolean isInt(Spec x) {
    return x.isIntegral() && x.bigIntegerValue().bitLength() <= 31;
  }
}
