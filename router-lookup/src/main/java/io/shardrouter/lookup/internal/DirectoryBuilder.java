package io.shardrouter.lookup.internal;

import io.shardrouter.core.KeyText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Collects the entries of a {@link Directory}: exact keys (canonical bytes, copied) and their
 * non-negative values. {@link #duplicates()} lists keys given more than once, which {@link
 * #build()} refuses; building sorts the entries by key bytes and fills the hash table from them in
 * that order, region by region ({@link TableFill}; so a directory's layout does not depend on the
 * order the entries were added in).
 *
 * <p>Building n entries takes O(n log n) time and, besides the directory itself, about {@code 36 n}
 * bytes plus the key bytes while it runs: the sort orders (8-byte key prefix, index) pairs and
 * reads the keys' bytes only when two prefixes are equal. Entries added in key order (a directory
 * read back from a document this library wrote) are not sorted, only checked in one pass; entries
 * added in another order are copied into key order once ({@link SortedKeys}), so that every later
 * pass reads them in order. {@link #sortedKeys()} hands that copy on, for the document's first
 * write.
 *
 * <p><b>Thread-safety:</b> mutable; not thread-safe.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class DirectoryBuilder {
  private byte[] keys = new byte[256];
  private int[] starts =
      new int[33]; // starts[i] is where key i begins; starts[size] where the next one will
  private int[] values = new int[32];
  private int size;
  // insertion indices sorted by key bytes, then index; null when stale
  private int @Nullable [] order;
  private long @Nullable [] sortedPrefixes; // the prefix of each entry of order, in that order
  private int recordBytes; // 0: chosen at build
  private int tagBits = 16;
  private int hopLimit = 255;
  private double loadFactor = Directory.LOAD_FACTOR;
  private int regionBuckets = TableFill.REGION_BUCKETS;
  private int bandRegions = TableFill.BAND_REGIONS;

  private boolean inKeyOrder; // each key was added above the one before (KeyOrder#ascending)
  private @Nullable SortedKeys built; // the entries of the last build in key order; null when stale
  private boolean shared; // values is read by a SortedKeys: copied before it is changed

  public DirectoryBuilder() {}

  /**
   * Adds the key whose canonical bytes are {@code key[offset, offset + length)} with {@code value}
   * (at least 0).
   */
  public DirectoryBuilder add(byte[] key, int offset, int length, int value) {
    if (value < 0) {
      throw new IllegalArgumentException(
          "directory values must be >= 0, got "
              + value
              + " for key "
              + KeyText.hex(key, offset, length));
    }
    Directory.checkSlice(key, offset, length);
    long end = (long) starts[size] + length;
    if (end > Directory.MAX_ARENA_BYTES) {
      throw new IllegalArgumentException(
          "directory keys exceed "
              + Directory.MAX_ARENA_BYTES
              + " bytes after "
              + size
              + " entries; split the directory (a lookup per tenant group) or shorten the keys");
    }
    if (end > keys.length) {
      keys =
          Arrays.copyOf(
              keys, (int) Math.min(Directory.MAX_ARENA_BYTES, Math.max(end, 2L * keys.length)));
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
    sortedPrefixes = null;
    built = null;
    return this;
  }

  /**
   * Makes room for {@code entries} more entries of {@code keyBytes} key bytes in all, so that
   * adding them grows no array (a directory read from a document knows both counts beforehand).
   */
  public void expect(int entries, long keyBytes) {
    long bytes = Math.min(Directory.MAX_ARENA_BYTES, starts[size] + keyBytes);
    if (bytes > keys.length) {
      keys = Arrays.copyOf(keys, (int) bytes);
    }
    long slots = (long) size + entries + 1;
    if (slots > values.length && slots < Integer.MAX_VALUE - 8) {
      values = Arrays.copyOf(values, (int) slots);
      starts = Arrays.copyOf(starts, (int) slots + 1);
    }
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
  public int value(int index) {
    return values[index];
  }

  /**
   * Replaces the value of the entry added {@code index}-th. A change: {@link #sortedKeys()} then
   * waits for the next {@link #build()}.
   */
  public void setValue(int index, int value) {
    built = null;
    if (shared) {
      values = values.clone();
      shared = false;
    }
    values[index] = value;
  }

  /**
   * Insertion indices in the order the directory will hold the entries: by key bytes, then
   * insertion.
   */
  public int[] sortedOrder() {
    return sorted();
  }

  /**
   * Every key added more than once, as pairs {@code {first, later}} of insertion indices (from 0):
   * one pair per repetition, each naming the key's first entry; empty when every key is distinct.
   */
  public List<int[]> duplicates() {
    int[] o = sorted();
    List<int[]> out = new ArrayList<>();
    long[] p = sortedPrefixes;
    if (p == null) {
      return out; // added in ascending order, or checked by build(): no key repeats
    }
    int runStart = 0;
    for (int k = 1; k < o.length; k++) {
      if (p[k - 1] == p[k] && sameKey(o[k - 1], o[k])) {
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
      StringBuilder sb =
          new StringBuilder("directory keys must be distinct; ")
              .append(dups.size())
              .append(dups.size() == 1 ? " key is" : " keys are")
              .append(" given twice:");
      for (int i = 0; i < Math.min(10, dups.size()); i++) {
        int[] d = dups.get(i);
        sb.append(" key ")
            .append(KeyText.hex(key(d[1])))
            .append(" (entries #")
            .append(d[0])
            .append(" and #")
            .append(d[1])
            .append(')');
      }
      throw new IllegalArgumentException(
          sb.append(dups.size() > 10 ? " ..." : "").append("; give each key once").toString());
    }
    int[] o = sorted();
    sortedPrefixes = null; // no key repeats: the sort's prefixes are not needed again
    int[] lengthCounts = new int[3]; // up to 8 bytes, 9 to 24, more
    for (int i = 0; i < size; i++) {
      int len = starts[i + 1] - starts[i];
      lengthCounts[len <= 8 ? 0 : len <= 24 ? 1 : 2]++;
    }
    int rec =
        recordBytes != 0
            ? recordBytes
            : lengthCounts[1] >= Math.max(lengthCounts[0], lengthCounts[2])
                    && tableBytes(32, o) <= Directory.MAX_ARENA_BYTES
                ? 32
                : 16;
    long total = tableBytes(rec, o);
    if (total > Directory.MAX_ARENA_BYTES) {
      throw new IllegalArgumentException(
          "a directory of "
              + size
              + " entries needs "
              + total
              + " table bytes, over the limit of "
              + Directory.MAX_ARENA_BYTES
              + "; split the directory or shorten the keys");
    }
    int buckets = bucketCount(rec);
    byte[] table = new byte[(int) total];
    int[] recordOf = new int[size];
    Directory shape =
        new Directory(
            table,
            recordOf,
            0,
            rec,
            buckets,
            (1 << tagBits) - 1,
            hopLimit,
            0); // for the hash-to-bucket arithmetic
    SortedKeys inOrder =
        inKeyOrder
            ? new SortedKeys(keys, starts, values, size)
            : SortedKeys.copy(keys, starts, values, o, size);
    shared = inKeyOrder;
    int contentHash = keyOrderPass(inOrder, rec, buckets, recordOf, table);
    TableFill.fill(inOrder, shape, buckets, hopLimit, regionBuckets, bandRegions, table, recordOf);
    built = inOrder;
    return new Directory(
        table, recordOf, size, rec, buckets, (1 << tagBits) - 1, hopLimit, contentHash);
  }

  /**
   * The pass in key order: copies the keys too long for a record to the overflow (in key order,
   * noting each one's offset in {@code recordOf}), checks whether every key is {@link
   * SortedKeys#plain plain} text, and returns the content hash ({@link Directory#hashCode}: the
   * keys and values in key order).
   */
  private int keyOrderPass(SortedKeys e, int rec, int buckets, int[] recordOf, byte[] table) {
    byte[] bytes = e.keys;
    int contentHash = size;
    int overflow = Directory.PAD + Directory.BUCKET * buckets;
    boolean plainKeys = true;
    for (int k = 0; k < size; k++) {
      int from = e.starts[k];
      int len = e.starts[k + 1] - from;
      for (int j = from, end = j + len; j < end; j++) {
        byte b = bytes[j];
        contentHash = 31 * contentHash + b;
        plainKeys &= b >= 0x20 && b < 0x7F && b != '"' && b != '\\';
      }
      contentHash = 31 * contentHash + e.values[k];
      if (len > rec - 8) {
        System.arraycopy(bytes, from, table, overflow, len);
        recordOf[k] = overflow;
        overflow += len;
      }
    }
    e.plain = plainKeys;
    return contentHash;
  }

  /**
   * The entries of the directory {@link #build()} built last, in its key order, read from this
   * builder's arrays (a sequential read when the keys were added in key order, as a document
   * written by this library has them), so that a directory of millions of keys is written once
   * without a walk of its table. The builder's later changes do not show in it.
   *
   * @throws IllegalStateException when no directory was built since the last change
   */
  public SortedKeys sortedKeys() {
    SortedKeys b = built;
    if (order == null || b == null) {
      throw new IllegalStateException(
          "no directory was built since the last change (an entry added or a value replaced):"
              + " call build() first");
    }
    return b;
  }

  /**
   * Buckets for this builder's entries in records of {@code rec} bytes: load at most 0.8, and
   * always a free record.
   */
  private int bucketCount(int rec) {
    if (size == 0) {
      return 0;
    }
    int perBucket = Directory.BUCKET / rec;
    long buckets = (long) Math.ceil(size / (perBucket * loadFactor));
    return (int) Math.max(buckets, (size + perBucket) / perBucket);
  }

  /**
   * The table length for records of {@code rec} bytes: padding, buckets, overflow keys; 0 when
   * empty.
   */
  private long tableBytes(int rec, int[] sortedOrder) {
    if (size == 0) {
      return 0;
    }
    long overflowBytes = 0;
    for (int i : sortedOrder) {
      int len = starts[i + 1] - starts[i];
      overflowBytes += len > rec - 8 ? len : 0;
    }
    return Directory.PAD + (long) Directory.BUCKET * bucketCount(rec) + overflowBytes;
  }

  // ---- test hooks: the layout's parameters, fixed by default

  /** Forces records of 16 or 32 bytes (0: chosen from the key lengths). */
  public DirectoryBuilder recordBytes(int bytes) {
    if (bytes != 0 && bytes != 16 && bytes != 32) {
      throw new IllegalArgumentException("record bytes must be 0, 16 or 32, got " + bytes);
    }
    recordBytes = bytes;
    return this;
  }

  /**
   * Keeps only {@code bits} (0 to 16) of each record's tag: 0 makes every same-length key a tag
   * match.
   */
  public DirectoryBuilder tagBits(int bits) {
    if (bits < 0 || bits > 16) {
      throw new IllegalArgumentException("tag bits must be in [0, 16], got " + bits);
    }
    tagBits = bits;
    return this;
  }

  /** The hop from which a bucket says "scan to a free record" (1 to 255). */
  public DirectoryBuilder hopLimit(int limit) {
    if (limit < 1 || limit > 255) {
      throw new IllegalArgumentException("hop limit must be in [1, 255], got " + limit);
    }
    hopLimit = limit;
    return this;
  }

  /** The largest share of records in use, in (0, 1): higher means longer probes. */
  public DirectoryBuilder loadFactor(double load) {
    if (!(load > 0 && load < 1)) {
      throw new IllegalArgumentException("load factor must be in (0, 1), got " + load);
    }
    loadFactor = load;
    return this;
  }

  /**
   * Fills the table {@code bandRegions} regions of {@code regionBuckets} buckets at a time ({@link
   * TableFill}; both at least 1): small values make a small directory span many of each.
   */
  public DirectoryBuilder fillRegions(int regionBuckets, int bandRegions) {
    if (regionBuckets < 1 || bandRegions < 1) {
      throw new IllegalArgumentException(
          "region buckets and band regions must be >= 1, got "
              + regionBuckets
              + " and "
              + bandRegions);
    }
    this.regionBuckets = regionBuckets;
    this.bandRegions = bandRegions;
    return this;
  }

  /**
   * True when entries {@code a} and {@code b} (insertion indices), whose prefixes are equal, have
   * the same key.
   */
  private boolean sameKey(int a, int b) {
    return Arrays.equals(keys, starts[a], starts[a + 1], keys, starts[b], starts[b + 1]);
  }

  /**
   * Insertion indices sorted by key bytes (unsigned), then insertion index, with their prefixes in
   * {@link #sortedPrefixes} ({@link KeyOrder}). Sorted once; both {@link #duplicates()} and {@link
   * #build()} use it.
   */
  private int[] sorted() {
    int[] o = order;
    if (o == null) {
      KeyOrder k = KeyOrder.of(keys, starts, size);
      o = k.order;
      order = o;
      sortedPrefixes = k.prefixes;
      inKeyOrder = k.ascending;
    }
    return o;
  }
}
