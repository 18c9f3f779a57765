package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.lookup.internal.Directory;
import io.shardrouter.lookup.internal.DirectoryBuilder;
import io.shardrouter.testing.Keys;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DirectoryTest {

  private static Directory of(Object... keysAndValues) {
    DirectoryBuilder b = Directory.builder();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      Object k = keysAndValues[i];
      byte[] bytes =
          k instanceof String s ? Keys.of(s) : k instanceof Long l ? Keys.of(l) : (byte[]) k;
      b.add(bytes, (Integer) keysAndValues[i + 1]);
    }
    return b.build();
  }

  /** The value of a text key, given as its canonical bytes, as the routing table hands it over. */
  private static int get(Directory d, String key) {
    byte[] k = Keys.of(key);
    return d.get(k, 0, k.length);
  }

  @Test
  void get_everyEntryPoint_hitsAndMisses() {
    Directory d = of("acme", 3, "Zürich", 4, 42L, 5, new byte[0], 6);
    assertEquals(3, get(d, "acme"));
    assertEquals(3, d.get(Keys.of("acme"), 0, 4));
    assertEquals(4, get(d, "Zürich"));
    assertEquals(5, d.get(42L));
    assertEquals(5, d.get(Keys.of(42L), 0, 8));
    assertEquals(Directory.MISS, get(d, "acm"));
    assertEquals(Directory.MISS, get(d, "acmee"));
    assertEquals(Directory.MISS, get(d, "ACME"));
    assertEquals(Directory.MISS, d.get(43L));
    assertEquals(Directory.MISS, get(d, "zürich"));
  }

  @Test
  void get_emptyKeyAndEmptyDirectory() {
    assertThrows(
        IllegalArgumentException.class,
        () -> of(new byte[0], 6, "", 7),
        "the empty string and empty bytes are one key");
    Directory d = of(new byte[0], 6);
    assertEquals(6, get(d, ""));
    assertEquals(6, d.get(new byte[5], 2, 0));
    Directory empty = Directory.builder().build();
    assertEquals(0, empty.size());
    assertEquals(Directory.MISS, get(empty, "x"));
    assertEquals(Directory.MISS, empty.get(1L));
    assertEquals(Directory.MISS, empty.get(new byte[0], 0, 0));
  }

  @Test
  void get_keyInsideLargerArray_onlyTheSliceCounts() {
    Directory d = of("abc", 1);
    byte[] frame = "xxabcxx".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    assertEquals(1, d.get(frame, 2, 3));
    assertEquals(Directory.MISS, d.get(frame, 1, 3));
    assertEquals(Directory.MISS, d.get(frame, 2, 4));
  }

  @Test
  void get_longKeysOver127Bytes_multiByteLengthPrefix() {
    String longKey = "k".repeat(300);
    String longer = "k".repeat(20_000);
    Directory d = of(longKey, 1, longer, 2, "k", 3);
    assertEquals(1, get(d, longKey));
    assertEquals(2, get(d, longer));
    assertEquals(3, get(d, "k"));
    assertEquals(Directory.MISS, get(d, "k".repeat(299)));
  }

  @Test
  void build_duplicateKey_refusedNamingBothEntries() {
    DirectoryBuilder b =
        Directory.builder()
            .add(Keys.of("a"), 1)
            .add(Keys.of("b"), 2)
            .add(Keys.of("a"), 3)
            .add(Keys.of("a"), 4);
    List<int[]> dups = b.duplicates();
    assertEquals(2, dups.size());
    assertEquals(List.of(0, 2), List.of(dups.get(0)[0], dups.get(0)[1]));
    assertEquals(List.of(0, 3), List.of(dups.get(1)[0], dups.get(1)[1]));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
    assertTrue(e.getMessage().contains("key 61 (entries #0 and #2)"), e::getMessage);
  }

  @Test
  void add_negativeValueOrBadSlice_refused() {
    DirectoryBuilder b = Directory.builder();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> b.add(Keys.of("a"), -1));
    assertTrue(e.getMessage().contains("must be >= 0, got -1"), e::getMessage);
    assertThrows(IndexOutOfBoundsException.class, () -> b.add(new byte[4], 3, 2, 0));
  }

  @Test
  void equals_sameEntriesInAnyOrder_equal_andForEachInKeyOrder() {
    Directory a = of("b", 2, "a", 1, "c", 3);
    Directory b = of("c", 3, "a", 1, "b", 2);
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    assertNotEquals(a, of("c", 3, "a", 1, "b", 9));
    List<String> seen = new ArrayList<>();
    a.forEach((k, v) -> seen.add(new String(k, java.nio.charset.StandardCharsets.UTF_8) + "=" + v));
    assertEquals(List.of("a=1", "b=2", "c=3"), seen);
  }

  @Test
  void memoryBytes_isTablePlusKeyOrder() {
    DirectoryBuilder b = Directory.builder();
    for (int i = 0; i < 30_000; i++) {
      b.add(Keys.of(String.format("key-%012d", i)), i); // 16-byte keys
    }
    Directory d = b.build();
    assertEquals(32, d.recordBytes()); // 16-byte keys sit inline, two records per 64-byte bucket
    assertEquals(18_750, d.bucketCount()); // 30,000 / (2 × 0.8)
    assertEquals(37_500, d.slotCount());
    assertEquals(Directory.PAD + 64 * 18_750, d.arenaBytes()); // no overflow
    assertEquals(56 + 16 + d.arenaBytes() + 16 + 4L * 30_000, d.memoryBytes());
    assertTrue(d.toString().contains("entries=30000"), d::toString);
  }
}
