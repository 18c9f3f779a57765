package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.KeyType;
import io.shardrouter.testing.Keys;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class KeyOrderTest {

  @Test
  void successor_eachKind() {
    assertArrayEquals(Keys.of(6L), KeyOrder.of(KeyType.LONG).successor(Keys.of(5L)));
    assertNull(KeyOrder.of(KeyType.LONG).successor(Keys.of(Long.MAX_VALUE)));
    assertArrayEquals(
        Keys.of(Integer.MIN_VALUE + 1),
        KeyOrder.of(KeyType.INT).successor(Keys.of(Integer.MIN_VALUE)));
    assertNull(KeyOrder.of(KeyType.INT).successor(Keys.of(Integer.MAX_VALUE)));
    assertArrayEquals(
        Keys.of(KeyText.instant(1)),
        KeyOrder.of(KeyType.TIMESTAMP).successor(Keys.of(KeyText.instant(0))));
    assertArrayEquals(Keys.of("ab\u0000"), KeyOrder.of(KeyType.STRING).successor(Keys.of("ab")));
    assertArrayEquals(new byte[] {0}, KeyOrder.of(KeyType.BYTES).successor(new byte[0]));
    assertArrayEquals(
        Keys.of(UUID.fromString("00000000-0000-0001-0000-000000000000")),
        KeyOrder.of(KeyType.UUID_KEY)
            .successor(Keys.of(UUID.fromString("00000000-0000-0000-ffff-ffffffffffff"))));
    assertNull(KeyOrder.of(KeyType.UUID_KEY).successor(Keys.of(new UUID(-1, -1))));
  }

  @Test
  void successor_compositeCarriesIntoThePartBefore() {
    KeyOrder o = KeyOrder.of(KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG));
    assertArrayEquals(
        CompositeKey.of(1L, 3L).toBytes(), o.successor(CompositeKey.of(1L, 2L).toBytes()));
    assertArrayEquals(
        CompositeKey.of(2L, Long.MIN_VALUE).toBytes(),
        o.successor(CompositeKey.of(1L, Long.MAX_VALUE).toBytes()));
    assertNull(o.successor(CompositeKey.of(Long.MAX_VALUE, Long.MAX_VALUE).toBytes()));
    KeyOrder s = KeyOrder.of(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    assertArrayEquals(
        CompositeKey.of("a\u0000", Long.MIN_VALUE).toBytes(),
        s.successor(CompositeKey.of("a", Long.MAX_VALUE).toBytes()));
  }

  @Test
  void successor_isImmediate_nothingInBetween() {
    KeyOrder o = KeyOrder.of(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    byte[] a = CompositeKey.of("a", Long.MAX_VALUE).toBytes();
    byte[] next = o.successor(a);
    assertTrue(o.compare(a, next) < 0);
    for (byte[] k :
        new byte[][] {
          CompositeKey.of("a", 0L).toBytes(),
          CompositeKey.of("a\u0000", Long.MIN_VALUE + 1).toBytes(),
          CompositeKey.of("a\u0000\u0000", Long.MIN_VALUE).toBytes(),
          CompositeKey.of("b", Long.MIN_VALUE).toBytes()
        }) {
      assertTrue(
          o.compare(k, a) <= 0 || o.compare(k, next) >= 0,
          "nothing lies between a key and its successor");
    }
  }

  @Test
  void compare_compositeStringPartByContentNotLengthPrefix() {
    KeyOrder o = KeyOrder.of(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.INT));
    // "b" has a shorter length prefix than "aa", yet sorts after it
    assertTrue(
        o.compare(CompositeKey.of("aa", 9).toBytes(), CompositeKey.of("b", 0).toBytes()) < 0);
    assertTrue(
        o.compare(CompositeKey.of("a", 9).toBytes(), CompositeKey.of("aa", 0).toBytes()) < 0);
  }

  @Test
  void check_malformedCanonicalBytes_refused() {
    KeyOrder o = KeyOrder.of(KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG));
    byte[] k = CompositeKey.of("ab", 1L).toBytes();
    assertThrows(InvalidKeyException.class, () -> o.check(k, 0, k.length - 1));
    assertThrows(InvalidKeyException.class, () -> o.check(k, 0, 3));
    byte[] longer = java.util.Arrays.copyOf(k, k.length + 1);
    assertTrue(
        assertThrows(InvalidKeyException.class, () -> o.check(longer, 0, longer.length))
            .getMessage()
            .contains("1 bytes after its last part"));
    assertThrows(
        InvalidKeyException.class, () -> KeyOrder.of(KeyType.UUID_KEY).check(new byte[15], 0, 15));
    assertThrows(InvalidKeyException.class, () -> KeyOrder.of(KeyType.LONG).check(null, 0, 0));
  }

  @Test
  void successor_uuidCarriesIntoTheFirstByte() {
    assertArrayEquals(
        Keys.of(new UUID(0x0100_0000_0000_0000L, 0)),
        KeyOrder.of(KeyType.UUID_KEY).successor(Keys.of(new UUID(0x00FF_FFFF_FFFF_FFFFL, -1L))));
  }

  @Test
  void successor_malformedKey_refusedAsAKeyOfTheWrongWidth() {
    InvalidKeyException e =
        assertThrows(
            InvalidKeyException.class, () -> KeyOrder.of(KeyType.LONG).successor(new byte[3]));
    assertTrue(e.getMessage().contains("a long key has 8 canonical bytes, got 3"), e::getMessage);
  }

  @Test
  void check_compositeEndingInAnEmptyString_accepted_aCutOffPrefixAfterAFixedPartRefused() {
    KeyOrder o = KeyOrder.of(KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.STRING));
    assertEquals(KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.STRING), o.keyType());
    byte[] empty = CompositeKey.of(7L, "").toBytes();
    o.check(empty, 0, empty.length);
    assertArrayEquals(CompositeKey.of(7L, "\u0000").toBytes(), o.successor(empty));
    byte[] cut = java.util.Arrays.copyOf(empty, 10);
    assertTrue(
        assertThrows(InvalidKeyException.class, () -> o.check(cut, 0, cut.length))
            .getMessage()
            .contains("malformed at part 1: its length prefix is cut off"));
  }
}
