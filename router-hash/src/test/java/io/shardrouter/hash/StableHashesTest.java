package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidKeyException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link StableHash#byName}: names, seeds and refusals; null keys through every {@link StableHash}
 * entry point.
 */
class StableHashesTest {

  @Test
  void names_registered_sortedAndComplete() {
    assertEquals(List.of("blake2b-64", "murmur3-64", "xxh3-64"), StableHash.NAMES);
  }

  @Test
  void byName_seedZero_sharedUnseededInstance() {
    assertSame(StableHash.xxh3(), StableHash.byName("xxh3-64", 0));
    assertSame(StableHash.byName("murmur3-64", 0), StableHash.byName("murmur3-64", 0));
    assertEquals(0, StableHash.xxh3().seed());
    assertEquals("xxh3-64", StableHash.xxh3().name());
  }

  @Test
  void byName_seeded_keepsNameAndSeed() {
    StableHash h = StableHash.byName("xxh3-64", -7046029254386353131L);
    assertEquals("xxh3-64", h.name());
    assertEquals(-7046029254386353131L, h.seed());
    assertEquals("xxh3-64(seed=-7046029254386353131)", h.toString());
    assertEquals(4294967295L, StableHash.byName("murmur3-64", 4294967295L).seed());
  }

  @Test
  void byName_unknownName_throwsListingKnown() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StableHash.byName("xxh64", 0));
    assertEquals("unknown hash 'xxh64'; known: [blake2b-64, murmur3-64, xxh3-64]", e.getMessage());
  }

  @Test
  void byName_blake2bWithSeed_throws() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StableHash.byName("blake2b-64", 1));
    assertTrue(e.getMessage().contains("blake2b-64 takes no seed"), e.getMessage());
  }

  @Test
  void byName_murmur3SeedOutside32Bits_throws() {
    for (long seed : new long[] {-1, 1L << 32, Long.MIN_VALUE, Long.MAX_VALUE}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> StableHash.byName("murmur3-64", seed));
      assertTrue(e.getMessage().contains("[0, 4294967295], got " + seed), e.getMessage());
    }
  }

  @Test
  void hashString_nullKey_throwsInvalidKey() {
    for (String name : StableHash.NAMES) {
      StableHash h = StableHash.byName(name, 0);
      assertThrows(InvalidKeyException.class, () -> h.hashString(null), name);
    }
  }

  @Test
  void hashString_loneSurrogate_throwsInvalidKey() {
    for (String name : StableHash.NAMES) {
      StableHash h = StableHash.byName(name, 0);
      InvalidKeyException e =
          assertThrows(InvalidKeyException.class, () -> h.hashString("ab\uD800"), name);
      assertTrue(e.getMessage().contains("lone surrogate U+D800 at char index 2"), e.getMessage());
    }
  }
}
