package io.shardrouter.lookup;

import io.shardrouter.core.key.CanonicalKeys;
import io.shardrouter.core.key.KeyScratch;
import io.shardrouter.core.key.Utf8;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An immutable map from exact keys, given by their canonical bytes, to non-negative {@code int}
 * values, compact enough for tens of millions of entries: the directory behind the {@code lookup}
 * strategy (key → partition).
 *
 * <p>Layout (two arrays, no object per entry):
 * <ul>
 *   <li><b>arena</b>, one {@code byte[]}: a record per entry, in ascending unsigned order of the key
 *       bytes: the key length (unsigned LEB128, 1 byte below 128), the value (4 bytes little-endian),
 *       the key bytes.
 *   <li><b>slots</b>, one {@code long[]} of ⌈n / 0.75⌉ slots, open addressing with linear probing. The
 *       home slot of a key is {@code ((h >>> 32) * slots) >>> 32} for {@code h} = XXH3-64 (seed 0) of
 *       its canonical bytes; a slot holds {@code h << b | (record offset + 1)}, where b is the number of
 *       bits of the arena's length, so its high bits are a tag of the key's hash and 0 means empty.
 * </ul>
 * A lookup hashes the key once, walks the slots from the home slot comparing tags, and confirms a
 * tag match against the key bytes in the arena, so a hit is exact and a miss never guesses.
 *
 * <p>Memory: {@code 8 × ⌈n / 0.75⌉ + Σ(key length + 5)} bytes plus two array headers; for 16-byte
 * keys about 31.7 bytes per entry ({@link #memoryBytes()}, measured in {@code docs/lookup.md}).
 *
 * <p><b>Thread-safety:</b> immutable; safe to share. The {@link DirectoryBuilder} is not thread-safe.
 * <p><b>Stability:</b> evolving: the layout is internal and may change; the answers may not.
 * <p><b>Allocation:</b> none on {@code get} (non-ASCII text is encoded into the thread's
 *    {@link KeyScratch} buffer).
 *
 * @since 0.1
 */
public final class Directory {
  /** What {@code get} returns for a key that is not in the directory. */
  public static final int MISS = -1;
  /** Slots per entry are at least 1 / LOAD_FACTOR. */
  static final double LOAD_FACTOR = 0.75;
  /** The largest arena, in bytes. */
  static final int MAX_ARENA_BYTES = Integer.MAX_VALUE - 16;

  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private final long[] slots;
  private final byte[] arena;
  private final int size;
  private final int offsetBits;
  private final long offsetMask;
  private final int hashCode;

  Directory(long[] slots, byte[] arena, int size, int offsetBits) {
    this.slots = slots;
    this.arena = arena;
    this.size = size;
    this.offsetBits = offsetBits;
    this.offsetMask = (1L << offsetBits) - 1;
    this.hashCode = Arrays.hashCode(arena);
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
   * The value of the key whose canonical bytes are {@code key[offset, offset + length)}, or {@link #MISS}.
   *
   * <p><b>Allocation:</b> none.
   */
  public int get(byte[] key, int offset, int length) {
    long h = DirectoryHash.of(key, offset, length);
    long tag = h << offsetBits;
    long[] s = slots;
    int i = home(h, s.length);
    while (true) {
      long slot = s[i];
      if (slot == 0) {
        return MISS;
      }
      if ((slot & ~offsetMask) == tag) {
        int v = matchBytes((int) (slot & offsetMask) - 1, key, offset, length);
        if (v != MISS) {
          return v;
        }
      }
      if (++i == s.length) {
        i = 0;
      }
    }
  }

  /**
   * The value of a {@code string} key (canonical bytes: UTF-8), or {@link #MISS}. ASCII text is hashed
   * and compared in place.
   *
   * <p><b>Allocation:</b> none.
   */
  public int get(String key) {
    CanonicalKeys.requireKey(key);
    if (!Utf8.isAscii(key)) {
      KeyScratch scratch = KeyScratch.get();
      int n = scratch.putString(key);
      return get(scratch.bytes(), 0, n);
    }
    long h = DirectoryHash.of(key);
    long tag = h << offsetBits;
    long[] s = slots;
    int i = home(h, s.length);
    while (true) {
      long slot = s[i];
      if (slot == 0) {
        return MISS;
      }
      if ((slot & ~offsetMask) == tag) {
        int v = matchAscii((int) (slot & offsetMask) - 1, key);
        if (v != MISS) {
          return v;
        }
      }
      if (++i == s.length) {
        i = 0;
      }
    }
  }

  /**
   * The value of a {@code long} key (canonical bytes: 8 little-endian), or {@link #MISS}.
   *
   * <p><b>Allocation:</b> none.
   */
  public int get(long key) {
    long h = DirectoryHash.of(key);
    long tag = h << offsetBits;
    long[] s = slots;
    int i = home(h, s.length);
    while (true) {
      long slot = s[i];
      if (slot == 0) {
        return MISS;
      }
      if ((slot & ~offsetMask) == tag) {
        int r = (int) (slot & offsetMask) - 1;
        if (arena[r] == 8 && (long) LONG_LE.get(arena, r + 5) == key) {
          return (int) INT_LE.get(arena, r + 1);
        }
      }
      if (++i == s.length) {
        i = 0;
      }
    }
  }

  static int home(long h, int slotCount) {
    return (int) (((h >>> 32) * slotCount) >>> 32);
  }

  /**
   * Where the value of record {@code r} starts (its key follows 4 bytes later) when the record's key
   * is {@code length} bytes long, else -1: one pass over the length's varint.
   */
  private int valueOffsetIfLength(int r, int length) {
    byte[] a = arena;
    int p = r;
    int klen = 0;
    int shift = 0;
    byte b;
    do {
      b = a[p++];
      klen |= (b & 0x7F) << shift;
      shift += 7;
    } while (b < 0);
    return klen == length ? p : -1;
  }

  private int matchBytes(int r, byte[] key, int offset, int length) {
    int p = valueOffsetIfLength(r, length);
    if (p < 0) {
      return MISS;
    }
    int k = p + 4;
    return Arrays.equals(arena, k, k + length, key, offset, offset + length) ? (int) INT_LE.get(arena, p) : MISS;
  }

  private int matchAscii(int r, String key) {
    byte[] a = arena;
    int n = key.length();
    int p = valueOffsetIfLength(r, n);
    if (p < 0) {
      return MISS;
    }
    int k = p + 4;
    for (int j = 0; j < n; j++) {
      if (a[k + j] != (byte) key.charAt(j)) {
        return MISS;
      }
    }
    return (int) INT_LE.get(a, p);
  }

  // ---- walking the entries in key order (tool paths: documents, diffs)

  /** Calls {@code visitor} for every entry in ascending unsigned order of the key bytes, with a copy of the key. */
  public void forEach(EntryVisitor visitor) {
    for (int r = 0; r < arena.length; r = nextRecord(r)) {
      visitor.visit(Arrays.copyOfRange(arena, keyOffset(r), keyOffset(r) + keyLength(r)), value(r));
    }
  }

  /** Receives the entries of a directory. */
  @FunctionalInterface
  public interface EntryVisitor {
    void visit(byte[] key, int value);
  }

  /** The arena, for package code that walks records; never modified. */
  byte[] arena() {
    return arena;
  }

  /** Offset of the record after record {@code r}; {@code arena().length} after the last. */
  int nextRecord(int r) {
    return keyOffset(r) + keyLength(r);
  }

  int keyLength(int r) {
    int klen = 0;
    int shift = 0;
    byte b;
    do {
      b = arena[r++];
      klen |= (b & 0x7F) << shift;
      shift += 7;
    } while (b < 0);
    return klen;
  }

  int keyOffset(int r) {
    while (arena[r] < 0) {
      r++;
    }
    return r + 5;
  }

  int value(int r) {
    return (int) INT_LE.get(arena, keyOffset(r) - 4);
  }

  // ---- size

  /**
   * The bytes the directory holds on the heap: both arrays with their headers and the object itself
   * (a 64-bit JVM with compressed references); divide by {@link #size()} for bytes per entry.
   */
  public long memoryBytes() {
    return 40 + 16 + 8L * slots.length + 16 + arena.length;
  }

  /** The number of slots of the hash table. */
  public int slotCount() {
    return slots.length;
  }

  /** The number of arena bytes: every key, its length and its value. */
  public int arenaBytes() {
    return arena.length;
  }

  /** Equal when both hold the same keys with the same values. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Directory d && d.size == size && d.hashCode == hashCode && Arrays.equals(d.arena, arena);
  }

  @Override
  public int hashCode() {
    return hashCode;
  }

  @Override
  public String toString() {
    return "Directory{entries=" + size + ", slots=" + slots.length + ", arena=" + arena.length + " bytes}";
  }
}
