package io.shardrouter.query;

import io.shardrouter.query.InvalidCursorException.Reason;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.zip.CRC32C;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link Pager} turns the position of a page into an opaque, URL-safe token and back,
 * refusing anything that is not a cursor this service issued: tokens that are malformed, truncated,
 * of an unknown format version, altered, or (with {@link #signed}) not signed with this service's
 * key. Each {@link Pager} holds one, chosen with {@link Pager#signed} or {@link Pager#unsigned};
 * the pager encodes and decodes, and the token format below is pinned by golden tokens.
 *
 * <p>Token format 1 is URL-safe Base64 without padding of these bytes (numbers little-endian):
 *
 * <pre>
 *   0   1  format version (1)
 *   1   1  flags: bit 0 signed, bit 1 has snapshot; other bits 0
 *   2   2  length of all the bytes, trailer included
 *   4   8  routing version
 *  12   8  filter fingerprint: the first 8 bytes of SHA-256 of the UTF-8 filter text
 *  20   8  sort fingerprint: the same of the sort's name, a space and its direction
 *  28      when bit 1: snapshot id, 2-byte length then UTF-8 (at most {@value #MAX_SNAPSHOT_BYTES} bytes)
 *          sort key, 2-byte length then the bytes of the {@link SortKeyCodec}
 *          trailer: signed, HMAC-SHA256 of all bytes before it (32 bytes);
 *                   unsigned, CRC-32C of all bytes before it (4 bytes)
 * </pre>
 *
 * <p>Each cursor has exactly one accepted token: a token with {@code =} padding, or whose last
 * character carries non-zero unused bits, is refused as {@link Reason#MALFORMED} even though it
 * decodes to the same bytes, and a snapshot id must be valid UTF-8; so a token can serve as a cache
 * or idempotency key.
 *
 * <p>An unsigned cursor can be read and rewritten by a client (the checksum only catches damage);
 * sign cursors whenever the sort key or the snapshot must not be chosen by the client. Signing keys
 * rotate: sign with the new key and keep verifying with the old ones until their cursors expire.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share.
 *
 * <p>Stable within format version {@value #FORMAT_VERSION}; a new layout is a new version.
 */
final class CursorCodec {
  /** The token format this codec writes; it reads only this one. */
  static final int FORMAT_VERSION = 1;

  /** The longest token accepted, in characters. */
  static final int MAX_TOKEN_CHARS = 4096;

  /** The longest snapshot id, in UTF-8 bytes. */
  static final int MAX_SNAPSHOT_BYTES = 255;

  /** The shortest signing key, in bytes (the output size of SHA-256). */
  static final int MIN_KEY_BYTES = 32;

  private static final String HMAC = "HmacSHA256";
  private static final int FLAG_SIGNED = 1;
  private static final int FLAG_SNAPSHOT = 2;
  private static final int HEADER = 28;
  private static final int MAC_BYTES = 32;
  private static final int CRC_BYTES = 4;

  private final @Nullable SecretKeySpec signingKey;
  private final List<SecretKeySpec> verifyingKeys;

  private CursorCodec(@Nullable SecretKeySpec signingKey, List<SecretKeySpec> verifyingKeys) {
    this.signingKey = signingKey;
    this.verifyingKeys = verifyingKeys;
  }

  /** A codec that writes and accepts unsigned cursors (checksummed, not protected). */
  static CursorCodec unsigned() {
    return new CursorCodec(null, List.of());
  }

  /**
   * A codec that signs cursors with HMAC-SHA256 under {@code key} and accepts only cursors signed
   * with {@code key} or one of {@code previousKeys}.
   *
   * @param key at least {@value #MIN_KEY_BYTES} random bytes, the same in every instance of the
   *     service
   */
  static CursorCodec signed(byte[] key, byte[]... previousKeys) {
    SecretKeySpec k = keySpec(key, "key");
    List<SecretKeySpec> all = new ArrayList<>();
    all.add(k);
    for (int i = 0; i < previousKeys.length; i++) {
      all.add(keySpec(previousKeys[i], "previousKeys[" + i + "]"));
    }
    return new CursorCodec(k, List.copyOf(all));
  }

  private static SecretKeySpec keySpec(byte[] key, String name) {
    Objects.requireNonNull(key, name);
    if (key.length < MIN_KEY_BYTES) {
      throw new IllegalArgumentException(
          "cursor signing "
              + name
              + " has "
              + key.length
              + " bytes; give at least "
              + MIN_KEY_BYTES
              + " random bytes (e.g. from SecureRandom), the same for every instance of the service");
    }
    return new SecretKeySpec(key.clone(), HMAC);
  }

  /** True when this codec signs cursors and accepts only signed ones. */
  boolean signs() {
    return signingKey != null;
  }

  /** The token of {@code cursor}. */
  String encode(Cursor cursor) {
    byte[] snapshot = cursor.snapshot().map(s -> s.getBytes(StandardCharsets.UTF_8)).orElse(null);
    byte[] key = cursor.sortKeyUnsafe();
    int bodyLength = HEADER + (snapshot == null ? 0 : 2 + snapshot.length) + 2 + key.length;
    int total = bodyLength + (signs() ? MAC_BYTES : CRC_BYTES);
    byte[] b = new byte[total];
    b[0] = (byte) FORMAT_VERSION;
    b[1] = (byte) ((signs() ? FLAG_SIGNED : 0) | (snapshot == null ? 0 : FLAG_SNAPSHOT));
    putShort(b, 2, total);
    putLong(b, 4, cursor.routingVersion());
    putLong(b, 12, cursor.filterFingerprint());
    putLong(b, 20, cursor.sortFingerprint());
    int pos = HEADER;
    if (snapshot != null) {
      putShort(b, pos, snapshot.length);
      System.arraycopy(snapshot, 0, b, pos + 2, snapshot.length);
      pos += 2 + snapshot.length;
    }
    putShort(b, pos, key.length);
    System.arraycopy(key, 0, b, pos + 2, key.length);
    pos += 2 + key.length;
    SecretKeySpec signer = signingKey;
    if (signer != null) {
      System.arraycopy(mac(signer, b, bodyLength), 0, b, pos, MAC_BYTES);
    } else {
      putInt(b, pos, crc(b, bodyLength));
    }
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  /**
   * The cursor of {@code token}.
   *
   * @throws InvalidCursorException when the token is not a cursor this codec accepts; the reason
   *     says why
   */
  Cursor decode(String token) {
    if (token == null || token.isEmpty()) {
      throw refused(
          Reason.MALFORMED,
          "the cursor is "
              + (token == null ? "null" : "empty")
              + "; to ask for the first page, send no cursor at all");
    }
    if (token.length() > MAX_TOKEN_CHARS) {
      throw refused(
          Reason.MALFORMED,
          "the cursor has "
              + token.length()
              + " characters, over the limit of "
              + MAX_TOKEN_CHARS
              + "; it was not issued by this service");
    }
    byte[] b;
    try {
      b = Base64.getUrlDecoder().decode(token);
    } catch (IllegalArgumentException e) {
      if (token.length() % 4 == 1 && isUrlSafeBase64(token)) {
        throw refused(
            Reason.TRUNCATED,
            "the cursor ends in the middle of a character group; it was cut off:"
                + " pass the whole token");
      }
      throw refused(
          Reason.MALFORMED,
          "the cursor is not URL-safe Base64 ("
              + e.getMessage()
              + "); pass the token exactly as it was handed out, URL-decoded once");
    }
    if (b.length == 0) {
      throw refused(Reason.TRUNCATED, "the cursor decodes to no bytes; start from the first page");
    }
    int version = b[0] & 0xFF;
    if (version != FORMAT_VERSION) {
      throw refused(
          Reason.UNKNOWN_VERSION,
          "the cursor is in format version "
              + version
              + ", this library reads version "
              + FORMAT_VERSION
              + " only; it was issued by another release of the service: start from the first page");
    }
    if (b.length < 4) {
      throw refused(
          Reason.TRUNCATED,
          "the cursor has "
              + b.length
              + " bytes, too few for its header; start from the first page");
    }
    int declared = getShort(b, 2);
    if (b.length < declared) {
      throw refused(
          Reason.TRUNCATED,
          "the cursor has "
              + b.length
              + " of its "
              + declared
              + " bytes; it was cut off: pass the whole token");
    }
    if (b.length > declared) {
      throw refused(
          Reason.MALFORMED,
          "the cursor has "
              + (b.length - declared)
              + " bytes more than the "
              + declared
              + " it declares; it was altered: start from the first page");
    }
    if (!Base64.getUrlEncoder().withoutPadding().encodeToString(b).equals(token)) {
      throw refused(
          Reason.MALFORMED,
          "the cursor is not in its one canonical spelling (URL-safe Base64 without '=' padding,"
              + " unused bits of the last character zero); it was altered: pass the token exactly"
              + " as it was handed out");
    }
    int flags = b[1] & 0xFF;
    if ((flags & ~(FLAG_SIGNED | FLAG_SNAPSHOT)) != 0) {
      throw refused(
          Reason.MALFORMED,
          "the cursor has unknown flags 0x"
              + Integer.toHexString(flags)
              + "; it was altered or issued by another release: start from the first page");
    }
    boolean signed = (flags & FLAG_SIGNED) != 0;
    int trailer = signed ? MAC_BYTES : CRC_BYTES;
    if (declared < HEADER + 2 + trailer) {
      throw refused(
          Reason.TRUNCATED,
          "the cursor has "
              + declared
              + " bytes, too few for its fields; start from the first page");
    }
    int bodyLength = declared - trailer;
    if (signs() && !signed) {
      throw refused(
          Reason.UNSIGNED,
          "the cursor is not signed, and this service accepts signed cursors only;"
              + " it was made up or issued by a service without the signing key: start from the first page");
    }
    if (signed) {
      if (!signs()) {
        throw refused(
            Reason.BAD_SIGNATURE,
            "the cursor is signed, but this service has no signing key to verify it;"
                + " build the pager with Pager.signed and the key of the service that issued it");
      }
      if (!verifies(b, bodyLength)) {
        throw refused(
            Reason.BAD_SIGNATURE,
            "the cursor's signature does not verify: it was altered, forged, or signed"
                + " with a key this service does not have; start from the first page");
      }
    } else if (getInt(b, bodyLength) != crc(b, bodyLength)) {
      throw refused(
          Reason.CORRUPT,
          "the cursor's checksum does not match: it was altered or damaged; start from the first page");
    }
    long routingVersion = getLong(b, 4);
    long filter = getLong(b, 12);
    long sort = getLong(b, 20);
    int pos = HEADER;
    String snapshot = null;
    if ((flags & FLAG_SNAPSHOT) != 0) {
      int n = field(b, pos, bodyLength, "snapshot id");
      if (n == 0 || n > MAX_SNAPSHOT_BYTES) {
        throw refused(
            Reason.MALFORMED,
            "the cursor's snapshot id has " + n + " bytes; expected 1 to " + MAX_SNAPSHOT_BYTES);
      }
      try {
        snapshot =
            StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(b, pos + 2, n))
                .toString();
      } catch (CharacterCodingException e) {
        throw refused(
            Reason.MALFORMED,
            "the cursor's snapshot id is not valid UTF-8; it was altered: start from the first page");
      }
      pos += 2 + n;
    }
    int m = field(b, pos, bodyLength, "sort key");
    if (m > SortKeyCodec.Writer.MAX_BYTES) {
      throw refused(
          Reason.MALFORMED,
          "the cursor's sort key has "
              + m
              + " bytes, over the limit of "
              + SortKeyCodec.Writer.MAX_BYTES);
    }
    byte[] key = new byte[m];
    System.arraycopy(b, pos + 2, key, 0, m);
    pos += 2 + m;
    if (pos != bodyLength) {
      throw refused(
          Reason.MALFORMED,
          "the cursor has "
              + (bodyLength - pos)
              + " unread bytes after its sort key;"
              + " start from the first page");
    }
    return new Cursor(routingVersion, filter, sort, snapshot, key);
  }

  private static boolean isUrlSafeBase64(String token) {
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (!((c >= 'A' && c <= 'Z')
          || (c >= 'a' && c <= 'z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '_')) {
        return false;
      }
    }
    return true;
  }

  /** The length of the field at {@code pos}, checked to fit before {@code end}. */
  private static int field(byte[] b, int pos, int end, String what) {
    if (pos + 2 > end) {
      throw refused(
          Reason.MALFORMED,
          "the cursor ends where its " + what + " should start; start from the first page");
    }
    int n = getShort(b, pos);
    if (pos + 2 + n > end) {
      throw refused(
          Reason.MALFORMED,
          "the cursor's "
              + what
              + " declares "
              + n
              + " bytes but only "
              + (end - pos - 2)
              + " follow; start from the first page");
    }
    return n;
  }

  private boolean verifies(byte[] b, int bodyLength) {
    byte[] given = new byte[MAC_BYTES];
    System.arraycopy(b, bodyLength, given, 0, MAC_BYTES);
    for (SecretKeySpec k : verifyingKeys) {
      if (MessageDigest.isEqual(given, mac(k, b, bodyLength))) {
        return true;
      }
    }
    return false;
  }

  private static byte[] mac(SecretKeySpec key, byte[] b, int length) {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(key);
      mac.update(b, 0, length);
      return mac.doFinal();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(
          "this JVM cannot compute " + HMAC + ", which every Java platform must provide", e);
    }
  }

  private static int crc(byte[] b, int length) {
    CRC32C c = new CRC32C();
    c.update(b, 0, length);
    return (int) c.getValue();
  }

  private static InvalidCursorException refused(Reason reason, String message) {
    return new InvalidCursorException(reason, message);
  }

  private static void putShort(byte[] b, int at, int v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
  }

  private static void putInt(byte[] b, int at, int v) {
    for (int i = 0; i < 4; i++) {
      b[at + i] = (byte) (v >>> (8 * i));
    }
  }

  private static void putLong(byte[] b, int at, long v) {
    for (int i = 0; i < 8; i++) {
      b[at + i] = (byte) (v >>> (8 * i));
    }
  }

  private static int getShort(byte[] b, int at) {
    return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
  }

  private static int getInt(byte[] b, int at) {
    int v = 0;
    for (int i = 0; i < 4; i++) {
      v |= (b[at + i] & 0xFF) << (8 * i);
    }
    return v;
  }

  private static long getLong(byte[] b, int at) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v |= (b[at + i] & 0xFFL) << (8 * i);
    }
    return v;
  }

  /** Says whether the codec signs; never prints a key. */
  @Override
  public String toString() {
    return signs()
        ? "cursors{format=1, signed with HMAC-SHA256, " + verifyingKeys.size() + " verifying keys}"
        : "cursors{format=1, unsigned}";
  }
}
