package io.shardrouter.analysis;

import io.shardrouter.analysis.AnalysisReport.Comparison;
import io.shardrouter.analysis.AnalysisReport.Distribution;
import io.shardrouter.analysis.AnalysisReport.Frequency;
import io.shardrouter.analysis.AnalysisReport.GroupLoad;
import io.shardrouter.analysis.AnalysisReport.KeyCharacteristics;
import io.shardrouter.analysis.AnalysisReport.PartitionLoad;
import io.shardrouter.analysis.AnalysisReport.QueryDistribution;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.HotKeys;
import io.shardrouter.stats.KeySample;
import io.shardrouter.stats.RouteStats;
import io.shardrouter.stats.Skew;
import io.shardrouter.stats.StatsSnapshot;
import io.shardrouter.stats.internal.Fields;
import io.shardrouter.stats.internal.Json;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Judges a key choice before it is used: routes a {@link KeySample} (or a {@link StatsSnapshot}
 * export of a running router) through a routing table and reports the key's characteristics, the
 * spread of keys and load, the query fan-out, the limits exceeded, the cost of another document and
 * the review checklist, as an {@link AnalysisReport}.
 *
 * <pre>{@code
 * AnalysisReport r = KeyAnalysis.of(table).queries(queries).compare(next).analyze(sample);
 * Files.writeString(out, r.toHtml());
 * }</pre>
 *
 * <p><b>Thread-safety:</b> mutable while configured; one thread.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class KeyAnalysis {
  /** How many of the most common keys and hottest partitions the report lists. */
  public static final int TOP = 10;

  /** Points of the growth curve at most. */
  static final int GROWTH_POINTS = 200;

  /** |rank correlation| from which keys count as monotonic (MongoDB's threshold). */
  public static final double MONOTONIC = 0.7;

  private final RoutingTable table;
  private @Nullable List<Query> queries;
  private @Nullable CapacityLimits limits;
  private @Nullable RoutingTable compare;

  private KeyAnalysis(RoutingTable table) {
    this.table = Objects.requireNonNull(table, "table");
  }

  /** An analysis through {@code table}. */
  public static KeyAnalysis of(RoutingTable table) {
    return new KeyAnalysis(table);
  }

  /** Also reports the fan-out of {@code queries}. */
  public KeyAnalysis queries(List<Query> queries) {
    this.queries = List.copyOf(queries);
    return this;
  }

  /** Also reports the partitions and groups over {@code limits}. */
  public KeyAnalysis capacity(CapacityLimits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
    return this;
  }

  /**
   * Also reports what routing the sample through {@code other} would move.
   *
   * @throws IllegalArgumentException when {@code other} routes another key type
   */
  public KeyAnalysis compare(RoutingTable other) {
    if (!other.keyType().equals(table.keyType())) {
      throw new IllegalArgumentException(
          "the compared document routes keys of type "
              + other.keyType()
              + ", the analysed one "
              + table.keyType()
              + "; compare documents of the same key type");
    }
    this.compare = other;
    return this;
  }

  /** Analyses a sample of keys. */
  public AnalysisReport analyze(KeySample sample) {
    requireKeyTypeOf(sample, table);
    int n = table.partitionCount();
    Map<ByteBuffer, long[]> distinct = new HashMap<>(); // key -> {count, partition}
    Map<ByteBuffer, String> texts = new HashMap<>();
    long[] load = new long[n];
    long[] keys = new long[n];
    List<long[]> firstSeen = new ArrayList<>(); // {count, partition} of each distinct key
    List<byte[]> canonical = new ArrayList<>();
    for (KeySample.Entry e : sample.entries()) {
      ByteBuffer k = ByteBuffer.wrap(e.canonical());
      long[] c = distinct.get(k);
      if (c == null) {
        c = new long[] {0, -1};
        distinct.put(k, c);
        texts.put(k, e.text());
        firstSeen.add(c);
        canonical.add(e.canonical());
      }
      c[0] += e.count();
    }
    Route[] routes = routesOf(table, canonical.toArray(new byte[0][]));
    for (int i = 0; i < routes.length; i++) {
      long[] c = firstSeen.get(i);
      int p = routes[i].partition();
      c[1] = p;
      keys[p]++;
      load[p] += c[0];
    }
    long total = sample.total();
    List<Map.Entry<ByteBuffer, long[]>> byCount = new ArrayList<>(distinct.entrySet());
    byCount.sort(
        Comparator.comparingLong((Map.Entry<ByteBuffer, long[]> e) -> e.getValue()[0]).reversed());
    List<Frequency> common = new ArrayList<>();
    for (int i = 0; i < Math.min(TOP, byCount.size()); i++) {
      long c = byCount.get(i).getValue()[0];
      String text =
          Objects.requireNonNull(texts.get(byCount.get(i).getKey()), "every key has text");
      common.add(new Frequency(text, c, share(c, total), 0));
    }
    double r = Monotonicity.rankCorrelation(sample.entries(), kind());
    List<double[]> growth = Monotonicity.growth(sample.entries(), kind(), GROWTH_POINTS);
    KeyCharacteristics kc =
        new KeyCharacteristics(
            total,
            distinct.size(),
            distinct.size() == sample.entries().size() && total == distinct.size(),
            common,
            Double.isNaN(r) ? "unknown" : Math.abs(r) >= MONOTONIC ? "monotonic" : "not monotonic",
            r);
    RoutingTable other = compare;
    Comparison cmp = other == null ? null : comparison(other, distinct, total);
    return finish("keys", kc, keys, load, null, null, growth, cmp);
  }

  /** Analyses a statistics export: exact load per partition, estimated hot keys. */
  public AnalysisReport analyze(StatsSnapshot stats) {
    if (stats.partitionCount() != table.partitionCount()) {
      throw new IllegalArgumentException(
          "the statistics count "
              + stats.partitionCount()
              + " partitions, the document has "
              + table.partitionCount()
              + "; analyse them with the document they were recorded under");
    }
    if (compare != null) {
      throw new IllegalArgumentException(
          "comparing documents needs a key sample (keys, not partition counts); give a key file");
    }
    HotKeys hot = stats.hotKeys();
    List<Frequency> common = new ArrayList<>();
    for (HotKeys.Entry k : hot.keys().subList(0, Math.min(TOP, hot.keys().size()))) {
      double s = hot.sampled() == 0 ? 0 : (double) k.count() / hot.sampled();
      common.add(
          new Frequency(
              k.key(), Math.round(s * stats.total()), s, k.error() * (long) stats.sampleEvery()));
    }
    KeyCharacteristics kc =
        new KeyCharacteristics(stats.total(), -1, false, common, "unknown", Double.NaN);
    long[] reads = new long[stats.partitionCount()];
    long[] writes = new long[stats.partitionCount()];
    for (int p = 0; p < reads.length; p++) {
      reads[p] = stats.count(p, RouteStats.Op.READ);
      writes[p] = stats.count(p, RouteStats.Op.WRITE);
    }
    return finish("stats", kc, null, stats.loads(), reads, writes, List.of(), null);
  }

  private AnalysisReport finish(
      String source,
      KeyCharacteristics kc,
      long @Nullable [] keys,
      long[] load,
      long @Nullable [] reads,
      long @Nullable [] writes,
      List<double[]> growth,
      @Nullable Comparison cmp) {
    long total = 0;
    for (long l : load) {
      total += l;
    }
    Map<String, Long> groupLoad = Skew.groupLoads(load, table);
    List<GroupLoad> groups = new ArrayList<>();
    long peakGroup = 0;
    for (Map.Entry<String, Long> g : groupLoad.entrySet()) {
      int[] ps = table.partitionsOf(g.getKey());
      long k = 0;
      for (int p : ps) {
        k += keys == null ? 0 : keys[p];
      }
      groups.add(
          new GroupLoad(
              g.getKey(),
              ps.length,
              keys == null ? -1 : k,
              g.getValue(),
              share(g.getValue(), total)));
      peakGroup = Math.max(peakGroup, g.getValue());
    }
    Integer[] order = new Integer[load.length];
    for (int p = 0; p < order.length; p++) {
      order[p] = p;
    }
    java.util.Arrays.sort(order, (a, b) -> Long.compare(load[b], load[a]));
    List<PartitionLoad> hottest = new ArrayList<>();
    for (int i = 0; i < Math.min(TOP, order.length); i++) {
      int p = order[i];
      hottest.add(new PartitionLoad(p, table.groupOf(p).id(), load[p], share(load[p], total)));
    }
    double partitionPtm = total == 0 ? 0 : load[order[0]] / ((double) total / load.length);
    double groupPtm = total == 0 ? 0 : peakGroup / ((double) total / groupLoad.size());
    Distribution d = new Distribution(keys, load, groups, partitionPtm, groupPtm, hottest);
    List<Query> qs = queries;
    QueryDistribution q = qs == null ? null : QueryFanOut.of(table, qs);
    CapacityLimits cl = limits;
    List<AnalysisReport.OverLimit> over =
        cl == null ? null : Limits.over(table, cl, load, reads, writes);
    return new AnalysisReport(
        table.entity(),
        table.version(),
        table.strategy().type(),
        source,
        kc,
        d,
        growth,
        q,
        over,
        cmp,
        Checklist.of(table, kc, d, q, cmp));
  }

  /** What routing the sample through {@code compare} instead of the table would move. */
  private Comparison comparison(
      RoutingTable compare, Map<ByteBuffer, long[]> distinct, long total) {
    long movedKeys = 0;
    long movedGroupKeys = 0;
    long movedLoad = 0;
    long[] load = new long[compare.partitionCount()];
    List<Map.Entry<ByteBuffer, long[]>> entries = new ArrayList<>(distinct.entrySet());
    byte[][] canonical = new byte[entries.size()][];
    for (int i = 0; i < canonical.length; i++) {
      canonical[i] = entries.get(i).getKey().array();
    }
    Route[] routes = routesOf(compare, canonical);
    for (int i = 0; i < canonical.length; i++) {
      Map.Entry<ByteBuffer, long[]> e = entries.get(i);
      int from = (int) e.getValue()[1];
      int to = routes[i].partition();
      load[to] += e.getValue()[0];
      if (from != to) {
        movedKeys++;
      }
      if (!table.groupOf(from).id().equals(compare.groupOf(to).id())) {
        movedGroupKeys++;
        movedLoad += e.getValue()[0];
      }
    }
    long peak = 0;
    for (long l : load) {
      peak = Math.max(peak, l);
    }
    Map<String, Long> g = Skew.groupLoads(load, compare);
    long peakGroup = 0;
    for (long l : g.values()) {
      peakGroup = Math.max(peakGroup, l);
    }
    return new Comparison(
        compare.entity() + " version " + compare.version(),
        compare.version(),
        compare.partitionCount(),
        share(movedKeys, distinct.size()),
        share(movedGroupKeys, distinct.size()),
        share(movedLoad, total),
        total == 0 ? 0 : peak / ((double) total / load.length),
        total == 0 ? 0 : peakGroup / ((double) total / g.size()));
  }

  /**
   * The routes of {@code keys} through {@code table}, in batches ({@link
   * RoutingTable#routeAllCanonical}, which overlaps a directory's reads across keys); a key the
   * table refuses is refused as routing it alone refuses it.
   */
  static Route[] routesOf(RoutingTable table, byte[][] keys) {
    Route[] out = new Route[keys.length];
    try {
      table.routeAllCanonical(keys, 0, keys.length, out);
    } catch (RoutingException e) {
      if (e.batchIndex() >= 0) {
        table.routeCanonical(keys[e.batchIndex()]); // throws the key's own refusal
      }
      throw e;
    }
    return out;
  }

  /** Refuses a table that routes another key type than the sample's, naming both. */
  private static void requireKeyTypeOf(KeySample sample, RoutingTable table) {
    if (!sample.keyType().equals(table.keyType())) {
      throw new IllegalArgumentException(
          "the sample holds keys of type "
              + sample.keyType()
              + ", routing table version "
              + table.version()
              + " routes "
              + table.keyType());
    }
  }

  /** The key's kind, or null for a composite key. */
  private KeyType.@Nullable Kind kind() {
    return table.keyType().isComposite() ? null : table.keyType().kind();
  }

  static double share(long part, long whole) {
    return whole == 0 ? 0 : (double) part / whole;
  }

  /**
   * One query of a query sample: a list of keys ({@code {"keys": [K, ...]}}) or a key range ({@code
   * {"from": K, "to": K}}, both ends included), one JSON object a line. Keys are written as in a
   * key file: a JSON string holds the key text, a JSON number a {@code long} or {@code int} key, a
   * JSON array a composite key.
   *
   * @param keys the canonical keys of a key list, or null for a range
   * @param from the canonical lower end of a range, or null for a key list
   * @param to the canonical upper end of a range, or null for a key list
   * @since 0.1
   */
  public record Query(@Nullable List<byte[]> keys, byte @Nullable [] from, byte @Nullable [] to) {
    /**
     * Parses one query line.
     *
     * @throws IllegalArgumentException saying what is wrong with the line and what a line looks
     *     like
     */
    public static Query parse(String line, KeyType keyType) {
      Map<String, Object> m;
      try {
        m = Fields.object(Json.parse(line), "query");
        Fields.only(m, "query", Set.of("keys", "from", "to"));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            e.getMessage() + "; a query line is {\"keys\": [K, ...]} or {\"from\": K, \"to\": K}",
            e);
      }
      if (m.containsKey("keys")) {
        if (m.size() != 1) {
          throw new IllegalArgumentException(
              "a query has either \"keys\" or \"from\" and \"to\", not both");
        }
        List<Object> a = Fields.array(m, "query", "keys");
        if (a.isEmpty()) {
          throw new IllegalArgumentException("query.keys: give at least one key");
        }
        List<byte[]> keys = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
          keys.add(key(a.get(i), keyType, "query.keys[" + i + "]"));
        }
        return new Query(List.copyOf(keys), null, null);
      }
      if (!m.containsKey("from") || !m.containsKey("to")) {
        throw new IllegalArgumentException(
            "a query is {\"keys\": [K, ...]} or {\"from\": K, \"to\": K}; got fields "
                + m.keySet());
      }
      return new Query(
          null, key(m.get("from"), keyType, "query.from"), key(m.get("to"), keyType, "query.to"));
    }

    private static byte[] key(@Nullable Object v, KeyType keyType, String path) {
      String text;
      if (v instanceof String s) {
        text = s;
      } else if (v instanceof Long l) {
        text = Long.toString(l);
      } else if (v instanceof List<?> parts) {
        StringBuilder sb = new StringBuilder("[");
        for (Object p : parts) {
          if (sb.length() > 1) {
            sb.append(',');
          }
          sb.append(p instanceof String s ? Json.quote(s) : String.valueOf(p));
        }
        text = sb.append(']').toString();
      } else {
        throw new IllegalArgumentException(path + ": a key is a string, an integer or an array");
      }
      try {
        return keyType.parseText(text);
      } catch (RoutingException e) {
        throw new IllegalArgumentException(path + ": " + e.getMessage(), e);
      }
    }

    /** Whether this is a key range. */
    public boolean isRange() {
      return keys == null;
    }
  }
}
