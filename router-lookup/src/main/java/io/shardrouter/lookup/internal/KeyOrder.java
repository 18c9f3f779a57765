package io.shardrouter.lookup.internal;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The order of a {@link DirectoryBuilder}'s entries: insertion indices sorted by key bytes
 * (unsigned), then insertion index, so equal keys end up next to each other, first one first.
 * Insertion sort of short runs, then bottom-up merges of (8-byte key prefix, index) pairs; the
 * keys' bytes are read only when two prefixes are equal.
 *
 * <p><b>Thread-safety:</b> confined to the builder that sorts.
 */
final class KeyOrder {
  private static final int RUN = 32;

  private final byte[] keys;
  private final int[] starts;

  /** Insertion indices in key order. */
  @SuppressWarnings("NullAway.Init") // of() sets it on every path before it returns the instance
  int[] order;

  /**
   * The prefix of each entry of {@link #order}, in that order; null when the keys were added in
   * strictly ascending order ({@link #ascending}).
   */
  long @Nullable [] prefixes;

  /**
   * True when each key was above the one added before it: {@link #order} is then the insertion
   * order and no key repeats (a directory written by this library and read back is in key order).
   */
  boolean ascending;

  private KeyOrder(byte[] keys, int[] starts) {
    this.keys = keys;
    this.starts = starts;
  }

  /**
   * The first 8 key bytes of entry {@code i} as a big-endian number, zero-padded, with the sign bit
   * flipped: comparing two of them as signed {@code long}s is comparing those bytes unsigned.
   */
  private long prefix(int i) {
    int at = starts[i];
    int n = Math.min(8, starts[i + 1] - at);
    long p = 0;
    for (int j = 0; j < n; j++) {
      p |= (keys[at + j] & 0xFFL) << (56 - 8 * j);
    }
    return p ^ Long.MIN_VALUE;
  }

  /**
   * Key bytes as unsigned, then insertion index, of entries {@code a} and {@code b} with prefixes
   * {@code pa} and {@code pb}: a total order, so equal keys end up next to each other, first one
   * first. The keys' bytes are read only when the prefixes are equal.
   */
  private int compare(long pa, int a, long pb, int b) {
    if (pa != pb) {
      return pa < pb ? -1 : 1;
    }
    int c = Arrays.compareUnsigned(keys, starts[a], starts[a + 1], keys, starts[b], starts[b + 1]);
    return c != 0 ? c : Integer.compare(a, b);
  }

  /** Sorts the first {@code size} entries of the builder arrays {@code keys} and {@code starts}. */
  static KeyOrder of(byte[] keys, int[] starts, int size) {
    KeyOrder k = new KeyOrder(keys, starts);
    int n = size;
    int[] a = new int[n];
    int above = 1;
    while (above < n
        && Arrays.compareUnsigned(
                keys, starts[above - 1], starts[above], keys, starts[above], starts[above + 1])
            < 0) {
      above++;
    }
    if (above >= n) {
      for (int i = 0; i < n; i++) {
        a[i] = i;
      }
      k.order = a;
      k.ascending = true;
      return k;
    }
    long[] p = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
      p[i] = k.prefix(i);
    }
    for (int lo = 0; lo < n; lo += RUN) {
      int hi = Math.min(lo + RUN, n);
      for (int i = lo + 1; i < hi; i++) {
        int x = a[i];
        long px = p[i];
        int j = i - 1;
        while (j >= lo && k.compare(p[j], a[j], px, x) > 0) {
          a[j + 1] = a[j];
          p[j + 1] = p[j];
          j--;
        }
        a[j + 1] = x;
        p[j + 1] = px;
      }
    }
    int[] ta = new int[n];
    long[] tp = new long[n];
    for (long width = RUN; width < n; width *= 2) {
      for (long lo = 0; lo + width < n; lo += 2 * width) {
        k.merge(a, p, ta, tp, (int) lo, (int) (lo + width), (int) Math.min(lo + 2 * width, n));
      }
    }
    k.order = a;
    k.prefixes = p;
    return k;
  }

  private void merge(int[] a, long[] p, int[] ta, long[] tp, int lo, int mid, int hi) {
    if (compare(p[mid - 1], a[mid - 1], p[mid], a[mid]) <= 0) {
      return; // already in order
    }
    System.arraycopy(a, lo, ta, lo, hi - lo);
    System.arraycopy(p, lo, tp, lo, hi - lo);
    int i = lo;
    int j = mid;
    for (int k = lo; k < hi; k++) {
      if (i < mid && (j >= hi || compare(tp[i], ta[i], tp[j], ta[j]) <= 0)) {
        a[k] = ta[i];
        p[k] = tp[i++];
      } else {
        a[k] = ta[j];
        p[k] = tp[j++];
      }
    }
  }
}
