package io.shardrouter.hash.internal;

import org.jspecify.annotations.Nullable;

/**
 * Arithmetic on ring tokens: unsigned 64-bit positions on the hash space [0, 2<sup>64</sup>), their
 * text form in routing documents, and the share of the space between two of them.
 *
 * <p>A token is written as exactly 16 lower-case hexadecimal digits (big-endian, most significant
 * digit first), so the text sorts like the number and reads the same in every language; JSON
 * numbers above 2<sup>53</sup> would not survive a JavaScript reader.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> internal to router-hash.
 *
 * <p><b>Allocation:</b> none, except {@link #toHex}.
 */
public final class Tokens {
  /** 2<sup>64</sup> as a double: the size of the hash space. */
  public static final double SPACE = 0x1p64;

  private static final char[] DIGITS = "0123456789abcdef".toCharArray();

  private Tokens() {}

  /** {@code a < b} as unsigned 64-bit integers. */
  public static boolean lessThan(long a, long b) {
    return Long.compareUnsigned(a, b) < 0;
  }

  /** The unsigned value of {@code x} as a double (rounded to 53 bits). */
  public static double unsignedToDouble(long x) {
    if (x >= 0) {
      return x;
    }
    return ((x >>> 1) | (x & 1)) * 2.0;
  }

  /**
   * The share of the hash space in the range [{@code from}, {@code to}) going up from {@code from}
   * and wrapping past 2<sup>64</sup>-1; a range from a token to itself is the whole space.
   */
  public static double share(long from, long to) {
    long size = to - from;
    return size == 0 ? 1.0 : unsignedToDouble(size) / SPACE;
  }

  /**
   * The number of hash points closest to {@code share} of the space, in [1, 2<sup>64</sup>-1] as an
   * unsigned value; {@code share} must be in (0, 1).
   */
  public static long points(double share) {
    long half =
        (long)
            (share * 0x1p63); // in [0, 2^63): truncation is fine, one point is 5e-20 of the space
    long p = half << 1;
    return p == 0 ? 1 : p;
  }

  /** The 16-digit lower-case hex text of {@code token}. */
  public static String toHex(long token) {
    char[] c = new char[16];
    for (int i = 15; i >= 0; i--) {
      c[i] = DIGITS[(int) (token & 0xF)];
      token >>>= 4;
    }
    return new String(c);
  }

  /**
   * Parses 16 lower-case hex digits; returns null when {@code text} is not exactly that (the caller
   * reports where).
   */
  public static @Nullable Long parseHex(@Nullable String text) {
    if (text == null || text.length() != 16) {
      return null;
    }
    long v = 0;
    for (int i = 0; i < 16; i++) {
      char ch = text.charAt(i);
      int d;
      if (ch >= '0' && ch <= '9') {
        d = ch - '0';
      } else if (ch >= 'a' && ch <= 'f') {
        d = ch - 'a' + 10;
      } else {
        return null;
      }
      v = v << 4 | d;
    }
    return v;
  }
}
