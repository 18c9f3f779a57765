package io.shardrouter.jdbc;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
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
 * <p>Encodings: {@code string} as UTF-8 (a lone surrogate is refused), {@code long} as 8 bytes and
 * {@code int} as 4 bytes little-endian, {@code uuid} as its 16 bytes most significant first, and a
 * composite as {@link CompositeKey#toBytes()} of the parts the caller's function gives.
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
    return new KeyEncoding<>(KeyType.STRING, KeyEncoding::utf8);
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

  /** The key type this encoding is for. */
  public KeyType keyType() {
    return keyType;
  }

  /**
   * The canonical bytes of {@code key}.
   *
   * @throws IllegalArgumentException when the key is null or cannot be encoded
   */
  public byte[] canonical(K key) {
    if (key == null) {
      throw new IllegalArgumentException("key is null; every row needs a key of type " + keyType);
    }
    return encode.apply(key);
  }

  private static byte[] utf8(String s) {
    try {
      return CanonicalBytes.of(s);
    } catch (InvalidKeyException e) {
      throw new IllegalArgumentException(
          "string key '" + s + "' is not valid UTF-16 (a lone surrogate); it has no UTF-8 bytes",
          e);
    }
  }

  @Override
  public String toString() {
    return "KeyEncoding{" + keyType + "}";
  }
}
