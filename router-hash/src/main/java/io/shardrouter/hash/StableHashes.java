package io.shardrouter.hash;

import io.shardrouter.core.StrategyParameters;
import io.shardrouter.hash.internal.Blake2b64;
import io.shardrouter.hash.internal.ZahStableHash;
import java.util.List;
import net.openhft.hashing.LongHashFunction;

/**
 * The stable hash functions, by the names routing documents use.
 *
 * <table>
 *   <caption>Registered hash functions</caption>
 *   <tr><th>name</th><th>function</th><th>seed</th></tr>
 *   <tr><td>{@code xxh3-64}</td><td>XXH3 64-bit (xxHash 0.8)</td><td>any 64-bit value; default 0</td></tr>
 *   <tr><td>{@code murmur3-64}</td><td>the first 64 bits (h1) of MurmurHash3_x64_128</td><td>0 to 2<sup>32</sup>-1; default 0</td></tr>
 *   <tr><td>{@code blake2b-64}</td><td>BLAKE2b with an 8-byte digest, read big-endian (the unkeyed hash of the vnode-named ring)</td><td>none</td></tr>
 * </table>
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable; see {@code docs/routing-spec.md} §3.
 *
 * @since 0.1
 */
public final class StableHashes {
  public static final String XXH3_64 = "xxh3-64";
  public static final String MURMUR3_64 = "murmur3-64";
  public static final String BLAKE2B_64 = "blake2b-64";

  /** Every registered name, sorted. */
  public static final List<String> NAMES = List.of(BLAKE2B_64, MURMUR3_64, XXH3_64);

  private static final StableHash XXH3_UNSEEDED =
      new ZahStableHash(XXH3_64, 0, LongHashFunction.xx3());
  private static final StableHash MURMUR3_UNSEEDED =
      new ZahStableHash(MURMUR3_64, 0, LongHashFunction.murmur_3());

  private StableHashes() {}

  /** {@code xxh3-64} with seed 0, the default. */
  public static StableHash xxh3() {
    return XXH3_UNSEEDED;
  }

  /**
   * The function named {@code name} with {@code seed}.
   *
   * @throws IllegalArgumentException for an unknown name or a seed the function does not take
   */
  public static StableHash byName(String name, long seed) {
    String problem = seedProblem(name, seed);
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
    return switch (name) {
      case XXH3_64 ->
          seed == 0 ? XXH3_UNSEEDED : new ZahStableHash(XXH3_64, seed, LongHashFunction.xx3(seed));
      case MURMUR3_64 ->
          seed == 0
              ? MURMUR3_UNSEEDED
              : new ZahStableHash(MURMUR3_64, seed, LongHashFunction.murmur_3(seed));
      default -> Blake2b64.INSTANCE;
    };
  }

  /**
   * Reads the {@code hash} (default {@value #XXH3_64}) and {@code seed} (default 0) parameters of a
   * strategy that hashes its keys, as the built-in strategies do: an unknown name or a seed the
   * function does not take is reported on {@code params} under that parameter's path.
   *
   * @return the function, or null when a problem was reported
   */
  public static StableHash fromParameters(StrategyParameters params) {
    String name = params.optionalString("hash", XXH3_64);
    long seed = params.optionalBits64("seed", 0);
    if (!NAMES.contains(name)) {
      params.violation("hash", "unknown hash '" + name + "'; known: " + NAMES);
      return null;
    }
    String problem = seedProblem(name, seed);
    if (problem != null) {
      params.violation("seed", problem);
      return null;
    }
    return byName(name, seed);
  }

  private static String seedProblem(String name, long seed) {
    if (!NAMES.contains(name)) {
      return "unknown hash '" + name + "'; known: " + NAMES;
    }
    if (name.equals(BLAKE2B_64) && seed != 0) {
      return "blake2b-64 takes no seed (it is the unkeyed BLAKE2b of docs/routing-spec.md), got "
          + seed
          + "; remove the seed or use xxh3-64";
    }
    if (name.equals(MURMUR3_64) && (seed < 0 || seed > 0xFFFFFFFFL)) {
      return "murmur3-64 takes a 32-bit unsigned seed in [0, 4294967295], got " + seed;
    }
    return null;
  }
}
