package io.shardrouter.core.metadata;

import io.shardrouter.core.FlatMembers;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A JSON object of a document whose members all have the simplest form, {@code "name": n}: a name
 * of printable ASCII without escapes, and a non-negative integer of at most 18 digits (a lookup
 * directory of millions of keys, as a document writes it). Such an object is checked and read
 * straight from the document's bytes, with no parser, no name strings and no tree: {@link
 * DocumentTree} finds these objects before the parser runs, and a strategy factory walks them with
 * {@link #forEach}.
 *
 * <p>{@code scan} accepts only objects that are valid JSON with distinct names; on anything else
 * (an escape, a non-ASCII name, a nested value, a sign, a fraction, a leading zero, a repeated or
 * over-long name) it returns null and the object is read by the parser as before, which reports the
 * errors.
 *
 * <p><b>Thread-safety:</b> immutable (it reads the caller's bytes, which must not change).
 */
final class FlatObject implements FlatMembers {
  /** The longest name accepted, in bytes: the document parser's name limit. */
  static final int MAX_NAME_BYTES = 1024;

  private static final int MAX_DIGITS = 18;
  private static final int BUCKET_BITS = 12;
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** What {@code scan(json, open, false)} returns when a name is not above the one before. */
  private static final FlatObject UNORDERED = new FlatObject(new byte[0], 0, 0, 0, 0);

  private static final long[] NO_HASHES = {}; // the ordered pass collects no hashes

  private final byte[] json;
  private final int start;
  private final int end;
  private final int size;
  private final long nameBytes;

  private FlatObject(byte[] json, int start, int end, int size, long nameBytes) {
    this.json = json;
    this.start = start;
    this.end = end;
    this.size = size;
    this.nameBytes = nameBytes;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public long nameBytes() {
    return nameBytes;
  }

  /** Where the object starts in the document: its opening brace. */
  int start() {
    return start;
  }

  /** Just past the object's closing brace. */
  int end() {
    return end;
  }

  @Override
  public void forEach(Visitor visitor) {
    int i = skipSpace(json, start + 1);
    if (json[i] == '}') {
      return;
    }
    while (true) {
      int name = i + 1;
      int q = name;
      while (json[q] != '"') {
        q++;
      }
      i = skipSpace(json, skipSpace(json, q + 1) + 1);
      long value = 0;
      while (json[i] >= '0' && json[i] <= '9') {
        value = value * 10 + (json[i++] - '0');
      }
      visitor.member(json, name, q - name, value);
      i = skipSpace(json, i);
      if (json[i] == '}') {
        return;
      }
      i = skipSpace(json, i + 1);
    }
  }

  /**
   * The flat object whose opening brace is {@code json[open]}; null when the object there is not
   * flat or repeats a name (see the class comment).
   *
   * <p>Names in strictly ascending order (unsigned bytes, as every writer orders a directory) are
   * distinct without more ado, so the first pass only compares each name with the one before; the
   * first name out of that order starts the pass again, collecting 64-bit hashes of the names to
   * find a repeat ({@link #repeats}).
   */
  static @Nullable FlatObject scan(byte[] json, int open) {
    FlatObject o = scan(json, open, false);
    return o == UNORDERED ? scan(json, open, true) : o;
  }

  private static @Nullable FlatObject scan(byte[] json, int open, boolean hashing) {
    int n = json.length;
    long[] hashes = hashing ? new long[1024] : NO_HASHES;
    int count = 0;
    long nameBytes = 0;
    int previous = -1; // where the previous name starts, and its length
    int previousLength = 0;
    int i = skipSpace(json, open + 1);
    if (i < n && json[i] == '}') {
      return new FlatObject(json, open, i + 1, 0, 0);
    }
    while (true) {
      if (i >= n || json[i] != '"') {
        return null;
      }
      int name = ++i;
      while (i < n && json[i] != '"') {
        if (json[i] < 0x20 || json[i] == '\\') {
          return null; // a control character, an escape, or a non-ASCII byte (negative)
        }
        i++;
      }
      if (i >= n || i - name > MAX_NAME_BYTES) {
        return null;
      }
      if (hashing) {
        if (count == hashes.length) {
          hashes = Arrays.copyOf(hashes, count * 2);
        }
        hashes[count] = hash(json, name, i - name);
      } else if (previous >= 0
          && Arrays.compareUnsigned(json, previous, previous + previousLength, json, name, i)
              >= 0) {
        return UNORDERED;
      }
      count++;
      previous = name;
      previousLength = i - name;
      nameBytes += i - name;
      i = skipSpace(json, i + 1);
      if (i >= n || json[i] != ':') {
        return null;
      }
      i = skipSpace(json, i + 1);
      int digits = i;
      while (i < n && json[i] >= '0' && json[i] <= '9') {
        i++;
      }
      if (i == digits || i - digits > MAX_DIGITS || (json[digits] == '0' && i - digits > 1)) {
        return null;
      }
      i = skipSpace(json, i);
      if (i >= n) {
        return null;
      }
      if (json[i] == '}') {
        return hashing && repeats(hashes, count)
            ? null
            : new FlatObject(json, open, i + 1, count, nameBytes);
      }
      if (json[i] != ',') {
        return null;
      }
      i = skipSpace(json, i + 1);
    }
  }

  /**
   * The flat objects of at least {@code minMembers} members that are the value of a field named
   * {@code name}, in document order. A pass over the bytes that only tracks strings: the parser
   * checks the rest of the document afterwards.
   */
  static List<FlatObject> findAll(byte[] json, String name, int minMembers) {
    return findAll(json, Set.of(name), minMembers);
  }

  /** {@link #findAll(byte[], String, int)} for fields named any of {@code names}. */
  static List<FlatObject> findAll(byte[] json, Set<String> names, int minMembers) {
    if (names.isEmpty()) {
      return List.of();
    }
    byte[][] wanted = new byte[names.size()][];
    int w = 0;
    for (String name : names) {
      wanted[w++] = name.getBytes(StandardCharsets.UTF_8);
    }
    List<FlatObject> found = new ArrayList<>();
    int n = json.length;
    int i = 0;
    while (i < n) {
      if (json[i] != '"') {
        i++;
        continue;
      }
      int s = ++i;
      while (i < n && json[i] != '"') {
        i += json[i] == '\\' ? 2 : 1;
      }
      if (i >= n) {
        break;
      }
      int afterName = ++i;
      if (!isAny(json, s, afterName - 1, wanted)) {
        continue;
      }
      int colon = skipSpace(json, afterName);
      if (colon >= n || json[colon] != ':') {
        continue;
      }
      int open = skipSpace(json, colon + 1);
      if (open < n && json[open] == '{') {
        FlatObject o = scan(json, open);
        if (o != null && o.size >= minMembers) {
          found.add(o);
          i = o.end;
        }
      }
    }
    return found;
  }

  private static boolean isAny(byte[] json, int from, int to, byte[][] names) {
    for (byte[] name : names) {
      if (to - from == name.length && Arrays.equals(json, from, to, name, 0, name.length)) {
        return true;
      }
    }
    return false;
  }

  private static int skipSpace(byte[] json, int i) {
    while (i < json.length
        && (json[i] == ' ' || json[i] == '\n' || json[i] == '\r' || json[i] == '\t')) {
      i++;
    }
    return i;
  }

  /** A 64-bit hash of {@code b[off, off + len)}; equal names have equal hashes. */
  static long hash(byte[] b, int off, int len) {
    long h = 0x9E3779B97F4A7C15L ^ len;
    int i = off;
    for (int e = off + len - 7; i < e; i += 8) {
      h =
          Long.rotateLeft(h ^ ((long) LONGS.get(b, i)) * 0xC2B2AE3D27D4EB4FL, 31)
              * 0x9E3779B97F4A7C15L;
    }
    for (int e = off + len; i < e; i++) {
      h = (h ^ (b[i] & 0xFF)) * 0x100000001B3L;
    }
    h ^= h >>> 33;
    h *= 0xFF51AFD7ED558CCDL;
    h ^= h >>> 33;
    h *= 0xC4CEB9FE1A85EC53L;
    return h ^ (h >>> 33);
  }

  /**
   * Whether two of {@code hashes[0, count)} are equal: they are distributed into buckets by their
   * top bits, and each bucket, small enough to stay in the cache, is sorted on its own.
   */
  static boolean repeats(long[] hashes, int count) {
    int buckets = 1 << BUCKET_BITS;
    int[] from = new int[buckets + 1];
    for (int i = 0; i < count; i++) {
      from[(int) (hashes[i] >>> (64 - BUCKET_BITS)) + 1]++;
    }
    for (int b = 0; b < buckets; b++) {
      from[b + 1] += from[b];
    }
    long[] sorted = new long[count];
    int[] next = Arrays.copyOf(from, buckets);
    for (int i = 0; i < count; i++) {
      sorted[next[(int) (hashes[i] >>> (64 - BUCKET_BITS))]++] = hashes[i];
    }
    for (int b = 0; b < buckets; b++) {
      Arrays.sort(sorted, from[b], from[b + 1]);
      for (int i = from[b] + 1; i < from[b + 1]; i++) {
        if (sorted[i] == sorted[i - 1]) {
          return true;
        }
      }
    }
    return false;
  }
}
