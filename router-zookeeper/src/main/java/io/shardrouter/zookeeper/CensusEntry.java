package io.shardrouter.zookeeper;

import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.zookeeper.internal.KeyValueText;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;

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
 * @param servingLastKnownGood true while it routes with its local copy, not with what it read from
 *     ZooKeeper
 * @param lastKnownGoodWrittenAt when its last-known-good copy was written, or null when it keeps
 *     none
 * @since 0.1
 */
public record CensusEntry(
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
  static CensusEntry parse(byte[] bytes, String path) {
    String what = "census node " + path;
    Map<String, String> f = KeyValueText.parse(bytes, what, KEYS);
    long version = KeyValueText.longOf(f, "version", what);
    String serving = f.get("serving");
    if (!serving.equals("zookeeper") && !serving.equals("last-known-good")) {
      throw new KeyValueText.FormatException(
          what + " field 'serving' is '" + serving + "', expected zookeeper or last-known-good");
    }
    return new CensusEntry(
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
