package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.KeyText;
import io.shardrouter.lookup.internal.Directory;
import io.shardrouter.lookup.internal.DirectoryBuilder;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Every layout of a {@link Directory} (16- and 32-byte records, full tags and no tags at all, hops
 * cut short to the scan mark, a nearly full table) answers like a {@code HashMap<ByteBuffer,
 * Integer>} on random keys of 0 to 100 bytes: inline and overflow keys, hits and misses, keys that
 * differ only in their last byte, through the byte, {@code long} and {@code String} (ASCII, packed
 * and non-ASCII) entry points; and walks its entries in key order. Seeded; every message carries
 * the seed.
 */
class DirectoryLayoutPropertyTest {
  private static final long DEFAULT_SEED = 0x1A70_C0DEL;

  /**
   * A layout under test: record bytes (0: chosen), tag bits, hop limit, load factor, and the
   * buckets per region and regions per band the table is filled in (0: the default).
   */
  record Layout(
      int recordBytes, int tagBits, int hopLimit, double load, int regionBuckets, int bandRegions) {
    Layout(int recordBytes, int tagBits, int hopLimit, double load) {
      this(recordBytes, tagBits, hopLimit, load, 0, 0);
    }
  }

  private static final List<Layout> LAYOUTS =
      List.of(
          new Layout(0, 16, 255, Directory.LOAD_FACTOR),
          new Layout(16, 16, 255, Directory.LOAD_FACTOR),
          new Layout(32, 16, 255, Directory.LOAD_FACTOR),
          new Layout(
              32,
              0,
              255,
              Directory.LOAD_FACTOR), // every same-length key a tag match: the bytes decide
          new Layout(16, 1, 2, 0.97), // long clusters, most buckets at the scan mark
          new Layout(32, 0, 1, 0.99),
          // filled a few buckets at a time: clusters cross regions, bands and the table's end
          new Layout(0, 16, 255, Directory.LOAD_FACTOR, 1, 1),
          new Layout(32, 16, 255, Directory.LOAD_FACTOR, 3, 5),
          new Layout(16, 1, 2, 0.97, 2, 3),
          new Layout(32, 0, 1, 0.99, 7, 2));

  @Test
  void get_everyLayout_equivalentToHashMapModel() {
    long seed = KeyGenerators.seedOr(DEFAULT_SEED);
    String ctx = KeyGenerators.seeded(seed).describe();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (Layout layout : LAYOUTS) {
      for (int n : new int[] {0, 1, 3, 200, 5_000}) {
        check(layout, n, rnd.split(), ctx + ", " + layout + ", " + n + " entries");
      }
    }
  }

  private static void check(Layout layout, int entries, SplittableRandom rnd, String ctx) {
    Map<ByteBuffer, Integer> model = new HashMap<>();
    List<byte[]> held = new ArrayList<>();
    DirectoryBuilder b =
        Directory.builder()
            .recordBytes(layout.recordBytes())
            .tagBits(layout.tagBits())
            .hopLimit(layout.hopLimit())
            .loadFactor(layout.load());
    if (layout.regionBuckets() > 0) {
      b.fillRegions(layout.regionBuckets(), layout.bandRegions());
    }
    while (model.size() < entries) {
      byte[] k = randomKey(rnd, held);
      int v = rnd.nextInt(Integer.MAX_VALUE);
      if (model.putIfAbsent(ByteBuffer.wrap(k), v) == null) {
        held.add(k);
        b.add(k, v);
      }
    }
    Directory d = b.build();
    assertEquals(entries, d.size(), ctx);
    for (byte[] k : held) {
      probe(d, model, k, ctx);
    }
    for (int i = 0; i < 2 * entries + 50; i++) {
      byte[] k = randomKey(rnd, held);
      if (!held.isEmpty()
          && rnd.nextBoolean()) { // a near miss of a held key: its last byte changed
        byte[] h = held.get(rnd.nextInt(held.size()));
        k = h.length == 0 ? new byte[] {0} : h.clone();
        k[k.length - 1] ^= (byte) (1 << rnd.nextInt(8));
      }
      probe(d, model, k, ctx);
    }
    List<byte[]> walked = new ArrayList<>();
    d.forEach(
        (k, v) -> {
          walked.add(k);
          assertEquals(
              model.get(ByteBuffer.wrap(k)), v, () -> "walk " + KeyText.hex(k) + "; " + ctx);
        });
    assertEquals(entries, walked.size(), ctx);
    for (int i = 1; i < walked.size(); i++) {
      assertTrue(Arrays.compareUnsigned(walked.get(i - 1), walked.get(i)) < 0, ctx);
    }
    assertEquals(rebuiltDefault(held, model), d, ctx);
  }

  private static Directory rebuiltDefault(List<byte[]> held, Map<ByteBuffer, Integer> model) {
    DirectoryBuilder b = Directory.builder();
    for (int i = held.size() - 1; i >= 0; i--) { // other order, default layout: still equal
      b.add(held.get(i), model.get(ByteBuffer.wrap(held.get(i))));
    }
    return b.build();
  }

  /** Checks every entry point against the model for key {@code k}. */
  private static void probe(Directory d, Map<ByteBuffer, Integer> model, byte[] k, String ctx) {
    Integer v = model.get(ByteBuffer.wrap(k));
    int expected = v == null ? Directory.MISS : v;
    assertEquals(expected, d.get(k, 0, k.length), () -> "bytes " + KeyText.hex(k) + "; " + ctx);
    byte[] frame = new byte[k.length + 19];
    Arrays.fill(frame, (byte) 0x5A);
    System.arraycopy(k, 0, frame, 11, k.length); // inside a larger array, other bytes around it
    assertEquals(
        expected, d.get(frame, 11, k.length), () -> "framed " + KeyText.hex(k) + "; " + ctx);
    if (k.length == 8) {
      assertEquals(
          expected,
          d.get(CanonicalBytes.readLong(k, 0)),
          () -> "long " + KeyText.hex(k) + "; " + ctx);
    }
  }

  /**
   * Random bytes, ASCII text, non-ASCII text or a {@code long}, 0 to 100 bytes; sometimes a held
   * key plus or minus a byte.
   */
  private static byte[] randomKey(SplittableRandom rnd, List<byte[]> held) {
    int kind = rnd.nextInt(6);
    int len = rnd.nextInt(4) == 0 ? rnd.nextInt(25, 101) : rnd.nextInt(0, 25);
    return switch (kind) {
      case 0 -> {
        byte[] b = new byte[len];
        rnd.nextBytes(b);
        yield b;
      }
      case 1, 2 -> {
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) {
          b[i] = (byte) ('a' + rnd.nextInt(4)); // a small alphabet: many keys share prefixes
        }
        yield b;
      }
      case 3 -> {
        StringBuilder s = new StringBuilder();
        while (s.length() < len / 2) {
          s.append(
              rnd.nextBoolean()
                  ? 'k'
                  : rnd.nextBoolean() ? '\u00e9' : rnd.nextBoolean() ? '\u4e2d' : "\ud83d\ude00");
        }
        yield s.toString().getBytes(StandardCharsets.UTF_8);
      }
      case 4 -> Keys.of(rnd.nextInt(3) == 0 ? (long) rnd.nextInt(50) : rnd.nextLong());
      default -> {
        if (held.isEmpty()) {
          yield new byte[0];
        }
        byte[] h = held.get(rnd.nextInt(held.size()));
        yield rnd.nextBoolean()
            ? Arrays.copyOf(h, h.length + 1)
            : Arrays.copyOf(h, Math.max(0, h.length - 1));
      }
    };
  }
}
