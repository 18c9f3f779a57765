package io.shardrouter.hash;

import static io.shardrouter.hash.StableHash.BLAKE2B_64;
import static io.shardrouter.hash.StableHash.MURMUR3_64;
import static io.shardrouter.hash.StableHash.NAMES;
import static io.shardrouter.hash.StableHash.XXH3_64;

import io.shardrouter.core.StrategyParameters;
import net.openhft.hashing.LongHashFunction;
import org.jspecify.annotations.Nullable;

/**
 * The hash functions behind {@link StableHash#byName}, {@link StableHash#xxh3} and {@link
 * StableHash#fromParameters}, and the checks of their seeds.
 */
final class StableHashes {
  private static final StableHash XXH3_UNSEEDED =
      new ZahStableHash(XXH3_64, 0, LongHashFunction.xx3());
  private static final StableHash MURMUR3_UNSEEDED =
      new ZahStableHash(MURMUR3_64, 0, LongHashFunction.murmur_3());

  private StableHashes() {}

  /** {@code xxh3-64} with seed 0, the default. */
  static StableHash xxh3() {
    return XXH3_UNSEEDED;
  }

  /**
   * The function named {@code name} with {@code seed}.
   *
   * @throws IllegalArgumentException for an unknown name or a seed the function does not take
   */
  static StableHash byName(String name, long seed) {
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
   * Reads the {@code hash} (default {@code xxh3-64}) and {@code seed} (default 0) parameters of a
   * strategy that hashes its keys, as the built-in strategies do: an unknown name or a seed the
   * function does not take is reported on {@code params} under that parameter's path.
   *
   * @return the function, or null when a problem was reported
   */
  static @Nullable StableHash fromParameters(StrategyParameters params) {
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

  private static @Nullable String seedProblem(String name, long seed) {
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
