package io.shardrouter.cli;

import io.shardrouter.core.Spec;
import io.shardrouter.zookeeper.CensusReport;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * {@code shardctl zk census --json}: the census report as one JSON object for machines: the entity,
 * when it was taken, the newest version, the distribution (count and percent per version, newest
 * first), the stragglers behind the newest version, the stale instances (no heartbeat for {@value
 * CensusReport.Entry#STALE_AFTER_HEARTBEATS} of their periods), and every instance with its
 * heartbeat's time, period and age, its staleness and its last-known-good copy.
 */
final class CensusJson {
  private CensusJson() {}

  static String of(CensusReport r) {
    long newest = r.newestVersion();
    StringBuilder sb = new StringBuilder("{");
    field(sb, "entity").append(string(r.entity())).append(',');
    field(sb, "taken_at").append(string(r.takenAt().toString())).append(',');
    field(sb, "live_instances").append(r.instances().size()).append(',');
    field(sb, "newest_version").append(newest).append(',');
    field(sb, "distribution").append('[');
    boolean first = true;
    for (Map.Entry<Long, Integer> e : r.counts().entrySet()) {
      sb.append(first ? "" : ",").append('{');
      field(sb, "version").append(e.getKey()).append(',');
      field(sb, "instances").append(e.getValue()).append(',');
      field(sb, "percent")
          .append(String.format(Locale.ROOT, "%.1f", 100.0 * r.share(e.getKey())))
          .append('}');
      first = false;
    }
    sb.append("],");
    field(sb, "stragglers").append('[');
    first = true;
    for (CensusReport.Entry e : r.stragglers(newest)) {
      sb.append(first ? "" : ",").append(string(e.instance()));
      first = false;
    }
    sb.append("],");
    field(sb, "stale").append('[');
    first = true;
    for (CensusReport.Entry e : r.stale()) {
      sb.append(first ? "" : ",").append(string(e.instance()));
      first = false;
    }
    sb.append("],");
    field(sb, "stale_after_heartbeats")
        .append(CensusReport.Entry.STALE_AFTER_HEARTBEATS)
        .append(',');
    field(sb, "instances").append('[');
    first = true;
    for (CensusReport.Entry e : r.instances()) {
      Duration age = e.lastKnownGoodAge(r.takenAt());
      sb.append(first ? "" : ",").append('{');
      field(sb, "instance").append(string(e.instance())).append(',');
      field(sb, "version").append(e.version()).append(',');
      field(sb, "fingerprint").append(string(e.fingerprint())).append(',');
      field(sb, "since")
          .append(string(e.since() == null ? null : e.since().toString()))
          .append(',');
      field(sb, "serving_last_known_good").append(e.servingLastKnownGood()).append(',');
      field(sb, "last_known_good_age_ms")
          .append(age == null ? "null" : Long.toString(age.toMillis()))
          .append(',');
      Duration beat = e.heartbeatAge(r.takenAt());
      field(sb, "heartbeat_at")
          .append(string(e.heartbeatAt() == null ? null : e.heartbeatAt().toString()))
          .append(',');
      field(sb, "heartbeat_every_ms").append(millis(e.heartbeatEvery())).append(',');
      field(sb, "heartbeat_age_ms").append(millis(beat)).append(',');
      field(sb, "stale_after_ms").append(millis(e.staleAfter())).append(',');
      field(sb, "stale").append(e.stale(r.takenAt()));
      sb.append('}');
      first = false;
    }
    return sb.append("]}").toString();
  }

  private static String millis(Duration d) {
    return d == null ? "null" : Long.toString(d.toMillis());
  }

  private static StringBuilder field(StringBuilder sb, String name) {
    return sb.append('"').append(name).append("\":");
  }

  /**
   * {@code s} as a JSON string, escaped as every document is ({@link Spec#toString()}), or {@code
   * null}.
   */
  static String string(String s) {
    return s == null ? "null" : Spec.of(s).toString();
  }
}
