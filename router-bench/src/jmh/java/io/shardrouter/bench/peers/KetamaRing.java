package io.shardrouter.bench.peers;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.TreeMap;

/**
 * A ketama continuum (libketama, as described by its authors and as memcached clients such as
 * spymemcached's {@code KetamaNodeLocator} implement it), written here from that description:
 *
 * <ul>
 *   <li>each node {@code name} gets 160 points (equal weights): for {@code k} in 0..39, the MD5 of
 *       {@code name + "-" + k} gives 16 bytes, read as four 32-bit points, each little-endian:
 *       {@code d[3+4h]<<24 | d[2+4h]<<16 | d[1+4h]<<8 | d[4h]} for {@code h} in 0..3;
 *   <li>a key's point is the first such 32-bit value of the MD5 of the key's bytes;
 *   <li>the key belongs to the node of the first point at or after it on the circle ({@code
 *       TreeMap.ceilingEntry}), wrapping to the first point.
 * </ul>
 *
 * <p>As deployed it hashes through a {@link MessageDigest} and looks up a {@code TreeMap<Long,
 * Integer>}: the digest array and the boxed {@code Long} are allocated per lookup. That is the
 * point of the comparison.
 *
 * <p><b>Thread-safety:</b> the continuum is immutable; {@link #nodeOf} takes the caller's {@code
 * MessageDigest}, which must not be shared between threads.
 */
public final class KetamaRing {
  /** Points per node with equal weights. */
  public static final int POINTS_PER_NODE = 160;

  private final TreeMap<Long, Integer> continuum = new TreeMap<>();

  /** A continuum of nodes {@code names[0..n)}; lookups return the node's index. */
  public KetamaRing(String[] names) {
    MessageDigest md5 = md5();
    for (int node = 0; node < names.length; node++) {
      for (int k = 0; k < POINTS_PER_NODE / 4; k++) {
        byte[] d = md5.digest((names[node] + "-" + k).getBytes(StandardCharsets.UTF_8));
        for (int h = 0; h < 4; h++) {
          continuum.putIfAbsent(point(d, h), node);
        }
      }
    }
  }

  /** A new MD5 digest for one thread. */
  public static MessageDigest md5() {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is required of every Java platform: " + e, e);
    }
  }

  /** Point {@code h} (0..3) of a 16-byte digest: 4 bytes little-endian, unsigned. */
  static long point(byte[] d, int h) {
    return (long) (d[3 + h * 4] & 0xFF) << 24
        | (long) (d[2 + h * 4] & 0xFF) << 16
        | (long) (d[1 + h * 4] & 0xFF) << 8
        | (d[h * 4] & 0xFF);
  }

  /** The index of the node that owns {@code key}. */
  public int nodeOf(byte[] key, MessageDigest md5) {
    long point = point(md5.digest(key), 0);
    Map.Entry<Long, Integer> e = continuum.ceilingEntry(point);
    return (e != null ? e : continuum.firstEntry()).getValue();
  }

  /** Points on the circle (160 per node, less any collisions). */
  public int size() {
    return continuum.size();
  }
}
