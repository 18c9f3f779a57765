package io.shardrouter.core;

import io.shardrouter.core.internal.LittleEndian;
import java.time.Instant;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Writes keys in their canonical byte form (see {@link KeyType.Kind} and {@code
 * docs/routing-spec.md} §2), the bytes every hash strategy hashes. The {@code write} methods fill a
 * caller buffer and do not allocate; the {@code of} methods return a new array for tools and tests.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
final class CanonicalKeys {
  private CanonicalKeys() {}

  public static byte[] of(String key) {
    requireKey(key);
    byte[] b = new byte[Utf8.encodedLength(key)];
    Utf8.encode(key, b, 0);
    return b;
  }

  public static byte[] of(long key) {
    byte[] b = new byte[8];
    LittleEndian.putLong(b, 0, key);
    return b;
  }

  public static byte[] of(int key) {
    byte[] b = new byte[4];
    LittleEndian.putInt(b, 0, key);
    return b;
  }

  public static byte[] of(UUID key) {
    requireKey(key);
    byte[] b = new byte[16];
    writeUuid(key, b, 0);
    return b;
  }

  /**
   * The canonical bytes of a {@code timestamp} key: its microseconds since the epoch, 8 bytes LE.
   *
   * @throws InvalidKeyException when the instant is finer than a microsecond or out of range
   *     ({@link Timestamps#micros})
   */
  public static byte[] of(Instant key) {
    return of(Timestamps.micros(key));
  }

  /** Writes the 16 bytes of {@code key}, most significant byte first (RFC 4122 order). */
  public static void writeUuid(UUID key, byte[] dst, int off) {
    long msb = key.getMostSignificantBits();
    long lsb = key.getLeastSignificantBits();
    for (int i = 0; i < 8; i++) {
      dst[off + i] = (byte) (msb >>> (56 - 8 * i));
      dst[off + 8 + i] = (byte) (lsb >>> (56 - 8 * i));
    }
  }

  /** Bytes a variable-length part takes inside a composite key: a 4-byte length and the bytes. */
  public static int compositeStringLength(String part) {
    return 4 + Utf8.encodedLength(part);
  }

  /**
   * Writes a {@code string} part of a composite key (4-byte LE length, UTF-8); returns the next
   * offset.
   */
  public static int writeCompositeString(String part, byte[] dst, int off) {
    int end = Utf8.encode(part, dst, off + 4);
    LittleEndian.putInt(dst, off, end - off - 4);
    return end;
  }

  /**
   * Writes a {@code bytes} part of a composite key (4-byte LE length, the bytes); returns the next
   * offset.
   */
  public static int writeCompositeBytes(byte[] part, byte[] dst, int off) {
    LittleEndian.putInt(dst, off, part.length);
    System.arraycopy(part, 0, dst, off + 4, part.length);
    return off + 4 + part.length;
  }

  /**
   * Throws {@link InvalidKeyException} when part {@code index} of a two-part key is null: a key
   * with a null part has no route.
   */
  static void requirePart(@Nullable Object part, int index) {
    if (part == null) {
      throw new InvalidKeyException(
          "part "
              + index
              + " of the key is null; a key with a null part has no partition: check the"
              + " caller's values before routing");
    }
  }

  /** Throws {@link InvalidKeyException} when {@code key} is null: a null key has no route. */
  public static void requireKey(Object key) {
    if (key == null) {
      throw new InvalidKeyException(
          "key is null; a null key has no partition: check the caller's value before routing");
    }
  }
}
