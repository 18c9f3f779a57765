package io.shardrouter.migrate.internal;

/**
 * Lower-case hex of bytes, for cursors and sample keys in state files and reports.
 *
 * <p><b>Stability:</b> internal.
 */
public final class Hexes {
  private static final char[] DIGITS = "0123456789abcdef".toCharArray();

  private Hexes() {}

  /** Hex of {@code bytes}. */
  public static String of(byte[] bytes) {
    char[] c = new char[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      c[2 * i] = DIGITS[(bytes[i] >> 4) & 0xF];
      c[2 * i + 1] = DIGITS[bytes[i] & 0xF];
    }
    return new String(c);
  }

  /**
   * Bytes of a hex string.
   *
   * @throws IllegalArgumentException when {@code hex} is not an even number of hex digits
   */
  public static byte[] parse(String hex, String what) {
    if ((hex.length() & 1) != 0) {
      throw new IllegalArgumentException(what + ": odd number of hex digits in '" + hex + "'");
    }
    byte[] b = new byte[hex.length() / 2];
    for (int i = 0; i < b.length; i++) {
      int hi = Character.digit(hex.charAt(2 * i), 16);
      int lo = Character.digit(hex.charAt(2 * i + 1), 16);
      if (hi < 0 || lo < 0) {
        throw new IllegalArgumentException(what + ": '" + hex + "' is not hex");
      }
      b[i] = (byte) (hi << 4 | lo);
    }
    return b;
  }
}
