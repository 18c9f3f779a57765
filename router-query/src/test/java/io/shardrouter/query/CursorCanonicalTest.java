package io.shardrouter.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.query.InvalidCursorException.Reason;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * A cursor has exactly one accepted token: padding, non-zero unused bits and a snapshot id that is
 * not UTF-8 are refused, so a token can serve as a cache or idempotency key.
 */
class CursorCanonicalTest {
  private static final String ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  private static final byte[] KEY =
      "canonical-test-cursor-signing-k!".getBytes(StandardCharsets.US_ASCII);

  private static long seed() {
    return Long.getLong("shardrouter.test.seed", 0xC0DEC0DEL);
  }

  private static Cursor randomCursor(SplittableRandom rnd) {
    byte[] key = new byte[rnd.nextInt(40)];
    rnd.nextBytes(key);
    String snapshot = rnd.nextBoolean() ? null : "snap-" + rnd.nextInt(1_000_000);
    return new Cursor(rnd.nextLong(), rnd.nextLong(), rnd.nextLong(), snapshot, key);
  }

  /** Every other spelling of {@code token} that Java's lenient decoder maps to the same bytes. */
  private static void assertOnlySpellingAccepted(CursorCodec codec, String token, String context) {
    codec.decode(token);
    int rem = token.length() % 4;
    if (rem != 0) {
      String padded = token + "=".repeat(4 - rem);
      assertEquals(
          Reason.MALFORMED,
          assertThrows(InvalidCursorException.class, () -> codec.decode(padded), context).reason(),
          context + ": padded");
      int unused = rem == 2 ? 4 : 2;
      int last = ALPHABET.indexOf(token.charAt(token.length() - 1));
      assertEquals(0, last & ((1 << unused) - 1), context + ": the encoder writes zero bits");
      for (int bits = 1; bits < 1 << unused; bits++) {
        String other = token.substring(0, token.length() - 1) + ALPHABET.charAt(last | bits);
        assertEquals(
            Base64.getUrlDecoder().decode(token).length,
            Base64.getUrlDecoder().decode(other).length,
            context);
        InvalidCursorException e =
            assertThrows(
                InvalidCursorException.class, () -> codec.decode(other), context + " " + other);
        assertEquals(Reason.MALFORMED, e.reason(), context);
        assertTrue(e.getMessage().contains("one canonical spelling"), e.getMessage());
      }
    }
  }

  @Test
  void decode_everyOtherSpellingOfRandomCursors_refused() {
    long seed = seed();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < 300; i++) {
      Cursor c = randomCursor(rnd);
      for (CursorCodec codec :
          new CursorCodec[] {CursorCodec.unsigned(), CursorCodec.signed(KEY)}) {
        String context = "seed " + seed + " (rerun with -Dshardrouter.test.seed=N), cursor " + i;
        String token = codec.encode(c);
        assertEquals(c, codec.decode(token), context);
        assertOnlySpellingAccepted(codec, token, context + " " + codec);
      }
    }
  }

  @Test
  void decode_paddedTokenOfAFullGroup_refused() {
    // a token whose length is a multiple of 4 has no unused bits; "====" is still not its spelling
    SplittableRandom rnd = new SplittableRandom(seed());
    String token;
    do {
      token = CursorCodec.unsigned().encode(randomCursor(rnd));
    } while (token.length() % 4 != 0);
    String padded = token + "====";
    assertThrows(InvalidCursorException.class, () -> CursorCodec.unsigned().decode(padded));
  }

  @Test
  void decode_snapshotIdNotUtf8_refusedAsMalformed() {
    // an unsigned cursor (format 1) with a valid checksum whose snapshot id is C0 80, an overlong
    // NUL: a lenient decoder reads it as U+FFFD, a second spelling of another snapshot id
    byte[] body = new byte[28 + 2 + 2 + 2 + 1];
    body[0] = 1;
    body[1] = 2; // unsigned, has snapshot
    int total = body.length + 4;
    body[2] = (byte) total;
    body[3] = (byte) (total >>> 8);
    body[28] = 2;
    body[30] = (byte) 0xC0;
    body[31] = (byte) 0x80;
    body[32] = 1; // sort key length 1
    body[34] = 7;
    CRC32C crc = new CRC32C();
    crc.update(body, 0, body.length);
    byte[] all = new byte[total];
    System.arraycopy(body, 0, all, 0, body.length);
    int v = (int) crc.getValue();
    for (int i = 0; i < 4; i++) {
      all[body.length + i] = (byte) (v >>> (8 * i));
    }
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(all);
    InvalidCursorException e =
        assertThrows(InvalidCursorException.class, () -> CursorCodec.unsigned().decode(token));
    assertEquals(Reason.MALFORMED, e.reason());
    assertTrue(e.getMessage().contains("snapshot id is not valid UTF-8"), e.getMessage());
    all[30] = 'o';
    all[31] = 'k';
    crc.reset();
    crc.update(all, 0, body.length);
    v = (int) crc.getValue();
    for (int i = 0; i < 4; i++) {
      all[body.length + i] = (byte) (v >>> (8 * i));
    }
    String fixed = Base64.getUrlEncoder().withoutPadding().encodeToString(all);
    assertEquals("ok", CursorCodec.unsigned().decode(fixed).snapshot().orElseThrow());
  }
}
