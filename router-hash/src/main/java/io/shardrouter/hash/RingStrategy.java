package io.shardrouter.hash;

import io.shardrouter.core.ExactMovement;
import io.shardrouter.core.GroupConstraint;
import io.shardrouter.core.IndexedRoutes;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.Violations;
import io.shardrouter.hash.internal.RingChecks;
import io.shardrouter.hash.internal.TokenIndex;
import io.shardrouter.hash.internal.Tokens;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * {@code ring}: a consistent-hash ring. The hash space [0, 2<sup>64</sup>) of a key's routing point
 * (the {@link StableHash} of its canonical bytes, as an unsigned integer) is cut by a sorted list
 * of tokens; a point belongs to the first token strictly above it, wrapping to the first token (a
 * right bisection, {@code docs/routing-spec.md} §4.7), so token {@code t} owns [previous token,
 * {@code t}).
 *
 * <p>Two modes ({@link Mode}):
 *
 * <ul>
 *   <li>{@code tokens} (default): the token list is persisted as {@code [token, partition]} pairs.
 *       Each token range is its own logical partition, and a partition id never changes while its
 *       token stays: the ring allocator (docs/ring.md) gives new tokens fresh ids (counting up from
 *       {@code partitions}) and never renumbers; an id whose token is merged away is retired (it
 *       owns no keys, {@link #shareOf} is 0, and its placement entry may name any group). The
 *       placement maps each partition to its replica group, so moving a range is a placement
 *       change. {@code weights} ({@code {group: integer}}) and {@code vnodes} (per unit of weight)
 *       belong to the allocator: routing never reads them, and the strategy cannot see the
 *       document's groups, so the ring allocator (docs/ring.md) checks that the weights name
 *       exactly those.
 *   <li>{@code named_vnodes} (read also as {@code 001}): the common vnode-named consistent-hash
 *       ring (tokens {@code blake2b-64("<node>#vnode-<i>")}, collisions keep the earlier vnode, key
 *       hash blake2b-64 of the UTF-8 key). Partition {@code i} is node {@code nodes[i]}; a
 *       placement that puts partition {@code i} on the group named {@code nodes[i]} answers every
 *       string key with the node the ring picks for it.
 * </ul>
 *
 * <p>Good for: groups of different capacity, and partition sets that grow by splitting ranges (the
 * allocator keeps every group within 2% of its weight share and moves the optimal amount). Not for:
 * range queries (the hash scatters neighbours), and tables small enough for {@code hash_mod} over
 * fixed partitions, which is simpler to read.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable. The lookup rule, token text form and both modes are pinned by {@code
 * docs/ring.md} and golden vectors.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf}: nearly every point costs one load of a 4-byte
 * word per bucket (threshold and partition together), n to 2n buckets for n tokens, and a table's
 * route one more load from its route array of one reference per partition ({@code docs/ring.md}
 * §6).
 *
 * @since 0.1
 */
public final class RingStrategy extends HashPartitionStrategy
    implements GroupConstraint, IndexedRoutes, ExactMovement {
  /** The registered type name. */
  public static final String TYPE = "ring";

  /** Vnodes per unit of weight in mode {@code tokens} when the document gives none. */
  public static final int DEFAULT_VNODES = 16;

  /** Vnodes per node in mode {@code named_vnodes} when the document gives none. */
  public static final int DEFAULT_NAMED_VNODES = 150;

  /**
   * The most vnodes per unit of weight (mode {@code tokens}) or per node (mode {@code
   * named_vnodes}).
   */
  public static final int MAX_VNODES = 4096;

  /** The largest weight of one group. */
  public static final int MAX_WEIGHT = RingChecks.MAX_WEIGHT;

  /** The most tokens one ring may have. */
  public static final int MAX_TOKENS = RingChecks.MAX_TOKENS;

  private final Mode mode;
  private final long[] tokens;
  private final int[] tokenPartitions;
  private final double[] shares;
  private final TokenIndex index;
  private final Map<String, Integer> weights; // mode tokens; sorted by group id
  private final int vnodes;
  private final List<String> nodes; // mode named_vnodes

  private RingStrategy(
      Mode mode,
      StableHash hash,
      long[] tokens,
      int[] tokenPartitions,
      int partitionCount,
      Map<String, Integer> weights,
      int vnodes,
      List<String> nodes) {
    super(hash, partitionCount);
    this.mode = mode;
    this.tokens = tokens;
    this.tokenPartitions = tokenPartitions;
    this.index = new TokenIndex(tokens, tokenPartitions);
    this.shares = new double[partitionCount];
    for (int i = 0; i < tokens.length; i++) {
      long previous = tokens[i == 0 ? tokens.length - 1 : i - 1];
      shares[tokenPartitions[i]] += Tokens.share(previous, tokens[i]);
    }
    this.weights = weights;
    this.vnodes = vnodes;
    this.nodes = nodes;
  }

  /**
   * A ring in mode {@code tokens}: {@code tokens} strictly increasing as unsigned integers, token
   * {@code i} owning partition {@code partitions[i]}, every id used once and below {@code
   * partitionCount} (ids that own no token are retired). Normally built by the ring allocator
   * (docs/ring.md).
   *
   * @throws io.shardrouter.core.InvalidRoutingTableException naming each broken rule with its path
   *     under {@code strategy}
   */
  public static RingStrategy ofTokens(
      StableHash hash,
      long[] tokens,
      int[] partitions,
      int partitionCount,
      Map<String, Integer> weights,
      int vnodes) {
    Violations v = new Violations();
    RingChecks.Reporter r = (name, message) -> v.add("strategy." + name, message);
    if (tokens.length != partitions.length) {
      v.add(
          "strategy.tokens",
          tokens.length
              + " tokens but "
              + partitions.length
              + " partitions; give one partition per token");
    } else if (partitionCount < 1 || partitionCount > RoutingTable.MAX_PARTITIONS) {
      v.add(
          "strategy.partitions",
          "must be in [1, " + RoutingTable.MAX_PARTITIONS + "], got " + partitionCount);
    } else {
      RingChecks.tokens(tokens, partitions, partitionCount, r);
    }
    RingChecks.weights(weights, r);
    if (vnodes < 1 || vnodes > MAX_VNODES) {
      v.add(
          "strategy.vnodes",
          "must be in [1, " + MAX_VNODES + "] vnodes per unit of weight, got " + vnodes);
    }
    v.throwIfAny();
    return tokensUnchecked(
        hash, tokens.clone(), partitions.clone(), partitionCount, weights, vnodes);
  }

  /** Mode {@code tokens} from arrays already checked and owned by the caller. */
  private static RingStrategy tokensUnchecked(
      StableHash hash,
      long[] tokens,
      int[] partitions,
      int partitionCount,
      Map<String, Integer> weights,
      int vnodes) {
    return new RingStrategy(
        Mode.TOKENS,
        hash,
        tokens,
        partitions,
        partitionCount,
        java.util.Collections.unmodifiableMap(new TreeMap<>(weights)),
        vnodes,
        List.of());
  }

  /**
   * The vnode-named ring over {@code nodes} with {@code vnodes} virtual nodes each (the default is
   * {@value #DEFAULT_NAMED_VNODES}; {@code docs/routing-spec.md} §4.7).
   *
   * @throws io.shardrouter.core.InvalidRoutingTableException for no nodes, a null or repeated node,
   *     or a vnode count outside [1, {@value #MAX_VNODES}]; any string is a node name, the empty
   *     one and blank ones included
   */
  public static RingStrategy namedVnodes(List<String> nodes, int vnodes) {
    Violations v = new Violations();
    if (vnodes < 1 || vnodes > MAX_VNODES) {
      v.add("strategy.vnodes", "must be in [1, " + MAX_VNODES + "] vnodes per node, got " + vnodes);
    } else {
      RingChecks.nodes(nodes, vnodes, (name, message) -> v.add("strategy." + name, message));
    }
    v.throwIfAny();
    return namedVnodesUnchecked(List.copyOf(nodes), vnodes);
  }

  private static RingStrategy namedVnodesUnchecked(List<String> nodes, int vnodes) {
    NamedVnodes.Derived d = NamedVnodes.derive(nodes, vnodes);
    return new RingStrategy(
        Mode.NAMED_VNODES,
        Blake2b64.INSTANCE,
        d.tokens(),
        d.partitions(),
        nodes.size(),
        Map.of(),
        vnodes,
        nodes);
  }

  @Override
  public String type() {
    return TYPE;
  }

  /**
   * The partition of routing point {@code hash}: that of the first token above it, wrapping.
   *
   * <p><b>Allocation:</b> none.
   */
  @Override
  public int partitionOfHash(long hash) {
    return index.partitionOf(hash);
  }

  /**
   * A table's route index: the bucket's word, then the table's route of its partition, without the
   * strategy's call in between ({@code docs/ring.md} §6).
   */
  @Override
  public IndexedRoutes.RouteIndex routeIndex(Route[] routes) {
    return new RingRouteIndex(this, index, routes);
  }

  /**
   * The share of the hash space that {@code partition}'s token ranges cover; 0 for a retired id.
   */
  @Override
  public double shareOf(int partition) {
    return shares[partition];
  }

  public Mode mode() {
    return mode;
  }

  /**
   * The arcs of the hash space laid over {@code previous}, a ring with the same hash: the two token
   * lists merged, each arc with its partition in both rings and its exact share. Null for a
   * strategy that is not a ring, or a ring that hashes keys otherwise (token positions then mean
   * other keys: count moved keys with a sample).
   *
   * <p><b>Allocation:</b> allocates; a tool path.
   */
  @Override
  public ExactMovement.@Nullable Pieces piecesFrom(PartitionStrategy previous) {
    return previous instanceof RingStrategy a ? RingPieces.between(a, this) : null;
  }

  /** The number of tokens on the ring. */
  public int tokenCount() {
    return tokens.length;
  }

  /** Token {@code i} in increasing unsigned order. */
  public long token(int i) {
    return tokens[i];
  }

  /** The partition that owns token {@code i}, i.e. the range [token(i-1), token(i)). */
  public int partitionOfToken(int i) {
    return tokenPartitions[i];
  }

  /**
   * The group weights of mode {@code tokens}, sorted by group id; empty in mode {@code
   * named_vnodes}.
   */
  /** A document's weights, when it gives any, name exactly its groups. */
  @Override
  public void checkGroups(List<ReplicaGroup> groups, String path, Violations v) {
    RingChecks.groupWeights(weights(), groups, path, v, false);
  }

  public Map<String, Integer> weights() {
    return weights;
  }

  /** Vnodes per unit of weight (mode {@code tokens}) or per node (mode {@code named_vnodes}). */
  public int vnodes() {
    return vnodes;
  }

  /**
   * The nodes of mode {@code named_vnodes}, partition i being node i; empty in mode {@code tokens}.
   */
  public List<String> nodes() {
    return nodes;
  }

  /**
   * The strategy object: {@code type}, {@code mode}, then for mode {@code tokens} {@code hash},
   * {@code seed} (when not 0), {@code vnodes}, {@code weights} (sorted by group id), {@code
   * partitions} and {@code tokens}; for mode {@code named_vnodes} {@code nodes} and {@code vnodes}.
   */
  @Override
  public Spec toSpec() {
    Spec.ObjectBuilder o = Spec.object().put("type", TYPE).put("mode", mode.documentName());
    if (mode == Mode.NAMED_VNODES) {
      List<Spec> ns = new ArrayList<>(nodes.size());
      nodes.forEach(n -> ns.add(Spec.of(n)));
      return o.put("nodes", Spec.array(ns)).put("vnodes", vnodes).build();
    }
    o.put("hash", hash.name());
    if (hash.seed() != 0) {
      o.put("seed", hash.seed());
    }
    o.put("vnodes", vnodes);
    Spec.ObjectBuilder w = Spec.object();
    weights.forEach((group, weight) -> w.put(group, weight));
    o.put("weights", w.build()).put("partitions", partitions);
    List<Spec> ts = new ArrayList<>(tokens.length);
    for (int i = 0; i < tokens.length; i++) {
      ts.add(Spec.array(List.of(Spec.of(Tokens.toHex(tokens[i])), Spec.of(tokenPartitions[i]))));
    }
    return o.put("tokens", Spec.array(ts)).build();
  }

  /** The lookup index, for tests. */
  TokenIndex index() {
    return index;
  }

  /**
   * How a {@link RingStrategy} gets its tokens: the {@code mode} parameter of a {@code ring}
   * strategy.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> stable: the document names are part of the routing document format.
   *
   * @since 0.1
   */
  public enum Mode {
    /**
     * {@code "tokens"} (the default): the token list is persisted in the routing document as {@code
     * [token, partition]} pairs, cut by the ring allocator (docs/ring.md); each token range is its
     * own partition, and group weights live in the {@code weights} parameter.
     */
    TOKENS("tokens"),
    /**
     * {@code "named_vnodes"}: the vnode-named ring ({@code docs/routing-spec.md} §4.7): tokens
     * derived by name ({@code blake2b-64("<node>#vnode-<i>")}) from the {@code nodes} list and a
     * vnode count; the partition of a key is the index of its node in {@code nodes}. Documents
     * written before the mode had this name spell it {@code "001"}; that spelling is read as this
     * mode forever, and written as {@code "named_vnodes"}.
     */
    NAMED_VNODES("named_vnodes");

    /** The earlier spelling of {@link #NAMED_VNODES} in documents: read, never written. */
    private static final String NAMED_VNODES_ALIAS = "001";

    private final String documentName;

    Mode(String documentName) {
      this.documentName = documentName;
    }

    /** The name in the routing document. */
    public String documentName() {
      return documentName;
    }

    /**
     * The mode named {@code name} in a routing document (including the alias {@code "001"} of
     * {@link #NAMED_VNODES}), or null.
     */
    public static @Nullable Mode fromDocumentName(String name) {
      if (NAMED_VNODES_ALIAS.equals(name)) {
        return NAMED_VNODES;
      }
      for (Mode m : values()) {
        if (m.documentName.equals(name)) {
          return m;
        }
      }
      return null;
    }
  }
}
