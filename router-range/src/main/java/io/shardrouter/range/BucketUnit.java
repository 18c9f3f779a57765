package io.shardrouter.range;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;
import java.util.Set;

/**
 * The calendar unit of a time bucket, in local time of the buckets' zone: an hour, a day, an ISO
 * week (Monday to Sunday) or a month. Each says which name-template fields tell its buckets apart.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable: the names are part of the routing document format.
 *
 * @since 0.1
 */
public enum BucketUnit {
  HOUR(Set.of(Set.of("yyyy", "MM", "dd", "HH"))),
  DAY(Set.of(Set.of("yyyy", "MM", "dd"))),
  WEEK(Set.of(Set.of("GGGG", "ww"), Set.of("yyyy", "MM", "dd"))),
  MONTH(Set.of(Set.of("yyyy", "MM")));

  private final Set<Set<String>> namingFields;

  BucketUnit(Set<Set<String>> namingFields) {
    this.namingFields = namingFields;
  }

  /** The name in documents: {@code hour}, {@code day}, {@code week}, {@code month}. */
  public String documentName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** {@code hourly}, {@code daily}, {@code weekly}, {@code monthly}, for messages. */
  String adjective() {
    return this == DAY ? "daily" : documentName() + "ly";
  }

  /** The unit named {@code name} in a document, or null. */
  public static BucketUnit fromDocumentName(String name) {
    for (BucketUnit u : values()) {
      if (u.documentName().equals(name)) {
        return u;
      }
    }
    return null;
  }

  /** The sets of template fields, any one of which names every bucket of this unit apart. */
  Set<Set<String>> namingFields() {
    return namingFields;
  }

  /**
   * The longest a bucket of this unit can be, with a daylight-saving hour more (an autumn change
   * repeats a local hour).
   */
  Duration longest() {
    return switch (this) {
      case HOUR -> Duration.ofHours(2);
      case DAY -> Duration.ofHours(25);
      case WEEK -> Duration.ofDays(7).plusHours(1);
      case MONTH -> Duration.ofDays(31).plusHours(1);
    };
  }

  /** The first local date-time of the bucket that holds {@code t}. */
  LocalDateTime truncate(LocalDateTime t) {
    return switch (this) {
      case HOUR -> t.truncatedTo(ChronoUnit.HOURS);
      case DAY -> t.toLocalDate().atStartOfDay();
      case WEEK ->
          t.toLocalDate().with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).atStartOfDay();
      case MONTH -> t.toLocalDate().withDayOfMonth(1).atStartOfDay();
    };
  }

  /** The first local date-time of the bucket after the one that starts at {@code start}. */
  LocalDateTime next(LocalDateTime start) {
    return switch (this) {
      case HOUR -> start.plusHours(1);
      case DAY -> start.plusDays(1);
      case WEEK -> start.plusWeeks(1);
      case MONTH -> start.plusMonths(1);
    };
  }
}
