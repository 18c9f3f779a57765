package io.shardrouter.jdbc;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;

/**
 * How a {@link ShardedTable}'s keys become their canonical bytes (docs/routing-spec.md §2): the
 * bytes the routing table routes and the store keeps as {@code row_key}. Each encoding names the
 * {@link KeyType} it is for, and a {@link ShardedTable} refuses to start when its routing table's
 * key type is another.
 *
 * <p>Encodings, one for each key type: {@code string} as UTF-8 (a lone surrogate is refused),
 * {@code long} as 8 bytes and {@code int} as 4 bytes little-endian, {@code uuid} as its 16 bytes
 * most significant first, {@code timestamp} as its microseconds since the epoch, 8 bytes
 * little-endian (an instant finer than a microsecond is refused), {@code bytes} as the bytes
 * themselves, and a composite as {@link CompositeKey#toBytes()} of the parts the caller's function
 * gives. A key an encoding refuses is an {@link IllegalArgumentException} saying why.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param <K> the caller's key class
 * @since 0.1
 */
public final class KeyEncoding<K> {
  private final KeyType keyType;
  private final Function<? super K, byte[]> encode;

  private KeyEncoding(KeyType keyType, Function<? super K, byte[]> encode) {
    this.keyType = keyType;
    this.encode = encode;
  }

  /** {@code string} keys: their UTF-8 bytes. */
  public static KeyEncoding<String> strings() {
    return new KeyEncoding<>(KeyType.STRING, (String k) -> CanonicalBytes.of(k));
  }

  /** {@code long} keys: 8 bytes, little-endian. */
  public static KeyEncoding<Long> longs() {
    return new KeyEncoding<>(KeyType.LONG, k -> CanonicalBytes.ofLong(k));
  }

  /** {@code int} keys: 4 bytes, little-endian. */
  public static KeyEncoding<Integer> ints() {
    return new KeyEncoding<>(KeyType.INT, k -> CanonicalBytes.ofInt(k));
  }

  /** {@code uuid} keys: 16 bytes, the most significant first (RFC 4122 order). */
  public static KeyEncoding<UUID> uuids() {
    return new KeyEncoding<>(KeyType.UUID_KEY, (UUID k) -> CanonicalBytes.of(k));
  }

  /**
   * {@code timestamp} keys: microseconds since the epoch, 8 bytes little-endian; an instant with a
   * fraction of a microsecond, or outside the years a {@code long} of microseconds holds, is
   * refused (truncate it first, e.g. {@code instant.truncatedTo(ChronoUnit.MICROS)}).
   *
   * @since 0.1
   */
  public static KeyEncoding<Instant> timestamps() {
    return new KeyEncoding<>(KeyType.TIMESTAMP, (Instant k) -> CanonicalBytes.of(k));
  }

  /**
   * {@code bytes} keys: the bytes as given (copied, so a caller's later change to its array does
   * not change a row's key).
   *
   * @since 0.1
   */
  public static KeyEncoding<byte[]> bytes() {
    return new KeyEncoding<>(KeyType.BYTES, byte[]::clone);
  }

  /**
   * Composite keys of {@code parts} kinds, from the caller's key class through {@code toKey}, e.g.
   * {@code KeyEncoding.composite(o -> CompositeKey.of(o.tenant(), o.userId()), Kind.STRING,
   * Kind.STRING)}.
   */
  public static <K> KeyEncoding<K> composite(
      Function<? super K, CompositeKey> toKey, KeyType.Kind... parts) {
    Objects.requireNonNull(toKey, "toKey");
    KeyType type = KeyType.composite(List.of(parts));
    return new KeyEncoding<>(
        type,
        k -> {
          CompositeKey key = toKey.apply(k);
          if (key == null) {
            throw new IllegalArgumentException(
                "the composite key function gave null for the key "
                    + k
                    + "; make it return a CompositeKey of parts "
                    + type.parts()
                    + " for every key");
          }
          if (!type.accepts(key)) {
            throw new IllegalArgumentException(
                "composite key "
                    + key
                    + " does not have the parts "
                    + type
                    + " this table's routing table routes; build it with parts of kinds "
                    + type.parts());
          }
          return key.toBytes();
        });
  }

  /**
   * How to make the encoding of {@code type}, for an error message: {@code KeyEncoding.longs()}.
   */
  static String factoryFor(KeyType type) {
    KeyType.Kind kind = type.kind();
    if (kind == null) {
      StringBuilder b = new StringBuilder("KeyEncoding.composite(toKey");
      for (KeyType.Kind part : type.parts()) {
        b.append(", Kind.").append(part.name());
      }
      return b.append(')').toString();
    }
    return switch (kind) {
      case STRING -> "KeyEncoding.strings()";
      case LONG -> "KeyEncoding.longs()";
      case INT -> "KeyEncoding.ints()";
      case UUID -> "KeyEncoding.uuids()";
      case BYTES -> "KeyEncoding.bytes()";
      case TIMESTAMP -> "KeyEncoding.timestamps()";
    };
  }

  /** The key type this encoding is for. */
  public KeyType keyType() {
    return keyType;
  }

  /**
   * The canonical bytes of {@code key}.
   *
   * @throws IllegalArgumentException when the key is null or cannot be encoded (a {@code string}
   *     with a lone surrogate, a {@code timestamp} finer than a microsecond, a composite part that
   *     is null or of another kind), saying why
   */
  public byte[] canonical(K key) {
    if (key == null) {
      throw new IllegalArgumentException("key is null; every row needs a key of type " + keyType);
    }
    try {
      return encode.apply(key);
    } catch (InvalidKeyException e) {
      throw new IllegalArgumentException(e.getMessage(), e); // the core's words, key escaped
    }
  }

  @Override
  public String toString() {
    return "KeyEncoding{" + keyType + "}";
  }
}
