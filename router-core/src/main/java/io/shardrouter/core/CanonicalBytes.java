package io.shardrouter.core;

import io.shardrouter.core.internal.CanonicalKeys;
import java.time.Instant;
import java.util.UUID;

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
 * <p>These allocate a new array per call; the route paths ({@link Router#route(String)} and its
 * overloads) encode without allocating and need none of this.
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
}
