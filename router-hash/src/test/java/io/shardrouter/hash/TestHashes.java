package io.shardrouter.hash;

import java.util.List;

/**
 * The hash configurations strategy tests run over: every name, seed 0, a small seed and the
 * largest/odd seeds.
 */
final class TestHashes {
  /** A seed above 2^63 (negative as a Java long): the golden file's large xxh3 seed. */
  static final long XXH3_LARGE_SEED = 0x9E3779B97F4A7C15L;

  /** The largest seed murmur3-64 takes. */
  static final long MURMUR3_MAX_SEED = 0xFFFFFFFFL;

  static final List<StableHash> ALL =
      List.of(
          StableHash.byName(StableHash.XXH3_64, 0),
          StableHash.byName(StableHash.XXH3_64, 42),
          StableHash.byName(StableHash.XXH3_64, XXH3_LARGE_SEED),
          StableHash.byName(StableHash.MURMUR3_64, 0),
          StableHash.byName(StableHash.MURMUR3_64, 42),
          StableHash.byName(StableHash.MURMUR3_64, MURMUR3_MAX_SEED),
          StableHash.byName(StableHash.BLAKE2B_64, 0));

  /** One per name, for the slower property tests. */
  static final List<StableHash> ONE_PER_NAME =
      List.of(
          StableHash.byName(StableHash.XXH3_64, 0),
          StableHash.byName(StableHash.MURMUR3_64, 42),
          StableHash.byName(StableHash.BLAKE2B_64, 0));

  /** Partition counts of the contract: 1, small ones, non-powers and powers of two. */
  static final int[] CONTRACT_COUNTS = {1, 2, 3, 7, 8, 10, 64, 1000, 1024, 16384};

  private TestHashes() {}
}
