package io.shardrouter.core;

import io.shardrouter.core.internal.LittleEndian;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;

/**
 * A per-thread buffer that holds the canonical bytes of one key while it is hashed, so that keys
 * which cannot be hashed in place (non-ASCII text, composites) still route without allocating; and,
 * for the table's batch routes, the bytes and tokens of one group of keys.
 *
 * <p>Use: {@code KeyScratch s = KeyScratch.get(); int n = s.putString(key); hash(s.bytes(), 0, n)}.
 * The bytes stay valid until the same thread encodes the next key.
 *
 * <p><b>Thread-safety:</b> one instance per thread; never share the array it returns.
 *
 * <p>For strategy authors (docs/writing-a-strategy.md): the bytes a table hands a strategy may be
 * this very buffer (a non-ASCII text key, a composite key, the default {@link
 * PartitionStrategy#partitionOfLong}), so a strategy that encodes into it inside {@code
 * partitionOf} overwrites its own input. Read the key first, or keep a buffer of your own.
 *
 * <p><b>Stability:</b> evolving.
 *
 * <p><b>Allocation:</b> none for keys of up to {@value #RETAINED_BYTES} bytes once the buffer has
 * grown to the longest of them (and, for batch routes, once the group buffer has grown to the
 * longest group of encoded keys, up to {@value #RETAINED_BYTES} bytes a group). A key longer than
 * that is encoded into an array of its own: a table gives it up as soon as it has routed the key,
 * and code that calls a {@code put} method itself gives it up at its next {@code put}. A batch
 * group longer than that grows the group buffer, which the table gives up at the end of the batch.
 * So a thread that routes through a table keeps at most {@value #RETAINED_BYTES} bytes in each of
 * its two buffers between keys, however long a key it was once given.
 *
 * @since 0.1 (public; router-core's own since 0.1)
 */
public final class KeyScratch {
  private static final ThreadLocal<KeyScratch> LOCAL = ThreadLocal.withInitial(KeyScratch::new);

  /**
   * The most bytes a thread keeps in each of its buffers once it is done with a key (or with a
   * batch): 64 KiB. Keys up to this length are encoded without allocating once the buffer has
   * grown; a longer key gets an array of its own size, which is not kept (see the class's
   * allocation note). A strategy that keeps a per-thread buffer of its own
   * (docs/writing-a-strategy.md) should bound it the same way, with {@link #bufferFor}.
   *
   * @since 0.1
   */
  public static final int RETAINED_BYTES = 64 * 1024;

  /** The length of a new thread's key buffer, and of one given up after a longer key. */
  private static final int INITIAL_BYTES = 128;

  private byte[] buf = new byte[INITIAL_BYTES];

  // the tokens of one group of a batch route (BatchPartitions), in the order of its keys
  private final long[] tokens = new long[BatchPartitions.GROUP];

  // the canonical bytes of the group's keys that are not read in place, one after another, so that
  // each is encoded once for both its prepare and its finish; kept[j] locates key j's bytes
  private byte[] group = new byte[256];
  private int groupEnd;
  private final long[] kept = new long[BatchPartitions.GROUP];

  private KeyScratch() {}

  /** The calling thread's scratch buffer. */
  public static KeyScratch get() {
    return LOCAL.get();
  }

  /** The token of each key of the batch group being routed by this thread. */
  long[] tokens() {
    return tokens;
  }

  /**
   * Per key of the batch group being routed by this thread: for keys routed by their bytes, where
   * they are in {@link #group()} ({@code offset << 32 | length} from a {@code keep} method, or -1
   * for a key read in place); for keys routed by their number ({@code long}, {@code timestamp}),
   * the number.
   */
  long[] kept() {
    return kept;
  }

  /** Starts a batch group: the bytes kept for the group before are given up. */
  void startGroup() {
    groupEnd = 0;
  }

  /**
   * Ends a batch route: a group buffer grown past {@link #RETAINED_BYTES} by one of its groups is
   * given up, so that a thread keeps no long group's bytes past the batch (the batch's later groups
   * reuse it).
   */
  void releaseGroup() {
    if (group.length > RETAINED_BYTES) {
      group = new byte[RETAINED_BYTES];
    }
  }

  /**
   * The bytes kept for the current batch group. A {@code keep} call may replace the array (keeping
   * its bytes), so read it again after the group's last one.
   */
  byte[] group() {
    return group;
  }

  /**
   * Encodes a {@code string} key after the group's kept bytes; returns where it is. Allocation:
   * none once the group buffer has grown.
   */
  long keepString(String key) {
    int n = stringLength(key);
    int at = keepRoom(n);
    writeString(key, group, at, n);
    return slice(at, n);
  }

  /**
   * Encodes a {@code uuid} key after the group's kept bytes; returns where it is. Allocation: none
   * once the group buffer has grown.
   */
  long keepUuid(UUID key) {
    CanonicalKeys.requireKey(key);
    int at = keepRoom(16);
    CanonicalKeys.writeUuid(key, group, at);
    return slice(at, 16);
  }

  /**
   * Encodes a composite key, not null and of the table's key type (the caller checks both), after
   * the group's kept bytes; returns where it is. Allocation: none once the group buffer has grown.
   */
  long keepComposite(CompositeKey key) {
    int n = key.encodedLength();
    int at = keepRoom(n);
    key.writeTo(group, at);
    return slice(at, n);
  }

  /**
   * Encodes the composite key {@code (part0, part1)} of two strings after the group's kept bytes;
   * returns where it is. Allocation: none once the group buffer has grown.
   */
  long keepComposite(String part0, String part1) {
    CanonicalKeys.requirePart(part0, 0);
    CanonicalKeys.requirePart(part1, 1);
    int n = CanonicalKeys.compositeStringLength(part0) + CanonicalKeys.compositeStringLength(part1);
    int at = keepRoom(n);
    CanonicalKeys.writeCompositeString(
        part1, group, CanonicalKeys.writeCompositeString(part0, group, at));
    return slice(at, n);
  }

  /**
   * Encodes the composite key {@code (part0, part1)} of a string and an integer ({@code int}, 4
   * bytes, when {@code part1Int}: the caller has checked its range; else a {@code long}) after the
   * group's kept bytes; returns where it is. Allocation: none once the group buffer has grown.
   */
  long keepComposite(String part0, long part1, boolean part1Int) {
    CanonicalKeys.requirePart(part0, 0);
    int n = CanonicalKeys.compositeStringLength(part0) + (part1Int ? 4 : 8);
    int at = keepRoom(n);
    writeInteger(group, CanonicalKeys.writeCompositeString(part0, group, at), part1, part1Int);
    return slice(at, n);
  }

  /**
   * Encodes a composite key of two integer parts, as {@link #putIntegers}, after the group's kept
   * bytes; returns where it is. Allocation: none once the group buffer has grown.
   */
  long keepIntegers(long part0, boolean part0Int, long part1, boolean part1Int) {
    int n = (part0Int ? 4 : 8) + (part1Int ? 4 : 8);
    int at = keepRoom(n);
    writeInteger(group, writeInteger(group, at, part0, part0Int), part1, part1Int);
    return slice(at, n);
  }

  /**
   * Writes an integer part of a composite key at {@code off}: 4 little-endian bytes for an {@code
   * int} part ({@code isInt}, in range: the caller checked it), else 8; returns the next offset.
   */
  private static int writeInteger(byte[] b, int off, long value, boolean isInt) {
    if (isInt) {
      LittleEndian.putInt(b, off, (int) value);
      return off + 4;
    }
    LittleEndian.putLong(b, off, value);
    return off + 8;
  }

  private int keepRoom(int n) {
    int at = groupEnd;
    if (group.length - at < n) {
      group = Arrays.copyOf(group, Math.max(at + n, group.length * 2));
    }
    groupEnd = at + n;
    return at;
  }

  private static long slice(int at, int n) {
    return (long) at << 32 | n;
  }

  /**
   * The buffer that the last {@code put} call filled from offset 0. A {@code put} may replace the
   * array (to grow it, or to give up one longer than {@link #RETAINED_BYTES}), so call this after
   * the {@code put}: {@code int n = s.putString(key); hash(s.bytes(), 0, n)}, never {@code
   * Arrays.copyOf(s.bytes(), s.putString(key))}, which reads the array before the put.
   */
  public byte[] bytes() {
    return buf;
  }

  private byte[] room(int n) {
    byte[] b = buf;
    // too short, or longer than kept (after a longer key): one test on the common path
    if ((b.length - n | RETAINED_BYTES - b.length) < 0) {
      b = bufferFor(b, n);
      buf = b; // stored only when replaced: a reference store costs a GC barrier on every key
    }
    return b;
  }

  /**
   * Gives up a key buffer grown past {@link #RETAINED_BYTES} by the key just routed (a table calls
   * this after routing such a key, so that the thread does not keep it until its next put).
   */
  void releaseKey() {
    if (buf.length > RETAINED_BYTES) {
      buf = new byte[INITIAL_BYTES];
    }
  }

  /**
   * The buffer a thread should encode a key of {@code n} bytes into, given the one it holds: {@code
   * buffer} itself when it holds {@code n} bytes and is no longer than {@link #RETAINED_BYTES};
   * otherwise a new array, its contents not copied: of exactly {@code n} bytes for a key longer
   * than the bound or in place of a buffer longer than it, else of twice the length (or {@code n})
   * up to the bound. Keep the result in place of {@code buffer}: a per-thread buffer so kept
   * allocates nothing for keys up to {@link #RETAINED_BYTES} bytes once grown, and keeps a longer
   * key's array only until its next key.
   *
   * <p><b>Allocation:</b> only when it returns a new array.
   *
   * @throws IllegalArgumentException when {@code n < 0}
   * @since 0.1
   */
  public static byte[] bufferFor(byte[] buffer, int n) {
    if (n < 0) {
      throw new IllegalArgumentException("a key of " + n + " bytes: n must be at least 0");
    }
    int length = buffer.length;
    if (length >= n && length <= RETAINED_BYTES) {
      return buffer;
    }
    if (n > RETAINED_BYTES || length > RETAINED_BYTES) {
      return new byte[n];
    }
    return new byte[Math.min(RETAINED_BYTES, Math.max(n, 2 * length))];
  }

  /** Encodes a {@code string} key; returns its byte length. */
  public int putString(String key) {
    int n = stringLength(key);
    writeString(key, room(n), 0, n);
    return n;
  }

  /** The UTF-8 length of a {@code string} key; refuses a null key and a lone surrogate. */
  private static int stringLength(String key) {
    CanonicalKeys.requireKey(key);
    return Utf8.isAscii(key) ? key.length() : Utf8.encodedLength(key);
  }

  /**
   * Writes the {@code n} UTF-8 bytes of {@code key} at {@code dst[off]}; {@code n} equals the key's
   * length exactly when it is ASCII (any other char takes more than one byte).
   */
  @SuppressWarnings(
      "deprecation") // getBytes(int, int, byte[], int) copies each char's low byte: for ASCII, its
  // UTF-8 byte
  private static void writeString(String key, byte[] dst, int off, int n) {
    if (n == key.length()) {
      key.getBytes(0, n, dst, off);
    } else {
      Utf8.encode(key, dst, off);
    }
  }

  /** Encodes a {@code long} key; returns 8. */
  public int putLong(long key) {
    LittleEndian.putLong(room(8), 0, key);
    return 8;
  }

  /** Encodes an {@code int} key; returns 4. */
  public int putInt(int key) {
    LittleEndian.putInt(room(4), 0, key);
    return 4;
  }

  /** Encodes a {@code uuid} key; returns 16. */
  public int putUuid(UUID key) {
    CanonicalKeys.requireKey(key);
    CanonicalKeys.writeUuid(key, room(16), 0);
    return 16;
  }

  /**
   * Encodes a {@code timestamp} key (microseconds since the epoch, {@link Timestamps}); returns 8.
   */
  public int putTimestamp(Instant key) {
    LittleEndian.putLong(room(8), 0, Timestamps.micros(key));
    return 8;
  }

  /** Encodes the composite key {@code (string, string)}; returns its byte length. */
  public int putComposite(String part0, String part1) {
    CanonicalKeys.requirePart(part0, 0);
    CanonicalKeys.requirePart(part1, 1);
    int n = CanonicalKeys.compositeStringLength(part0) + CanonicalKeys.compositeStringLength(part1);
    byte[] b = room(n);
    CanonicalKeys.writeCompositeString(part1, b, CanonicalKeys.writeCompositeString(part0, b, 0));
    return n;
  }

  /** Encodes the composite key {@code (string, long)}; returns its byte length. */
  public int putComposite(String part0, long part1) {
    CanonicalKeys.requirePart(part0, 0);
    int n = CanonicalKeys.compositeStringLength(part0) + 8;
    byte[] b = room(n);
    LittleEndian.putLong(b, CanonicalKeys.writeCompositeString(part0, b, 0), part1);
    return n;
  }

  /** Encodes the composite key {@code (string, int)}; returns its byte length. */
  public int putComposite(String part0, int part1) {
    CanonicalKeys.requirePart(part0, 0);
    int n = CanonicalKeys.compositeStringLength(part0) + 4;
    byte[] b = room(n);
    LittleEndian.putInt(b, CanonicalKeys.writeCompositeString(part0, b, 0), part1);
    return n;
  }

  /**
   * Encodes a composite key of two integer parts, each an {@code int} (4 bytes, {@code part0Int},
   * {@code part1Int}) or a {@code long} (8 bytes); returns its byte length. The caller has checked
   * that an {@code int} part is in the {@code int} range.
   */
  int putIntegers(long part0, boolean part0Int, long part1, boolean part1Int) {
    byte[] b = room(16);
    return writeInteger(b, writeInteger(b, 0, part0, part0Int), part1, part1Int);
  }

  /** Encodes the composite key {@code (long, long)}; returns 16. */
  public int putComposite(long part0, long part1) {
    byte[] b = room(16);
    LittleEndian.putLong(b, 0, part0);
    LittleEndian.putLong(b, 8, part1);
    return 16;
  }

  /** Encodes a composite key of any shape; returns its byte length. */
  public int putComposite(CompositeKey key) {
    CanonicalKeys.requireKey(key);
    int n = key.encodedLength();
    key.writeTo(room(n), 0);
    return n;
  }
}
