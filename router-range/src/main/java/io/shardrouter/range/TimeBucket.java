package io.shardrouter.range;

import java.time.Instant;

/**
 * One calendar bucket of time: the instants {@code [start, end)} and the name its template gives
 * it, such as {@code metrics_202604}.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param start the first instant of the bucket
 * @param end the first instant of the next bucket
 * @param name the bucket's name, e.g. the table that holds its rows
 * @since 0.1
 */
public record TimeBucket(Instant start, Instant end, String name) {
  /** True when {@code at} is in {@code [start, end)}. */
  public boolean contains(Instant at) {
    return !at.isBefore(start) && at.isBefore(end);
  }

  /** {@code metrics_202604 [2026-04-01T00:00:00Z, 2026-05-01T00:00:00Z)}. */
  @Override
  public String toString() {
    return name + " [" + start + ", " + end + ")";
  }
}
