package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.KeyType;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The successor of a composite key whose last part is that part's largest value: the part before it
 * steps up and the last part starts again at its smallest value (as in counting), for every
 * fixed-width kind; the largest key of all has no successor.
 */
class KeyOrderCarryTest {

  private static byte[] successor(KeyType type, Object... parts) {
    return KeyOrder.of(type).successor(CompositeKey.of(parts).toBytes());
  }

  @Test
  void longAtItsMaximum_carries() {
    KeyType t = KeyType.composite(KeyType.Kind.INT, KeyType.Kind.LONG);
    assertArrayEquals(
        CompositeKey.of(6, Long.MIN_VALUE).toBytes(), successor(t, 5, Long.MAX_VALUE));
  }

  @Test
  void intAtItsMaximum_carries() {
    KeyType t = KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.INT);
    assertArrayEquals(
        CompositeKey.of(6L, Integer.MIN_VALUE).toBytes(), successor(t, 5L, Integer.MAX_VALUE));
  }

  @Test
  void uuidAtItsMaximum_carries() {
    KeyType t = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.UUID);
    assertArrayEquals(
        CompositeKey.of("a\u0000", new UUID(0, 0)).toBytes(), successor(t, "a", new UUID(-1, -1)));
  }

  @Test
  void timestampAtItsMaximum_carries() {
    KeyType t = KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.TIMESTAMP);
    assertArrayEquals(
        CompositeKey.of(1L, KeyText.instant(Long.MIN_VALUE)).toBytes(),
        successor(t, 0L, KeyText.instant(Long.MAX_VALUE)));
  }

  @Test
  void carryThroughSeveralParts() {
    KeyType t = KeyType.composite(KeyType.Kind.INT, KeyType.Kind.INT, KeyType.Kind.LONG);
    assertArrayEquals(
        CompositeKey.of(8, Integer.MIN_VALUE, Long.MIN_VALUE).toBytes(),
        successor(t, 7, Integer.MAX_VALUE, Long.MAX_VALUE));
  }

  @Test
  void largestKey_hasNone() {
    KeyType t = KeyType.composite(KeyType.Kind.INT, KeyType.Kind.LONG);
    assertNull(successor(t, Integer.MAX_VALUE, Long.MAX_VALUE));
  }
}
