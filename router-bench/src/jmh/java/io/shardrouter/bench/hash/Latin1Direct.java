package io.shardrouter.bench.hash;

import java.lang.reflect.Field;
import java.nio.ByteOrder;
import net.openhft.hashing.LongHashFunction;
import sun.misc.Unsafe;

/**
 * For {@link StringHashBenchmark} only: XXH3 over an ASCII {@code String}'s internal Latin-1 array,
 * read through {@code sun.misc.Unsafe}. It depends on JDK internals (the {@code value} and
 * {@code coder} fields of compact strings, JDK 9+), so it measures what an ASCII path with no
 * per-char work would cost; it is not a proposal to ship as it stands.
 */
final class Latin1Direct {
  private static final LongHashFunction XXH3 = LongHashFunction.xx3();
  private static final Unsafe UNSAFE;
  private static final long VALUE;
  private static final long CODER;
  private static final long BASE;

  static {
    try {
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      UNSAFE = (Unsafe) f.get(null);
      VALUE = UNSAFE.objectFieldOffset(String.class.getDeclaredField("value"));
      CODER = UNSAFE.objectFieldOffset(String.class.getDeclaredField("coder"));
      BASE = UNSAFE.arrayBaseOffset(byte[].class);
      if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
        throw new IllegalStateException("little-endian platforms only");
      }
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private Latin1Direct() {}

  static long hash(String key) {
    if (UNSAFE.getByte(key, CODER) != 0) {
      throw new IllegalArgumentException("Latin-1 strings only");
    }
    byte[] v = (byte[]) UNSAFE.getObject(key, VALUE);
    int n = v.length;
    long acc = 0;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      acc |= UNSAFE.getLong(v, BASE + i);
    }
    for (; i < n; i++) {
      acc |= v[i];
    }
    if ((acc & 0x8080808080808080L) != 0) {
      throw new IllegalArgumentException("ASCII keys only");
    }
    return XXH3.hashBytes(v);
  }
}
