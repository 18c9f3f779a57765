package io.shardrouter.lookup;

import io.shardrouter.core.key.Hex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Collects the entries of a {@link Directory}: exact keys (canonical bytes, copied) and their
 * non-negative values. {@link #duplicates()} lists keys given more than once, which {@link #build()}
 * refuses; building sorts the entries by key bytes (so a directory's content does not depend on the
 * order the entries were added in) and fills the hash table.
 *
 * <p>Building n entries takes O(n log n) time and, besides the directory itself, about
 * {@code 12 n} bytes plus the key bytes while it runs.
 *
 * <p><b>Thread-safety:</b> mutable; not thread-safe.
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class DirectoryBuilder {
  private static final int RUN = 32;

  private byte[] keys = new byte[256];
  private int[] starts = new int[33]; // starts[i] is where key i begins; starts[size] where the next one will
  private int[] values = new int[32];
  private int size;
  private int[] order; // insertion indices sorted by key bytes, then index; null when stale

  DirectoryBuilder() {}

  /** Adds the key whose canonical bytes are {@code key[offset, offset + length)} with {@code value} (at least 0). */
  public DirectoryBuilder add(byte[] key, int offset, int length, int value) {
    if (value < 0) {
      throw new IllegalArgumentException("directory values must be >= 0, got " + value + " for key " + Hex.of(key, offset, length));
    }
    if (offset < 0 || length < 0 || offset > key.length - length) {
      throw new IndexOutOfBoundsException("key slice [" + offset + ", " + offset + " + " + length + ") is outside an array of "
          + key.length + " bytes");
    }
    long end = (long) starts[size] + length;
    if (end > Directory.MAX_ARENA_BYTES) {
      throw new IllegalArgumentException("directory keys exceed " + Directory.MAX_ARENA_BYTES + " bytes after " + size
          + " entries; split the directory (a lookup per tenant group) or shorten the keys");
    }
    if (end > keys.length) {
      keys = Arrays.copyOf(keys, (int) Math.min(Directory.MAX_ARENA_BYTES, Math.max(end, 2L * keys.length)));
    }
    if (size + 1 == values.length) {
      values = Arrays.copyOf(values, values.length * 2);
      starts = Arrays.copyOf(starts, values.length + 1);
    }
    System.arraycopy(key, offset, keys, starts[size], length);
    values[size] = value;
    starts[size + 1] = (int) end;
    size++;
    order = null;
    return this;
  }

  /** Adds {@code key} (canonical bytes) with {@code value}. */
  public DirectoryBuilder add(byte[] key, int value) {
    return add(key, 0, key.length, value);
  }

  /** The number of entries added so far. */
  public int size() {
    return size;
  }

  /** The canonical bytes of the entry added {@code index}-th (from 0). */
  public byte[] key(int index) {
    return Arrays.copyOfRange(keys, starts[index], starts[index + 1]);
  }

  /** The value of the entry added {@code index}-th (from 0). */
  int value(int index) {
    return values[index];
  }

  /** Replaces the value of the entry added {@code index}-th. */
  void setValue(int index, int value) {
    values[index] = value;
  }

  /** Insertion indices in the order the directory will hold the entries: by key bytes, then insertion. */
  int[] sortedOrder() {
    return sorted();
  }

  /**
   * Every key added more than once, as pairs {@code {first, later}} of insertion indices (from 0):
   * one pair per repetition, each naming the key's first entry; empty when every key is distinct.
   */
  public List<int[]> duplicates() {
    int[] o = sorted();
    List<int[]> out = new ArrayList<>();
    int runStart = 0;
    for (int k = 1; k < o.length; k++) {
      if (sameKey(o[k - 1], o[k])) {
        out.add(new int[] {o[runStart], o[k]});
      } else {
        runStart = k;
      }
    }
    return out;
  }

  /**
   * Builds the directory.
   *
   * @throws IllegalArgumentException when a key was added twice (naming its bytes and both entries)
   */
  public Directory build() {
    List<int[]> dups = duplicates();
    if (!dups.isEmpty()) {
      StringBuilder sb = new StringBuilder("directory keys must be distinct; ").append(dups.size())
          .append(dups.size() == 1 ? " key is" : " keys are").append(" given twice:");
      for (int i = 0; i < Math.min(10, dups.size()); i++) {
        int[] d = dups.get(i);
        sb.append(" key ").append(Hex.of(key(d[1]))).append(" (entries #").append(d[0]).append(" and #").append(d[1]).append(')');
      }
      throw new IllegalArgumentException(sb.append(dups.size() > 10 ? " ..." : "").append("; give each key once").toString());
    }
    int[] o = sorted();
    long arenaSize = 0;
    for (int i = 0; i < size; i++) {
      int len = starts[i + 1] - starts[i];
      arenaSize += varintLength(len) + 4 + len;
    }
    if (arenaSize > Directory.MAX_ARENA_BYTES) {
      throw new IllegalArgumentException("a directory of " + size + " entries needs " + arenaSize + " arena bytes, over the limit of "
          + Directory.MAX_ARENA_BYTES + "; split the directory or shorten the keys");
    }
    long capacity = Math.max(1, (long) Math.ceil(size / Directory.LOAD_FACTOR));
    if (capacity > Integer.MAX_VALUE - 8 || capacity <= size) {
      throw new IllegalArgumentException("a directory of " + size + " entries is too large for one hash table; split it");
    }
    byte[] arena = new byte[(int) arenaSize];
    long[] slots = new long[(int) capacity];
    int offsetBits = Math.max(1, 64 - Long.numberOfLeadingZeros(arena.length));
    int p = 0;
    for (int i : o) {
      int len = starts[i + 1] - starts[i];
      int record = p;
      int v = len;
      while (v >= 0x80) {
        arena[p++] = (byte) (v | 0x80);
        v >>>= 7;
      }
      arena[p++] = (byte) v;
      int value = values[i];
      arena[p++] = (byte) value;
      arena[p++] = (byte) (value >>> 8);
      arena[p++] = (byte) (value >>> 16);
      arena[p++] = (byte) (value >>> 24);
      System.arraycopy(keys, starts[i], arena, p, len);
      long h = DirectoryHash.of(arena, p, len);
      p += len;
      int s = Directory.home(h, slots.length);
      while (slots[s] != 0) {
        if (++s == slots.length) {
          s = 0;
        }
      }
      slots[s] = h << offsetBits | (record + 1);
    }
    return new Directory(slots, arena, size, offsetBits);
  }

  private static int varintLength(int v) {
    int n = 1;
    while (v >= 0x80) {
      v >>>= 7;
      n++;
    }
    return n;
  }

  private boolean sameKey(int a, int b) {
    return Arrays.equals(keys, starts[a], starts[a + 1], keys, starts[b], starts[b + 1]);
  }

  /** Key bytes as unsigned, then insertion index: a total order, so equal keys end up next to each other, first one first. */
  private int compare(int a, int b) {
    int c = Arrays.compareUnsigned(keys, starts[a], starts[a + 1], keys, starts[b], starts[b + 1]);
    return c != 0 ? c : Integer.compare(a, b);
  }

  /** Insertion indices sorted by {@link #compare}: insertion sort of short runs, then bottom-up merges. */
  private int[] sorted() {
    if (order != null) {
      return order;
    }
    int n = size;
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    for (int lo = 0; lo < n; lo += RUN) {
      int hi = Math.min(lo + RUN, n);
      for (int i = lo + 1; i < hi; i++) {
        int x = a[i];
        int j = i - 1;
        while (j >= lo && compare(a[j], x) > 0) {
          a[j + 1] = a[j];
          j--;
        }
        a[j + 1] = x;
      }
    }
    int[] tmp = new int[n];
    for (long width = RUN; width < n; width *= 2) {
      for (long lo = 0; lo + width < n; lo += 2 * width) {
        merge(a, tmp, (int) lo, (int) (lo + width), (int) Math.min(lo + 2 * width, n));
      }
    }
    order = a;
    return a;
  }

  private void merge(int[] a, int[] tmp, int lo, int mid, int hi) {
    if (compare(a[mid - 1], a[mid]) <= 0) {
      return; // already in order
    }
    System.arraycopy(a, lo, tmp, lo, hi - lo);
    int i = lo;
    int j = mid;
    for (int k = lo; k < hi; k++) {
      if (i < mid && (j >= hi || compare(tmp[i], tmp[j]) <= 0)) {
        a[k] = tmp[i++];
      } else {
        a[k] = tmp[j++];
      }
    }
  }
}
