package io.shardrouter.stats;

import java.time.Duration;

/**
 * A span of recent time a {@link StatsSnapshot} covers: the last minute, the last ten minutes, or
 * everything since the statistics started.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public enum Window {
  /** The last 60 seconds, to the resolution of {@link RouteStats#tick}. */
  LAST_MINUTE(Duration.ofMinutes(1)),
  /** The last 10 minutes, to the resolution of {@link RouteStats#tick}. */
  LAST_TEN_MINUTES(Duration.ofMinutes(10)),
  /** Everything recorded since the statistics were created (or since they last resized). */
  SINCE_START(null);

  private final Duration span;

  Window(Duration span) {
    this.span = span;
  }

  /** The span, or null for {@link #SINCE_START}. */
  public Duration span() {
    return span;
  }

  /** The name used in JSON: {@code last_minute}, {@code last_ten_minutes}, {@code since_start}. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The window named {@code label}; {@code IllegalArgumentException} naming the known ones. */
  public static Window ofLabel(String label) {
    for (Window w : values()) {
      if (w.label().equals(label)) {
        return w;
      }
    }
    throw new IllegalArgumentException(
        "unknown window '" + label + "'; known: last_minute, last_ten_minutes, since_start");
  }
}
