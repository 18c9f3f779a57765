package io.shardrouter.analysis;

import io.shardrouter.stats.internal.Fields;
import io.shardrouter.stats.internal.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Per-second limits of a partition and of a replica group, and how many seconds the measured counts
 * cover, read from a capacity file:
 *
 * <pre>{@code
 * {"sample_seconds": 60,
 *  "partition": {"reads": 3000, "writes": 1000},
 *  "group": {"ops": 20000},
 *  "groups": {"orders-01": {"ops": 40000}}}
 * }</pre>
 *
 * <p>A limit object has any of {@code reads}, {@code writes} and {@code ops} (both together), in
 * operations per second. {@code group} applies to every group, {@code groups} overrides it per
 * group. For a statistics export, reads count against the read limit, writes against the write
 * limit, and routes recorded without saying against both; a key sample does not say, so its total
 * counts against every limit.
 *
 * @param sampleSeconds the seconds the counts cover
 * @param partition the limits of every partition, or null
 * @param group the limits of every group, or null
 * @param groups per-group limits, overriding {@code group}
 * @since 0.1
 */
public record CapacityLimits(
    double sampleSeconds,
    @Nullable Limit partition,
    @Nullable Limit group,
    Map<String, Limit> groups) {
  /**
   * Per-second limits; a missing one is {@code Double.POSITIVE_INFINITY}.
   *
   * @param reads reads per second
   * @param writes writes per second
   * @param ops operations of either kind per second
   */
  public record Limit(double reads, double writes, double ops) {}

  /** The limits of group {@code id}: its own, else the default, else null. */
  public @Nullable Limit groupLimit(String id) {
    Limit l = groups.get(id);
    return l != null ? l : group;
  }

  /**
   * Reads a capacity file.
   *
   * @throws IllegalArgumentException naming the field and what was wrong
   */
  public static CapacityLimits parse(String json) {
    Map<String, Object> m = Fields.object(Json.parse(json), "$");
    Fields.only(m, "$", Set.of("sample_seconds", "partition", "group", "groups"));
    double seconds = Fields.number(Fields.required(m, "$", "sample_seconds"), "$.sample_seconds");
    if (!(seconds > 0)) {
      throw new IllegalArgumentException(
          "$.sample_seconds: the seconds the counts cover must be > 0, got "
              + Json.number(seconds));
    }
    Limit partition = m.containsKey("partition") ? limit(m.get("partition"), "$.partition") : null;
    Limit group = m.containsKey("group") ? limit(m.get("group"), "$.group") : null;
    Map<String, Limit> groups = new LinkedHashMap<>();
    if (m.containsKey("groups")) {
      for (Map.Entry<String, Object> e : Fields.object(m.get("groups"), "$.groups").entrySet()) {
        groups.put(e.getKey(), limit(e.getValue(), "$.groups." + e.getKey()));
      }
    }
    if (partition == null && group == null && groups.isEmpty()) {
      throw new IllegalArgumentException(
          "$: no limit given; add \"partition\", \"group\" or \"groups\"");
    }
    return new CapacityLimits(seconds, partition, group, Map.copyOf(groups));
  }

  private static Limit limit(@Nullable Object v, String path) {
    Map<String, Object> m = Fields.object(v, path);
    Fields.only(m, path, Set.of("reads", "writes", "ops"));
    if (m.isEmpty()) {
      throw new IllegalArgumentException(path + ": give at least one of reads, writes, ops");
    }
    return new Limit(rate(m, path, "reads"), rate(m, path, "writes"), rate(m, path, "ops"));
  }

  private static double rate(Map<String, Object> m, String path, String name) {
    if (!m.containsKey(name)) {
      return Double.POSITIVE_INFINITY;
    }
    double d = Fields.number(m.get(name), path + "." + name);
    if (!(d > 0)) {
      throw new IllegalArgumentException(
          path + "." + name + ": a limit per second must be > 0, got " + Json.number(d));
    }
    return d;
  }
}
