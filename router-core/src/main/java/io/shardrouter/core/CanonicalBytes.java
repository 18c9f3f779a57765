package io.shardrouter.core;

import io.shardrouter.core.internal.CanonicalKeys;
import java.time.Instant;
import java.util.UUID;

/**
 * The canonical bytes of a single-part key (docs/routing-spec.md §2): what a routing table routes
 * and what a store keys its rows by. For composite keys use {@link CompositeKey#toBytes()}.
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

  /** A {@code long} key: 8 bytes, little-endian. */
  public static byte[] of(long key) {
    return CanonicalKeys.of(key);
  }

  /** An {@code int} key: 4 bytes, little-endian. */
  public static byte[] of(int key) {
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
