package io.shardrouter.hash;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The tokens of the vnode-named ring (ring mode {@code "named_vnodes"}, {@code
 * docs/routing-spec.md} §4.7), derived by name from the node list and a vnode count.
 *
 * <p>For each node in list order, for {@code i} in {@code [0, vnodes)}: the token is {@code
 * blake2b-64("<node>#vnode-<i>")} (UTF-8, 8-byte digest read big-endian); a token already on the
 * ring is skipped, so on a collision the earlier (node, vnode) keeps it and the later vnode is
 * dropped. The partition of a token is the index of its node in the list.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable: pinned by {@code golden/ring-001.json}.
 */
final class NamedVnodes {
  /** Sorted tokens and the partition (node index) of each. */
  public record Derived(long[] tokens, int[] partitions, int collisions) {}

  private NamedVnodes() {}

  public static Derived derive(List<String> nodes, int vnodes) {
    return derive(nodes, vnodes, Blake2b64.INSTANCE);
  }

  /** The derivation with another token hash, so that tests can force collisions. */
  public static Derived derive(List<String> nodes, int vnodes, StableHash hash) {
    Map<Long, Integer> ring = new HashMap<>(nodes.size() * vnodes * 2);
    int collisions = 0;
    for (int n = 0; n < nodes.size(); n++) {
      for (int i = 0; i < vnodes; i++) {
        if (ring.putIfAbsent(hash.hashString(nodes.get(n) + "#vnode-" + i), n) != null) {
          collisions++;
        }
      }
    }
    long[] flipped = new long[ring.size()];
    int k = 0;
    for (Long t : ring.keySet()) {
      flipped[k++] = t ^ Long.MIN_VALUE;
    }
    Arrays.sort(flipped);
    long[] tokens = new long[flipped.length];
    int[] partitions = new int[flipped.length];
    for (int i = 0; i < flipped.length; i++) {
      tokens[i] = flipped[i] ^ Long.MIN_VALUE;
      partitions[i] = Objects.requireNonNull(ring.get(tokens[i]), "a token of the ring");
    }
    return new Derived(tokens, partitions, collisions);
  }
}
