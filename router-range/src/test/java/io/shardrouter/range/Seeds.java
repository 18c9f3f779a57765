package io.shardrouter.range;

import io.shardrouter.testing.KeyGenerators;

/**
 * Seeds of the property tests: a new one per run (printed), unless {@code
 * -Dshardrouter.test.seed=N} repeats a failed run. Every assertion message of a property test
 * starts with {@link #describe}.
 */
final class Seeds {
  private Seeds() {}

  static long next() {
    return KeyGenerators.clockSeed();
  }

  static String describe(long seed) {
    return "seed " + seed + " (repeat with -D" + KeyGenerators.SEED_PROPERTY + "=" + seed + ")";
  }
}
