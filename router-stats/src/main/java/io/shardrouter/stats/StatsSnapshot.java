package io.shardrouter.stats;

import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.internal.Fields;
import io.shardrouter.stats.internal.Json;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The route statistics of one router (or the sum of several) over one {@link RouteStats.Window}:
 * per-partition counts of reads, writes and unspecified routes, and the sampled hot keys.
 *
 * <p>{@link #toJson()} and {@link #parse(String)} write and read the {@code shardrouter-stats/1}
 * file ({@code docs/observability.md}); {@link #merge} adds two snapshots of the same entity and
 * partition count, so a fleet's view is the merge of its members'.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class StatsSnapshot {
  /** The {@code format} field of the JSON form. */
  public static final String FORMAT = "shardrouter-stats/1";

  private static final Set<String> FIELDS =
      Set.of(
          "format",
          "entity",
          "routing_version",
          "window",
          "span_millis",
          "members",
          "sample_every",
          "partitions",
          "reads",
          "writes",
          "unspecified",
          "hot_keys");

  /** The format of router-analysis's {@code AnalysisReport.toJson()}, no statistics export. */
  private static final String ANALYSIS_FORMAT_PREFIX = "shardrouter-analysis/";

  /** The hot keys {@link #of(RoutingTable, KeySample)} lists at most. */
  static final int SAMPLE_HOT_KEYS = 256;

  private final String entity;
  private final long version;
  private final RouteStats.Window window;
  private final long spanMillis;
  private final int members;
  private final int sampleEvery;
  private final long[][] counts; // [op][partition]
  private final HotKeys hotKeys;

  /**
   * A snapshot. {@code reads}, {@code writes} and {@code unspecified} have one entry per partition
   * and are copied.
   *
   * @param entity the routed entity
   * @param version the routing version when the snapshot was taken (the highest, after a merge)
   * @param window the window covered
   * @param spanMillis how much time the counts cover (less than the window while it fills)
   * @param members how many routers' statistics were merged into this one
   * @param sampleEvery one route in this many (per partition and thread) was offered to the sketch
   */
  public StatsSnapshot(
      String entity,
      long version,
      RouteStats.Window window,
      long spanMillis,
      int members,
      int sampleEvery,
      long[] reads,
      long[] writes,
      long[] unspecified,
      HotKeys hotKeys) {
    this.entity = Objects.requireNonNull(entity, "entity");
    this.version = version;
    this.window = Objects.requireNonNull(window, "window");
    this.spanMillis = spanMillis;
    this.members = members;
    this.sampleEvery = sampleEvery;
    if (reads.length == 0 || reads.length != writes.length || reads.length != unspecified.length) {
      throw new IllegalArgumentException(
          "reads, writes and unspecified need one entry per partition (at least one), got "
              + reads.length
              + ", "
              + writes.length
              + ", "
              + unspecified.length);
    }
    this.counts = new long[][] {reads.clone(), writes.clone(), unspecified.clone()};
    this.hotKeys = Objects.requireNonNull(hotKeys, "hotKeys");
  }

  /**
   * The statistics export of a key sample routed through {@code table}, for router-analysis's
   * {@code RebalanceAdvisor} and {@code shardctl advise --stats}: every route of the sample is an
   * unspecified route (a key sample does not say read or write) to the partition {@code table}
   * routes its key to, and the hot keys are the sample's 256 most frequent keys with their exact
   * counts (error 0, every route sampled: {@code sample_every} 1). The entity and version are the
   * table's; the window is {@link RouteStats.Window#SINCE_START} and its span 0, since a sample
   * carries no time.
   *
   * <pre>{@code
   * Files.writeString(statsOut, StatsSnapshot.of(table, sample).toJson());
   * }</pre>
   *
   * @throws IllegalArgumentException when the sample's key type is not the table's, or a key has no
   *     route in it, naming the key
   */
  public static StatsSnapshot of(RoutingTable table, KeySample sample) {
    sample.requireKeyTypeOf(table);
    long[] load = new long[table.partitionCount()];
    Map<ByteBuffer, HotKeys.Entry> counts = new HashMap<>();
    List<KeySample.Entry> entries = sample.entries();
    byte[][] canonical = new byte[entries.size()][];
    for (int i = 0; i < canonical.length; i++) {
      canonical[i] = entries.get(i).canonical();
    }
    Route[] routes = new Route[canonical.length];
    try {
      table.routeAllCanonical(
          canonical, 0, canonical.length, routes); // overlaps a directory's reads
    } catch (RoutingException batch) {
      if (batch.batchIndex() < 0) {
        throw batch; // not a key's refusal: the whole batch's
      }
      KeySample.Entry e = entries.get(batch.batchIndex());
      try {
        table.routeCanonical(e.canonical());
      } catch (RoutingException x) {
        throw new IllegalArgumentException("key '" + e.text() + "': " + x.getMessage(), x);
      }
      throw batch;
    }
    for (int i = 0; i < canonical.length; i++) {
      KeySample.Entry e = entries.get(i);
      int p = routes[i].partition();
      load[p] += e.count();
      counts.merge(
          ByteBuffer.wrap(e.canonical()),
          new HotKeys.Entry(e.text(), e.count(), 0),
          (a, b) -> new HotKeys.Entry(a.key(), a.count() + b.count(), 0));
    }
    List<HotKeys.Entry> top = new ArrayList<>(counts.values());
    top.sort(
        Comparator.comparingLong(HotKeys.Entry::count)
            .reversed()
            .thenComparing(HotKeys.Entry::key));
    long[] none = new long[load.length];
    return new StatsSnapshot(
        table.entity(),
        table.version(),
        RouteStats.Window.SINCE_START,
        0,
        1,
        1,
        none,
        none,
        load,
        HotKeys.of(
            SAMPLE_HOT_KEYS,
            sample.total(),
            top.subList(0, Math.min(SAMPLE_HOT_KEYS, top.size()))));
  }

  /** The routed entity. */
  public String entity() {
    return entity;
  }

  /** The routing version the statistics were taken under (the highest, after a merge). */
  public long version() {
    return version;
  }

  /** The window covered. */
  public RouteStats.Window window() {
    return window;
  }

  /** The time the counts cover, in milliseconds. */
  public long spanMillis() {
    return spanMillis;
  }

  /** How many routers' statistics this is the sum of. */
  public int members() {
    return members;
  }

  /** One route in this many was sampled for the hot keys. */
  public int sampleEvery() {
    return sampleEvery;
  }

  /** The number of partitions. */
  public int partitionCount() {
    return counts[0].length;
  }

  /** The routes of {@code op} to {@code partition}. */
  public long count(int partition, RouteStats.Op op) {
    return counts[op.ordinal()][partition];
  }

  /** All routes to {@code partition}: reads, writes and unspecified. */
  public long load(int partition) {
    return counts[0][partition] + counts[1][partition] + counts[2][partition];
  }

  /** The load of every partition, {@code [partition]}. */
  public long[] loads() {
    long[] out = new long[partitionCount()];
    for (int p = 0; p < out.length; p++) {
      out[p] = load(p);
    }
    return out;
  }

  /** All routes recorded. */
  public long total() {
    long t = 0;
    for (int p = 0; p < partitionCount(); p++) {
      t += load(p);
    }
    return t;
  }

  /** The sampled hot keys. */
  public HotKeys hotKeys() {
    return hotKeys;
  }

  /**
   * The sum of this snapshot and {@code other}: counts add, hot keys merge, members add.
   *
   * @throws IllegalArgumentException when the entity, the window, the partition count or the
   *     sampling rate differ
   */
  public StatsSnapshot merge(StatsSnapshot other) {
    if (!entity.equals(other.entity)) {
      throw new IllegalArgumentException(
          "cannot merge statistics of entity '" + other.entity + "' into '" + entity + "'");
    }
    if (partitionCount() != other.partitionCount()) {
      throw new IllegalArgumentException(
          "cannot merge statistics over "
              + other.partitionCount()
              + " partitions into statistics over "
              + partitionCount()
              + "; merge snapshots taken under tables with the same partition count");
    }
    if (window != other.window || sampleEvery != other.sampleEvery) {
      throw new IllegalArgumentException(
          "cannot merge window "
              + other.window.label()
              + " sampled 1 in "
              + other.sampleEvery
              + " into window "
              + window.label()
              + " sampled 1 in "
              + sampleEvery
              + "; take every member's snapshot of the same window with the same sampling");
    }
    long[][] sum = new long[3][partitionCount()];
    for (int o = 0; o < 3; o++) {
      for (int p = 0; p < partitionCount(); p++) {
        sum[o][p] = counts[o][p] + other.counts[o][p];
      }
    }
    return new StatsSnapshot(
        entity,
        Math.max(version, other.version),
        window,
        Math.max(spanMillis, other.spanMillis),
        members + other.members,
        sampleEvery,
        sum[0],
        sum[1],
        sum[2],
        hotKeys.merge(other.hotKeys));
  }

  /** The {@code shardrouter-stats/1} JSON form, one object. */
  public String toJson() {
    StringBuilder sb = new StringBuilder();
    sb.append("{\n  \"format\": ").append(Json.quote(FORMAT));
    sb.append(",\n  \"entity\": ").append(Json.quote(entity));
    sb.append(",\n  \"routing_version\": ").append(version);
    sb.append(",\n  \"window\": ").append(Json.quote(window.label()));
    sb.append(",\n  \"span_millis\": ").append(spanMillis);
    sb.append(",\n  \"members\": ").append(members);
    sb.append(",\n  \"sample_every\": ").append(sampleEvery);
    sb.append(",\n  \"partitions\": ").append(partitionCount());
    for (RouteStats.Op op : RouteStats.Op.values()) {
      sb.append(",\n  \"").append(op.label()).append("\": ");
      sb.append(Arrays.toString(counts[op.ordinal()]).replace(" ", ""));
    }
    sb.append(",\n  \"hot_keys\": {\"capacity\": ").append(hotKeys.capacity());
    sb.append(", \"sampled\": ").append(hotKeys.sampled()).append(", \"keys\": [");
    String sep = "";
    for (HotKeys.Entry k : hotKeys.keys()) {
      sb.append(sep).append("\n    {\"key\": ").append(Json.quote(k.key()));
      sb.append(", \"count\": ").append(k.count()).append(", \"error\": ").append(k.error());
      sb.append('}');
      sep = ",";
    }
    return sb.append("]}\n}\n").toString();
  }

  /**
   * Reads the {@code shardrouter-stats/1} JSON form.
   *
   * @throws IllegalArgumentException naming the field and what was wrong with it
   */
  public static StatsSnapshot parse(String json) {
    Map<String, Object> m = Fields.object(Json.parse(json), "$");
    if (m.get("format") instanceof String f && f.startsWith(ANALYSIS_FORMAT_PREFIX)) {
      throw new IllegalArgumentException(
          "this is an analysis report ("
              + f
              + "), not a statistics export; write one with"
              + " `shardctl analyze DOC --keys FILE --stats-out STATS`");
    }
    String format = Fields.string(m, "$", "format");
    if (!format.equals(FORMAT)) {
      throw new IllegalArgumentException(
          "$.format: '" + format + "' is not a statistics file; expected '" + FORMAT + "'");
    }
    Fields.only(m, "$", FIELDS);
    int n = (int) Fields.integer(m, "$", "partitions", 1, 1 << 24);
    String label = Fields.string(m, "$", "window");
    RouteStats.Window w;
    try {
      w = RouteStats.Window.ofLabel(label);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("$.window: " + e.getMessage(), e);
    }
    Map<String, Object> hk = Fields.object(Fields.required(m, "$", "hot_keys"), "$.hot_keys");
    Fields.only(hk, "$.hot_keys", Set.of("capacity", "sampled", "keys"));
    List<HotKeys.Entry> keys = new ArrayList<>();
    List<Object> arr = Fields.array(hk, "$.hot_keys", "keys");
    for (int i = 0; i < arr.size(); i++) {
      String path = "$.hot_keys.keys[" + i + "]";
      Map<String, Object> k = Fields.object(arr.get(i), path);
      Fields.only(k, path, Set.of("key", "count", "error"));
      long count = Fields.integer(k, path, "count", 1, Long.MAX_VALUE);
      long error = Fields.integer(k, path, "error", 0, count - 1);
      keys.add(new HotKeys.Entry(Fields.string(k, path, "key"), count, error));
    }
    int capacity = (int) Fields.integer(hk, "$.hot_keys", "capacity", 1, 1 << 20);
    long sampled = Fields.integer(hk, "$.hot_keys", "sampled", 0, Long.MAX_VALUE);
    HotKeys hot;
    try {
      hot = HotKeys.of(capacity, sampled, keys);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("$.hot_keys: " + e.getMessage(), e);
    }
    return new StatsSnapshot(
        Fields.string(m, "$", "entity"),
        Fields.integer(m, "$", "routing_version", 0, Long.MAX_VALUE),
        w,
        Fields.integer(m, "$", "span_millis", 0, Long.MAX_VALUE),
        (int) Fields.integer(m, "$", "members", 1, Integer.MAX_VALUE),
        (int) Fields.integer(m, "$", "sample_every", 1, 1 << 20),
        Fields.counts(m, "$", "reads", n),
        Fields.counts(m, "$", "writes", n),
        Fields.counts(m, "$", "unspecified", n),
        hot);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StatsSnapshot s
        && s.entity.equals(entity)
        && s.version == version
        && s.window == window
        && s.spanMillis == spanMillis
        && s.members == members
        && s.sampleEvery == sampleEvery
        && Arrays.deepEquals(s.counts, counts)
        && s.hotKeys.equals(hotKeys);
  }

  @Override
  public int hashCode() {
    return Objects.hash(entity, version, window, Arrays.deepHashCode(counts), hotKeys);
  }

  @Override
  public String toString() {
    return "StatsSnapshot{"
        + entity
        + " v"
        + version
        + ", "
        + window.label()
        + ", "
        + total()
        + " routes over "
        + partitionCount()
        + " partitions, "
        + hotKeys.keys().size()
        + " hot keys}";
  }
}
