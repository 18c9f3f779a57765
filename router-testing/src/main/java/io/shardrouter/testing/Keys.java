package io.shardrouter.testing;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyScratch;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;

/**
 * The canonical bytes of a key, written by the library's own encoders (the ones {@link
 * io.shardrouter.core.RoutingTable} uses at its edge), as a fresh array: {@code
 * strategy.partitionOf(Keys.of("order-1"))} is what a table asks its strategy for the key {@code
 * "order-1"}. The overloads are the key shapes a table accepts, so Java picks the same encoding a
 * table's {@code route} overload would: an {@code int} argument is a 4-byte {@code int} key, a
 * {@code long} an 8-byte one. {@link ReferenceEncoding} writes the same bytes with plain JDK code;
 * the contract compares the two.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
public final class Keys {
  private Keys() {}

  /** A {@code string} key: UTF-8; refuses a null key or a lone surrogate. */
  public static byte[] of(String key) {
    return CanonicalBytes.of(key);
  }

  /** A {@code long} key: 8 bytes little-endian. */
  public static byte[] of(long key) {
    return CanonicalBytes.ofLong(key);
  }

  /** An {@code int} key: 4 bytes little-endian. */
  public static byte[] of(int key) {
    return CanonicalBytes.ofInt(key);
  }

  /** A {@code uuid} key: 16 bytes, most significant first. */
  public static byte[] of(UUID key) {
    return CanonicalBytes.of(key);
  }

  /** A {@code timestamp} key: its microseconds since the epoch, 8 bytes little-endian. */
  public static byte[] of(Instant key) {
    return CanonicalBytes.of(key);
  }

  /** The composite key {@code (string, string)}. */
  public static byte[] of(String part0, String part1) {
    KeyScratch s = KeyScratch.get();
    int n = s.putComposite(part0, part1);
    return Arrays.copyOf(s.bytes(), n);
  }

  /** The composite key {@code (string, long)}. */
  public static byte[] of(String part0, long part1) {
    KeyScratch s = KeyScratch.get();
    int n = s.putComposite(part0, part1);
    return Arrays.copyOf(s.bytes(), n);
  }

  /** The composite key {@code (long, long)}. */
  public static byte[] of(long part0, long part1) {
    KeyScratch s = KeyScratch.get();
    int n = s.putComposite(part0, part1);
    return Arrays.copyOf(s.bytes(), n);
  }

  /** A composite key of any shape. */
  public static byte[] of(CompositeKey key) {
    KeyScratch s = KeyScratch.get();
    int n = s.putComposite(key);
    return Arrays.copyOf(s.bytes(), n);
  }
}
