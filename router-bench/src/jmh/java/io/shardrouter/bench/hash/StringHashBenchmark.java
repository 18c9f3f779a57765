package io.shardrouter.bench.hash;

import io.shardrouter.bench.KeySet;
import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.hash.StableHash;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import net.openhft.hashing.LongHashFunction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Which way of hashing an ASCII {@code String}'s UTF-8 bytes is fastest without allocating? Every
 * variant gives the same 64-bit value (checked in {@code @Setup}); the routing path uses {@link
 * #library}.
 *
 * <ul>
 *   <li>{@link #library}: {@code StableHash.hashString}, whatever router-hash does today.
 *   <li>{@link #charAccess}: an ASCII check, then XXH3 through a ZAH {@code Access} that packs 8
 *       chars into a {@code long} with 8 {@code charAt} calls (router-hash's {@code
 *       AsciiStringAccess} until it was replaced; copied here so the comparison stays in the
 *       suite).
 *   <li>{@link #scratchCopy}: an ASCII check, then {@code String.getBytes(int, int, byte[], int)}
 *       (deprecated, but exactly right for ASCII: it copies each char's low byte, an array copy for
 *       Latin-1 strings) into a per-thread scratch, then XXH3 over the bytes.
 *   <li>{@link #scratchCopyNoThreadLocal}: the same with the scratch in the benchmark state, to
 *       show what the {@code ThreadLocal} lookup costs.
 *   <li>{@link #fusedCopy}: one loop that reads each char once, ORs it into the ASCII check and
 *       stores its low byte into the per-thread scratch; then XXH3 over the bytes.
 *   <li>{@link #stringCheckCopy}: like {@link #scratchCopy}, with the ASCII check written against
 *       {@code String} instead of {@code CharSequence} (so {@code charAt} is not an interface
 *       call).
 *   <li>{@link #getCharsCheckNarrow}: {@code String.getChars} into a per-thread {@code char[]} (a
 *       vectorized inflate for Latin-1 strings), then one loop over the {@code char[]} that ORs the
 *       ASCII check and narrows each char into the byte scratch; then XXH3 over the bytes.
 *   <li>{@link #latin1Direct}: <em>not usable as is, shown for scale</em>: reads the {@code
 *       String}'s internal Latin-1 array (JDK internals, opened to the benchmark's fork;
 *       Zero-Allocation-Hashing's {@code hashChars} reads it through {@code sun.misc.Unsafe}),
 *       checks it is ASCII 8 bytes at a time and hashes it in place: the cost of an ASCII path with
 *       no per-char work at all.
 *   <li>{@link #getBytesUtf8}: {@code getBytes(UTF_8)} and XXH3 over the new array: allocates.
 *   <li>{@link #isAsciiOnly}: the ASCII check alone.
 * </ul>
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar StringHashBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = Latin1Direct.OPENS) // only latin1Direct needs it
public class StringHashBenchmark {
  private static final LongHashFunction XXH3 = LongHashFunction.xx3();
  private static final StableHash LIBRARY = StableHash.xxh3();
  private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[256]);
  private static final ThreadLocal<Scratch> PAIR = ThreadLocal.withInitial(Scratch::new);

  /** A char and a byte buffer, per thread. */
  static final class Scratch {
    final char[] chars = new char[256];
    final byte[] bytes = new byte[256];
  }

  /** ASCII keys. */
  @State(Scope.Thread)
  public static class Keys {
    @Param({"ascii16", "ascii36"})
    public String keySet;

    String[] keys;
    byte[] buffer = new byte[256];
    int i;

    @Setup
    public void setup() {
      keys = KeySet.of(keySet).texts();
      for (String k : keys) {
        long expected = XXH3.hashBytes(k.getBytes(StandardCharsets.UTF_8));
        long[] got = {
          LIBRARY.hashString(k),
          charAccessHash(k),
          scratchHash(k),
          stateHash(k, buffer),
          fusedHash(k),
          stringCheckHash(k),
          charsHash(k),
          Latin1Direct.hash(k)
        };
        for (int v = 0; v < got.length; v++) {
          if (got[v] != expected) {
            throw new IllegalStateException(
                "variant " + v + " hashes '" + k + "' to " + got[v] + ", expected " + expected);
          }
        }
      }
    }
  }

  @Benchmark
  public long library(Keys k) {
    return LIBRARY.hashString(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public long charAccess(Keys k) {
    return charAccessHash(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public long scratchCopy(Keys k) {
    return scratchHash(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public long scratchCopyNoThreadLocal(Keys k) {
    return stateHash(k.keys[k.i++ & KeySet.MASK], k.buffer);
  }

  @Benchmark
  public long fusedCopy(Keys k) {
    return fusedHash(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public long stringCheckCopy(Keys k) {
    return stringCheckHash(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public long getCharsCheckNarrow(Keys k) {
    return charsHash(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public boolean getCharsCheckOnly(Keys k) {
    String key = k.keys[k.i++ & KeySet.MASK];
    int n = key.length();
    char[] c = PAIR.get().chars;
    key.getChars(0, n, c, 0);
    int acc = 0;
    for (int i = 0; i < n; i++) {
      acc |= c[i];
    }
    return acc < 0x80;
  }

  @Benchmark
  public boolean isAsciiStringOnly(Keys k) {
    return isAscii(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public long latin1Direct(Keys k) {
    return Latin1Direct.hash(k.keys[k.i++ & KeySet.MASK]);
  }

  @Benchmark
  public long getBytesUtf8(Keys k) {
    return XXH3.hashBytes(k.keys[k.i++ & KeySet.MASK].getBytes(StandardCharsets.UTF_8));
  }

  @Benchmark
  public boolean isAsciiOnly(Keys k) {
    return CanonicalBytes.isAscii(k.keys[k.i++ & KeySet.MASK]);
  }

  static long charAccessHash(String key) {
    if (!CanonicalBytes.isAscii(key)) {
      throw new IllegalArgumentException("ASCII keys only");
    }
    return XXH3.hash(key, AsciiCharAccess.INSTANCE, 0, key.length());
  }

  @SuppressWarnings(
      "deprecation") // getBytes(int, int, byte[], int) is exactly the ASCII copy we want
  static long scratchHash(String key) {
    int n = key.length();
    if (!CanonicalBytes.isAscii(key) || n > 256) {
      throw new IllegalArgumentException("ASCII keys of at most 256 chars only");
    }
    byte[] b = SCRATCH.get();
    key.getBytes(0, n, b, 0);
    return XXH3.hashBytes(b, 0, n);
  }

  static boolean isAscii(String s) {
    int acc = 0;
    for (int i = 0, n = s.length(); i < n; i++) {
      acc |= s.charAt(i);
    }
    return acc < 0x80;
  }

  @SuppressWarnings("deprecation")
  static long stringCheckHash(String key) {
    int n = key.length();
    if (!isAscii(key) || n > 256) {
      throw new IllegalArgumentException("ASCII keys of at most 256 chars only");
    }
    byte[] b = SCRATCH.get();
    key.getBytes(0, n, b, 0);
    return XXH3.hashBytes(b, 0, n);
  }

  static long charsHash(String key) {
    int n = key.length();
    if (n > 256) {
      throw new IllegalArgumentException("keys of at most 256 chars only");
    }
    Scratch s = PAIR.get();
    char[] c = s.chars;
    byte[] b = s.bytes;
    key.getChars(0, n, c, 0);
    int acc = 0;
    for (int i = 0; i < n; i++) {
      acc |= c[i];
      b[i] = (byte) c[i];
    }
    if (acc >= 0x80) {
      throw new IllegalArgumentException("ASCII keys only");
    }
    return XXH3.hashBytes(b, 0, n);
  }

  static long fusedHash(String key) {
    int n = key.length();
    if (n > 256) {
      throw new IllegalArgumentException("keys of at most 256 chars only");
    }
    byte[] b = SCRATCH.get();
    int acc = 0;
    for (int i = 0; i < n; i++) {
      char c = key.charAt(i);
      acc |= c;
      b[i] = (byte) c;
    }
    if (acc >= 0x80) {
      throw new IllegalArgumentException("ASCII keys only");
    }
    return XXH3.hashBytes(b, 0, n);
  }

  @SuppressWarnings("deprecation")
  static long stateHash(String key, byte[] b) {
    int n = key.length();
    if (!CanonicalBytes.isAscii(key) || n > b.length) {
      throw new IllegalArgumentException("ASCII keys that fit the buffer only");
    }
    key.getBytes(0, n, b, 0);
    return XXH3.hashBytes(b, 0, n);
  }
}
