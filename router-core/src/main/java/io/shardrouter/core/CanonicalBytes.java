package io.shardrouter.core;

import io.shardrouter.core.internal.Latin1Strings;
import io.shardrouter.core.internal.LittleEndian;
import java.time.Instant;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The canonical bytes of a single-part key (docs/routing-spec.md §2): what a routing table routes
 * and what a store keys its rows by. For composite keys use {@link CompositeKey#toBytes()}.
 *
 * <p>The two integer kinds have methods of their own, {@link #ofLong} and {@link #ofInt}, and no
 * {@code of} overload: the {@code long} 42 and the {@code int} 42 are different keys (8 and 4
 * bytes), and with overloads {@code of(42)} would silently give an {@code int} key's bytes to an
 * entity with {@code long} keys. Name the entity's key type; {@code ofLong(42)} takes an {@code
 * int} literal and gives the {@code long} key's bytes.
 *
 * <p>The {@code of} methods allocate a new array per call; the route paths ({@link
 * Router#route(String)} and its overloads) encode without allocating and need none of this.
 *
 * <p><b>For strategy authors</b> (docs/writing-a-strategy.md): the {@code write}, {@code read} and
 * UTF-8 methods fill or read a caller's buffer and never allocate, so that a strategy can work on
 * canonical bytes on its route path; {@link KeyScratch} holds one key's bytes per thread, and
 * {@link #sharedAscii} gives an ASCII string's own bytes where the JDK allows it.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable: the bytes are pinned by the routing spec's golden vectors.
 *
 * @since 0.1
 */
public final class CanonicalBytes {
  private CanonicalBytes() {}

  /**
   * A {@code string} key: its UTF-8 bytes.
   *
   * @throws InvalidKeyException when the key is null or has a lone surrogate (no UTF-8 form)
   */
  public static byte[] of(String key) {
    return CanonicalKeys.of(key);
  }

  /** A {@code long} key: 8 bytes, two's complement, little-endian. */
  public static byte[] ofLong(long key) {
    return CanonicalKeys.of(key);
  }

  /** An {@code int} key: 4 bytes, two's complement, little-endian. */
  public static byte[] ofInt(int key) {
    return CanonicalKeys.of(key);
  }

  /**
   * A {@code uuid} key: 16 bytes, the most significant first (RFC 4122 order).
   *
   * @throws InvalidKeyException when the key is null
   */
  public static byte[] of(UUID key) {
    return CanonicalKeys.of(key);
  }

  /**
   * A {@code timestamp} key: its microseconds since the epoch, 8 bytes little-endian.
   *
   * @throws InvalidKeyException when the instant is finer than a microsecond or out of range
   */
  public static byte[] of(Instant key) {
    return CanonicalKeys.of(key);
  }

  /**
   * Throws {@link InvalidKeyException} when {@code key} is null: a null key has no route.
   * Strategies call it first on every reference-typed key.
   */
  public static void requireKey(Object key) {
    CanonicalKeys.requireKey(key);
  }

  /**
   * Writes {@code v} as 8 bytes, little-endian, at {@code dst[off]}: a {@code long} key's bytes.
   */
  public static void writeLong(long v, byte[] dst, int off) {
    LittleEndian.putLong(dst, off, v);
  }

  /**
   * Writes {@code v} as 4 bytes, little-endian, at {@code dst[off]}: an {@code int} key's bytes.
   */
  public static void writeInt(int v, byte[] dst, int off) {
    LittleEndian.putInt(dst, off, v);
  }

  /** The {@code long} whose 8 little-endian bytes start at {@code b[off]}. */
  public static long readLong(byte[] b, int off) {
    return LittleEndian.getLong(b, off);
  }

  /** The {@code int} whose 4 little-endian bytes start at {@code b[off]}. */
  public static int readInt(byte[] b, int off) {
    return LittleEndian.getInt(b, off);
  }

  /** Writes the 16 bytes of a {@code uuid} key at {@code dst[off]}, most significant first. */
  public static void writeUuid(UUID key, byte[] dst, int off) {
    CanonicalKeys.requireKey(key);
    CanonicalKeys.writeUuid(key, dst, off);
  }

  /** True when every char of {@code s} is below U+0080, so that its UTF-8 bytes are its chars. */
  public static boolean isAscii(CharSequence s) {
    return Utf8.isAscii(s);
  }

  /** True when {@code s} has no lone surrogate, so that it has a UTF-8 form (and is a key). */
  public static boolean isWellFormed(CharSequence s) {
    return Utf8.isWellFormed(s);
  }

  /**
   * The length of the UTF-8 form of {@code s}.
   *
   * @throws InvalidKeyException naming the position of a lone surrogate
   */
  public static int utf8Length(CharSequence s) {
    return Utf8.encodedLength(s);
  }

  /**
   * Writes the UTF-8 form of {@code s} at {@code dst[off]} (room for {@link #utf8Length} bytes);
   * returns the offset after it.
   *
   * @throws InvalidKeyException naming the position of a lone surrogate
   */
  public static int writeUtf8(CharSequence s, byte[] dst, int off) {
    return Utf8.encode(s, dst, off);
  }

  /**
   * The bytes a {@code string} part takes inside a composite key: a 4-byte length and its UTF-8.
   */
  public static int compositeStringLength(String part) {
    return CanonicalKeys.compositeStringLength(part);
  }

  /**
   * Writes a {@code string} part of a composite key (4-byte little-endian length, UTF-8) at {@code
   * dst[off]}; returns the offset after it.
   */
  public static int writeCompositeString(String part, byte[] dst, int off) {
    return CanonicalKeys.writeCompositeString(part, dst, off);
  }

  /**
   * Writes a {@code bytes} part of a composite key (4-byte little-endian length, the bytes) at
   * {@code dst[off]}; returns the offset after it.
   */
  public static int writeCompositeBytes(byte[] part, byte[] dst, int off) {
    return CanonicalKeys.writeCompositeBytes(part, dst, off);
  }

  /**
   * The array that backs {@code s} when this JVM lets ShardRouter read it and every char of {@code
   * s} is ASCII (its length is {@code s.length()}, and it is {@code s}'s canonical bytes); else
   * null, also for a null {@code s}. Hashing it saves the copy into {@link KeyScratch}: both give
   * the same bytes.
   *
   * <p><b>Never write to the array, and never keep it</b>: it is the string's own storage, shared
   * with every user of that string. Read it in place, then drop the reference. Whether the shared
   * array is available is decided once per JVM (docs/routing-spec.md §2; the system property {@code
   * shardrouter.latin1Direct=false} switches it off).
   */
  public static byte @Nullable [] sharedAscii(String s) {
    return Latin1Strings.AVAILABLE ? Latin1Strings.asciiBytes(s) : null;
  }
}
