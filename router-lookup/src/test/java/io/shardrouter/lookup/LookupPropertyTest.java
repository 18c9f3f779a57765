package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A lookup strategy of 200,000 random entries routes like its model: a {@link HashMap} of the
 * entries, and the fallback for every other key. Seeded; every message carries the seed.
 */
class LookupPropertyTest {
  private static final int ENTRIES = 200_000;

  @Test
  void partitionOf_randomEntries_equivalentToModelThenFallback() {
    long seed = KeyGenerators.seedOr(0xD1EC7L);
    KeyGenerators g = KeyGenerators.seeded(seed);
    SplittableRandom rnd = new SplittableRandom(seed);
    PartitionStrategy fallback = Fixtures.hashMod(4096);
    Map<String, Integer> model = new HashMap<>();
    LookupStrategyBuilder b =
        LookupStrategy.builder(KeyType.STRING).fallback(fallback).partitions(5000);
    List<String> held = new ArrayList<>();
    while (model.size() < ENTRIES) {
      String k = rnd.nextInt(10) == 0 ? g.nonAscii(1, 12) : g.ascii(0, 24);
      int p = rnd.nextInt(5000);
      if (model.putIfAbsent(k, p) == null) {
        held.add(k);
        b.entry(k, p);
      }
    }
    LookupStrategy s = b.build();
    for (String k : held) {
      int expected = model.get(k);
      assertEquals(expected, s.partitionOf(Keys.of(k)), () -> "entry " + k + "; " + g.describe());
      assertEquals(
          expected, s.partitionOf(Keys.of(k)), () -> "entry bytes " + k + "; " + g.describe());
    }
    for (int i = 0; i < ENTRIES; i++) {
      String k =
          rnd.nextBoolean()
              ? g.text(24)
              : held.get(rnd.nextInt(held.size())) + (char) ('a' + rnd.nextInt(26));
      Integer listed = model.get(k);
      int expected = listed != null ? listed : fallback.partitionOf(Keys.of(k));
      assertEquals(expected, s.partitionOf(Keys.of(k)), () -> "probe " + k + "; " + g.describe());
    }
  }
}
