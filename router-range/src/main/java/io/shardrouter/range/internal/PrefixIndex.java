package io.shardrouter.range.internal;

import java.util.Arrays;

/**
 * Counts the sorted byte-string boundaries at or below a key (unsigned lexicographic order: string,
 * bytes and uuid keys) mostly without comparing byte strings: each boundary's first 8 bytes, zero
 * padded, form a 64-bit prefix counted by a {@link RadixIndex}, whose cells cut the prefixes' own
 * span, so leading bytes that every boundary shares (such as {@code "cust-"}) cost nothing. A
 * boundary whose prefix is below the key's is below the key, one whose prefix is above is above it;
 * only boundaries with the key's own prefix (usually none or one) are compared in full.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Allocation:</b> none in {@link #countAtOrBelow}.
 */
public final class PrefixIndex {
  private final byte[][] sorted;
  private final long[] prefixes;
  private final int[] runStart; // the first index with the same prefix as index i
  private final RadixIndex index;

  public PrefixIndex(byte[][] sorted) {
    this.sorted = sorted;
    this.prefixes = new long[sorted.length];
    this.runStart = new int[sorted.length];
    for (int i = 0; i < sorted.length; i++) {
      prefixes[i] = prefix(sorted[i], 0, sorted[i].length);
      runStart[i] = i > 0 && prefixes[i] == prefixes[i - 1] ? runStart[i - 1] : i;
    }
    this.index = new RadixIndex(prefixes);
  }

  /**
   * The first 8 bytes big-endian, zero padded, with the sign bit flipped, so that signed order of
   * prefixes is unsigned order of the bytes.
   */
  public static long prefix(byte[] b, int off, int len) {
    long p = 0;
    for (int i = 0; i < 8; i++) {
      p = (p << 8) | (i < len ? b[off + i] & 0xFF : 0);
    }
    return p ^ Long.MIN_VALUE;
  }

  /**
   * The number of boundaries at or below the key {@code key[off, off + len)}.
   *
   * <p><b>Allocation:</b> none.
   */
  public int countAtOrBelow(byte[] key, int off, int len) {
    long p = prefix(key, off, len);
    int hi = index.countAtOrBelow(p); // boundaries with a prefix at or below the key's
    if (hi == 0 || prefixes[hi - 1] != p) {
      return hi;
    }
    int j = runStart[hi - 1]; // boundaries [j, hi) share the key's prefix: compare them in full
    while (j < hi
        && Arrays.compareUnsigned(sorted[j], 0, sorted[j].length, key, off, off + len) <= 0) {
      j++;
    }
    return j;
  }
}
