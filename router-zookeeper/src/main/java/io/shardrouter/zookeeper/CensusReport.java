package io.shardrouter.zookeeper;

import java.time.Instant;
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
  private final List<CensusEntry> instances;
  private final Map<Long, Integer> counts;

  CensusReport(String entity, Instant takenAt, List<CensusEntry> instances) {
    this.entity = entity;
    this.takenAt = takenAt;
    List<CensusEntry> sorted = new ArrayList<>(instances);
    sorted.sort((a, b) -> a.instance().compareTo(b.instance()));
    this.instances = Collections.unmodifiableList(sorted);
    Map<Long, Integer> c = new TreeMap<>(Collections.reverseOrder());
    for (CensusEntry e : sorted) {
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
  public List<CensusEntry> instances() {
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
    for (CensusEntry e : instances) {
      if (e.version() >= version) {
        n++;
      }
    }
    return (double) n / instances.size();
  }

  /** The instances routing with a version below {@code version} (or with none), by id. */
  public List<CensusEntry> stragglers(long version) {
    List<CensusEntry> out = new ArrayList<>();
    for (CensusEntry e : instances) {
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
    List<CensusEntry> s = stragglers(version);
    if (s.isEmpty()) {
      return "none";
    }
    StringBuilder sb = new StringBuilder();
    for (CensusEntry e : s) {
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
}
