package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.LittleEndian;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyScratch} allocates nothing once its buffer has grown to the longest key seen, up to
 * {@link KeyScratch#RETAINED_BYTES}: a key as long as the whole buffer is encoded into the same
 * array. A longer key gets an array of its own, which neither the scratch (at its next put) nor a
 * table (once it has routed the key) keeps.
 */
class KeyScratchReuseTest {

  @Test
  void aKeyAsLongAsTheBuffer_isEncodedInPlace() {
    KeyScratch s = KeyScratch.get();
    s.putString("x".repeat(300));
    byte[] grown = s.bytes();
    String full = "y".repeat(grown.length);
    assertEquals(grown.length, s.putString(full));
    assertSame(grown, s.bytes());
    assertArrayEquals(full.getBytes(StandardCharsets.US_ASCII), s.bytes());
  }

  /**
   * Keys of up to the bound share one array, the longest of them as well as a short one after it.
   */
  @Test
  void keysUpToTheBound_shareOneArray() {
    KeyScratch s = KeyScratch.get();
    String longest = "k".repeat(KeyScratch.RETAINED_BYTES);
    assertEquals(KeyScratch.RETAINED_BYTES, s.putString(longest));
    byte[] b = s.bytes();
    assertEquals(KeyScratch.RETAINED_BYTES, b.length);
    s.putString(longest);
    assertSame(b, s.bytes());
    assertEquals(3, s.putString("abc"));
    assertSame(b, s.bytes());
    assertArrayEquals(
        "abc".getBytes(StandardCharsets.US_ASCII), Arrays.copyOf(s.bytes(), 3), "short key");
  }

  /**
   * A key longer than the bound is encoded whole into an array of its own length, each time; the
   * next shorter key goes to an array of its own length again, so the long one is not kept.
   */
  @Test
  void aKeyLongerThanTheBound_getsItsOwnArray_givenUpAtTheNextPut() {
    KeyScratch s = KeyScratch.get();
    String huge = "é".repeat(KeyScratch.RETAINED_BYTES); // 2 bytes a char
    int n = s.putString(huge);
    assertEquals(2 * KeyScratch.RETAINED_BYTES, n);
    byte[] first = s.bytes();
    assertEquals(n, first.length);
    assertArrayEquals(huge.getBytes(StandardCharsets.UTF_8), first);
    s.putString(huge);
    assertNotSame(first, s.bytes(), "an array for each key over the bound");
    assertEquals(8, s.putLong(42));
    assertEquals(8, s.bytes().length, "the long key's array given up");
    assertEquals(42, LittleEndian.getLong(s.bytes(), 0));
  }

  /**
   * A table that encodes a key longer than the bound gives its array up as soon as the key is
   * routed, or refused, and does not wait for the thread's next encoded key: a thread whose later
   * keys are all read in place (ASCII text) never encodes again.
   */
  @Test
  void aTableGivesUpALongKeysArray_onceRouted() {
    RoutingTable t = Tables.table(1, 13, 3);
    String huge = "ключ-".repeat(KeyScratch.RETAINED_BYTES / 8); // 9 bytes each: 1.1 × the bound
    byte[] canonical = huge.getBytes(StandardCharsets.UTF_8);
    assertTrue(canonical.length > KeyScratch.RETAINED_BYTES);
    assertSame(t.routeCanonical(canonical), t.route(huge));
    assertGivenUp("route(String)");

    RoutingTable pairs = compositeTable(KeyType.Kind.STRING);
    assertSame(pairs.routeCanonical(CompositeKey.of(huge, "x").toBytes()), pairs.route(huge, "x"));
    assertGivenUp("(String, String)");
    assertSame(
        pairs.routeCanonical(CompositeKey.of(huge, "x").toBytes()),
        pairs.route(CompositeKey.of(huge, "x")));
    assertGivenUp("CompositeKey");
    RoutingTable withLong = compositeTable(KeyType.Kind.LONG);
    assertSame(
        withLong.routeCanonical(CompositeKey.of(huge, 7L).toBytes()), withLong.route(huge, 7L));
    assertGivenUp("(String, long)");

    RoutingTable refusing = Tables.table(1, new BatchSumStrategy(13), KeyType.STRING, 3);
    String uncovered = "\uE000" + huge; // canonical bytes start 0xEE: the strategy refuses it
    assertThrows(NoRouteException.class, () -> refusing.route(uncovered));
    assertGivenUp("refused");
  }

  /** {@link KeyScratch#bufferFor}: doubling up to the bound, exact above it and past it. */
  @Test
  void bufferFor_growsByDoublingToTheBound_exactAboveAndPast() {
    int bound = KeyScratch.RETAINED_BYTES;
    byte[] small = new byte[128];
    assertSame(small, KeyScratch.bufferFor(small, 128));
    assertSame(small, KeyScratch.bufferFor(small, 0));
    assertEquals(256, KeyScratch.bufferFor(small, 129).length);
    assertEquals(1000, KeyScratch.bufferFor(small, 1000).length);
    assertEquals(bound, KeyScratch.bufferFor(new byte[bound - 1], bound).length);
    assertEquals(bound, KeyScratch.bufferFor(new byte[bound / 2 + 1], bound / 2 + 2).length);
    assertEquals(bound + 1, KeyScratch.bufferFor(new byte[bound], bound + 1).length);
    byte[] big = new byte[bound + 10];
    assertNotSame(big, KeyScratch.bufferFor(big, bound + 5));
    assertEquals(bound + 5, KeyScratch.bufferFor(big, bound + 5).length);
    assertEquals(3, KeyScratch.bufferFor(big, 3).length);
    byte[] exact = new byte[bound];
    assertSame(exact, KeyScratch.bufferFor(exact, bound));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> KeyScratch.bufferFor(small, -1));
    assertEquals("a key of -1 bytes: n must be at least 0", e.getMessage());
  }

  /** The thread's key buffer is back within the bound after the route named {@code what}. */
  private static void assertGivenUp(String what) {
    int kept = KeyScratch.get().bytes().length;
    assertTrue(kept <= KeyScratch.RETAINED_BYTES, what + ": " + kept);
  }

  /** A byte-sum table of composite keys {@code (string, second)}. */
  private static RoutingTable compositeTable(KeyType.Kind second) {
    return Tables.table(
        1, new ByteSumStrategy(13), KeyType.composite(KeyType.Kind.STRING, second), 3);
  }
}
