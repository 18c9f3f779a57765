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
   * The stragglers behind {@code version} as {@code id (v12)}, comma-separated, or {@code none}.
   */
  public String describeStragglers(long version) {
    List<Entry> s = stragglers(version);
    if (s.isEmpty()) {
      return "none";
    }
    StringBuilder sb = new StringBuilder();
    for (Entry e : s) {
      sb.append(sb.length() == 0 ? "" : ", ")
          .append(e.instance())
          .append(e.hasTable() ? " (v" + e.version() + ")" : " (no table)");
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
        + String.join("; ", distributionLines());
  }

  /**
   * What one live instance reports in the version census: its instance id, the version and
   * fingerprint it routes with, since when, whether it serves its last-known-good copy because
   * ZooKeeper was unreachable, and when that copy was last written.
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
   * @since 0.1
   */
  public record Entry(
      String instance,
      long version,
      String fingerprint,
      Instant since,
      boolean servingLastKnownGood,
      Instant lastKnownGoodWrittenAt) {
    private static final String[] KEYS = {
      "instance", "version", "fingerprint", "since", "serving", "lkg_written_at"
    };
    private static final String NONE = "none";

    /** The age of the last-known-good copy at {@code now}, or null when the instance keeps none. */
    public Duration lastKnownGoodAge(Instant now) {
      return lastKnownGoodWrittenAt == null ? null : Duration.between(lastKnownGoodWrittenAt, now);
    }

    /** True when the instance routes with a table. */
    public boolean hasTable() {
      return version != RoutingSource.Status.NO_VERSION;
    }

    byte[] toBytes() {
      return new KeyValueText()
          .put("instance", instance)
          .put("version", version)
          .put("fingerprint", fingerprint == null ? NONE : fingerprint)
          .put("since", since == null ? NONE : since)
          .put("serving", servingLastKnownGood ? "last-known-good" : "zookeeper")
          .put("lkg_written_at", lastKnownGoodWrittenAt == null ? NONE : lastKnownGoodWrittenAt)
          .toBytes();
    }

    /**
     * Reads the census node at {@code path}.
     *
     * @throws KeyValueText.FormatException naming the field when the node is not a census record
     */
    static Entry parse(byte[] bytes, String path) {
      String what = "census node " + path;
      Map<String, String> f = KeyValueText.parse(bytes, what, KEYS);
      long version = KeyValueText.longOf(f, "version", what);
      String serving = f.get("serving");
      if (!serving.equals("zookeeper") && !serving.equals("last-known-good")) {
        throw new KeyValueText.FormatException(
            what + " field 'serving' is '" + serving + "', expected zookeeper or last-known-good");
      }
      return new Entry(
          f.get("instance"),
          version,
          f.get("fingerprint").equals(NONE) ? null : f.get("fingerprint"),
          instant(f, "since", what),
          serving.equals("last-known-good"),
          instant(f, "lkg_written_at", what));
    }

    private static Instant instant(Map<String, String> f, String key, String what) {
      String v = f.get(key);
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
