package io.shardrouter.core.internal;

/**
 * Lower-case hexadecimal text of bytes, as printed by {@code shardctl explain} and used for {@code
 * bytes} keys on the command line.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class Hex {
  private static final char[] DIGITS = "0123456789abcdef".toCharArray();

  private Hex() {}

  public static String of(byte[] b) {
    return of(b, 0, b.length);
  }

  public static String of(byte[] b, int off, int len) {
    char[] out = new char[len * 2];
    for (int i = 0; i < len; i++) {
      int v = b[off + i] & 0xFF;
      out[2 * i] = DIGITS[v >>> 4];
      out[2 * i + 1] = DIGITS[v & 0xF];
    }
    return new String(out);
  }

  /**
   * The subject of {@link #parse}'s messages. They do not quote the text, which may hold anything
   * (a terminal escape, a forged line): a caller that names it quotes it escaped.
   */
  public static final String HEX_TEXT = "hex text";

  /**
   * Parses an even number of ASCII hex digits ({@code 0-9}, {@code a-f}, {@code A-F}); throws
   * {@link IllegalArgumentException} otherwise (other Unicode digits included), with a message that
   * starts with {@link #HEX_TEXT} and does not quote the text.
   */
  public static byte[] parse(String text) {
    if (text.length() % 2 != 0) {
      throw new IllegalArgumentException(
          HEX_TEXT + " has an odd number of digits (" + text.length() + ")");
    }
    byte[] b = new byte[text.length() / 2];
    for (int i = 0; i < b.length; i++) {
      int hi = asciiHex(text.charAt(2 * i));
      int lo = asciiHex(text.charAt(2 * i + 1));
      if (hi < 0 || lo < 0) {
        throw new IllegalArgumentException(HEX_TEXT + " has a non-hex digit near index " + (2 * i));
      }
      b[i] = (byte) (hi << 4 | lo);
    }
    return b;
  }

  private static int asciiHex(char c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }
}
