package io.shardrouter.core;

import java.time.Instant;
import java.time.format.DateTimeFormatter;

/**
 * The {@code timestamp} key kind: an instant, held as signed microseconds since {@code
 * 1970-01-01T00:00:00Z} (UTC, no leap seconds, as {@link Instant}). Its canonical bytes are those
 * microseconds as 8 bytes little-endian two's complement, like a {@code long} ({@code
 * docs/routing-spec.md} §2.1).
 *
 * <p>Text form: ISO-8601 with an explicit offset, {@code 2026-04-01T00:00:00Z} or {@code
 * 2026-04-01T08:00:00+08:00}. A timestamp without an offset is refused, not read in some default
 * zone: the same wall-clock text names different instants in different zones. A value finer than a
 * microsecond, or outside the microseconds a {@code long} holds (years -290308 to 294247), is
 * refused too, so that two different instants never share canonical bytes.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable.
 *
 * <p><b>Allocation:</b> none in {@link #micros(Instant)}.
 *
 * @since 0.1
 */
final class Timestamps {
  private static final long MICROS_PER_SECOND = 1_000_000L;

  private Timestamps() {}

  /**
   * The microseconds since the epoch of {@code instant}.
   *
   * @throws InvalidKeyException when the instant is null, has a fraction finer than a microsecond,
   *     or its microseconds do not fit in a {@code long}
   */
  public static long micros(Instant instant) {
    CanonicalKeys.requireKey(instant);
    int nanos = instant.getNano();
    if (nanos % 1000 != 0) {
      throw new InvalidKeyException(
          "timestamp "
              + instant
              + " has a fraction finer than a microsecond; timestamp keys"
              + " have microsecond precision: truncate the instant to microseconds before routing");
    }
    long seconds = instant.getEpochSecond();
    long micros = nanos / 1000;
    if (seconds < 0
        && micros
            > 0) { // as Instant.toEpochMilli: keeps the product in range down to Long.MIN_VALUE
      seconds++;
      micros -= MICROS_PER_SECOND;
    }
    try {
      return Math.addExact(Math.multiplyExact(seconds, MICROS_PER_SECOND), micros);
    } catch (ArithmeticException e) {
      throw new InvalidKeyException(
          "timestamp "
              + instant
              + " is outside the range of timestamp keys, "
              + instant(Long.MIN_VALUE)
              + " to "
              + instant(Long.MAX_VALUE)
              + " (signed 64-bit microseconds since 1970)");
    }
  }

  /** The instant {@code micros} microseconds after (or before, when negative) the epoch. */
  public static Instant instant(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, MICROS_PER_SECOND), Math.floorMod(micros, MICROS_PER_SECOND) * 1000);
  }

  /**
   * The canonical text of {@code micros}: ISO-8601 in UTC with a {@code Z}, fraction digits only as
   * needed.
   */
  public static String format(long micros) {
    return DateTimeFormatter.ISO_INSTANT.format(instant(micros));
  }

  /**
   * Parses a timestamp written {@code YYYY-MM-DDThh:mm[:ss[.f]]} and an offset ({@code Z} or {@code
   * ±hh:mm}) into microseconds, by the ASCII grammar of {@code docs/routing-spec.md} §2.4: 1 to 9
   * fraction digits, {@code T}/{@code Z} in either case, years beyond 4 digits signed.
   *
   * @throws InvalidKeyException naming the text when it is no such timestamp, has no offset, or is
   *     finer than a microsecond or out of range
   */
  public static long parse(String text) {
    CanonicalKeys.requireKey(text);
    try {
      return KeyTextGrammar.timestampMicros(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidKeyException(
          "key '"
              + Printable.of(text)
              + "' is not a timestamp ("
              + e.getMessage()
              + "); write ISO-8601"
              + " with an offset, such as 2026-04-01T00:00:00Z or 2026-04-01T08:00:00+08:00");
    }
  }
}
