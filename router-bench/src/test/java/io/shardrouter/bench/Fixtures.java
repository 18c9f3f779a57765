package io.shardrouter.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** JMH JSON results written by hand, for the guard's and the report's tests. */
final class Fixtures {
  private Fixtures() {}

  /** The checked-in fixture {@code jmh-fixture.json}. */
  static String fixture() {
    try (InputStream in = Fixtures.class.getResourceAsStream("/jmh-fixture.json")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException | NullPointerException e) {
      throw new IllegalStateException("test resource jmh-fixture.json is missing", e);
    }
  }

  /** A builder of a results array. */
  static final class Json {
    private final List<String> entries = new ArrayList<>();

    /** Adds one result; {@code params} alternate name, value. */
    Json add(String benchmark, double score, double error, double allocNorm, String... params) {
      StringBuilder p = new StringBuilder();
      for (int i = 0; i < params.length; i += 2) {
        p.append(i == 0 ? "" : ", ")
            .append('"')
            .append(params[i])
            .append("\": \"")
            .append(params[i + 1])
            .append('"');
      }
      entries.add(
          String.format(
              Locale.ROOT,
              """
          {"jmhVersion": "1.37", "benchmark": "io.shardrouter.bench.%s", "mode": "avgt", "threads": 1, "forks": 1,
           "jvmArgs": [], "jdkVersion": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "17.0.15",
           "warmupIterations": 4, "warmupTime": "400 ms", "measurementIterations": 4, "measurementTime": "400 ms",
           "params": {%s},
           "primaryMetric": {"score": %s, "scoreError": %s, "scoreUnit": "ns/op"},
           "secondaryMetrics": {"gc.alloc.rate.norm": {"score": %s, "scoreError": 0.001, "scoreUnit": "B/op"}}}""",
              benchmark,
              p,
              score,
              error,
              allocNorm));
      return this;
    }

    @Override
    public String toString() {
      return "[" + String.join(",\n", entries) + "]";
    }
  }
}
