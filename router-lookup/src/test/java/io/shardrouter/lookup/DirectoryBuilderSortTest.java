package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardrouter.lookup.internal.Directory;
import io.shardrouter.lookup.internal.DirectoryBuilder;
import io.shardrouter.testing.KeyGenerators;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The builder's sort by 8-byte key prefix gives the order of a plain sort by unsigned key bytes
 * then insertion index, also for keys that share prefixes, are shorter than 8 bytes, end in zero
 * bytes or have bytes over 0x7F; duplicates come out as before; the directory's hash is the one its
 * javadoc states. Seeded; messages carry the seed.
 */
class DirectoryBuilderSortTest {
  @Test
  void sortedOrder_randomKeys_sameAsModelSort() {
    long seed = KeyGenerators.seedOr(0x5027L);
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int round = 0; round < 30; round++) {
      DirectoryBuilder b = Directory.builder();
      List<byte[]> keys = new ArrayList<>();
      int n = rnd.nextInt(3_000);
      for (int i = 0; i < n; i++) {
        byte[] k = i > 0 && rnd.nextInt(8) == 0 ? keys.get(rnd.nextInt(i)).clone() : key(rnd);
        if (k.length > 0 && rnd.nextInt(6) == 0) {
          k[k.length - 1] = 0; // zero padding must not make "ab" and "ab\0" equal
        }
        keys.add(k);
        b.add(k, i);
      }
      Integer[] model = new Integer[n];
      for (int i = 0; i < n; i++) {
        model[i] = i;
      }
      Arrays.sort(
          model,
          Comparator.<Integer, byte[]>comparing(keys::get, Arrays::compareUnsigned)
              .thenComparing(i -> i));
      int[] expected = Arrays.stream(model).mapToInt(Integer::intValue).toArray();
      assertArrayEquals(expected, b.sortedOrder(), "seed " + seed + ", round " + round);
      List<int[]> dups = new ArrayList<>();
      int runStart = 0;
      for (int k = 1; k < n; k++) {
        if (Arrays.equals(keys.get(expected[k - 1]), keys.get(expected[k]))) {
          dups.add(new int[] {expected[runStart], expected[k]});
        } else {
          runStart = k;
        }
      }
      List<int[]> got = b.duplicates();
      assertEquals(dups.size(), got.size(), "seed " + seed + ", round " + round);
      for (int i = 0; i < dups.size(); i++) {
        assertArrayEquals(dups.get(i), got.get(i), "seed " + seed + ", round " + round);
      }
    }
  }

  @Test
  void hashCode_isTheDocumentedContentHash_inAnyInsertionOrder() {
    long seed = KeyGenerators.seedOr(0xC0DEL);
    SplittableRandom rnd = new SplittableRandom(seed);
    List<byte[]> keys = new ArrayList<>();
    while (keys.size() < 5_000) {
      byte[] k = key(rnd);
      if (keys.stream().noneMatch(x -> Arrays.equals(x, k))) {
        keys.add(k);
      }
    }
    List<byte[]> sorted = new ArrayList<>(keys);
    sorted.sort(Arrays::compareUnsigned);
    int h = sorted.size();
    for (byte[] k : sorted) {
      for (byte x : k) {
        h = 31 * h + x;
      }
      h = 31 * h + (k.length * 7 + (k.length == 0 ? 0 : k[0] & 0x7F));
    }
    DirectoryBuilder forward = Directory.builder();
    DirectoryBuilder backward = Directory.builder();
    for (int i = 0; i < keys.size(); i++) {
      byte[] f = keys.get(i);
      byte[] r = keys.get(keys.size() - 1 - i);
      forward.add(f, f.length * 7 + (f.length == 0 ? 0 : f[0] & 0x7F));
      backward.add(r, r.length * 7 + (r.length == 0 ? 0 : r[0] & 0x7F));
    }
    Directory a = forward.build();
    Directory b = backward.build();
    assertEquals(h, a.hashCode(), "seed " + seed);
    assertEquals(a, b, "seed " + seed);
    assertEquals(a.hashCode(), b.hashCode(), "seed " + seed);
  }

  /** 0 to 40 bytes; half of them share an 8-byte prefix; bytes over 0x7F included. */
  private static byte[] key(SplittableRandom rnd) {
    byte[] k = new byte[rnd.nextInt(41)];
    for (int i = 0; i < k.length; i++) {
      k[i] = (byte) rnd.nextInt(rnd.nextBoolean() ? 256 : 4);
    }
    if (k.length >= 8 && rnd.nextBoolean()) {
      System.arraycopy(new byte[] {'t', 'e', 'n', 'a', 'n', 't', ':', (byte) 0xC3}, 0, k, 0, 8);
    }
    return k;
  }
}
