package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A composite key's canonical bytes (docs/routing-spec.md §2): the parts one after another, strings
 * and bytes with a 4-byte little-endian length, the fixed-width parts as their single-key bytes,
 * written at any offset; and its value identity.
 */
class CompositeKeyEncodingTest {
  private static final UUID ID = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
  private static final Instant AT = Instant.parse("2026-04-01T00:00:00.000001Z");

  private static byte[] lengthPrefixed(byte[] b) {
    byte[] out = new byte[4 + b.length];
    out[0] = (byte) b.length; // short parts: the other three length bytes are 0
    System.arraycopy(b, 0, out, 4, b.length);
    return out;
  }

  @Test
  void everyKindOfPart_atAnOffset() {
    CompositeKey k = CompositeKey.of(7, ID, AT, 9L, "ab", new byte[] {1, 2, 3}, 5);
    ByteArrayOutputStream want = new ByteArrayOutputStream();
    want.writeBytes(CanonicalKeys.of(7));
    want.writeBytes(CanonicalKeys.of(ID));
    want.writeBytes(CanonicalKeys.of(AT));
    want.writeBytes(CanonicalKeys.of(9L));
    want.writeBytes(lengthPrefixed("ab".getBytes(StandardCharsets.UTF_8)));
    want.writeBytes(lengthPrefixed(new byte[] {1, 2, 3}));
    want.writeBytes(CanonicalKeys.of(5));
    byte[] expected = want.toByteArray();
    assertEquals(expected.length, k.encodedLength());
    assertArrayEquals(expected, k.toBytes());
    byte[] dst = new byte[expected.length + 5];
    assertEquals(3 + expected.length, k.writeTo(dst, 3));
    byte[] written = new byte[expected.length];
    System.arraycopy(dst, 3, written, 0, expected.length);
    assertArrayEquals(expected, written);
  }

  @Test
  void valueIdentity() {
    CompositeKey a = CompositeKey.of("t1", 5L, new byte[] {1});
    CompositeKey same = CompositeKey.of("t1", 5L, new byte[] {1});
    assertEquals(a, same);
    assertEquals(a.hashCode(), same.hashCode());
    assertNotEquals(a, CompositeKey.of("t1", 5L, new byte[] {2}));
    assertNotEquals(a.hashCode(), CompositeKey.of("t2", 5L, new byte[] {1}).hashCode());
    assertNotEquals(a, CompositeKey.of("t1", 5, new byte[] {1}), "an int is not a long");
    assertNotEquals(a, (Object) "t1");
    assertEquals(3, a.size());
  }

  @Test
  void hasKinds_exactlyThoseInOrder() {
    CompositeKey k = CompositeKey.of("t1", 5L);
    assertTrue(k.hasKinds(List.of(KeyType.Kind.STRING, KeyType.Kind.LONG)));
    assertFalse(k.hasKinds(List.of(KeyType.Kind.LONG, KeyType.Kind.STRING)));
    assertFalse(k.hasKinds(List.of(KeyType.Kind.STRING)));
    assertFalse(k.hasKinds(List.of(KeyType.Kind.STRING, KeyType.Kind.LONG, KeyType.Kind.INT)));
  }
}
