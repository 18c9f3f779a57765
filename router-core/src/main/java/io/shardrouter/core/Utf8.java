package io.shardrouter.core;

/**
 * Strict UTF-8 encoding of text keys, written into caller buffers so that the hot path never
 * allocates. Unlike {@link String#getBytes(java.nio.charset.Charset)}, a lone surrogate is refused
 * instead of being replaced by {@code '?'}: two different keys must never share canonical bytes.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable; see {@code docs/routing-spec.md} §2.
 *
 * <p><b>Allocation:</b> none, except when a key is refused.
 *
 * @since 0.1
 */
final class Utf8 {
  private Utf8() {}

  /** True when every char of {@code s} is below U+0080, so its UTF-8 bytes are its chars. */
  public static boolean isAscii(CharSequence s) {
    int acc = 0;
    for (int i = 0, n = s.length(); i < n; i++) {
      acc |= s.charAt(i);
    }
    return acc < 0x80;
  }

  /** True when {@code s} has no lone surrogate, so it has a UTF-8 form. */
  public static boolean isWellFormed(CharSequence s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The number of UTF-8 bytes of {@code s}; throws {@link InvalidKeyException} on a lone surrogate.
   */
  public static int encodedLength(CharSequence s) {
    int n = s.length();
    int bytes = n;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        continue;
      }
      if (c < 0x800) {
        bytes += 1;
      } else if (Character.isHighSurrogate(c)) {
        if (i + 1 >= n || !Character.isLowSurrogate(s.charAt(i + 1))) {
          throw loneSurrogate(s, i);
        }
        bytes += 2; // 4 bytes for 2 chars
        i++;
      } else if (Character.isLowSurrogate(c)) {
        throw loneSurrogate(s, i);
      } else {
        bytes += 2;
      }
    }
    return bytes;
  }

  /**
   * Writes the UTF-8 bytes of {@code s} at {@code off}; the caller has checked the room with {@link
   * #encodedLength}. Returns the offset after the last byte written.
   */
  public static int encode(CharSequence s, byte[] dst, int off) {
    int p = off;
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        dst[p++] = (byte) c;
      } else if (c < 0x800) {
        dst[p++] = (byte) (0xC0 | (c >> 6));
        dst[p++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isSurrogate(c)) {
        char low = i + 1 < n ? s.charAt(i + 1) : 0;
        if (!Character.isHighSurrogate(c) || !Character.isLowSurrogate(low)) {
          throw loneSurrogate(s, i);
        }
        int cp = Character.toCodePoint(c, low);
        dst[p++] = (byte) (0xF0 | (cp >> 18));
        dst[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        dst[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        dst[p++] = (byte) (0x80 | (cp & 0x3F));
        i++;
      } else {
        dst[p++] = (byte) (0xE0 | (c >> 12));
        dst[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        dst[p++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return p;
  }

  private static InvalidKeyException loneSurrogate(CharSequence s, int index) {
    return new InvalidKeyException(
        "key text has a lone surrogate U+"
            + Integer.toHexString(s.charAt(index)).toUpperCase(java.util.Locale.ROOT)
            + " at char index "
            + index
            + " and so has no UTF-8 form; fix the producer of the key (length "
            + s.length()
            + ")");
  }
}
