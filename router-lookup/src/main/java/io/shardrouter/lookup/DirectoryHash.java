package io.shardrouter.lookup;

import io.shardrouter.core.key.Utf8;
import java.nio.ByteOrder;
import net.openhft.hashing.LongHashFunction;

/**
 * The hash a {@link Directory} files its keys under: XXH3-64, seed 0, of the key's canonical bytes,
 * from any entry point (bytes, an ASCII {@code String} read in place, a {@code long}). It only spreads
 * keys over the directory's slots; it never decides a partition, so it is no part of the routing spec.
 *
 * <p><b>Thread-safety:</b> stateless.
 * <p><b>Allocation:</b> none.
 */
final class DirectoryHash {
  private static final LongHashFunction XX3 = LongHashFunction.xx3();
  private static final boolean BIG_ENDIAN_PLATFORM = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;

  private DirectoryHash() {}

  static long of(byte[] bytes, int offset, int length) {
    return XX3.hashBytes(bytes, offset, length);
  }

  /** The hash of an ASCII string's bytes, read in place; the caller checked {@link Utf8#isAscii}. */
  static long ofAscii(String s) {
    return XX3.hash(s, AsciiStringAccess.LITTLE_ENDIAN, 0, s.length());
  }

  /** The hash of a {@code long}'s 8 little-endian bytes. */
  static long of(long key) {
    return XX3.hashLong(BIG_ENDIAN_PLATFORM ? Long.reverseBytes(key) : key);
  }
}
