package io.shardrouter.lookup.internal;

import io.shardrouter.core.CanonicalBytes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The hash a {@link Directory} files its keys under. It only spreads keys over the directory's
 * buckets and gives each record a tag; it never decides a partition (a hit is always confirmed on
 * the key bytes), so it is no part of the routing spec and may change with the layout.
 *
 * <p>Definition, over the key's canonical bytes read as little-endian 64-bit words {@code w0, w1,
 * ...} (the last one zero-padded), {@code n} bytes in all: {@code h = SEED ^ n}; for each pair of
 * words {@code (a, b)} ({@code b = 0} when the count is odd) {@code h = mum(a ^ P1, b ^ P2 ^ h)};
 * the hash is {@code mum(h ^ P3, n ^ P4)}, where {@code mum(x, y)} folds the 128-bit product: the
 * low 64 bits XOR the high 64 bits (a wyhash-style mix). A 16-byte key costs two multiplications,
 * where XXH3 costs about three times as much through a general-purpose API; and because it works on
 * whole words, {@link Directory} computes it from an ASCII {@code String}'s chars in the same pass
 * that packs them into the words it compares, without copying the key anywhere.
 *
 * <p>{@link Directory} hashes an ASCII {@code String} from its own bytes when router-core's {@link
 * CanonicalBytes#sharedAscii} can read them in place, and otherwise packs the chars into words
 * itself; both give the same hash.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Allocation:</b> none.
 */
public final class DirectoryHash {
  public static final long SEED = 0x2D358DCCAA6C78A5L;
  public static final long P1 = 0xA0761D6478BD642FL;
  public static final long P2 = 0xE7037ED1A0B428DBL;
  public static final long P3 = 0x8EBC6AF09C88C6E3L;
  public static final long P4 = 0x589965CC75374CC3L;

  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private DirectoryHash() {}

  /** The 64-bit fold of {@code a × b}: low half XOR high half. */
  public static long mum(long a, long b) {
    return a * b ^ Math.multiplyHigh(a, b);
  }

  /** The hash of {@code bytes[offset, offset + length)}. */
  public static long of(byte[] bytes, int offset, int length) {
    long h = SEED ^ length;
    int p = offset;
    int end = offset + length;
    while (end - p > 8) {
      long a = (long) LONG_LE.get(bytes, p);
      long b = word(bytes, p + 8, end);
      h = mum(a ^ P1, b ^ P2 ^ h);
      p += 16;
    }
    if (p < end) {
      h = mum(word(bytes, p, end) ^ P1, P2 ^ h);
    }
    return mum(h ^ P3, length ^ P4);
  }

  /**
   * The zero-padded little-endian word at {@code p}, of the bytes before {@code end}; 0 when {@code
   * p >= end}.
   */
  public static long word(byte[] bytes, int p, int end) {
    int n = end - p;
    if (n >= 8) {
      return (long) LONG_LE.get(bytes, p);
    }
    if (n <= 0) {
      return 0;
    }
    if (end >= 8) { // one load ending at end; the bytes before p shift out
      return (long) LONG_LE.get(bytes, end - 8) >>> ((8 - n) << 3);
    }
    long w = 0;
    for (int i = n - 1; i >= 0; i--) {
      w = w << 8 | (bytes[p + i] & 0xFF);
    }
    return w;
  }

  /**
   * The hash of a key of {@code n} ≤ 24 bytes given as its three zero-padded words (what {@link
   * Directory} packs from a short ASCII {@code String}): the same value as {@link #of(byte[], int,
   * int)}.
   */
  public static long ofWords(long w0, long w1, long w2, int n) {
    long h = SEED ^ n;
    if (n > 0) {
      h = mum(w0 ^ P1, w1 ^ P2 ^ h);
      if (n > 16) {
        h = mum(w2 ^ P1, P2 ^ h);
      }
    }
    return mum(h ^ P3, n ^ P4);
  }

  /** The hash of a {@code long}'s 8 little-endian bytes. */
  public static long of(long key) {
    return mum(mum(key ^ P1, P2 ^ (SEED ^ 8)) ^ P3, 8 ^ P4);
  }
}
