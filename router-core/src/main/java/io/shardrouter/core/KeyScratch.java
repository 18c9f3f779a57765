package io.shardrouter.core;

import io.shardrouter.core.internal.LittleEndian;
import java.time.Instant;
import java.util.UUID;

/**
 * A per-thread buffer that holds the canonical bytes of one key while it is hashed, so that keys
 * which cannot be hashed in place (non-ASCII text, composites) still route without allocating.
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
 * <p><b>Allocation:</b> none once the buffer has grown to the longest key seen by the thread.
 *
 * @since 0.6 (public; router-core's own since 0.1)
 */
public final class KeyScratch {
  private static final ThreadLocal<KeyScratch> LOCAL = ThreadLocal.withInitial(KeyScratch::new);

  private byte[] buf = new byte[128];

  // the tokens of one group of a batch route (BatchPartitions), in the order of its keys
  private final long[] tokens = new long[BatchPartitions.GROUP];

  private KeyScratch() {}

  /** The calling thread's scratch buffer. */
  public static KeyScratch get() {
    return LOCAL.get();
  }

  /** The token of each key of the batch group being routed by this thread. */
  long[] tokens() {
    return tokens;
  }

  /** The buffer that the last {@code put} call filled from offset 0. */
  public byte[] bytes() {
    return buf;
  }

  private byte[] room(int n) {
    if (buf.length < n) {
      buf = new byte[Math.max(n, buf.length * 2)];
    }
    return buf;
  }

  /** Encodes a {@code string} key; returns its byte length. */
  @SuppressWarnings(
      "deprecation") // getBytes(int, int, byte[], int) copies each char's low byte: for ASCII, its
  // UTF-8 byte
  public int putString(String key) {
    CanonicalKeys.requireKey(key);
    if (Utf8.isAscii(key)) {
      int length = key.length();
      key.getBytes(0, length, room(length), 0);
      return length;
    }
    int n = Utf8.encodedLength(key);
    Utf8.encode(key, room(n), 0);
    return n;
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
    CanonicalKeys.requireKey(part0);
    CanonicalKeys.requireKey(part1);
    int n = CanonicalKeys.compositeStringLength(part0) + CanonicalKeys.compositeStringLength(part1);
    byte[] b = room(n);
    CanonicalKeys.writeCompositeString(part1, b, CanonicalKeys.writeCompositeString(part0, b, 0));
    return n;
  }

  /** Encodes the composite key {@code (string, long)}; returns its byte length. */
  public int putComposite(String part0, long part1) {
    CanonicalKeys.requireKey(part0);
    int n = CanonicalKeys.compositeStringLength(part0) + 8;
    byte[] b = room(n);
    LittleEndian.putLong(b, CanonicalKeys.writeCompositeString(part0, b, 0), part1);
    return n;
  }

  /** Encodes the composite key {@code (string, int)}; returns its byte length. */
  public int putComposite(String part0, int part1) {
    CanonicalKeys.requireKey(part0);
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
    int off;
    if (part0Int) {
      LittleEndian.putInt(b, 0, (int) part0);
      off = 4;
    } else {
      LittleEndian.putLong(b, 0, part0);
      off = 8;
    }
    if (part1Int) {
      LittleEndian.putInt(b, off, (int) part1);
      return off + 4;
    }
    LittleEndian.putLong(b, off, part1);
    return off + 8;
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
