package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * What a {@link Row} promises: its checks, copies, store order, what verification compares, and a
 * digest that is persisted (part checksums compare digests computed by two stores, and a plan's
 * fingerprint in a saved state is one), so its values are pinned.
 */
class RowContractTest {
  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String hex(long digest) {
    return String.format(Locale.ROOT, "%016x", digest);
  }

  @Test
  void digest_pinnedValues() {
    assertEquals("3daadb0ee57abda3", hex(Row.of(b("k"), b("v"), 1, 1, 0).digest()));
    assertEquals(
        "35b6e4b84a88a9c9",
        hex(Row.of(b("order-5"), b("o-17"), b("{\"total\":12}"), 42, 7, 3).digest()));
    assertEquals("ad9b9fd67a4f8c33", hex(Row.of(new byte[0], new byte[0], 1, 1, 0).digest()));
    assertEquals(
        "2f11234e53b9e110",
        hex(
            Row.of(
                    new byte[] {(byte) 0xFF, 0},
                    new byte[] {(byte) 0x80},
                    new byte[] {(byte) 0xC3},
                    0,
                    Long.MAX_VALUE,
                    0)
                .digest()));
  }

  @Test
  void digest_coversKeyIdValueAndSequence_notHowTheRowWasRouted() {
    Row r = Row.of(b("k"), b("i"), b("v"), 3, 5, 2);
    assertEquals(r.digest(), Row.of(b("k"), b("i"), b("v"), 9, 5, 0).digest());
    assertNotEquals(r.digest(), Row.of(b("K"), b("i"), b("v"), 3, 5, 2).digest());
    assertNotEquals(r.digest(), Row.of(b("k"), b("j"), b("v"), 3, 5, 2).digest());
    assertNotEquals(r.digest(), Row.of(b("k"), b("i"), b("w"), 3, 5, 2).digest());
    assertNotEquals(r.digest(), Row.of(b("k"), b("i"), b("v"), 3, 6, 2).digest());
    // the bytes do not slide between key, id and value
    assertNotEquals(
        Row.of(b("ab"), b("c"), 1, 1, 0).digest(), Row.of(b("a"), b("bc"), 1, 1, 0).digest());
    assertNotEquals(
        Row.of(b("a"), b("b"), b("c"), 1, 1, 0).digest(),
        Row.of(b("a"), new byte[0], b("bc"), 1, 1, 0).digest());
  }

  @Test
  void of_checksEveryNumber_atItsBound() {
    Row lowest = Row.of(b("k"), b("v"), 0, 1, 0);
    assertEquals(0, lowest.version());
    assertEquals(1, lowest.sequence());
    assertEquals(0, lowest.partition());
    assertEquals(
        "row version must be >= 0, got -1",
        assertThrows(IllegalArgumentException.class, () -> Row.of(b("k"), b("v"), -1, 1, 0))
            .getMessage());
    assertEquals(
        "row sequence must be >= 1 (0 means 'no row' to a store), got 0",
        assertThrows(IllegalArgumentException.class, () -> Row.of(b("k"), b("v"), 0, 0, 0))
            .getMessage());
    assertEquals(
        "row partition must be >= 0, got -1",
        assertThrows(IllegalArgumentException.class, () -> Row.of(b("k"), b("v"), 0, 1, -1))
            .getMessage());
    assertEquals(
        "row id (use an empty array for the only row of a key)",
        assertThrows(NullPointerException.class, () -> Row.of(b("k"), null, b("v"), 0, 1, 0))
            .getMessage());
  }

  @Test
  void of_copiesItsArrays_andKeepsEveryField() {
    byte[] key = b("key");
    byte[] id = b("id");
    byte[] value = b("value");
    Row r = Row.of(key, id, value, 41, 9, 7);
    key[0] = 'X';
    id[0] = 'X';
    value[0] = 'X';
    assertArrayEquals(b("key"), r.key());
    assertArrayEquals(b("id"), r.id());
    assertArrayEquals(b("value"), r.value());
    assertEquals(41, r.version());
    assertEquals(9, r.sequence());
    assertEquals(7, r.partition());
    assertEquals(0, Row.of(b("k"), b("v"), 1, 1, 0).id().length);
  }

  @Test
  void compareStoreOrder_byKeyThenId_asUnsignedBytes() {
    Row a = Row.of(b("a"), b("z"), b("v"), 1, 1, 0);
    Row high = Row.of(new byte[] {(byte) 0x80}, b("v"), 1, 1, 0);
    assertTrue(Row.compareStoreOrder(a, high) < 0, "0x80 sorts after 'a' unsigned");
    assertTrue(Row.compareStoreOrder(high, a) > 0);
    Row a1 = Row.of(b("a"), new byte[] {1}, b("v"), 1, 1, 0);
    Row a2 = Row.of(b("a"), new byte[] {(byte) 0xF0}, b("v"), 1, 1, 0);
    assertTrue(Row.compareStoreOrder(a1, a2) < 0, "ids compare unsigned when keys are equal");
    assertTrue(Row.compareStoreOrder(a2, a1) > 0);
    assertEquals(0, Row.compareStoreOrder(a1, Row.of(b("a"), new byte[] {1}, b("w"), 2, 5, 1)));
    assertTrue(
        Row.compareStoreOrder(Row.of(b("a"), b("v"), 1, 1, 0), a1) < 0, "the empty id sorts first");
  }

  @Test
  void sameContent_comparesKeyIdValueAndSequence_equalsAlsoVersionAndPartition() {
    Row r = Row.of(b("k"), b("i"), b("v"), 3, 5, 2);
    Row routedElsewhere = Row.of(b("k"), b("i"), b("v"), 4, 5, 1);
    assertTrue(r.sameContent(routedElsewhere));
    assertNotEquals(r, routedElsewhere);
    assertNotEquals(r, Row.of(b("k"), b("i"), b("v"), 3, 5, 1));
    assertNotEquals(r, Row.of(b("k"), b("i"), b("v"), 4, 5, 2));
    assertFalse(r.sameContent(Row.of(b("x"), b("i"), b("v"), 3, 5, 2)));
    assertFalse(r.sameContent(Row.of(b("k"), b("x"), b("v"), 3, 5, 2)));
    assertFalse(r.sameContent(Row.of(b("k"), b("i"), b("x"), 3, 5, 2)));
    assertFalse(r.sameContent(Row.of(b("k"), b("i"), b("v"), 3, 6, 2)));
    Row same = Row.of(b("k"), b("i"), b("v"), 3, 5, 2);
    assertEquals(r, same);
    assertEquals(r.hashCode(), same.hashCode());
    assertNotEquals(r, "k");
  }
}
