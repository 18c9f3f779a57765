package io.shardrouter.analysis;

import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.stats.HotKeys;
import io.shardrouter.stats.RouteStats;
import io.shardrouter.stats.StatsSnapshot;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** Seeds, routing tables, statistics and key distributions shared by the analysis tests. */
final class Fixtures {
  /** {@code -Dshardrouter.test.seed=N} reruns every randomized test with seed N. */
  static final String SEED_PROPERTY = "shardrouter.test.seed";

  private Fixtures() {}

  /** The seed to use: the property's, else {@code otherwise}. */
  static long seed(long otherwise) {
    String s = System.getProperty(SEED_PROPERTY);
    return s == null ? otherwise : Long.parseLong(s);
  }

  /**
   * A {@code strategy} table ({@code hash_mod} or {@code jump}) of string keys, groups in blocks.
   */
  static RoutingTable table(String strategy, int partitions, int groups, long version) {
    return table(strategy, partitions, groups, version, "string");
  }

  /** The same, for keys of {@code keyType} ({@code string}, {@code long}, ...). */
  static RoutingTable table(
      String strategy, int partitions, int groups, long version, String keyType) {
    StringBuilder sb = new StringBuilder();
    sb.append("{\"format\":1,\"routing_version\":").append(version);
    sb.append(",\"entity\":\"orders\",\"key\":{\"type\":\"");
    sb.append(keyType).append("\"},\"strategy\":{\"type\":\"");
    sb.append(strategy).append("\",\"hash\":\"xxh3-64\",\"partitions\":").append(partitions);
    sb.append("},\"groups\":[");
    for (int g = 0; g < groups; g++) {
      sb.append(g == 0 ? "" : ",").append("{\"id\":\"g").append(g).append("\",\"primary\":\"db");
      sb.append(g).append(":5432\"}");
    }
    sb.append("],\"placement\":[");
    for (int p = 0; p < partitions; p++) {
      sb.append(p == 0 ? "" : ",").append("\"g").append((long) p * groups / partitions).append('"');
    }
    return RoutingDocuments.read(sb.append("]}").toString());
  }

  /** A range table of timestamp keys: one range per month of 2026 from {@code first}, 2 groups. */
  static RoutingTable monthlyRanges(int months) {
    StringBuilder sb = new StringBuilder();
    sb.append("{\"format\":1,\"routing_version\":1,\"entity\":\"events\",");
    sb.append("\"key\":{\"type\":\"timestamp\"},\"strategy\":{\"type\":\"range\",\"ranges\":[");
    for (int m = 0; m < months; m++) {
      String start = Instant.parse(String.format("2026-%02d-01T00:00:00Z", m + 1)).toString();
      String end =
          m == months - 1
              ? "null"
              : "\"" + Instant.parse(String.format("2026-%02d-01T00:00:00Z", m + 2)) + "\"";
      sb.append(m == 0 ? "" : ",").append("{\"start\":\"").append(start).append("\",\"end\":");
      sb.append(end).append('}');
    }
    sb.append("]},\"groups\":[{\"id\":\"g0\",\"primary\":\"db0:5432\"},");
    sb.append("{\"id\":\"g1\",\"primary\":\"db1:5432\"}],\"placement\":[");
    for (int m = 0; m < months; m++) {
      sb.append(m == 0 ? "" : ",").append(m < months / 2 ? "\"g0\"" : "\"g1\"");
    }
    return RoutingDocuments.read(sb.append("]}").toString());
  }

  /**
   * Statistics of {@code t}: {@code base} writes per partition, plus, for each hot key, its share
   * of the total added to the partition it routes to (a key that is no key of the table adds
   * nothing). The keys are summarised as {@code sampled} samples, each count with an error in [0,
   * 3].
   */
  static StatsSnapshot withHotKeys(
      RoutingTable t, long[] base, Map<String, Double> shares, long sampled, SplittableRandom r) {
    double sum = 0;
    for (double s : shares.values()) {
      sum += s;
    }
    long baseTotal = 0;
    for (long b : base) {
      baseTotal += b;
    }
    double total = baseTotal / (1 - sum);
    long[] writes = base.clone();
    List<HotKeys.Entry> keys = new ArrayList<>();
    for (Map.Entry<String, Double> e : shares.entrySet()) {
      try {
        int p = t.routeCanonical(t.keyType().parseText(e.getKey())).partition();
        writes[p] += Math.round(e.getValue() * total);
      } catch (RoutingException notAKey) {
        // listed by the sketch all the same: a router of another key type recorded it
      }
      long count = Math.max(1, Math.round(e.getValue() * sampled));
      keys.add(new HotKeys.Entry(e.getKey(), count, Math.min(count - 1, r.nextInt(4))));
    }
    int n = t.partitionCount();
    return new StatsSnapshot(
        t.entity(),
        t.version(),
        RouteStats.Window.SINCE_START,
        1000,
        1,
        1,
        new long[n],
        writes,
        new long[n],
        HotKeys.of(Math.max(8, keys.size()), sampled, keys));
  }

  /** {@code key} at {@code share}, in insertion order. */
  static Map<String, Double> shares(Object... keyAndShare) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (int i = 0; i < keyAndShare.length; i += 2) {
      m.put((String) keyAndShare[i], (Double) keyAndShare[i + 1]);
    }
    return m;
  }

  /** Draws ranks 0..n-1 with probability proportional to 1 / (rank + 1)^s (inverse CDF). */
  static final class Zipf {
    private final double[] cdf;

    Zipf(int n, double s) {
      cdf = new double[n];
      double sum = 0;
      for (int i = 0; i < n; i++) {
        sum += 1 / Math.pow(i + 1, s);
        cdf[i] = sum;
      }
      for (int i = 0; i < n; i++) {
        cdf[i] /= sum;
      }
    }

    int next(SplittableRandom r) {
      double u = r.nextDouble();
      int i = java.util.Arrays.binarySearch(cdf, u);
      return Math.min(cdf.length - 1, i < 0 ? -i - 1 : i);
    }
  }
}
