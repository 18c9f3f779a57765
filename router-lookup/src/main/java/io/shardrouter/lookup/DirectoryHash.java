package io.shardrouter.lookup;

import io.shardrouter.hash.StableHash;
import io.shardrouter.hash.StableHashes;

/**
 * The hash a {@link Directory} files its keys under: XXH3-64, seed 0, of the key's canonical bytes,
 * from any entry point (bytes, a {@code String} read in place when it is ASCII, a {@code long}),
 * through router-hash's {@link StableHashes#xxh3()}. It only spreads keys over the directory's slots;
 * it never decides a partition, so it is no part of the routing spec.
 *
 * <p><b>Thread-safety:</b> stateless.
 * <p><b>Allocation:</b> none.
 */
final class DirectoryHash {
  private static final StableHash XXH3 = StableHashes.xxh3();

  private DirectoryHash() {}

  static long of(byte[] bytes, int offset, int length) {
    return XXH3.hash(bytes, offset, length);
  }

  /** The hash of a string's UTF-8 bytes; ASCII text is read in place, other text encoded per thread. */
  static long of(String s) {
    return XXH3.hashString(s);
  }

  /** The hash of a {@code long}'s 8 little-endian bytes. */
  static long of(long key) {
    return XXH3.hashLong(key);
  }
}
