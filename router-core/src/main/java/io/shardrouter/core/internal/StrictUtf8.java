package io.shardrouter.core.internal;

/**
 * Checks that a document's bytes are well-formed UTF-8 (Unicode 15, table 3-7) before a JSON parser
 * sees them: no overlong form ({@code C0 80}, {@code C1 BF}, {@code E0 80 AF}), no encoded
 * surrogate, nothing above U+10FFFF, no truncated or stray continuation byte, and no NUL byte,
 * which no UTF-8 JSON document holds and which every UTF-16 or UTF-32 document of ASCII text does
 * (so those are refused, not auto-detected).
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> internal.
 */
public final class StrictUtf8 {
  private StrictUtf8() {}

  /**
   * The offset of the first byte of a document that is not well-formed UTF-8 (or is NUL), or -1.
   */
  public static int firstInvalid(byte[] b) {
    return firstInvalid(b, 0, b.length, false);
  }

  /**
   * The offset of the first byte of {@code b[off, end)} that is not well-formed UTF-8, or -1; a NUL
   * byte counts as invalid unless {@code nulAllowed} (a key's text may hold U+0000, a document
   * never does).
   */
  public static int firstInvalid(byte[] b, int off, int end, boolean nulAllowed) {
    int n = end;
    int i = off;
    while (i < n) {
      int c = b[i] & 0xFF;
      if (c >= 0x01 && c < 0x80) {
        i++;
        continue;
      }
      if (c == 0x00) {
        if (nulAllowed) {
          i++;
          continue;
        }
        return i;
      }
      int len;
      int lo = 0x80;
      int hi = 0xBF;
      if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
      } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) {
          lo = 0xA0; // below is an overlong form
        } else if (c == 0xED) {
          hi = 0x9F; // above is a surrogate
        }
      } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) {
          lo = 0x90;
        } else if (c == 0xF4) {
          hi = 0x8F; // above U+10FFFF
        }
      } else {
        return i; // C0, C1 (overlong), F5-FF, or a continuation byte with no lead
      }
      if (i + len > n) {
        return i;
      }
      int second = b[i + 1] & 0xFF;
      if (second < lo || second > hi) {
        return i;
      }
      for (int k = 2; k < len; k++) {
        int cont = b[i + k] & 0xFF;
        if (cont < 0x80 || cont > 0xBF) {
          return i;
        }
      }
      i += len;
    }
    return -1;
  }

  /** Why the byte at {@code offset} is refused, and what to do. */
  public static String describe(byte[] b, int offset) {
    StringBuilder bytes = new StringBuilder();
    for (int k = offset; k < Math.min(b.length, offset + 4); k++) {
      bytes.append(k == offset ? "" : " ").append(String.format("%02X", b[k] & 0xFF));
    }
    String what =
        b[offset] == 0
            ? "a NUL byte, which no UTF-8 JSON document holds (UTF-16 and UTF-32 text has them)"
            : "not well-formed UTF-8 (an overlong form, an encoded surrogate, a truncated sequence"
                + " or a stray continuation byte)";
    return "byte offset "
        + offset
        + " (bytes "
        + bytes
        + "): "
        + what
        + "; routing documents are strict UTF-8: save the file as UTF-8";
  }
}
