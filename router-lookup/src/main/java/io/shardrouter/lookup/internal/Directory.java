package io.shardrouter.lookup.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An immutable map from exact keys, given by their canonical bytes, to non-negative {@code int}
 * values, compact enough for tens of millions of entries: the directory behind the {@code lookup}
 * strategy (key → partition).
 *
 * <p>Layout: one {@code byte[]} <b>table</b> and one {@code int[]}, no object per entry. The table
 * holds, after 48 bytes of padding (array data starts 16 bytes into a 64-byte aligned object, so
 * the buckets start on a cache line when the array does, as a large array does in G1), ⌈n / (0.8
 * b)⌉ <b>buckets</b> of 64 bytes, each one cache line of b = 64 / R fixed records of R bytes, then
 * the <b>overflow</b> bytes of the keys too long to sit in a record, in key order. R is 32 (keys up
 * to W = 24 bytes inline) when most keys have 9 to 24 bytes, else 16 (W = 8: {@code long} keys
 * inline, longer ones in the overflow). A record, little-endian:
 *
 * <ul>
 *   <li>byte 0: 0 for an empty record, 1 + the key length for a key held inline, 255 for one in the
 *       overflow; bytes 1–2: a 16-bit tag from the key's hash; byte 3, in a bucket's first record
 *       only: the bucket's <i>hop</i>, how many buckets past it the farthest key homed in it lies;
 *   <li>bytes 4–7: the value;
 *   <li>bytes 8 to R: the key, zero-padded; or, for an overflow key, its offset and its length.
 * </ul>
 *
 * The home bucket of a key is {@code ((h >>> 32) × buckets) >>> 32} for {@code h} = {@link
 * DirectoryHash} of its canonical bytes; the builder puts each key in the first record free from
 * its home bucket on (linear probing by buckets), filling the table region by region, in key order
 * within a region ({@link TableFill}). The {@code int[]} lists the records in ascending unsigned
 * order of the key bytes, for walks.
 *
 * <p>Cost (simulated shares, load 0.8, two records per bucket): a lookup hashes the key once and
 * compares the 3-byte (length, tag) of the records of its home bucket; on a match it confirms the
 * key bytes, so a hit is exact and a miss never guesses. With 16-byte keys about 74% of keys sit in
 * their home bucket: a hit reads one cache line of one array; the others read the lines that follow
 * (same page, mostly). A miss reads the home bucket and the {@code hop} buckets after it (on
 * average 1.1 more at load 0.8). Keys over W bytes add a read of the overflow. A hop of 255 (a
 * simulation at load 0.8 saw at most 136 over a million keys) means "up to the first bucket with a
 * free record", which is where linear probing would have put the key.
 *
 * <p>Memory: {@code 64 × ⌈n / (0.8 b)⌉ + 4 n + Σ(overflow key lengths)} bytes plus array headers;
 * for 16-byte keys about 44 bytes per entry (R = 32), for 36-byte keys about 60 (R = 16: 20 in the
 * table, 36 in the overflow, 4 in the key order) ({@link #memoryBytes()}).
 *
 * <p><b>Thread-safety:</b> immutable; safe to share. The {@link DirectoryBuilder} is not
 * thread-safe.
 *
 * <p><b>Stability:</b> evolving: the layout is internal and may change; the answers may not.
 *
 * <p><b>Allocation:</b> none on {@code get}. A {@code string} key reaches it as its canonical bytes
 * (the routing table reads ASCII text in place and encodes the rest once, docs/architecture.md §3).
 *
 * @since 0.1
 */
public final class Directory {
  /** What {@code get} returns for a key that is not in the directory. */
  public static final int MISS = -1;

  /** Records per bucket are at most this full, so that most keys sit in their home bucket. */
  public static final double LOAD_FACTOR = 0.8;

  /** The largest table, in bytes. */
  public static final int MAX_ARENA_BYTES = Integer.MAX_VALUE - 16;

  /** Bytes before the first bucket: with the array's 16-byte header, a cache line boundary. */
  public static final int PAD = 48;

  /** Bytes per bucket: one cache line. */
  public static final int BUCKET = 64;

  /** Byte 0 of a record whose key is in the overflow. */
  public static final int OVERFLOW = 0xFF;

  /**
   * The longest {@code String} {@code get} packs into words itself; longer ones go through {@link
   * KeyScratch}.
   */
  public static final int WORD_KEY_MAX = 24;

  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private final byte[] table;
  private final int[] order;
  private final int size;
  private final int recordBytes;
  private final int inlineMax;
  private final int bucketCount;
  private final int bucketsEnd;
  private final int tagMask;
  private final int hopScan;
  private final int hashCode;

  /**
   * A directory over a built table; {@code hashCode} is the content hash the builder computed (see
   * {@link #hashCode()}).
   */
  public Directory(
      byte[] table,
      int[] order,
      int size,
      int recordBytes,
      int bucketCount,
      int tagMask,
      int hopScan,
      int hashCode) {
    this.table = table;
    this.order = order;
    this.size = size;
    this.recordBytes = recordBytes;
    this.inlineMax = recordBytes - 8;
    this.bucketCount = bucketCount;
    this.bucketsEnd = PAD + BUCKET * bucketCount;
    this.tagMask = tagMask;
    this.hopScan = hopScan;
    this.hashCode = hashCode;
  }

  /** A builder for a directory. */
  public static DirectoryBuilder builder() {
    return new DirectoryBuilder();
  }

  /** The number of entries. */
  public int size() {
    return size;
  }

  /**
   * The value of the key whose canonical bytes are {@code key[offset, offset + length)}, or {@link
   * #MISS}.
   *
   * <p><b>Allocation:</b> none.
   */
  public int get(byte[] key, int offset, int length) {
    if (length <= WORD_KEY_MAX) {
      int end = checkSlice(key, offset, length);
      return getWords(
          DirectoryHash.word(key, offset, end),
          DirectoryHash.word(key, offset + 8, end),
          DirectoryHash.word(key, offset + 16, end),
          length);
    }
    if (size == 0) {
      return MISS;
    }
    long h = DirectoryHash.of(key, offset, length);
    int bs = homeBucket(h);
    return probeBytes(bs, hopAt(bs), expected(h, length), key, offset, length);
  }

  /**
   * The value of a key of more than {@value #WORD_KEY_MAX} bytes, searched from its home bucket
   * {@code bs} with that bucket's {@code hop} and the record bytes 0–2 it expects.
   */
  private int probeBytes(int bs, int hop, int expect, byte[] key, int offset, int length) {
    byte[] t = table;
    for (int d = 0; ; d++) {
      for (int o = bs; o < bs + BUCKET; o += recordBytes) {
        if (((int) INT_LE.get(t, o) & 0xFFFFFF) == expect && sameBytes(o, key, offset, length)) {
          return (int) INT_LE.get(t, o + 4);
        }
      }
      if (lastBucket(d, hop, bs)) {
        return MISS;
      }
      bs = nextBucket(bs);
    }
  }

  /**
   * The value of the key of {@code n} ≤ {@value #WORD_KEY_MAX} bytes given as three zero-padded
   * little-endian words.
   */
  private int getWords(long w0, long w1, long w2, int n) {
    if (size == 0) {
      return MISS;
    }
    long h = DirectoryHash.ofWords(w0, w1, w2, n);
    int bs = homeBucket(h);
    return probeWords(bs, hopAt(bs), expected(h, n), w0, w1, w2, n);
  }

  /** {@link #probeBytes} of a key of {@code n} ≤ {@value #WORD_KEY_MAX} bytes given as words. */
  private int probeWords(int bs, int hop, int expect, long w0, long w1, long w2, int n) {
    byte[] t = table;
    for (int d = 0; ; d++) {
      for (int o = bs; o < bs + BUCKET; o += recordBytes) {
        if (((int) INT_LE.get(t, o) & 0xFFFFFF) == expect && sameWords(o, n, w0, w1, w2)) {
          return (int) INT_LE.get(t, o + 4);
        }
      }
      if (lastBucket(d, hop, bs)) {
        return MISS;
      }
      bs = nextBucket(bs);
    }
  }

  /**
   * The value of a {@code long} key (canonical bytes: 8 little-endian), or {@link #MISS}.
   *
   * <p><b>Allocation:</b> none.
   */
  public int get(long key) {
    if (size == 0) {
      return MISS;
    }
    long h = DirectoryHash.of(key);
    int bs = homeBucket(h);
    // every record holds at least 8 key bytes inline
    return probeLong(bs, hopAt(bs), expected(h, 8), key);
  }

  /** {@link #probeBytes} of a {@code long} key. */
  private int probeLong(int bs, int hop, int expect, long key) {
    byte[] t = table;
    for (int d = 0; ; d++) {
      for (int o = bs; o < bs + BUCKET; o += recordBytes) {
        if (((int) INT_LE.get(t, o) & 0xFFFFFF) == expect && (long) LONG_LE.get(t, o + 8) == key) {
          return (int) INT_LE.get(t, o + 4);
        }
      }
      if (lastBucket(d, hop, bs)) {
        return MISS;
      }
      bs = nextBucket(bs);
    }
  }

  // ---- batches: prepare hashes the key into a token (its home bucket and the expected record
  // bytes), reading nothing; load reads the home bucket's hop byte into the token (starting the
  // bucket's cache miss) and marks it loaded (bit 63); finish searches from there, reading the hop
  // itself for a token that was not loaded

  /** Bit 63 of a token: {@link #load} has put the home bucket's hop in bits 24–31. */
  private static final long LOADED = Long.MIN_VALUE;

  /**
   * The token of the key whose canonical bytes are {@code key[offset, offset + length)}: its home
   * bucket (bits 32–62) and the record bytes 0–2 it expects (bits 0–23), read from nothing but the
   * key. {@link #load} adds the bucket's hop (bits 24–31) and marks the token loaded (bit 63);
   * {@link #finish} of the token, loaded or not, is {@link #get(byte[], int, int)}.
   *
   * <p><b>Allocation:</b> none.
   */
  public long prepare(byte[] key, int offset, int length) {
    if (size == 0) {
      return 0;
    }
    long h;
    if (length <= WORD_KEY_MAX) {
      int end = checkSlice(key, offset, length);
      h =
          DirectoryHash.ofWords(
              DirectoryHash.word(key, offset, end),
              DirectoryHash.word(key, offset + 8, end),
              DirectoryHash.word(key, offset + 16, end),
              length);
    } else {
      h = DirectoryHash.of(key, offset, length);
    }
    return token(h, length);
  }

  /** The token of a {@code long} key, as {@link #prepare(byte[], int, int)} of its 8 bytes. */
  public long prepare(long key) {
    return size == 0 ? 0 : token(DirectoryHash.of(key), 8);
  }

  private long token(long h, int length) {
    return (long) homeBucket(h) << 32 | expected(h, length);
  }

  /**
   * The token {@link #finish} is given: {@code token} from {@link #prepare(byte[], int, int)} or
   * {@link #prepare(long)} with its home bucket's hop byte read from the table (the read that
   * brings the bucket's line in), marked loaded.
   *
   * <p><b>Allocation:</b> none.
   */
  public long load(long token) {
    return size == 0 ? token : token | LOADED | (long) hopAt(home(token)) << 24;
  }

  /** The home bucket's offset in a token. */
  private static int home(long token) {
    return (int) (token >>> 32) & Integer.MAX_VALUE;
  }

  /** The home bucket's hop: from a loaded token, else read from the table. */
  private int hop(long token) {
    return token < 0 ? (int) (token >>> 24) & 0xFF : hopAt(home(token));
  }

  /**
   * The value of the key, or {@link #MISS}, given the token {@link #prepare(byte[], int, int)}
   * returned for it, which {@link #load} has loaded (or not, for a caller that skips the load pass:
   * the hop is then read here): {@link #get(byte[], int, int)} without hashing again.
   *
   * <p><b>Allocation:</b> none.
   */
  public int finish(byte[] key, int offset, int length, long token) {
    if (size == 0) {
      return MISS;
    }
    int bs = home(token);
    int hop = hop(token);
    int expect = (int) token & 0xFFFFFF;
    if (length <= WORD_KEY_MAX) {
      int end = checkSlice(key, offset, length);
      return probeWords(
          bs,
          hop,
          expect,
          DirectoryHash.word(key, offset, end),
          DirectoryHash.word(key, offset + 8, end),
          DirectoryHash.word(key, offset + 16, end),
          length);
    }
    return probeBytes(bs, hop, expect, key, offset, length);
  }

  /** The value of a {@code long} key given its token from {@link #prepare(long)}, as above. */
  public int finish(long key, long token) {
    if (size == 0) {
      return MISS;
    }
    return probeLong(home(token), hop(token), (int) token & 0xFFFFFF, key);
  }

  /** The end of the slice {@code key[offset, offset + length)}, refused outside the array. */
  static int checkSlice(byte[] key, int offset, int length) {
    if (offset < 0 || length < 0 || offset > key.length - length) {
      throw new IndexOutOfBoundsException(
          "key slice ["
              + offset
              + ", "
              + offset
              + " + "
              + length
              + ") is outside an array of "
              + key.length
              + " bytes");
    }
    return offset + length;
  }

  /** Bytes 0–2 of the record of a key of {@code length} bytes whose hash is {@code h}. */
  public int expected(long h, int length) {
    return (length <= inlineMax ? length + 1 : OVERFLOW) | ((int) h & tagMask) << 8;
  }

  /** The table offset of the home bucket of hash {@code h}. */
  public int homeBucket(long h) {
    return PAD + BUCKET * (int) (((h >>> 32) * bucketCount) >>> 32);
  }

  /** The bucket after the one at {@code bs}, wrapping around. */
  public int nextBucket(int bs) {
    int next = bs + BUCKET;
    return next == bucketsEnd ? PAD : next;
  }

  /**
   * True when a search that has read {@code d + 1} buckets, the last at {@code bs}, can stop: a
   * miss.
   */
  private boolean lastBucket(int d, int hop, int bs) {
    if (hop != hopScan) {
      return d >= hop;
    }
    for (int o = bs; o < bs + BUCKET; o += recordBytes) {
      if (table[o] == 0) {
        return true; // a free record: no key homed before it was put past it
      }
    }
    return false;
  }

  private boolean sameBytes(int o, byte[] key, int offset, int length) {
    byte[] t = table;
    int k = o + 8;
    if (length > inlineMax) {
      if ((int) INT_LE.get(t, o + 12) != length) {
        return false;
      }
      k = (int) INT_LE.get(t, k);
    }
    return Arrays.equals(t, k, k + length, key, offset, offset + length);
  }

  /** Whether the key of record {@code o} is the {@code n}-byte key given as zero-padded words. */
  private boolean sameWords(int o, int n, long w0, long w1, long w2) {
    byte[] t = table;
    if (n <= inlineMax) {
      return (long) LONG_LE.get(t, o + 8) == w0
          && (n <= 8 || (long) LONG_LE.get(t, o + 16) == w1)
          && (n <= 16 || (long) LONG_LE.get(t, o + 24) == w2);
    }
    if ((int) INT_LE.get(t, o + 12) != n) {
      return false;
    }
    int k = (int) INT_LE.get(t, o + 8);
    int end = k + n;
    return DirectoryHash.word(t, k, end) == w0
        && DirectoryHash.word(t, k + 8, end) == w1
        && DirectoryHash.word(t, k + 16, end) == w2;
  }

  // ---- walking the entries in key order (tool paths: documents, diffs)

  /**
   * Calls {@code visitor} for every entry in ascending unsigned order of the key bytes, with a copy
   * of the key.
   */
  public void forEach(EntryVisitor visitor) {
    for (int r = 0; r < size; r++) {
      int k = keyOffset(r);
      visitor.visit(Arrays.copyOfRange(table, k, k + keyLength(r)), value(r));
    }
  }

  /** Receives the entries of a directory. */
  @FunctionalInterface
  public interface EntryVisitor {
    void visit(byte[] key, int value);
  }

  /**
   * The array every key lies in, for package code that walks the entries; never modified. A walk:
   * {@code for (int r = 0; r < d.arena().length; r = d.nextRecord(r))}, reading the entry at cursor
   * {@code r} with {@link #keyOffset}, {@link #keyLength} and {@link #value}. Empty when the
   * directory is.
   */
  public byte[] arena() {
    return table;
  }

  /**
   * The cursor after cursor {@code r}; {@code arena().length} after the last. A cursor is the rank
   * of an entry in key order, and the table holds at least one record per entry, so ranks stay
   * below it.
   */
  public int nextRecord(int r) {
    return r + 1 < size ? r + 1 : table.length;
  }

  /** The length of the key at cursor {@code r}. */
  public int keyLength(int r) {
    int o = order[r];
    int code = table[o] & 0xFF;
    return code == OVERFLOW ? (int) INT_LE.get(table, o + 12) : code - 1;
  }

  /** Where in {@link #arena()} the key at cursor {@code r} starts. */
  public int keyOffset(int r) {
    int o = order[r];
    return (table[o] & 0xFF) == OVERFLOW ? (int) INT_LE.get(table, o + 8) : o + 8;
  }

  /** The value at cursor {@code r}. */
  public int value(int r) {
    return (int) INT_LE.get(table, order[r] + 4);
  }

  // ---- size

  /**
   * The bytes the directory holds on the heap: both arrays with their headers and the object itself
   * (56 bytes on a 64-bit JVM with compressed references); divide by {@link #size()} for bytes per
   * entry.
   */
  public long memoryBytes() {
    return 56 + 16 + (long) table.length + 16 + 4L * order.length;
  }

  /** The number of records of the hash table (64 / {@link #recordBytes()} per bucket). */
  public int slotCount() {
    return bucketCount * (BUCKET / recordBytes);
  }

  /**
   * The length of the table: padding, buckets of records (values and short keys inline) and
   * overflow keys.
   */
  public int arenaBytes() {
    return table.length;
  }

  /** The bytes of one record: 32 (keys up to 24 bytes inline) or 16 (up to 8). */
  public int recordBytes() {
    return recordBytes;
  }

  /** The number of buckets. */
  public int bucketCount() {
    return bucketCount;
  }

  /**
   * The hop byte of bucket {@code b} (0-based): how far past it the farthest key homed in it lies,
   * or the scan mark.
   */
  public int hop(int b) {
    return hopAt(PAD + BUCKET * b);
  }

  /** The hop byte of the bucket at table offset {@code bs}: byte 3 of its first record. */
  private int hopAt(int bs) {
    return table[bs + 3] & 0xFF;
  }

  /** Equal when both hold the same keys with the same values. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Directory d) || d.size != size || d.hashCode != hashCode) {
      return false;
    }
    for (int r = 0; r < size; r++) {
      int k = keyOffset(r);
      int dk = d.keyOffset(r);
      if (value(r) != d.value(r)
          || !Arrays.equals(table, k, k + keyLength(r), d.table, dk, dk + d.keyLength(r))) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code h = size}, then for each entry in key order {@code h = 31 h + b} for each key byte
   * (signed), {@code h = 31 h + value}.
   */
  @Override
  public int hashCode() {
    return hashCode;
  }

  @Override
  public String toString() {
    return "Directory{entries="
        + size
        + ", records="
        + slotCount()
        + " of "
        + recordBytes
        + " bytes, table="
        + table.length
        + " bytes}";
  }
}
