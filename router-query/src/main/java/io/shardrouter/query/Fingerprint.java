package io.shardrouter.query;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The 64-bit fingerprint a cursor keeps of its filter and its sort: the first 8 bytes of SHA-256
 * over the UTF-8 text, read little-endian. It tells a cursor's query from another one; it is no
 * secret and no signature (see {@link CursorCodec#signed}).
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p>Part of cursor format 1 ({@code docs/queries.md}, "The token"): a change is a new format.
 */
final class Fingerprint {
  private Fingerprint() {}

  /** The fingerprint of {@code text}. */
  static long of(String text) {
    byte[] d;
    try {
      d = MessageDigest.getInstance("SHA-256").digest(utf8(text));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(
          "this JVM has no SHA-256, which every Java platform must provide", e);
    }
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v |= (d[i] & 0xFFL) << (8 * i);
    }
    return v;
  }

  /** 16 hex digits. */
  static String hex(long fingerprint) {
    return String.format("%016x", fingerprint);
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
