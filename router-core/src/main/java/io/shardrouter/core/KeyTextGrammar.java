package io.shardrouter.core;

/**
 * The language-neutral grammars of keys written as text ({@code docs/routing-spec.md} §2.4): the
 * decimal integers of {@code long} and {@code int} keys, the hex digits of {@code bytes} keys and
 * the date-time of {@code timestamp} keys, over ASCII only. Every rule is written out here rather
 * than left to a platform parser, so that another language accepts and refuses exactly the same
 * text: Java's own parsers accept any Unicode digit ({@code ١٢} as {@code 12}) and offsets such as
 * {@code +08}.
 *
 * <p>Each method throws {@link IllegalArgumentException} with the reason, which the caller wraps in
 * a message naming the key and its type.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> internal.
 */
final class KeyTextGrammar {
  private static final long MICROS_PER_SECOND = 1_000_000L;

  private KeyTextGrammar() {}

  /**
   * A decimal integer in {@code [min, max]}: an optional {@code -}, then one or more ASCII digits
   * {@code 0-9}. Leading zeros are allowed ({@code 007} is 7) and {@code -0} is 0; a {@code +},
   * spaces, and any other digit (Arabic-Indic, fullwidth) are refused.
   */
  public static long decimal(String text, long min, long max) {
    int n = text.length();
    boolean negative = n > 0 && text.charAt(0) == '-';
    int start = negative ? 1 : 0;
    if (n == start) {
      throw new IllegalArgumentException(negative ? "a '-' with no digits" : "no digits");
    }
    long value = 0; // accumulated negatively, so that the minimum of a long fits
    for (int i = start; i < n; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        throw new IllegalArgumentException(
            i == 0 && c == '+'
                ? "a '+' sign; write the digits alone"
                : "character " + describe(c) + " at index " + i + " is not an ASCII digit 0-9");
      }
      int d = c - '0';
      if (value < (Long.MIN_VALUE + d) / 10) {
        throw outOfRange(min, max);
      }
      value = value * 10 - d;
    }
    if (!negative) {
      if (value == Long.MIN_VALUE) {
        throw outOfRange(min, max);
      }
      value = -value;
    }
    if (value < min || value > max) {
      throw outOfRange(min, max);
    }
    return value;
  }

  private static IllegalArgumentException outOfRange(long min, long max) {
    return new IllegalArgumentException("out of range: it must lie in [" + min + ", " + max + "]");
  }

  /**
   * The microseconds since {@code 1970-01-01T00:00:00Z} of a timestamp written {@code date 'T' time
   * offset}:
   *
   * <ul>
   *   <li>date {@code YYYY-MM-DD}, proleptic Gregorian: a year of exactly 4 digits (0000 to 9999),
   *       or {@code +} and 5 or 6 digits (any year they spell, 9999 and earlier included: {@code
   *       +02026} is 2026), or {@code -} and 4 to 6 digits (the negative year they spell; all
   *       zeros, year -0, is refused); month 01-12, day 01 to the month's last day;
   *   <li>{@code T} or {@code t};
   *   <li>time {@code hh:mm}, {@code hh:mm:ss} or {@code hh:mm:ss.f} with hh 00-23, mm and ss 00-59
   *       (no leap second) and 1 to 9 fraction digits; digits after the sixth must be 0;
   *   <li>offset {@code Z}, {@code z}, or {@code +hh:mm} / {@code -hh:mm} with hh 00-23 and mm
   *       00-59; {@code +08}, {@code +0800} and {@code +08:00:00} are refused.
   * </ul>
   *
   * The instant must lie within the signed 64-bit microseconds.
   */
  public static long timestampMicros(String text) {
    Cursor c = new Cursor(text);
    long year;
    char first = c.peek();
    if (first == '+' || first == '-') {
      c.pos++;
      int from = c.pos;
      long digits = c.digits(4, 6, "year");
      int count = c.pos - from;
      if (first == '+' && count < 5) {
        throw new IllegalArgumentException(
            "a year with '+' has 5 or 6 digits; write a year of 0000 to 9999 as 4 digits");
      }
      if (first == '-' && digits == 0) {
        throw new IllegalArgumentException(
            "year "
                + text.substring(0, c.pos)
                + " is -0; a '-' year is below year 0, so write year 0 as 0000");
      }
      year = first == '-' ? -digits : digits;
    } else {
      int from = c.pos;
      while (c.pos < text.length() && text.charAt(c.pos) >= '0' && text.charAt(c.pos) <= '9') {
        c.pos++;
      }
      if (c.pos - from > 4) {
        throw new IllegalArgumentException(
            "the year has more than 4 digits, and a year without a sign has exactly 4 (0000 to"
                + " 9999); write a later year with a '+', such as +10000");
      }
      c.pos = from;
      year = c.fixed(4, "year");
    }
    c.expect('-', "'-' after the year");
    int month = (int) c.fixed(2, "month");
    if (month < 1 || month > 12) {
      throw new IllegalArgumentException("month " + month + " is not 01 to 12");
    }
    c.expect('-', "'-' after the month");
    int day = (int) c.fixed(2, "day");
    int last = lastDay(year, month);
    if (day < 1 || day > last) {
      throw new IllegalArgumentException(
          "day " + day + " is not 01 to " + last + " in " + year + "-" + two(month));
    }
    if (c.atEnd()) {
      throw new IllegalArgumentException("it is a date without a time and offset");
    }
    if (c.peek() != 'T' && c.peek() != 't') {
      throw c.unexpected("'T' between the date and the time");
    }
    c.pos++;
    int hour = (int) c.fixed(2, "hour");
    c.expect(':', "':' after the hour");
    int minute = (int) c.fixed(2, "minute");
    int second = 0;
    long micros = 0;
    if (!c.atEnd() && c.peek() == ':') {
      c.pos++;
      second = (int) c.fixed(2, "second");
      if (!c.atEnd() && c.peek() == '.') {
        c.pos++;
        int from = c.pos;
        long fraction = c.digits(1, 9, "fraction");
        int count = c.pos - from;
        long scaled = fraction;
        for (int i = count; i < 9; i++) {
          scaled *= 10;
        }
        if (scaled % 1000 != 0) {
          throw new IllegalArgumentException(
              "it has a fraction finer than a microsecond; timestamp keys have microsecond"
                  + " precision: write at most 6 non-zero fraction digits");
        }
        micros = scaled / 1000;
      }
    }
    if (hour > 23 || minute > 59 || second > 59) {
      throw new IllegalArgumentException(
          "time " + two(hour) + ":" + two(minute) + ":" + two(second) + " is not a time of day");
    }
    if (c.atEnd()) {
      throw new IllegalArgumentException(
          "it has no zone offset, and a timestamp without one names a different instant in every"
              + " zone");
    }
    int offsetSeconds;
    char o = c.peek();
    if (o == 'Z' || o == 'z') {
      c.pos++;
      offsetSeconds = 0;
    } else if (o == '+' || o == '-') {
      int at = c.pos;
      String offset = text.substring(at);
      if (offset.length() != 6
          || !isDigit(offset.charAt(1))
          || !isDigit(offset.charAt(2))
          || offset.charAt(3) != ':'
          || !isDigit(offset.charAt(4))
          || !isDigit(offset.charAt(5))) {
        throw new IllegalArgumentException(
            "offset '"
                + Printable.of(offset)
                + "' is not of the form +hh:mm or -hh:mm (such as +08:00)");
      }
      int oh = (offset.charAt(1) - '0') * 10 + offset.charAt(2) - '0';
      int om = (offset.charAt(4) - '0') * 10 + offset.charAt(5) - '0';
      c.pos += 6;
      if (oh > 23 || om > 59) {
        throw new IllegalArgumentException(
            "offset '" + text.substring(at, c.pos) + "' has hours over 23 or minutes over 59");
      }
      offsetSeconds = (o == '-' ? -1 : 1) * (oh * 3600 + om * 60);
    } else {
      throw c.unexpected("an offset: Z or +hh:mm or -hh:mm");
    }
    if (!c.atEnd()) {
      throw c.unexpected("the end of the timestamp");
    }
    long seconds =
        daysFromCivil(year, month, day) * 86_400L
            + hour * 3600L
            + minute * 60L
            + second
            - offsetSeconds;
    if (seconds < 0 && micros > 0) { // keeps the product in range down to Long.MIN_VALUE
      seconds++;
      micros -= MICROS_PER_SECOND;
    }
    try {
      return Math.addExact(Math.multiplyExact(seconds, MICROS_PER_SECOND), micros);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(
          "it is outside the range of timestamp keys, "
              + Timestamps.format(Long.MIN_VALUE)
              + " to "
              + Timestamps.format(Long.MAX_VALUE)
              + " (signed 64-bit microseconds since 1970)");
    }
  }

  /** Days from 1970-01-01 to the proleptic Gregorian date (H. Hinnant's days_from_civil). */
  static long daysFromCivil(long year, int month, int day) {
    long y = month <= 2 ? year - 1 : year;
    long era = Math.floorDiv(y, 400);
    long yoe = y - era * 400;
    long doy = (153L * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146_097 + doe - 719_468;
  }

  private static int lastDay(long year, int month) {
    return switch (month) {
      case 2 ->
          (Math.floorMod(year, 4) == 0
                  && (Math.floorMod(year, 100) != 0 || Math.floorMod(year, 400) == 0))
              ? 29
              : 28;
      case 4, 6, 9, 11 -> 30;
      default -> 31;
    };
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static String two(int v) {
    return v < 10 ? "0" + v : Integer.toString(v);
  }

  /**
   * A character for an error message: printable ASCII as is, anything else as U+hhhh (hex digits).
   */
  static String describe(char c) {
    return c >= 0x20 && c < 0x7F ? "'" + c + "'" : String.format("U+%04X", (int) c);
  }

  /** A read position in the text of a timestamp. */
  private static final class Cursor {
    final String text;
    int pos;

    Cursor(String text) {
      this.text = text;
    }

    boolean atEnd() {
      return pos >= text.length();
    }

    char peek() {
      if (atEnd()) {
        throw new IllegalArgumentException("it ends early, at index " + pos);
      }
      return text.charAt(pos);
    }

    void expect(char want, String what) {
      if (atEnd() || text.charAt(pos) != want) {
        throw unexpected(what);
      }
      pos++;
    }

    long fixed(int count, String what) {
      int from = pos;
      long v = digits(count, count, what);
      if (pos - from != count) {
        throw new IllegalArgumentException(what + " must have " + count + " digits");
      }
      return v;
    }

    /** {@code min} to {@code max} ASCII digits; refuses more digits than {@code max}. */
    long digits(int min, int max, String what) {
      int from = pos;
      long v = 0;
      while (!atEnd() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
        if (pos - from == max) {
          throw new IllegalArgumentException(what + " has more than " + max + " digits");
        }
        v = v * 10 + (text.charAt(pos) - '0');
        pos++;
      }
      if (pos - from < min) {
        throw atEnd()
            ? new IllegalArgumentException(
                what + " has " + (pos - from) + " digits, at least " + min + " needed")
            : unexpected(what + " (" + min + (min == max ? "" : " to " + max) + " ASCII digits)");
      }
      return v;
    }

    IllegalArgumentException unexpected(String wanted) {
      if (atEnd()) {
        return new IllegalArgumentException(
            "it ends at index " + pos + " where " + wanted + " is due");
      }
      return new IllegalArgumentException(
          "character "
              + describe(text.charAt(pos))
              + " at index "
              + pos
              + " where "
              + wanted
              + " is due");
    }
  }
}
