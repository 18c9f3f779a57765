package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import org.junit.jupiter.api.Test;

/**
 * {@code "match": "first_part"} reads the first part of a composite key from its canonical bytes:
 * at an offset inside a larger array, a fixed-width first part, string parts whose length prefix
 * spans several bytes, the empty first part, and bytes that are no composite key of the type,
 * refused with what they declare.
 */
class FirstPartBytesTest {
  private static final KeyType BY_NUMBER = KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG);
  private static final KeyType BY_NAME =
      KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING);
  private static final String LONG_TENANT = "t".repeat(300); // a length prefix of 0x012C

  private static LookupStrategy byNumber() {
    return LookupStrategy.builder(BY_NUMBER)
        .match(LookupStrategy.MatchMode.FIRST_PART)
        .fallback(Fixtures.hashMod(8))
        .partitions(12)
        .entry("42", 11)
        .entry("7", 10)
        .build();
  }

  private static LookupStrategy byName() {
    return LookupStrategy.builder(BY_NAME)
        .match(LookupStrategy.MatchMode.FIRST_PART)
        .fallback(Fixtures.hashMod(8))
        .partitions(12)
        .entry("", 9)
        .entry("acme", 10)
        .entry(LONG_TENANT, 11)
        .build();
  }

  private static byte[] framed(byte[] key, int at) {
    byte[] out = new byte[key.length + at + 3];
    java.util.Arrays.fill(out, (byte) 0x5A);
    System.arraycopy(key, 0, out, at, key.length);
    return out;
  }

  @Test
  void fixedWidthFirstPart_atAnOffset_routesByIt() {
    LookupStrategy s = byNumber();
    byte[] k = CompositeKey.of(42L, 1234L).toBytes();
    assertEquals(11, s.partitionOf(k));
    for (int at : new int[] {1, 5, 17}) {
      assertEquals(11, s.partitionOf(framed(k, at), at, k.length), "at " + at);
      byte[] seven = CompositeKey.of(7L, 99L).toBytes();
      assertEquals(10, s.partitionOf(framed(seven, at), at, seven.length), "at " + at);
    }
  }

  @Test
  void stringFirstPart_longAndEmptyNames_routeByThem() {
    LookupStrategy s = byName();
    for (String device : new String[] {"d-1", "", "x".repeat(70_000)}) {
      assertEquals(10, s.partitionOf(CompositeKey.of("acme", device).toBytes()), device);
      assertEquals(9, s.partitionOf(CompositeKey.of("", device).toBytes()), device);
      byte[] k = CompositeKey.of(LONG_TENANT, device).toBytes();
      assertEquals(11, s.partitionOf(k), device);
      assertEquals(11, s.partitionOf(framed(k, 3), 3, k.length), device);
    }
    // a miss goes to the fallback with the first part's single-key form
    PartitionStrategy fallback = Fixtures.hashMod(8);
    String other = "o".repeat(260);
    assertEquals(
        fallback.partitionOf(other.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
        s.partitionOf(CompositeKey.of(other, "d").toBytes()));
  }

  @Test
  void shortBytes_refusedWithTheNeededLength() {
    InvalidKeyException fixed =
        assertThrows(InvalidKeyException.class, () -> byNumber().partitionOf(new byte[7]));
    assertEquals(
        "key bytes are no composite key of type "
            + BY_NUMBER
            + ": 7 bytes, the first part needs 8;"
            + " route keys of the table's key type",
        fixed.getMessage());
    InvalidKeyException prefix =
        assertThrows(InvalidKeyException.class, () -> byName().partitionOf(new byte[3]));
    assertEquals(
        "key bytes are no composite key of type "
            + BY_NAME
            + ": 3 bytes, the first part needs 4;"
            + " route keys of the table's key type",
        prefix.getMessage());
  }

  @Test
  void lengthPrefixBeyondTheBytes_refusedWithWhatItDeclares() {
    assertDeclares(
        new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 'a'}, 4294967295L, 1);
    assertDeclares(new byte[] {0, 0, 0, (byte) 0x80, 'a', 'b'}, 2147483648L, 2);
    assertDeclares(new byte[] {0, 0, 1, 0, 'a'}, 65536, 1);
    assertDeclares(new byte[] {0, 1, 0, 0, 'a', 'b', 'c'}, 256, 3);
    assertDeclares(new byte[] {5, 0, 0, 0, 'a', 'b', 'c', 'd'}, 5, 4);
  }

  private static void assertDeclares(byte[] key, long declared, int follow) {
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> byName().partitionOf(key));
    assertEquals(
        "key bytes are no composite key of type "
            + BY_NAME
            + ": the first part declares "
            + declared
            + " bytes but only "
            + follow
            + " follow; route keys of the table's key type",
        e.getMessage());
  }

  @Test
  void firstPartFillingTheBytes_routesByIt() {
    // the first part ends exactly where the bytes end
    assertEquals(10, byName().partitionOf(new byte[] {4, 0, 0, 0, 'a', 'c', 'm', 'e'}));
    assertEquals(9, byName().partitionOf(new byte[] {0, 0, 0, 0}));
    byte[] tenant42 = java.util.Arrays.copyOf(CompositeKey.of(42L, 5L).toBytes(), 8);
    assertEquals(11, byNumber().partitionOf(tenant42));
  }
}
