package io.shardrouter.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CanonicalBytes;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeySetTest {
  @Test
  void texts_lengthsAndEncodings() {
    for (String k : KeySet.ASCII16.texts()) {
      assertEquals(16, k.length(), k);
      assertTrue(CanonicalBytes.isAscii(k), k);
    }
    for (String k : KeySet.ASCII36.texts()) {
      assertEquals(36, k.length(), k);
      assertTrue(CanonicalBytes.isAscii(k), k);
    }
    for (String k : KeySet.NONASCII.texts()) {
      assertEquals(16, k.length(), k);
      assertFalse(CanonicalBytes.isAscii(k), k);
    }
  }

  @Test
  void canonicalBytes_sizes() {
    assertEquals(16, KeySet.ASCII16.canonicalBytes()[0].length);
    assertEquals(36, KeySet.ASCII36.canonicalBytes()[0].length);
    assertEquals(8, KeySet.LONG.canonicalBytes()[0].length);
    assertEquals(28, KeySet.ASCII16_LONG.canonicalBytes()[0].length);
  }

  @Test
  void keys_repeatAcrossCalls_inDistinctObjects() {
    String[] a = KeySet.ASCII36.texts();
    String[] b = KeySet.ASCII36.texts();
    assertArrayEquals(a, b);
    assertNotSame(a[0], b[0]);
    assertArrayEquals(KeySet.LONG.longs(), KeySet.ASCII16_LONG.longs());
  }

  @Test
  void ranks_zipfSkewed() {
    Map<Integer, Integer> counts = new HashMap<>();
    for (int r : KeySet.ranks()) {
      counts.merge(r, 1, Integer::sum);
    }
    int top = counts.getOrDefault(0, 0);
    // Zipf(0.99) over 1M ranks: rank 0 has about 6.5% of the mass; uniform would give it ~0
    assertTrue(
        top > KeySet.SIZE * 0.04 && top < KeySet.SIZE * 0.09, "rank 0 drawn " + top + " times");
    assertTrue(counts.size() > KeySet.SIZE / 4, "distinct keys " + counts.size());
  }

  @Test
  void of_unknownName_listsKnown() {
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> KeySet.of("ascii17"));
    assertTrue(e.getMessage().contains("known: ascii16"), e.getMessage());
  }
}
