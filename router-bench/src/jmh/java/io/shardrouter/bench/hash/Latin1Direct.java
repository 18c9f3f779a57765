package io.shardrouter.bench.hash;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import net.openhft.hashing.LongHashFunction;

/**
 * For {@link StringHashBenchmark} only: XXH3 over an ASCII {@code String}'s internal Latin-1 array,
 * read through a private {@code VarHandle} (the benchmark's fork opens {@code java.lang} for it).
 * It depends on JDK internals (the {@code value} and {@code coder} fields of compact strings, JDK
 * 9+), so it measures what an ASCII path with no per-char work would cost; it is not a proposal to
 * ship as it stands.
 */
final class Latin1Direct {
  /** The JVM argument the benchmark's fork needs. */
  static final String OPENS = "--add-opens=java.base/java.lang=ALL-UNNAMED";

  private static final LongHashFunction XXH3 = LongHashFunction.xx3();
  private static final VarHandle VALUE;
  private static final VarHandle CODER;
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  static {
    try {
      MethodHandles.Lookup lookup =
          MethodHandles.privateLookupIn(String.class, MethodHandles.lookup());
      VALUE = lookup.findVarHandle(String.class, "value", byte[].class);
      CODER = lookup.findVarHandle(String.class, "coder", byte.class);
    } catch (ReflectiveOperationException | IllegalAccessError | SecurityException e) {
      throw new ExceptionInInitializerError(
          new IllegalStateException(
              "reading String's internals needs the JVM argument " + OPENS + ": " + e, e));
    }
  }

  private Latin1Direct() {}

  static long hash(String key) {
    if ((byte) CODER.get(key) != 0) {
      throw new IllegalArgumentException("Latin-1 strings only");
    }
    byte[] v = (byte[]) VALUE.get(key);
    int n = v.length;
    long acc = 0;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      acc |= (long) LONGS.get(v, i);
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
