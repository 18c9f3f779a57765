package io.shardrouter.bench.peers;

import io.shardrouter.hash.StableHash;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The vnode-named consistent-hash ring as a Python {@code ConsistentHashRing} writes it, in Java:
 * each node {@code name} places 150 virtual nodes at the tokens {@code blake2b-64(name + "#vnode-"
 * + i)} (BLAKE2b, 8-byte digest, read big-endian as an unsigned integer), skipping a token already
 * taken; a key's point is looked up with {@code bisect_right} over the sorted tokens, and an index
 * past the end wraps to the first token.
 *
 * <p>Tokens are stored with the sign bit flipped so that a signed binary search over a {@code
 * long[]} orders them as unsigned 64-bit integers, as Python's ints are. {@link #nodeOfPoint} takes
 * the point, so the benchmark can hash the key with blake2b-64 (as the vnode-named ring does) or
 * xxh3-64 (to isolate the search from the hash).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Allocation:</b> none on {@link #nodeOfPoint}.
 */
public final class SortedTokenRing {
  /** Virtual nodes per node, the vnode-named ring's default. */
  public static final int VNODES = 150;

  private final long[] flipped; // token ^ Long.MIN_VALUE, ascending
  private final int[] owner;

  /** A ring of nodes {@code names[0..n)}; lookups return the node's index. */
  public SortedTokenRing(String[] names) {
    StableHash blake = StableHash.byName(StableHash.BLAKE2B_64, 0);
    Set<Long> taken = new HashSet<>();
    long[] tokens = new long[names.length * VNODES];
    int[] owners = new int[tokens.length];
    int n = 0;
    for (int node = 0; node < names.length; node++) {
      for (int i = 0; i < VNODES; i++) {
        byte[] label = (names[node] + "#vnode-" + i).getBytes(StandardCharsets.UTF_8);
        long token = blake.hash(label, 0, label.length);
        if (taken.add(token)) {
          tokens[n] = token ^ Long.MIN_VALUE;
          owners[n++] = node;
        }
      }
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    long[] t = tokens;
    Arrays.sort(order, (a, b) -> Long.compare(t[a], t[b]));
    flipped = new long[n];
    owner = new int[n];
    for (int i = 0; i < n; i++) {
      flipped[i] = tokens[order[i]];
      owner[i] = owners[order[i]];
    }
  }

  /**
   * The index of the node owning the unsigned 64-bit {@code point}: bisect_right, wrapping past the
   * end.
   */
  public int nodeOfPoint(long point) {
    long key = point ^ Long.MIN_VALUE;
    int lo = 0;
    int hi = flipped.length;
    while (lo < hi) { // first index whose token is > point
      int mid = (lo + hi) >>> 1;
      if (flipped[mid] <= key) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return owner[lo == flipped.length ? 0 : lo];
  }

  /** Tokens on the ring. */
  public int size() {
    return flipped.length;
  }

  /** Token {@code i} in ring order, as the unsigned 64-bit value. */
  public long token(int i) {
    return flipped[i] ^ Long.MIN_VALUE;
  }

  /** The node of token {@code i} in ring order. */
  public int ownerOf(int i) {
    return owner[i];
  }
}
