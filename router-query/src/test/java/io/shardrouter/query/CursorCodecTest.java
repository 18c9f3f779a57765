package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingException;
import io.shardrouter.query.InvalidCursorException.Reason;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class CursorCodecTest {
  private static final byte[] KEY =
      "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] OTHER_KEY =
      "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII);
  private static final Cursor CURSOR =
      new Cursor(
          42,
          Fingerprint.of("user_id=7"),
          Fingerprint.of("created_at,order_id DESC"),
          "read-ts-1700000000",
          new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9});

  private static byte[] bytes(String token) {
    return Base64.getUrlDecoder().decode(token);
  }

  private static String token(byte[] b) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  private static InvalidCursorException refused(CursorCodec codec, String token) {
    InvalidCursorException e =
        assertThrows(InvalidCursorException.class, () -> codec.decode(token));
    assertTrue(e instanceof RoutingException);
    return e;
  }

  @Test
  void roundTrip_signedAndUnsigned_withAndWithoutSnapshot() {
    Cursor noSnapshot = new Cursor(-1, 1, 2, null, new byte[0]);
    for (CursorCodec codec : new CursorCodec[] {CursorCodec.unsigned(), CursorCodec.signed(KEY)}) {
      for (Cursor c : new Cursor[] {CURSOR, noSnapshot}) {
        String token = codec.encode(c);
        assertTrue(token.matches("[A-Za-z0-9_-]+"), "URL-safe, no padding: " + token);
        assertEquals(c, codec.decode(token));
      }
    }
    assertEquals(
        "read-ts-1700000000",
        CursorCodec.signed(KEY)
            .decode(CursorCodec.signed(KEY).encode(CURSOR))
            .snapshot()
            .orElseThrow());
  }

  /**
   * Format 1 is kept by clients (bookmarked URLs), so its bytes never change. These tokens were
   * produced by this codec when format 1 was introduced and checked against an independent encoder
   * written from the layout in {@link CursorCodec}'s javadoc (Python 3: {@code hashlib.sha256} for
   * the fingerprints, {@code hmac} with SHA-256 for the signature, a bitwise CRC-32C with
   * polynomial 0x82F63B78 for the checksum, {@code base64.urlsafe_b64encode} without padding). A
   * change that breaks them needs a new format version.
   */
  @Test
  void golden_format1Tokens() {
    Cursor c =
        new Cursor(
            15, Fingerprint.of("user_id=7"), Fingerprint.of("a ASC"), null, new byte[] {42, 0});
    assertEquals(
        "AQAkAA8AAAAAAAAA0blAJenEilifLf_ZJJIzmgIAKgBnOgSm", CursorCodec.unsigned().encode(c));
    Cursor s =
        new Cursor(
            16, Fingerprint.of("user_id=7"), Fingerprint.of("a ASC"), "snap-1", new byte[] {42, 0});
    assertEquals(
        "AQNIABAAAAAAAAAA0blAJenEilifLf_ZJJIzmgYAc25hcC0xAgAqAI7TGv41meTe5YGZpqY6oHNyNRQwv4EUzW7NSA8t21t6",
        CursorCodec.signed(KEY).encode(s));
    assertEquals(
        c, CursorCodec.unsigned().decode("AQAkAA8AAAAAAAAA0blAJenEilifLf_ZJJIzmgIAKgBnOgSm"));
    assertEquals(
        s,
        CursorCodec.signed(KEY)
            .decode(
                "AQNIABAAAAAAAAAA0blAJenEilifLf_ZJJIzmgYAc25hcC0xAgAqAI7TGv41meTe5YGZpqY6oHNyNRQwv4EUzW7NSA8t21t6"));
  }

  @Test
  void decode_everySingleByteAlteration_refused() {
    for (CursorCodec codec : new CursorCodec[] {CursorCodec.unsigned(), CursorCodec.signed(KEY)}) {
      byte[] good = bytes(codec.encode(CURSOR));
      for (int i = 0; i < good.length; i++) {
        for (int bit = 0; bit < 8; bit++) {
          byte[] bad = good.clone();
          bad[i] ^= (byte) (1 << bit);
          String t = token(bad);
          assertThrows(
              InvalidCursorException.class,
              () -> codec.decode(t),
              codec + ": byte " + i + " bit " + bit);
        }
      }
    }
  }

  @Test
  void decode_alteredSortKey_refusedWithTheReason() {
    byte[] unsigned = bytes(CursorCodec.unsigned().encode(CURSOR));
    unsigned[unsigned.length - 6] ^= 1; // inside the sort key
    assertEquals(Reason.CORRUPT, refused(CursorCodec.unsigned(), token(unsigned)).reason());

    byte[] signed = bytes(CursorCodec.signed(KEY).encode(CURSOR));
    signed[signed.length - 34] ^= 1; // the last byte of the sort key, before the 32-byte signature
    InvalidCursorException e = refused(CursorCodec.signed(KEY), token(signed));
    assertEquals(Reason.BAD_SIGNATURE, e.reason());
    assertTrue(
        e.getMessage()
            .startsWith(
                "invalid cursor (BAD_SIGNATURE): the cursor's signature does not verify: it"
                    + " was altered, forged, or signed with a key this service does not have; start from the first page"),
        e.getMessage());
  }

  @Test
  void decode_everyTruncation_refused() {
    for (CursorCodec codec : new CursorCodec[] {CursorCodec.unsigned(), CursorCodec.signed(KEY)}) {
      String good = codec.encode(CURSOR);
      for (int n = 0; n < good.length(); n++) {
        String cut = good.substring(0, n);
        assertThrows(
            InvalidCursorException.class,
            () -> codec.decode(cut),
            codec + ": first " + n + " characters");
      }
      String half = good.substring(0, good.length() / 2);
      InvalidCursorException e = refused(codec, half);
      assertEquals(Reason.TRUNCATED, e.reason());
      assertTrue(e.getMessage().contains("it was cut off: pass the whole token"), e.getMessage());
    }
  }

  @Test
  void decode_forgedOrUnsigned_refusedBySignedCodec() {
    CursorCodec codec = CursorCodec.signed(KEY);
    assertEquals(
        Reason.BAD_SIGNATURE,
        refused(codec, CursorCodec.signed(OTHER_KEY).encode(CURSOR)).reason());
    InvalidCursorException unsigned = refused(codec, CursorCodec.unsigned().encode(CURSOR));
    assertEquals(Reason.UNSIGNED, unsigned.reason());
    assertTrue(
        unsigned.getMessage().contains("this service accepts signed cursors only"),
        unsigned.getMessage());
    InvalidCursorException noKey = refused(CursorCodec.unsigned(), codec.encode(CURSOR));
    assertEquals(Reason.BAD_SIGNATURE, noKey.reason());
    assertTrue(
        noKey.getMessage().contains("this service has no signing key to verify it"),
        noKey.getMessage());
  }

  @Test
  void decode_rotatedKey_oldCursorsStillAccepted() {
    String old = CursorCodec.signed(OTHER_KEY).encode(CURSOR);
    CursorCodec rotated = CursorCodec.signed(KEY, OTHER_KEY);
    assertEquals(CURSOR, rotated.decode(old));
    assertEquals(
        CURSOR,
        CursorCodec.signed(KEY).decode(rotated.encode(CURSOR)),
        "new cursors use the new key");
  }

  @Test
  void decode_unknownVersion_refused() {
    byte[] b = bytes(CursorCodec.unsigned().encode(CURSOR));
    b[0] = 2;
    InvalidCursorException e = refused(CursorCodec.unsigned(), token(b));
    assertEquals(Reason.UNKNOWN_VERSION, e.reason());
    assertEquals(
        "invalid cursor (UNKNOWN_VERSION): the cursor is in format version 2, this library reads version 1"
            + " only; it was issued by another release of the service: start from the first page",
        e.getMessage());
  }

  @Test
  void decode_notACursor_refusedAsMalformed() {
    CursorCodec codec = CursorCodec.unsigned();
    assertEquals(Reason.MALFORMED, refused(codec, "").reason());
    assertEquals(Reason.MALFORMED, refused(codec, null).reason());
    InvalidCursorException notBase64 = refused(codec, "page=2&sort=desc");
    assertEquals(Reason.MALFORMED, notBase64.reason());
    assertTrue(notBase64.getMessage().contains("not URL-safe Base64"), notBase64.getMessage());
    assertEquals(
        Reason.MALFORMED, refused(codec, "A".repeat(CursorCodec.MAX_TOKEN_CHARS + 1)).reason());
    byte[] extra =
        Arrays.copyOf(bytes(codec.encode(CURSOR)), bytes(codec.encode(CURSOR)).length + 1);
    assertEquals(Reason.MALFORMED, refused(codec, token(extra)).reason());
  }

  @Test
  void signed_shortKey_refused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CursorCodec.signed(new byte[16]));
    assertTrue(
        e.getMessage().startsWith("cursor signing key has 16 bytes; give at least 32 random bytes"),
        e.getMessage());
    assertFalse(
        CursorCodec.signed(KEY).toString().contains("0123"), "toString never prints the key");
  }

  @Test
  void cursor_limitsChecked() {
    assertThrows(IllegalArgumentException.class, () -> new Cursor(1, 1, 1, "", new byte[0]));
    assertThrows(
        IllegalArgumentException.class, () -> new Cursor(1, 1, 1, "x".repeat(256), new byte[0]));
    assertThrows(
        IllegalArgumentException.class,
        () -> new Cursor(1, 1, 1, null, new byte[SortKeyCodec.Writer.MAX_BYTES + 1]));
    String longest =
        CursorCodec.signed(KEY)
            .encode(
                new Cursor(
                    Long.MAX_VALUE,
                    -1,
                    -1,
                    "é".repeat(127),
                    new byte[SortKeyCodec.Writer.MAX_BYTES]));
    assertTrue(longest.length() <= CursorCodec.MAX_TOKEN_CHARS);
    assertEquals(Long.MAX_VALUE, CursorCodec.signed(KEY).decode(longest).routingVersion());
  }
}
