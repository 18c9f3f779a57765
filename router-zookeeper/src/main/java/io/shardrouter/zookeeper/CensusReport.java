package io.shardrouter.zookeeper;

import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.zookeeper.internal.KeyValueText;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The version census of one entity at one moment: every live instance with the version it routes
 * with, the distribution per version, and the stragglers behind a version.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class CensusReport {
  private final String entity;
  private final Instant takenAt;
  private final List<Entry> instances;
  private final Map<Long, Integer> counts;

  CensusReport(String entity, Instant takenAt, List<Entry> instances) {
    this.entity = entity;
    this.takenAt = takenAt;
    List<Entry> sorted = new ArrayList<>(instances);
    sorted.sort((a, b) -> a.instance().compareTo(b.instance()));
    this.instances = Collections.unmodifiableList(sorted);
    Map<Long, Integer> c = new TreeMap<>(Collections.reverseOrder());
    for (Entry e : sorted) {
      c.merge(e.version(), 1, Integer::sum);
    }
    this.counts = Collections.unmodifiableMap(c);
  }

  /** The entity. */
  public String entity() {
    return entity;
  }

  /** When the census nodes were read. */
  public Instant takenAt() {
    return takenAt;
  }

  /** Every live instance, by instance id. */
  public List<Entry> instances() {
    return instances;
  }

  /** The number of instances per version, newest version first ({@code -1}: no table yet). */
  public Map<Long, Integer> counts() {
    return counts;
  }

  /** The share of live instances routing with exactly {@code version}, 0 to 1; 0 with none live. */
  public double share(long version) {
    Integer n = counts.get(version);
    return n == null ? 0 : (double) n / instances.size();
  }

  /**
   * The share of live instances routing with {@code version} or a newer one, 0 to 1; 0 with none
   * live. A newer version counts: a routing version carries forward what its predecessors started.
   */
  public double shareAtLeast(long version) {
    if (instances.isEmpty()) {
      return 0;
    }
    int n = 0;
    for (Entry e : instances) {
      if (e.version() >= version) {
        n++;
      }
    }
    return (double) n / instances.size();
  }

  /** The instances routing with a version below {@code version} (or with none), by id. */
  public List<Entry> stragglers(long version) {
    List<Entry> out = new ArrayList<>();
    for (Entry e : instances) {
      if (e.version() < version) {
        out.add(e);
      }
    }
    return out;
  }

  /**
   * The instances whose heartbeat, when the census was taken, was older than their {@link
   * Entry#staleAfter()}: most likely dead or frozen, though ZooKeeper still holds their nodes until
   * their sessions expire. They still count in every share and in {@link
   * VersionCensus#awaitConvergence}: a frozen process may wake up and route with what it has.
   */
  public List<Entry> stale() {
    List<Entry> out = new ArrayList<>();
    for (Entry e : instances) {
      if (e.stale(takenAt)) {
        out.add(e);
      }
    }
    return out;
  }

  /** The newest version any live instance routes with, or -1 when none has a table. */
  public long newestVersion() {
    return counts.isEmpty() ? -1 : counts.keySet().iterator().next();
  }

  /**
   * The distribution as lines, newest version first: {@code routing_version=v13: 85.0% (17 of 20)}.
   */
  public List<String> distributionLines() {
    List<String> lines = new ArrayList<>();
    for (Map.Entry<Long, Integer> e : counts.entrySet()) {
      lines.add(
          String.format(
              Locale.ROOT,
              "routing_version=%s: %.1f%% (%d of %d)",
              e.getKey() < 0 ? "none" : "v" + e.getKey(),
              100.0 * e.getValue() / instances.size(),
              e.getValue(),
              instances.size()));
    }
    return lines;
  }

  /**
   * The stragglers behind {@code version} as {@code id (v12)}, comma-separated, or {@code none}; a
   * stale one as {@code id (v12, stale: no heartbeat for 17s)}.
   */
  public String describeStragglers(long version) {
    List<Entry> s = stragglers(version);
    if (s.isEmpty()) {
      return "none";
    }
    StringBuilder sb = new StringBuilder();
    for (Entry e : s) {
      Duration age = e.heartbeatAge(takenAt); // null when it does not heartbeat: never stale
      sb.append(sb.length() == 0 ? "" : ", ")
          .append(e.instance())
          .append(e.hasTable() ? " (v" + e.version() : " (no table")
          .append(
              age != null && e.stale(takenAt)
                  ? ", stale: no heartbeat for " + age.toSeconds() + "s)"
                  : ")");
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return "census of '"
        + entity
        + "' at "
        + takenAt
        + ": "
        + instances.size()
        + " live instances, "
        + String.join("; ", distributionLines())
        + (stale().isEmpty() ? "" : "; " + stale().size() + " stale");
  }

  /**
   * What one live instance reports in the version census: its instance id, the version and
   * fingerprint it routes with, since when, whether it serves its last-known-good copy because
   * ZooKeeper was unreachable, when that copy was last written, and its heartbeat: when it last
   * said it is alive and how often it says so.
   *
   * <p>An instance that stops heartbeating (a killed or frozen process) keeps its node until its
   * ZooKeeper session expires; {@link #stale} tells it apart before that: its heartbeat is older
   * than {@link #STALE_AFTER_HEARTBEATS} of its heartbeat periods. A node written without a
   * heartbeat (census format 1: an older library version, or an instance built with {@code
   * heartbeat(Duration.ZERO)}) has none, and is never stale.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param instance the instance id
   * @param version the version it routes with, or {@link RoutingSource.Status#NO_VERSION} while it
   *     has no table
   * @param fingerprint the fingerprint of that table, or null while it has none
   * @param since when it started routing with that version, or null while it has none
   * @param servingLastKnownGood true while it routes with its local copy, not with what it read
   *     from ZooKeeper
   * @param lastKnownGoodWrittenAt when its last-known-good copy was written, or null when it keeps
   *     none
   * @param heartbeatAt when the instance last wrote its node to say it is alive (its own clock), or
   *     null when it does not heartbeat
   * @param heartbeatEvery how often it writes that heartbeat, or null when it does not heartbeat
   * @since 0.1
   */
  public record Entry(
      String instance,
      long version,
      @Nullable String fingerprint,
      @Nullable Instant since,
      boolean servingLastKnownGood,
      @Nullable Instant lastKnownGoodWrittenAt,
      @Nullable Instant heartbeatAt,
      @Nullable Duration heartbeatEvery) {
    /**
     * An instance is stale when its heartbeat is older than this many of its heartbeat periods: one
     * missed write is a slow one, three are a process that is gone or frozen.
     */
    public static final int STALE_AFTER_HEARTBEATS = 3;

    /** The census node format with a heartbeat; format 1 has no {@code format} line. */
    static final int FORMAT = 2;

    private static final String[] KEYS_1 = {
      "instance", "version", "fingerprint", "since", "serving", "lkg_written_at"
    };
    private static final String[] KEYS_2 = {
      "format",
      "instance",
      "version",
      "fingerprint",
      "since",
      "serving",
      "lkg_written_at",
      "heartbeat_at",
      "heartbeat_every_ms"
    };
    private static final String NONE = "none";

    /**
     * Checks that the heartbeat is given whole or not at all.
     *
     * @throws IllegalArgumentException when only one of {@code heartbeatAt} and {@code
     *     heartbeatEvery} is null, or the period is not positive
     */
    public Entry {
      if ((heartbeatAt == null) != (heartbeatEvery == null)) {
        throw new IllegalArgumentException(
            "heartbeatAt and heartbeatEvery are both null (no heartbeat) or both set, got "
                + heartbeatAt
                + " and "
                + heartbeatEvery);
      }
      if (heartbeatEvery != null && (heartbeatEvery.isZero() || heartbeatEvery.isNegative())) {
        throw new IllegalArgumentException(
            "heartbeatEvery must be positive, got " + heartbeatEvery);
      }
    }

    /** An entry without a heartbeat, as census format 1 records one. */
    public Entry(
        String instance,
        long version,
        @Nullable String fingerprint,
        @Nullable Instant since,
        boolean servingLastKnownGood,
        @Nullable Instant lastKnownGoodWrittenAt) {
      this(
          instance,
          version,
          fingerprint,
          since,
          servingLastKnownGood,
          lastKnownGoodWrittenAt,
          null,
          null);
    }

    /** The age of the last-known-good copy at {@code now}, or null when the instance keeps none. */
    public @Nullable Duration lastKnownGoodAge(Instant now) {
      return lastKnownGoodWrittenAt == null ? null : Duration.between(lastKnownGoodWrittenAt, now);
    }

    /**
     * The time since the instance's last heartbeat at {@code now} (zero when its clock is ahead of
     * {@code now}), or null when it does not heartbeat.
     */
    public @Nullable Duration heartbeatAge(Instant now) {
      if (heartbeatAt == null) {
        return null;
      }
      Duration age = Duration.between(heartbeatAt, now);
      return age.isNegative() ? Duration.ZERO : age;
    }

    /**
     * The heartbeat age above which the instance is stale: {@link #STALE_AFTER_HEARTBEATS} times
     * its heartbeat period; null when it does not heartbeat.
     */
    public @Nullable Duration staleAfter() {
      return heartbeatEvery == null ? null : heartbeatEvery.multipliedBy(STALE_AFTER_HEARTBEATS);
    }

    /**
     * True when, at {@code now}, the instance's heartbeat is older than {@link #staleAfter()}: its
     * process is most likely dead or frozen, though ZooKeeper still holds its node until its
     * session expires. False for an instance that does not heartbeat.
     */
    public boolean stale(Instant now) {
      Duration age = heartbeatAge(now);
      Duration limit = staleAfter();
      // both null together: the constructor takes a heartbeat whole or not at all
      return age != null && limit != null && age.compareTo(limit) > 0;
    }

    /** True when the instance routes with a table. */
    public boolean hasTable() {
      return version != RoutingSource.Status.NO_VERSION;
    }

    /** This entry with the heartbeat {@code at}, every {@code every}; both null for none. */
    Entry withHeartbeat(@Nullable Instant at, @Nullable Duration every) {
      return new Entry(
          instance,
          version,
          fingerprint,
          since,
          servingLastKnownGood,
          lastKnownGoodWrittenAt,
          at,
          every);
    }

    /** The node's text: census format 2 with a heartbeat, format 1 (no format line) without. */
    byte[] toBytes() {
      KeyValueText text = new KeyValueText();
      if (heartbeatAt != null) {
        text.put("format", FORMAT);
      }
      text.put("instance", instance)
          .put("version", version)
          .put("fingerprint", fingerprint == null ? NONE : fingerprint)
          .put("since", since == null ? NONE : since)
          .put("serving", servingLastKnownGood ? "last-known-good" : "zookeeper")
          .put("lkg_written_at", lastKnownGoodWrittenAt == null ? NONE : lastKnownGoodWrittenAt);
      // set together or neither: the constructor takes a heartbeat whole or not at all
      if (heartbeatAt != null && heartbeatEvery != null) {
        text.put("heartbeat_at", heartbeatAt).put("heartbeat_every_ms", heartbeatEvery.toMillis());
      }
      return text.toBytes();
    }

    /**
     * Reads the census node at {@code path}: format 2, or format 1 (no {@code format} line, no
     * heartbeat) as library versions before the heartbeat wrote it.
     *
     * @throws KeyValueText.FormatException naming the field when the node is not a census record
     */
    static Entry parse(byte[] bytes, String path) {
      String what = "census node " + path;
      boolean withFormat = KeyValueText.hasKey(bytes, "format");
      Map<String, String> f = KeyValueText.parse(bytes, what, withFormat ? KEYS_2 : KEYS_1);
      if (withFormat && !KeyValueText.valueOf(f, "format").equals(Integer.toString(FORMAT))) {
        throw new KeyValueText.FormatException(
            what
                + " has format "
                + f.get("format")
                + "; this library reads census formats 1 and "
                + FORMAT
                + ": read it with the library version of that instance");
      }
      long version = KeyValueText.longOf(f, "version", what);
      String serving = KeyValueText.valueOf(f, "serving");
      if (!serving.equals("zookeeper") && !serving.equals("last-known-good")) {
        throw new KeyValueText.FormatException(
            what + " field 'serving' is '" + serving + "', expected zookeeper or last-known-good");
      }
      Instant heartbeatAt = null;
      Duration heartbeatEvery = null;
      if (withFormat) {
        heartbeatAt = instant(f, "heartbeat_at", what);
        long everyMs = KeyValueText.longOf(f, "heartbeat_every_ms", what);
        if (heartbeatAt == null || everyMs <= 0) {
          throw new KeyValueText.FormatException(
              what
                  + " has heartbeat_at="
                  + f.get("heartbeat_at")
                  + " and heartbeat_every_ms="
                  + everyMs
                  + "; expected an instant and a positive number of milliseconds");
        }
        heartbeatEvery = Duration.ofMillis(everyMs);
      }
      String fingerprint = KeyValueText.valueOf(f, "fingerprint");
      return new Entry(
          KeyValueText.valueOf(f, "instance"),
          version,
          fingerprint.equals(NONE) ? null : fingerprint,
          instant(f, "since", what),
          serving.equals("last-known-good"),
          instant(f, "lkg_written_at", what),
          heartbeatAt,
          heartbeatEvery);
    }

    /** The instant of field {@code key}, or null when it is {@code none}. */
    private static @Nullable Instant instant(Map<String, String> f, String key, String what) {
      String v = KeyValueText.valueOf(f, key);
      if (v.equals(NONE)) {
        return null;
      }
      try {
        return Instant.parse(v);
      } catch (DateTimeParseException e) {
        throw new KeyValueText.FormatException(
            what + " field '" + key + "' is not an ISO-8601 instant: '" + v + "'");
      }
    }
  }
}
