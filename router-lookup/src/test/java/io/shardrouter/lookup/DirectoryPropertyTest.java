package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.lookup.internal.Directory;
import io.shardrouter.lookup.internal.DirectoryBuilder;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A directory of a million random keys answers exactly like a {@link HashMap} model: every key it
 * holds hits with its value through every entry point, and a million keys it does not hold (random
 * ones and near misses of held ones) miss. Seeded; every message carries the seed.
 */
class DirectoryPropertyTest {
  private static final int ENTRIES = 1_000_000;
  private static final long DEFAULT_SEED = 0x10C0C0FFEEL;

  /** A byte[] with value equality, for the model. */
  record Key(byte[] bytes) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(bytes, k.bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }
  }

  private static byte[] randomKey(SplittableRandom rnd) {
    return switch (rnd.nextInt(3)) {
      case 0 -> {
        byte[] b = new byte[rnd.nextInt(0, 33)];
        rnd.nextBytes(b);
        yield b;
      }
      case 1 ->
          ("user-" + Long.toString(rnd.nextLong() >>> 1, 36)).getBytes(StandardCharsets.UTF_8);
      default -> Keys.of(rnd.nextLong());
    };
  }

  @Test
  void get_millionEntries_equivalentToHashMapModel() {
    long seed = KeyGenerators.seedOr(DEFAULT_SEED);
    String ctx = KeyGenerators.seeded(seed).describe();
    SplittableRandom rnd = new SplittableRandom(seed);
    Map<Key, Integer> model = new HashMap<>(2 * ENTRIES);
    List<byte[]> held = new ArrayList<>(ENTRIES);
    DirectoryBuilder b = Directory.builder();
    while (model.size() < ENTRIES) {
      byte[] k = randomKey(rnd);
      int v = rnd.nextInt(1 << 24);
      if (model.putIfAbsent(new Key(k), v) == null) {
        held.add(k);
        b.add(k, v);
      }
    }
    Directory d = b.build();
    assertEquals(ENTRIES, d.size(), ctx);

    byte[] frame = new byte[64];
    for (byte[] k : held) {
      int expected = model.get(new Key(k));
      assertEquals(
          expected,
          d.get(k, 0, k.length),
          () -> "hit " + io.shardrouter.core.KeyText.hex(k) + "; " + ctx);
      System.arraycopy(k, 0, frame, 7, k.length); // the same key inside a larger array
      assertEquals(expected, d.get(frame, 7, k.length), ctx);
      if (k.length == 8) {
        assertEquals(expected, d.get(CanonicalBytes.readLong(k, 0)), ctx);
        long v = CanonicalBytes.readLong(k, 0);
        assertEquals(expected, d.finish(v, d.prepare(v)), () -> "not loaded, long; " + ctx);
      }
      // a caller that skips the load pass still gets the value: finish reads the hop itself
      assertEquals(
          expected,
          d.finish(k, 0, k.length, d.prepare(k, 0, k.length)),
          () -> "hit, not loaded, " + io.shardrouter.core.KeyText.hex(k) + "; " + ctx);
    }
    // a batch: every key of a group prepared, then loaded, then finished (at another offset), as
    // get
    for (int g = 0; g + 16 <= held.size(); g += 16) {
      long[] tokens = new long[16];
      for (int i = 0; i < 16; i++) {
        byte[] k = held.get(g + i);
        tokens[i] =
            k.length == 8 ? d.prepare(CanonicalBytes.readLong(k, 0)) : d.prepare(k, 0, k.length);
      }
      for (int i = 0; i < 16; i++) {
        tokens[i] = d.load(tokens[i]);
      }
      for (int i = 0; i < 16; i++) {
        byte[] k = held.get(g + i);
        System.arraycopy(k, 0, frame, 5, k.length);
        int actual =
            k.length == 8
                ? d.finish(CanonicalBytes.readLong(k, 0), tokens[i])
                : d.finish(frame, 5, k.length, tokens[i]);
        assertEquals(
            model.get(new Key(k)),
            actual,
            () -> "batch hit " + io.shardrouter.core.KeyText.hex(k) + "; " + ctx);
      }
    }

    int misses = 0;
    while (misses < ENTRIES) {
      byte[] k;
      if (rnd.nextBoolean()) {
        k = randomKey(rnd);
      } else { // a near miss: a held key with one byte changed, one byte more or one byte less
        byte[] h = held.get(rnd.nextInt(held.size()));
        k =
            switch (rnd.nextInt(3)) {
              case 0 -> h.length == 0 ? new byte[] {1} : flip(h, rnd.nextInt(h.length));
              case 1 -> Arrays.copyOf(h, h.length + 1);
              default -> h.length == 0 ? new byte[] {0} : Arrays.copyOf(h, h.length - 1);
            };
      }
      Integer expected = model.get(new Key(k));
      int actual = d.get(k, 0, k.length);
      byte[] shown = k;
      assertEquals(
          expected == null ? Directory.MISS : expected,
          actual,
          () -> "probe " + io.shardrouter.core.KeyText.hex(shown) + "; " + ctx);
      assertEquals(
          actual,
          d.finish(k, 0, k.length, d.load(d.prepare(k, 0, k.length))),
          () -> "batch probe " + io.shardrouter.core.KeyText.hex(shown) + "; " + ctx);
      assertEquals(
          actual,
          d.finish(k, 0, k.length, d.prepare(k, 0, k.length)),
          () -> "batch probe, not loaded, " + io.shardrouter.core.KeyText.hex(shown) + "; " + ctx);
      if (expected == null) {
        misses++;
      }
    }
    assertTrue(
        d.memoryBytes() / (double) d.size() < 48,
        () -> "memory per entry " + d.memoryBytes() / (double) d.size());
  }

  private static byte[] flip(byte[] b, int i) {
    byte[] c = b.clone();
    c[i] ^= (byte) (1 + (i & 0x3F));
    return c;
  }
}
