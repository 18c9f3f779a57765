package io.shardrouter.core;

import io.shardrouter.core.internal.Hex;
import java.time.Instant;

/**
 * The text forms of key values that are not text themselves (docs/routing-spec.md §2): {@code
 * bytes} as lower-case hexadecimal, {@code timestamp} as ISO-8601 with an offset, held as signed
 * microseconds since 1970-01-01T00:00:00Z. A strategy whose parameters name keys (range bounds,
 * directory entries) writes and reads them with these, so that its documents read alike in every
 * implementation; {@link KeyType#parseText} and {@link KeyType#format} do the same for whole keys.
 * {@link #printable} gives a key's text (or any text taken from input) as a tool prints it for
 * people, escaped as error messages quote input.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable: the forms are the routing spec's.
 *
 * @since 0.1
 */
public final class KeyText {
  private KeyText() {}

  /** Lower-case hexadecimal of {@code b}, two digits a byte. */
  public static String hex(byte[] b) {
    return Hex.of(b);
  }

  /** Lower-case hexadecimal of {@code b[off, off + len)}. */
  public static String hex(byte[] b, int off, int len) {
    return Hex.of(b, off, len);
  }

  /**
   * The bytes written as {@code text}: an even number of hexadecimal digits, either case.
   *
   * @throws IllegalArgumentException naming the text when a character is not a hex digit or the
   *     number of digits is odd
   */
  public static byte[] parseHex(String text) {
    try {
      return Hex.parse(text);
    } catch (IllegalArgumentException e) {
      String m = String.valueOf(e.getMessage());
      throw new IllegalArgumentException(
          Hex.HEX_TEXT
              + " '"
              + Printable.of(text)
              + "'"
              + (m.startsWith(Hex.HEX_TEXT) ? m.substring(Hex.HEX_TEXT.length()) : ": " + m),
          e);
    }
  }

  /**
   * The microseconds since the epoch of {@code instant}: a {@code timestamp} key's value.
   *
   * @throws InvalidKeyException when the instant is null, finer than a microsecond, or out of the
   *     range of a {@code long}
   */
  public static long micros(Instant instant) {
    return Timestamps.micros(instant);
  }

  /** The instant {@code micros} microseconds after (before, when negative) the epoch. */
  public static Instant instant(long micros) {
    return Timestamps.instant(micros);
  }

  /**
   * The canonical text of a timestamp: ISO-8601 in UTC with a {@code Z}, fraction digits only as
   * needed ({@code 2026-04-01T00:00:00Z}).
   */
  public static String timestamp(long micros) {
    return Timestamps.format(micros);
  }

  /**
   * {@code text} as it may be printed on one line of a terminal or log: the escaping every error
   * message quotes input with (docs/format.md §1.8). Control characters (U+0000–U+001F,
   * U+007F–U+009F), U+2028, U+2029, format characters (Unicode category Cf: bidirectional
   * overrides, zero-width characters, the tag characters) and lone surrogates are written {@code
   * \\uhhhh} ({@code \\n}, {@code \\r}, {@code \\t} for those three); everything else, a backslash
   * included, is kept. So the result is one line, sends no terminal escape sequence and hides no
   * character; it is {@code text} itself when nothing needed escaping. It is for people: a text
   * that holds {@code \\t} and one that holds a tab print alike.
   */
  public static String printable(String text) {
    return Printable.of(text);
  }

  /**
   * The microseconds of a timestamp written in ISO-8601 with an offset ({@code Z} or {@code
   * ±hh:mm}), by the grammar of docs/routing-spec.md §2.4.
   *
   * @throws InvalidKeyException naming the text when it is no such timestamp, has no offset, or is
   *     finer than a microsecond or out of range
   */
  public static long parseTimestamp(String text) {
    return Timestamps.parse(text);
  }
}
