package io.shardrouter.stats;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.SplittableRandom;

/** Seeds, routing tables and key distributions shared by the statistics tests. */
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
