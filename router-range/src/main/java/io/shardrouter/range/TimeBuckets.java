package io.shardrouter.range;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Calendar buckets of time (partitions by month or by day): hours, days, ISO weeks or months in
 * local time of a zone (UTC or a named zone such as {@code Europe/Paris}), each named by a template
 * such as {@code metrics_{yyyyMM}}, with an optional retention period after which a bucket is
 * dropped or archived whole.
 *
 * <p>A bucket holds the instants whose local date-time in the zone falls in its calendar unit: it
 * starts at the first instant of that local hour, day, week (Monday) or month and ends where the
 * next one starts. Around a daylight-saving change a bucket is therefore longer or shorter than
 * usual (a day of 23 or 25 hours; the repeated local hour of an autumn change is one bucket of two
 * hours), and every instant is in exactly one bucket with exactly one name ({@code
 * docs/routing-spec.md} §7.6).
 *
 * <p>Retention is an ISO-8601 period, calendar ({@code P12M}, {@code P90D}, {@code P1Y}) or exact
 * ({@code PT48H}). At time {@code now} the cutoff is {@code now} minus the period in the zone's
 * calendar, and a bucket is past retention when it ends at or before the cutoff: all of its rows
 * are older.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * <p><b>Allocation:</b> a few small objects per {@link #bucketOf} (calendar arithmetic).
 *
 * @since 0.1
 */
public final class TimeBuckets {
  /**
   * The most buckets {@link #touched} and {@link #pastRetention} list, so that a wrong window fails
   * fast.
   */
  public static final int MAX_BUCKETS = 1_000_000;

  private final Unit unit;
  private final ZoneId zone;
  private final BucketTemplate template;
  private final @Nullable String retentionText;
  private final @Nullable Period retentionPeriod;
  private final @Nullable Duration retentionDuration;

  private TimeBuckets(
      Unit unit,
      ZoneId zone,
      BucketTemplate template,
      @Nullable String retentionText,
      @Nullable Period period,
      @Nullable Duration duration) {
    this.unit = unit;
    this.zone = zone;
    this.template = template;
    this.retentionText = retentionText;
    this.retentionPeriod = period;
    this.retentionDuration = duration;
  }

  /**
   * Buckets of {@code unit} in {@code zone}, named by {@code template}, kept for {@code retention}
   * (null: kept forever).
   *
   * @throws IllegalArgumentException when the template has no date field or cannot name the unit's
   *     buckets apart, or the retention is no positive ISO-8601 period
   */
  public static TimeBuckets of(
      Unit unit, ZoneId zone, String template, @Nullable String retention) {
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(zone, "zone");
    Objects.requireNonNull(template, "template");
    BucketTemplate t = BucketTemplate.parse(template, unit);
    if (retention == null) {
      return new TimeBuckets(unit, zone, t, null, null, null);
    }
    Period period = null;
    Duration duration = null;
    try {
      period = Period.parse(retention);
    } catch (DateTimeParseException notAPeriod) {
      try {
        duration = Duration.parse(retention);
      } catch (DateTimeParseException notADuration) {
        throw new IllegalArgumentException(
            "retention '"
                + retention
                + "' is not an ISO-8601 period; write P12M (12 months),"
                + " P90D (90 days), P1Y or PT48H (48 hours)");
      }
    }
    if (period != null
        ? period.isZero() || period.isNegative()
        : duration == null || duration.isZero() || duration.isNegative()) {
      throw new IllegalArgumentException(
          "retention '" + retention + "' must be a positive period, such as P12M");
    }
    return new TimeBuckets(unit, zone, t, retention, period, duration);
  }

  /**
   * The zone named {@code name}: {@code UTC}, a region such as {@code Europe/Paris}, or an offset
   * such as {@code +08:00}.
   *
   * @throws IllegalArgumentException naming the zone when there is no such zone
   */
  public static ZoneId zone(String name) {
    try {
      return ZoneId.of(name);
    } catch (DateTimeException e) {
      throw new IllegalArgumentException(
          "zone '"
              + name
              + "' does not exist ("
              + e.getMessage()
              + "); use UTC, a region"
              + " of the tz database such as Europe/Paris or Asia/Shanghai, or an offset such as +08:00");
    }
  }

  public Unit unit() {
    return unit;
  }

  public ZoneId zone() {
    return zone;
  }

  /** The name template, e.g. {@code metrics_{yyyyMM}}. */
  public String template() {
    return template.toString();
  }

  /** The retention period as written, e.g. {@code P12M}; null when buckets are kept forever. */
  public @Nullable String retention() {
    return retentionText;
  }

  /** The bucket that holds {@code at}. */
  public Bucket bucketOf(Instant at) {
    LocalDateTime start = unit.truncate(LocalDateTime.ofInstant(at, zone));
    return bucket(start);
  }

  private Bucket bucket(LocalDateTime localStart) {
    // atZone: in an overlap the earlier offset (the first instant), in a gap the instant after it
    Instant start = localStart.atZone(zone).toInstant();
    Instant end = unit.next(localStart).atZone(zone).toInstant();
    return new Bucket(start, end, template.format(localStart));
  }

  /**
   * The buckets that the window {@code [from, to)} touches, in time order; none when {@code to} is
   * not after {@code from}.
   *
   * @throws IllegalArgumentException when the window touches more than {@value #MAX_BUCKETS}
   *     buckets
   */
  public List<Bucket> touched(Instant from, Instant to) {
    List<Bucket> out = new ArrayList<>();
    if (!to.isAfter(from)) {
      return out;
    }
    checkSpan(from, to);
    Bucket b = bucketOf(from);
    while (b.start().isBefore(to)) {
      add(out, b, from, to);
      b = bucketOf(b.end());
    }
    return out;
  }

  /**
   * Fails fast when {@code [from, to)} surely holds more than {@value #MAX_BUCKETS} buckets, before
   * computing any.
   */
  private void checkSpan(Instant from, Instant to) {
    double atLeast =
        (double) Duration.between(from, to).getSeconds() / unit.longest().getSeconds() - 2;
    if (atLeast > MAX_BUCKETS) {
      throw tooMany(from, to);
    }
  }

  private static IllegalArgumentException tooMany(Instant from, Instant to) {
    return new IllegalArgumentException(
        "the window ["
            + from
            + ", "
            + to
            + ") touches more than "
            + MAX_BUCKETS
            + " buckets; narrow it");
  }

  private static void add(List<Bucket> out, Bucket b, Instant from, Instant to) {
    if (out.size() >= MAX_BUCKETS) {
      throw tooMany(from, to);
    }
    out.add(b);
  }

  /**
   * The instant before which, at {@code now}, rows are past retention: {@code now} minus the
   * retention period in the zone's calendar.
   *
   * @throws IllegalStateException when these buckets have no retention period
   */
  public Instant retentionCutoff(Instant now) {
    if (retentionText == null) {
      throw new IllegalStateException(
          "these buckets (" + template + ") have no retention period; give one, such as P12M");
    }
    return retentionPeriod != null
        ? now.atZone(zone).minus(retentionPeriod).toInstant()
        : now.minus(retentionDuration);
  }

  /**
   * True when every instant of {@code bucket} is before the {@link #retentionCutoff} at {@code
   * now}.
   */
  public boolean isPastRetention(Bucket bucket, Instant now) {
    return !bucket.end().isAfter(retentionCutoff(now));
  }

  /**
   * The buckets past retention at {@code now}, from the one that holds {@code oldest} (the oldest
   * row kept), in time order: those to drop or archive.
   *
   * @throws IllegalStateException when these buckets have no retention period
   */
  public List<Bucket> pastRetention(Instant oldest, Instant now) {
    Instant cutoff = retentionCutoff(now);
    List<Bucket> out = new ArrayList<>();
    if (cutoff.isAfter(oldest)) {
      checkSpan(oldest, cutoff);
    }
    Bucket b = bucketOf(oldest);
    while (!b.end().isAfter(cutoff)) {
      add(out, b, oldest, cutoff);
      b = bucketOf(b.end());
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TimeBuckets b
        && unit == b.unit
        && zone.equals(b.zone)
        && template().equals(b.template())
        && Objects.equals(retentionText, b.retentionText);
  }

  @Override
  public int hashCode() {
    return Objects.hash(unit, zone, template(), retentionText);
  }

  /** {@code monthly buckets metrics_{yyyyMM} in UTC, retention P12M}. */
  @Override
  public String toString() {
    return unit.adjective()
        + " buckets "
        + template
        + " in "
        + zone
        + (retentionText == null ? "" : ", retention " + retentionText);
  }

  /**
   * The calendar unit of a time bucket, in local time of the buckets' zone: an hour, a day, an ISO
   * week (Monday to Sunday) or a month. Each says which name-template fields tell its buckets
   * apart.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> stable: the names are part of the routing document format.
   *
   * @since 0.1
   */
  public enum Unit {
    HOUR(Set.of(Set.of("yyyy", "MM", "dd", "HH"))),
    DAY(Set.of(Set.of("yyyy", "MM", "dd"))),
    WEEK(Set.of(Set.of("GGGG", "ww"), Set.of("yyyy", "MM", "dd"))),
    MONTH(Set.of(Set.of("yyyy", "MM")));

    private final Set<Set<String>> namingFields;

    Unit(Set<Set<String>> namingFields) {
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
    public static @Nullable Unit fromDocumentName(String name) {
      for (Unit u : values()) {
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
  public record Bucket(Instant start, Instant end, String name) {
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
}
