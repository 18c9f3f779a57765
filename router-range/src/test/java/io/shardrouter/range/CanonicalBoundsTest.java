package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Canonical composite bounds: what {@link KeyOrder#check} accepts at each length limit, and how a
 * {@link KeyRange} of composite bounds includes or excludes a key equal to a bound.
 */
class CanonicalBoundsTest {
  private static final KeyType STRING_LONG =
      KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
  private static final KeyType LONG_STRING =
      KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.STRING);

  private static String refusal(KeyType type, byte[] key, int off, int len) {
    return assertThrows(InvalidKeyException.class, () -> KeyOrder.of(type).check(key, off, len))
        .getMessage();
  }

  private static void assertContains(String message, String part) {
    assertTrue(message.contains(part), message);
  }

  @Test
  void wellFormedComposites_accepted_alsoWithAStringPartThatEndsTheKeyExactly() {
    byte[] sl = CompositeKey.of("ab", 5L).toBytes();
    assertDoesNotThrow(() -> KeyOrder.of(STRING_LONG).check(sl, 0, sl.length));
    byte[] ls = CompositeKey.of(5L, "ab").toBytes();
    assertDoesNotThrow(() -> KeyOrder.of(LONG_STRING).check(ls, 0, ls.length));
    byte[] empty = CompositeKey.of(5L, "").toBytes();
    assertDoesNotThrow(() -> KeyOrder.of(LONG_STRING).check(empty, 0, empty.length));
  }

  @Test
  void aKeyInsideALargerBuffer_isCheckedAtItsOffset() {
    byte[] k = CompositeKey.of("ab", 5L).toBytes();
    byte[] buf = new byte[k.length + 7];
    Arrays.fill(buf, (byte) 0x7F);
    System.arraycopy(k, 0, buf, 3, k.length);
    assertDoesNotThrow(() -> KeyOrder.of(STRING_LONG).check(buf, 3, k.length));
    assertContains(refusal(STRING_LONG, buf, 3, k.length + 1), "1 bytes after its last part");
  }

  @Test
  void lengthPrefixCutOff_refusedAtItsPart() {
    byte[] k = CompositeKey.of("ab", 5L).toBytes();
    String m = refusal(STRING_LONG, k, 0, 3);
    assertContains(m, "(3 bytes) is malformed at part 0: its length prefix is cut off");
    byte[] ls = CompositeKey.of(5L, "ab").toBytes();
    assertContains(refusal(LONG_STRING, ls, 0, 11), "malformed at part 1: its length prefix");
  }

  @Test
  void lengthPrefixBeyondTheKey_orNegative_refused() {
    byte[] ls = CompositeKey.of(5L, "ab").toBytes();
    assertContains(
        refusal(LONG_STRING, ls, 0, ls.length - 1),
        "at part 1: its length prefix says 2 bytes, only 1 follow");
    byte[] negative = ls.clone();
    negative[8] = (byte) 0xFF;
    negative[9] = (byte) 0xFF;
    negative[10] = (byte) 0xFF;
    negative[11] = (byte) 0xFF;
    assertContains(
        refusal(LONG_STRING, negative, 0, negative.length),
        "its length prefix says 4294967295 bytes, only 2 follow");
  }

  @Test
  void fixedWidthPartShort_refused_exactWidthAccepted() {
    byte[] k = CompositeKey.of("ab", 5L).toBytes();
    assertContains(
        refusal(STRING_LONG, k, 0, k.length - 1),
        "(13 bytes) is malformed at part 1: it needs 8 bytes, only 7 follow");
    assertContains(
        refusal(STRING_LONG, k, 0, 6), "is malformed at part 1: it needs 8 bytes, only 0 follow");
  }

  @Test
  void bytesAfterTheLastPart_refused() {
    byte[] k = Arrays.copyOf(CompositeKey.of("ab", 5L).toBytes(), 16);
    assertContains(
        refusal(STRING_LONG, k, 0, k.length),
        "canonical key of type composite(string, long) has 2 bytes after its last part");
  }

  @Test
  void singleKinds_fixedWidthChecked_variableWidthAnyLength() {
    assertContains(
        refusal(KeyType.LONG, new byte[7], 0, 7), "a long key has 8 canonical bytes, got 7");
    assertContains(refusal(KeyType.LONG, new byte[9], 0, 9), "got 9");
    assertDoesNotThrow(() -> KeyOrder.of(KeyType.LONG).check(new byte[8], 0, 8));
    assertDoesNotThrow(() -> KeyOrder.of(KeyType.STRING).check(new byte[0], 0, 0));
    assertDoesNotThrow(() -> KeyOrder.of(KeyType.BYTES).check(new byte[33], 0, 33));
    assertContains(refusal(KeyType.STRING, null, 0, 0), "key is null; a null key has no partition");
    assertContains(refusal(STRING_LONG, null, 0, 0), "key is null");
  }

  @Test
  void compositeRange_boundsIncludedOrExcludedAsDeclared() {
    byte[] lo = CompositeKey.of("b", 10L).toBytes();
    byte[] hi = CompositeKey.of("b", 20L).toBytes();
    byte[] mid = CompositeKey.of("b", 15L).toBytes();
    byte[] below = CompositeKey.of("a", 99L).toBytes();
    byte[] above = CompositeKey.of("c", 0L).toBytes();
    KeyRange closed = KeyRange.of(STRING_LONG, lo, true, hi, true);
    KeyRange open = KeyRange.of(STRING_LONG, lo, false, hi, false);
    for (KeyRange r : new KeyRange[] {closed, open}) {
      assertTrue(r.contains(mid), r.toString());
      assertFalse(r.contains(below), r.toString());
      assertFalse(r.contains(above), r.toString());
    }
    assertTrue(closed.contains(lo));
    assertTrue(closed.contains(hi));
    assertFalse(open.contains(lo));
    assertFalse(open.contains(hi));
    KeyRange unbounded = KeyRange.of(STRING_LONG, null, true, null, true);
    assertTrue(unbounded.contains(below));
    assertFalse(unbounded.lowerInclusive(), "an unbounded side has no bound to include");
    assertFalse(unbounded.upperInclusive());
    assertNull(unbounded.lower());
    assertTrue(KeyRange.of(STRING_LONG, lo, true, null, false).contains(above));
    assertFalse(KeyRange.of(STRING_LONG, null, false, lo, false).contains(lo));
    assertTrue(KeyRange.of(STRING_LONG, null, false, lo, true).contains(lo));
  }

  @Test
  void compositeRange_malformedBoundOrKey_refused() {
    byte[] good = CompositeKey.of("b", 10L).toBytes();
    byte[] cut = Arrays.copyOf(good, good.length - 1);
    assertThrows(InvalidKeyException.class, () -> KeyRange.of(STRING_LONG, cut, true, null, true));
    assertThrows(InvalidKeyException.class, () -> KeyRange.of(STRING_LONG, null, true, cut, true));
    KeyRange r = KeyRange.of(STRING_LONG, good, true, null, false);
    assertThrows(InvalidKeyException.class, () -> r.contains(cut));
  }

  @Test
  void compositeRange_boundsAreCopied_andEqualityCoversEveryComponent() {
    byte[] lo = CompositeKey.of("b", 10L).toBytes();
    byte[] hi = CompositeKey.of("b", 20L).toBytes();
    KeyRange r = KeyRange.of(STRING_LONG, lo, true, hi, false);
    lo[lo.length - 1] = 0x7F;
    assertTrue(r.contains(CompositeKey.of("b", 10L).toBytes()), "the range kept its own copy");
    byte[] lo2 = CompositeKey.of("b", 10L).toBytes();
    KeyRange same = KeyRange.of(STRING_LONG, lo2, true, hi, false);
    assertEquals(r, same);
    assertEquals(r.hashCode(), same.hashCode());
    assertNotEquals(r, KeyRange.of(STRING_LONG, lo2, false, hi, false));
    assertNotEquals(r, KeyRange.of(STRING_LONG, lo2, true, hi, true));
    assertNotEquals(r, KeyRange.of(STRING_LONG, hi, true, null, false));
    assertNotEquals(r, KeyRange.of(STRING_LONG, lo2, true, lo2, false));
    assertNotEquals(
        r,
        KeyRange.of(
            KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.INT), null, true, null, true));
  }
}
