package io.shardrouter.range;

import java.util.SplittableRandom;

/**
 * Seeds of the property tests: a new one per run, unless {@code -Dshardrouter.seed=N} repeats a
 * failed run. Every assertion message of a property test starts with {@link #describe}.
 */
final class Seeds {
  private Seeds() {}

  static long next() {
    String fixed = System.getProperty("shardrouter.seed");
    return fixed != null ? Long.parseLong(fixed) : new SplittableRandom().nextLong();
  }

  static String describe(long seed) {
    return "seed " + seed + " (repeat with -Dshardrouter.seed=" + seed + ")";
  }
}
