package io.shardrouter.bench.peers;

import com.google.common.hash.Hashing;
import io.shardrouter.bench.KeySet;
import io.shardrouter.hash.StableHash;
import java.security.MessageDigest;
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
 * How do the well-known ways to pick one of N nodes for a key compare with ShardRouter's route
 * paths? Each returns a node index in {@code [0, N)} for a key given as its canonical bytes (the
 * same arrays {@code BytesRouteBenchmark} routes), except {@link #hashCodeMod}, which takes the
 * {@code String}:
 *
 * <ul>
 *   <li>{@link #plainJump}: xxh3-64, then the Lamping–Veach loop as printed in the paper;
 *   <li>{@link #guavaConsistentHash}: xxh3-64, then Guava's {@code Hashing.consistentHash(long,
 *       int)};
 *   <li>{@link #ketama}: MD5 via {@code MessageDigest} and a {@code TreeMap.ceilingEntry} over 160
 *       points per node;
 *   <li>{@link #sortedRing001}: the vnode-named ring: blake2b-64 of the key, binary search over 150
 *       tokens per node;
 *   <li>{@link #sortedRingXxh3}: the same ring searched with an xxh3-64 point, isolating the search
 *       cost;
 *   <li>{@link #hashCodeMod}: {@code Math.abs(key.hashCode() % N)}, the noise floor: {@code String}
 *       caches its hash code, so after the first visit of a slot this is a field load and a
 *       division.
 * </ul>
 *
 * <p>Run: {@code java -jar router-bench/target/benchmarks.jar PeerBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PeerBenchmark {
  private static final LongHashFunction XXH3 = LongHashFunction.xx3();
  private static final StableHash BLAKE2B = StableHash.byName(StableHash.BLAKE2B_64, 0);

  /**
   * The peers' node structures for N nodes named {@code g0..g(N-1)}, like the benchmark tables'
   * groups.
   */
  @State(Scope.Benchmark)
  public static class Nodes {
    @Param({"16", "128", "1024"})
    public int groups;

    KetamaRing ketama;
    SortedTokenRing ring;

    @Setup
    public void setup() {
      String[] names = new String[groups];
      for (int g = 0; g < groups; g++) {
        names[g] = "g" + g;
      }
      ketama = new KetamaRing(names);
      ring = new SortedTokenRing(names);
    }
  }

  /** Canonical bytes of ASCII keys, and this thread's MD5 digest. */
  @State(Scope.Thread)
  public static class Bytes {
    @Param({"ascii16", "ascii36"})
    public String keySet;

    byte[][] keys;
    MessageDigest md5;
    int i;

    @Setup
    public void setup() {
      keys = KeySet.of(keySet).canonicalBytes();
      md5 = KetamaRing.md5();
    }
  }

  /** The same keys as {@code String}s. */
  @State(Scope.Thread)
  public static class Text {
    @Param({"ascii16", "ascii36"})
    public String keySet;

    String[] keys;
    int i;

    @Setup
    public void setup() {
      keys = KeySet.of(keySet).texts();
    }
  }

  @Benchmark
  public int plainJump(Nodes n, Bytes k) {
    return LampingVeach.jump(XXH3.hashBytes(k.keys[k.i++ & KeySet.MASK]), n.groups);
  }

  @Benchmark
  public int guavaConsistentHash(Nodes n, Bytes k) {
    return Hashing.consistentHash(XXH3.hashBytes(k.keys[k.i++ & KeySet.MASK]), n.groups);
  }

  @Benchmark
  public int ketama(Nodes n, Bytes k) {
    return n.ketama.nodeOf(k.keys[k.i++ & KeySet.MASK], k.md5);
  }

  @Benchmark
  public int sortedRing001(Nodes n, Bytes k) {
    byte[] key = k.keys[k.i++ & KeySet.MASK];
    return n.ring.nodeOfPoint(BLAKE2B.hash(key, 0, key.length));
  }

  @Benchmark
  public int sortedRingXxh3(Nodes n, Bytes k) {
    return n.ring.nodeOfPoint(XXH3.hashBytes(k.keys[k.i++ & KeySet.MASK]));
  }

  @Benchmark
  public int hashCodeMod(Nodes n, Text k) {
    return Math.abs(k.keys[k.i++ & KeySet.MASK].hashCode() % n.groups);
  }
}
