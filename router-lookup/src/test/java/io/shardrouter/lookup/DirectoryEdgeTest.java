package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.lookup.internal.Directory;
import io.shardrouter.lookup.internal.DirectoryBuilder;
import io.shardrouter.lookup.internal.DirectoryHash;
import io.shardrouter.testing.KeyGenerators;
import io.shardrouter.testing.Keys;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Directory} at its edges: a key slice outside its array is refused by every entry point
 * with the same message (up to the longest key packed into words); an empty directory answers
 * {@link Directory#MISS} through the batch path too; two directories whose content hashes collide
 * are still told apart by their entries; and a cluster of keys that all share one home bucket,
 * reaching far past it, is walked to its end by every entry point and shows in that bucket's hop.
 */
class DirectoryEdgeTest {

  private static Directory of(String... keysAndValues) {
    DirectoryBuilder b = Directory.builder();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      b.add(Keys.of(keysAndValues[i]), Integer.parseInt(keysAndValues[i + 1]));
    }
    return b.build();
  }

  private static String sliceMessage(int offset, int length, int arrayLength) {
    return "key slice ["
        + offset
        + ", "
        + offset
        + " + "
        + length
        + ") is outside an array of "
        + arrayLength
        + " bytes";
  }

  @Test
  void slicesOutsideTheArray_refusedByEveryEntryPoint_namingTheSlice() {
    Directory d = of("abc", "1", "x".repeat(24), "2");
    // {array length, offset, length}: past the end by one byte, at 24 bytes (the longest key the
    // directory packs into words), over 24 bytes, and negative offsets and lengths
    int[][] slices = {{4, 3, 2}, {10, 0, 24}, {30, 7, 24}, {30, 0, 31}, {8, -1, 4}, {8, 2, -1}};
    for (int[] s : slices) {
      byte[] key = new byte[s[0]];
      String expected = sliceMessage(s[1], s[2], s[0]);
      if (s[2] <= Directory.WORD_KEY_MAX) { // longer keys are read as bytes: the JDK refuses them
        assertEquals(
            expected,
            assertThrows(IndexOutOfBoundsException.class, () -> d.get(key, s[1], s[2]))
                .getMessage(),
            "get");
        assertEquals(
            expected,
            assertThrows(IndexOutOfBoundsException.class, () -> d.prepare(key, s[1], s[2]))
                .getMessage(),
            "prepare");
        assertEquals(
            expected,
            assertThrows(IndexOutOfBoundsException.class, () -> d.finish(key, s[1], s[2], 0L))
                .getMessage(),
            "finish");
      }
      assertEquals(
          expected,
          assertThrows(
                  IndexOutOfBoundsException.class,
                  () -> Directory.builder().add(key, s[1], s[2], 0))
              .getMessage(),
          "add");
    }
  }

  @Test
  void emptyDirectory_batchPathMissesToo() {
    Directory empty = Directory.builder().build();
    byte[] k = Keys.of("acme");
    assertEquals(
        Directory.MISS, empty.finish(k, 0, k.length, empty.load(empty.prepare(k, 0, k.length))));
    assertEquals(Directory.MISS, empty.finish(42L, empty.load(empty.prepare(42L))));
    byte[] longKey = Keys.of("k".repeat(40));
    assertEquals(
        Directory.MISS,
        empty.finish(
            longKey, 0, longKey.length, empty.load(empty.prepare(longKey, 0, longKey.length))));
  }

  @Test
  void equals_contentHashesCollide_stillComparesTheEntries() {
    // h = 1, then 31 h + b per key byte, then 31 h + value: "Aa" and "BB" give the same h
    Directory aa = of("Aa", "5");
    Directory bb = of("BB", "5");
    assertEquals(aa.hashCode(), bb.hashCode());
    assertNotEquals(aa, bb);
    assertNotEquals(bb, aa);
    // same keys, values moved so the hash stays: a +1, b -31²
    Directory first = of("a", "0", "b", "1000");
    Directory second = of("a", "1", "b", "39");
    assertEquals(first.hashCode(), second.hashCode());
    assertNotEquals(first, second);
    assertEquals(first, of("b", "1000", "a", "0"));
  }

  /**
   * 600 {@code long} keys whose hash puts all of them in bucket 0 (16-byte records, four to a
   * bucket): they fill buckets 0 to 149, so bucket 0's hop is 149, over the 127 a signed byte
   * holds, and every other bucket's is 0. Every key is found through get and prepare/finish, and
   * keys of the same home that are absent miss after the whole cluster.
   */
  @Test
  void keysCrowdedIntoOneHomeBucket_foundByEveryEntryPoint_hopIsTheFarthest() {
    long seed = KeyGenerators.seedOr(0xB0C4E7L);
    String ctx = KeyGenerators.seeded(seed).describe();
    SplittableRandom rnd = new SplittableRandom(seed);
    int n = 600;
    int buckets = 188; // ⌈600 / (4 × 0.8)⌉
    Set<Long> homedAtZero = new LinkedHashSet<>();
    while (homedAtZero.size() < n + 50) {
      long k = rnd.nextLong();
      long h = DirectoryHash.of(k);
      if (((h >>> 32) * buckets) >>> 32 == 0) { // the home bucket, as Directory documents it
        homedAtZero.add(k);
      }
    }
    List<Long> keys = new ArrayList<>(homedAtZero);
    List<Long> held = keys.subList(0, n);
    List<Long> absent = keys.subList(n, keys.size());
    DirectoryBuilder b = Directory.builder();
    for (int i = 0; i < n; i++) {
      b.add(Keys.of((long) held.get(i)), i);
    }
    Directory d = b.build();
    assertEquals(16, d.recordBytes(), ctx);
    assertEquals(buckets, d.bucketCount(), ctx);
    for (long k : keys) {
      assertEquals(Directory.PAD, d.homeBucket(DirectoryHash.of(k)), ctx);
    }
    assertEquals(149, d.hop(0), ctx);
    for (int bucket = 1; bucket < buckets; bucket++) {
      assertEquals(0, d.hop(bucket), "bucket " + bucket + "; " + ctx);
    }
    for (int i = 0; i < n; i++) {
      long k = held.get(i);
      byte[] bytes = Keys.of(k);
      int expected = i;
      assertEquals(expected, d.get(k), () -> "long " + k + "; " + ctx);
      assertEquals(expected, d.get(bytes, 0, 8), () -> "bytes " + k + "; " + ctx);
      assertEquals(
          expected, d.finish(k, d.load(d.prepare(k))), () -> "batch long " + k + "; " + ctx);
      assertEquals(
          expected,
          d.finish(bytes, 0, 8, d.load(d.prepare(bytes, 0, 8))),
          () -> "batch bytes " + k + "; " + ctx);
    }
    for (long k : absent) {
      byte[] bytes = Keys.of(k);
      assertEquals(Directory.MISS, d.get(k), ctx);
      assertEquals(Directory.MISS, d.get(bytes, 0, 8), ctx);
      assertEquals(Directory.MISS, d.finish(k, d.load(d.prepare(k))), ctx);
      assertEquals(Directory.MISS, d.finish(bytes, 0, 8, d.load(d.prepare(bytes, 0, 8))), ctx);
    }
  }
}
