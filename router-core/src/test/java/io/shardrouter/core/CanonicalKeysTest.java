package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.internal.Hex;
import io.shardrouter.testing.KeyGenerators;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CanonicalKeysTest {

  private static String hex(byte[] b) {
    return Hex.of(b);
  }

  private static byte[] scratchBytes(int n) {
    return Arrays.copyOf(KeyScratch.get().bytes(), n);
  }

  @Test
  void string_isUtf8() {
    assertEquals("", hex(CanonicalKeys.of("")));
    assertEquals("6f72646572732d31", hex(CanonicalKeys.of("orders-1")));
    assertEquals("c3a9e4b8ade69687f09f9880", hex(CanonicalKeys.of("é中文\uD83D\uDE00")));
  }

  @Test
  void numbers_areLittleEndianTwosComplement() {
    assertEquals("0100000000000000", hex(CanonicalKeys.of(1L)));
    assertEquals("ffffffffffffffff", hex(CanonicalKeys.of(-1L)));
    assertEquals("0000000000000080", hex(CanonicalKeys.of(Long.MIN_VALUE)));
    assertEquals("efcdab8967452301", hex(CanonicalKeys.of(0x0123456789abcdefL)));
    assertEquals("2a000000", hex(CanonicalKeys.of(42)));
    assertEquals("ffffff7f", hex(CanonicalKeys.of(Integer.MAX_VALUE)));
  }

  @Test
  void uuid_isRfc4122Order() {
    UUID u = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    assertEquals("123e4567e89b12d3a456426614174000", hex(CanonicalKeys.of(u)));
  }

  @Test
  void composite_prefixesVariablePartsWithLength() {
    assertEquals("0100000061" + "02000000" + "6263", hex(CompositeKey.of("a", "bc").toBytes()));
    assertEquals(
        "0300000061626301000000000000002a000000", hex(CompositeKey.of("abc", 1L, 42).toBytes()));
    assertEquals(
        "02000000ff00" + "123e4567e89b12d3a456426614174000",
        hex(
            CompositeKey.of(
                    new byte[] {(byte) 0xff, 0},
                    UUID.fromString("123e4567-e89b-12d3-a456-426614174000"))
                .toBytes()));
  }

  @Test
  void composite_separatorInsidePart_isNotAmbiguous() {
    assertFalse(
        Arrays.equals(
            CompositeKey.of("a:b", "c").toBytes(), CompositeKey.of("a", "b:c").toBytes()));
    assertFalse(
        Arrays.equals(CompositeKey.of("", "ab").toBytes(), CompositeKey.of("a", "b").toBytes()));
  }

  @Test
  void composite_emptyOrNullPart_refused() {
    assertTrue(
        assertThrows(InvalidKeyException.class, CompositeKey::of)
            .getMessage()
            .contains("no parts"));
    assertThrows(InvalidKeyException.class, () -> CompositeKey.of((Object[]) null));
    assertTrue(
        assertThrows(InvalidKeyException.class, () -> CompositeKey.of("a", null))
            .getMessage()
            .contains("part 1 is null"));
    assertTrue(
        assertThrows(InvalidKeyException.class, () -> CompositeKey.of("a", 1.5))
            .getMessage()
            .contains("unsupported class"));
  }

  @Test
  void composite_copiesByteParts() {
    byte[] part = {1, 2};
    CompositeKey k = CompositeKey.of(part);
    part[0] = 9;
    assertEquals("020000000102", hex(k.toBytes()));
  }

  @Test
  void scratch_encodingsEqualCanonicalKeys() {
    KeyScratch s = KeyScratch.get();
    assertArrayEquals(CanonicalKeys.of("héllo"), scratchBytes(s.putString("héllo")));
    assertArrayEquals(CanonicalKeys.of(-5L), scratchBytes(s.putLong(-5L)));
    assertArrayEquals(CanonicalKeys.of(77), scratchBytes(s.putInt(77)));
    UUID u = UUID.randomUUID();
    assertArrayEquals(CanonicalKeys.of(u), scratchBytes(s.putUuid(u)));
    assertArrayEquals(
        CompositeKey.of("x", "yz").toBytes(), scratchBytes(s.putComposite("x", "yz")));
    assertArrayEquals(CompositeKey.of("x", 9L).toBytes(), scratchBytes(s.putComposite("x", 9L)));
    assertArrayEquals(CompositeKey.of(3L, 9L).toBytes(), scratchBytes(s.putComposite(3L, 9L)));
    String longKey = "k".repeat(5000);
    assertArrayEquals(CanonicalKeys.of(longKey), scratchBytes(s.putString(longKey)));
  }

  @Test
  void utf8_matchesJdkForWellFormedText() {
    long seed = KeyGenerators.clockSeed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < 2000; i++) {
      StringBuilder sb = new StringBuilder();
      int len = rnd.nextInt(40);
      for (int j = 0; j < len; j++) {
        int cp =
            switch (rnd.nextInt(4)) {
              case 0 -> rnd.nextInt(0x80);
              case 1 -> 0x80 + rnd.nextInt(0x780);
              case 2 -> {
                int c = 0x800 + rnd.nextInt(0x10000 - 0x800);
                yield Character.isSurrogate((char) c) ? 'x' : c;
              }
              default -> 0x10000 + rnd.nextInt(0x100000);
            };
        sb.appendCodePoint(cp);
      }
      String s = sb.toString();
      assertArrayEquals(
          s.getBytes(StandardCharsets.UTF_8), CanonicalKeys.of(s), "seed " + seed + " text " + s);
      assertEquals(s.chars().allMatch(c -> c < 0x80), Utf8.isAscii(s), "seed " + seed);
    }
  }

  @Test
  void utf8_loneSurrogate_refusedWithIndex() {
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> CanonicalKeys.of("ab\uD800c"));
    assertTrue(e.getMessage().contains("lone surrogate U+D800 at char index 2"), e.getMessage());
    assertThrows(InvalidKeyException.class, () -> CanonicalKeys.of("\uDC00"));
    assertThrows(InvalidKeyException.class, () -> CanonicalKeys.of("x\uD83D"));
    assertThrows(InvalidKeyException.class, () -> KeyScratch.get().putString("\uDE00\uD83D"));
  }

  @Test
  void nullKey_refused() {
    assertThrows(InvalidKeyException.class, () -> CanonicalKeys.of((String) null));
    assertThrows(InvalidKeyException.class, () -> KeyScratch.get().putString(null));
    assertThrows(InvalidKeyException.class, () -> KeyScratch.get().putComposite(null, 1L));
  }

  @Test
  void parseText_eachKind() {
    assertArrayEquals(CanonicalKeys.of("plant-a"), KeyType.STRING.parseText("plant-a"));
    assertArrayEquals(CanonicalKeys.of(-42L), KeyType.LONG.parseText("-42"));
    assertArrayEquals(CanonicalKeys.of(7), KeyType.INT.parseText("7"));
    assertArrayEquals(
        CanonicalKeys.of(UUID.fromString("123e4567-e89b-12d3-a456-426614174000")),
        KeyType.UUID_KEY.parseText("123e4567-e89b-12d3-a456-426614174000"));
    assertArrayEquals(new byte[] {0x0a, 0x1b}, KeyType.BYTES.parseText("0a1B"));
    assertArrayEquals(new byte[] {0x0a, 0x1b}, KeyType.BYTES.parseText("0x0a1b"));
    KeyType c = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
    assertArrayEquals(CompositeKey.of("plant-a", 42L).toBytes(), c.parseText("[\"plant-a\", 42]"));
  }

  @Test
  void parseText_badText_namesKeyAndType() {
    assertTrue(
        assertThrows(InvalidKeyException.class, () -> KeyType.LONG.parseText("abc"))
            .getMessage()
            .contains("key 'abc' is not a long"));
    assertThrows(InvalidKeyException.class, () -> KeyType.LONG.parseText("9223372036854775808"));
    assertThrows(InvalidKeyException.class, () -> KeyType.INT.parseText("2147483648"));
    assertThrows(InvalidKeyException.class, () -> KeyType.UUID_KEY.parseText("1-2-3-4-5"));
    assertThrows(InvalidKeyException.class, () -> KeyType.BYTES.parseText("abc"));
    KeyType c = KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG);
    assertTrue(
        assertThrows(InvalidKeyException.class, () -> c.parseText("plant-a,42"))
            .getMessage()
            .contains("JSON array"));
    assertTrue(
        assertThrows(InvalidKeyException.class, () -> c.parseText("[\"a\"]"))
            .getMessage()
            .contains("2 parts"));
    assertTrue(
        assertThrows(InvalidKeyException.class, () -> c.parseText("[\"a\", \"b\"]"))
            .getMessage()
            .contains("part 1 must be a JSON integer"));
  }

  @Test
  void keyType_namesAndEquality() {
    assertEquals("string", KeyType.STRING.toString());
    assertEquals(
        "composite(string, long)",
        KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG).toString());
    assertEquals(
        KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG),
        KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG));
    assertThrows(IllegalArgumentException.class, () -> KeyType.composite(java.util.List.of()));
  }
}
