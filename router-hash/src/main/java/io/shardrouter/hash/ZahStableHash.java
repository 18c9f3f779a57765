package io.shardrouter.hash;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.KeyScratch;
import java.nio.ByteOrder;
import net.openhft.hashing.LongHashFunction;

/**
 * A {@link StableHash} backed by a Zero-Allocation-Hashing function (xxh3-64, murmur3-64).
 *
 * <p>An ASCII {@code String} key (the common case) is hashed from the {@code String}'s own Latin-1
 * array where {@link CanonicalBytes#sharedAscii} gives it; any other text is written into the
 * per-thread {@link KeyScratch} (which copies ASCII text as is and encodes the rest) and the bytes
 * are hashed. Both give the hash of the key's UTF-8 bytes.
 */
final class ZahStableHash implements StableHash {
  private static final boolean BIG_ENDIAN_PLATFORM =
      ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;

  private final String name;
  private final long seed;
  private final LongHashFunction function;

  public ZahStableHash(String name, long seed, LongHashFunction function) {
    this.name = name;
    this.seed = seed;
    this.function = function;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long seed() {
    return seed;
  }

  @Override
  public long hash(byte[] bytes, int offset, int length) {
    return function.hashBytes(bytes, offset, length);
  }

  @Override
  public long hashString(String key) {
    CanonicalBytes.requireKey(key);
    byte[] own = CanonicalBytes.sharedAscii(key);
    if (own != null) {
      return function.hashBytes(own);
    }
    KeyScratch s = KeyScratch.get();
    int n = s.putString(key);
    return function.hashBytes(s.bytes(), 0, n);
  }

  @Override
  public long hashLong(long key) {
    // ZAH hashes a long as its bytes in native order; the canonical order is little-endian.
    return function.hashLong(BIG_ENDIAN_PLATFORM ? Long.reverseBytes(key) : key);
  }

  @Override
  public long hashInt(int key) {
    return function.hashInt(BIG_ENDIAN_PLATFORM ? Integer.reverseBytes(key) : key);
  }

  @Override
  public String toString() {
    return seed == 0 ? name : name + "(seed=" + seed + ")";
  }
}
