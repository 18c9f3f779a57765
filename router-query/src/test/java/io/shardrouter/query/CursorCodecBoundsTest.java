package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.query.InvalidCursorException.Reason;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * {@link CursorCodec#decode} at each of its bounds, on tokens written byte by byte as
 * docs/queries.md describes format 1 (version, flags, total length, three longs, the
 * length-prefixed fields, a CRC-32C trailer), each refusal with its whole message.
 */
class CursorCodecBoundsTest {
  private static final CursorCodec CODEC = CursorCodec.unsigned();

  /** An unsigned token: header, then {@code fields} as given, then the CRC over both. */
  static String token(int flags, byte[] fields) {
    return token(flags, fields, 28 + fields.length + 4);
  }

  static String token(int flags, byte[] fields, int declared) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(1);
    b.write(flags);
    b.write(declared & 0xFF);
    b.write(declared >>> 8);
    for (long v : new long[] {7, 11, 13}) {
      for (int i = 0; i < 8; i++) {
        b.write((int) (v >>> (8 * i)));
      }
    }
    b.writeBytes(fields);
    CRC32C crc = new CRC32C();
    crc.update(b.toByteArray());
    int c = (int) crc.getValue();
    for (int i = 0; i < 4; i++) {
      b.write(c >>> (8 * i));
    }
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b.toByteArray());
  }

  /** A length-prefixed field: two bytes of length, little-endian, then the bytes. */
  static byte[] field(byte[] value) {
    byte[] f = new byte[2 + value.length];
    f[0] = (byte) value.length;
    f[1] = (byte) (value.length >>> 8);
    System.arraycopy(value, 0, f, 2, value.length);
    return f;
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      b.writeBytes(p);
    }
    return b.toByteArray();
  }

  static InvalidCursorException refused(String token) {
    return assertThrows(InvalidCursorException.class, () -> CODEC.decode(token));
  }

  static void assertRefused(Reason reason, String message, String token) {
    InvalidCursorException e = refused(token);
    assertEquals(reason, e.reason(), e.getMessage());
    assertEquals("invalid cursor (" + reason + "): " + message, e.getMessage());
  }

  @Test
  void decode_handWrittenToken_readsEveryField() {
    Cursor c =
        CODEC.decode(
            token(
                2,
                concat(
                    field("snap".getBytes(StandardCharsets.UTF_8)), field(new byte[] {9, 8, 7}))));
    assertEquals(new Cursor(7, 11, 13, "snap", new byte[] {9, 8, 7}), c);
  }

  @Test
  void decode_nullOrEmpty_eachSaysWhich() {
    assertRefused(
        Reason.MALFORMED,
        "the cursor is null; to ask for the first page, send no cursor at all",
        null);
    assertRefused(
        Reason.MALFORMED,
        "the cursor is empty; to ask for the first page, send no cursor at all",
        "");
  }

  @Test
  void decode_tokenLength_limitIsInclusive() {
    // 4,096 'A's are 3,072 zero bytes: a token of the longest length, refused for its version.
    assertEquals(Reason.UNKNOWN_VERSION, refused("A".repeat(CursorCodec.MAX_TOKEN_CHARS)).reason());
    assertRefused(
        Reason.MALFORMED,
        "the cursor has 4097 characters, over the limit of 4096; it was not issued by this service",
        "A".repeat(CursorCodec.MAX_TOKEN_CHARS + 1));
  }

  @Test
  void decode_oneCharacterPastAGroup_truncatedOnlyWhenEveryCharacterIsBase64() {
    for (char c : "AZaz09-_".toCharArray()) {
      assertRefused(
          Reason.TRUNCATED,
          "the cursor ends in the middle of a character group; it was cut off: pass the whole"
              + " token",
          "AAAA" + c);
      assertRefused(
          Reason.TRUNCATED,
          "the cursor ends in the middle of a character group; it was cut off: pass the whole"
              + " token",
          c + "AAAA");
    }
    for (char c : "@[`{/:+=.".toCharArray()) {
      InvalidCursorException e = refused("AAAA" + c);
      assertEquals(Reason.MALFORMED, e.reason(), c + ": " + e.getMessage());
      InvalidCursorException first = refused(c + "AAAA");
      assertEquals(Reason.MALFORMED, first.reason(), c + ": " + first.getMessage());
    }
  }

  @Test
  void decode_header_fourBytesAreEnough_threeAreNot() {
    // Version 1 and flags 0, then a declared length of 4 (little-endian): read past the header
    // check, then refused as too short for its fields.
    String four = Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[] {1, 0, 4, 0});
    assertRefused(
        Reason.TRUNCATED,
        "the cursor has 4 bytes, too few for its fields; start from the first page",
        four);
    String three = Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[] {1, 0, 4});
    assertRefused(
        Reason.TRUNCATED,
        "the cursor has 3 bytes, too few for its header; start from the first page",
        three);
  }

  @Test
  void decode_bytesBeyondTheDeclaredLength_countedInTheMessage() {
    byte[] fields = field(new byte[0]);
    String token = token(0, fields, 28 + fields.length + 4 - 3);
    assertRefused(
        Reason.MALFORMED,
        "the cursor has 3 bytes more than the 31 it declares; it was altered: start from the first"
            + " page",
        token);
  }

  @Test
  void decode_shortestBody_isAnEmptySortKey_oneByteLessIsTruncated() {
    assertEquals(
        new Cursor(7, 11, 13, null, new byte[0]), CODEC.decode(token(0, field(new byte[0]))));
    // 28 + 2 + 4 - 1 = 33 bytes: a header and one byte where the sort key's length starts.
    assertRefused(
        Reason.TRUNCATED,
        "the cursor has 33 bytes, too few for its fields; start from the first page",
        token(0, new byte[] {0}));
  }

  @Test
  void decode_snapshotId_oneTo255Bytes() {
    byte[] longest = "s".repeat(CursorCodec.MAX_SNAPSHOT_BYTES).getBytes(StandardCharsets.UTF_8);
    assertEquals(
        "s".repeat(CursorCodec.MAX_SNAPSHOT_BYTES),
        CODEC
            .decode(token(2, concat(field(longest), field(new byte[0]))))
            .snapshot()
            .orElseThrow());
    byte[] over = new byte[CursorCodec.MAX_SNAPSHOT_BYTES + 1];
    java.util.Arrays.fill(over, (byte) 's');
    assertRefused(
        Reason.MALFORMED,
        "the cursor's snapshot id has 256 bytes; expected 1 to 255",
        token(2, concat(field(over), field(new byte[0]))));
    assertRefused(
        Reason.MALFORMED,
        "the cursor's snapshot id has 0 bytes; expected 1 to 255",
        token(2, concat(field(new byte[0]), field(new byte[0]))));
  }

  @Test
  void decode_fieldLengths_checkedAgainstTheBody() {
    // A snapshot id that takes the whole body: no room left for the sort key's length.
    assertRefused(
        Reason.MALFORMED,
        "the cursor ends where its sort key should start; start from the first page",
        token(2, field(new byte[] {'a', 'b'})));
    // A sort key that declares 5 bytes with 3 present.
    assertRefused(
        Reason.MALFORMED,
        "the cursor's sort key declares 5 bytes but only 3 follow; start from the first page",
        token(0, new byte[] {5, 0, 1, 2, 3}));
    // A sort key of exactly the bytes that follow is read whole.
    assertEquals(
        new Cursor(7, 11, 13, null, new byte[] {1, 2, 3}),
        CODEC.decode(token(0, new byte[] {3, 0, 1, 2, 3})));
  }

  @Test
  void decode_bytesAfterTheSortKey_refusedWithTheirCount() {
    assertRefused(
        Reason.MALFORMED,
        "the cursor has 3 unread bytes after its sort key; start from the first page",
        token(0, concat(field(new byte[] {1}), new byte[] {4, 5, 6})));
  }

  @Test
  void cursor_equalsEveryFieldAndOnlyThem() {
    Cursor c = new Cursor(7, 11, 13, "snap", new byte[] {1, 2});
    assertEquals(c, new Cursor(7, 11, 13, "snap", new byte[] {1, 2}));
    assertEquals(c.hashCode(), new Cursor(7, 11, 13, "snap", new byte[] {1, 2}).hashCode());
    for (Cursor other :
        new Cursor[] {
          new Cursor(8, 11, 13, "snap", new byte[] {1, 2}),
          new Cursor(7, 12, 13, "snap", new byte[] {1, 2}),
          new Cursor(7, 11, 14, "snap", new byte[] {1, 2}),
          new Cursor(7, 11, 13, "snip", new byte[] {1, 2}),
          new Cursor(7, 11, 13, null, new byte[] {1, 2}),
          new Cursor(7, 11, 13, "snap", new byte[] {1, 3})
        }) {
      org.junit.jupiter.api.Assertions.assertNotEquals(c, other, other.toString());
    }
    org.junit.jupiter.api.Assertions.assertNotEquals(c, "a cursor");
  }
}
