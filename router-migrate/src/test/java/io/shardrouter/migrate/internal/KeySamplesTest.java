package io.shardrouter.migrate.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.KeyType;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Sampled keys are keys of their type: random, of every kind, and composites of all their parts.
 */
class KeySamplesTest {
  private static final long SEED = Long.getLong("shardrouter.test.seed", 20_261_206L);

  @Test
  void bytesKeys_areTheGeneratorsBytes_8To16Long() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    SplittableRandom twin = new SplittableRandom(SEED);
    int shortest = Integer.MAX_VALUE;
    int longest = 0;
    for (int i = 0; i < 200; i++) {
      byte[] expected = new byte[8 + twin.nextInt(9)];
      twin.nextBytes(expected);
      byte[] key = KeySamples.next(KeyType.BYTES, rnd);
      assertArrayEquals(expected, key, "seed " + SEED + ", sample " + i);
      shortest = Math.min(shortest, key.length);
      longest = Math.max(longest, key.length);
    }
    assertEquals(8, shortest, "seed " + SEED);
    assertEquals(16, longest, "seed " + SEED);
  }

  @Test
  void timestampKeys_fallInThisCentury() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    Instant from = Instant.parse("2000-01-01T00:00:00Z");
    Instant to = Instant.parse("2100-01-01T00:00:00Z");
    for (int i = 0; i < 200; i++) {
      Instant t = Instant.parse(KeyType.TIMESTAMP.format(KeySamples.next(KeyType.TIMESTAMP, rnd)));
      assertTrue(!t.isBefore(from) && t.isBefore(to), "seed " + SEED + ": " + t);
    }
  }

  @Test
  void compositeKeys_haveEveryPart() {
    KeyType type =
        KeyType.composite(
            KeyType.Kind.STRING,
            KeyType.Kind.LONG,
            KeyType.Kind.INT,
            KeyType.Kind.UUID,
            KeyType.Kind.BYTES,
            KeyType.Kind.TIMESTAMP);
    SplittableRandom rnd = new SplittableRandom(SEED);
    for (int i = 0; i < 50; i++) {
      byte[] key = KeySamples.next(type, rnd);
      String text = type.format(key); // a JSON array of the six parts, or it throws
      assertArrayEquals(key, type.parseText(text), "seed " + SEED + ": " + text);
      assertTrue(text.startsWith("[\"key-"), "seed " + SEED + ": " + text);
    }
  }
}
