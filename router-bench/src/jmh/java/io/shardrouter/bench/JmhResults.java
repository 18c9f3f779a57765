package io.shardrouter.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON that JMH writes with {@code -rf json} into {@link Result}s: what the guard checks
 * and what the report prints. Only the fields both need are kept.
 */
public final class JmhResults {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JmhResults() {}

  /**
   * One benchmark at one parameter combination.
   *
   * @param benchmark the fully qualified {@code Class.method}
   * @param params the JMH parameters, in the JSON's order
   * @param score the primary metric's mean
   * @param error the primary metric's 99.9% half-interval; NaN when JMH could not compute it
   * @param best the best (lowest) measurement iteration; the mean when the JSON has no percentiles
   * @param unit e.g. {@code ns/op}
   * @param allocNorm {@code gc.alloc.rate.norm} in B/op; NaN when run without the GC profiler
   * @param allocNormError its error
   * @param cpu {@code cpu.time.norm} ({@link CpuTimeProfiler}) in ns/op; NaN when run without it
   * @param cpuError its error
   * @param cpuBest its best (lowest) iteration
   * @param worstForkBest the slowest fork's best iteration, of CPU time when measured, else of the
   *     score: each fork's fastest iteration, the largest of those ({@code cpuBest} or {@code best}
   *     with one fork, or when the JSON has no per-fork data)
   * @param run the run settings of this result
   */
  public record Result(
      String benchmark,
      Map<String, String> params,
      double score,
      double error,
      double best,
      String unit,
      double allocNorm,
      double allocNormError,
      double cpu,
      double cpuError,
      double cpuBest,
      double worstForkBest,
      Settings run) {

    /** The simple class name, e.g. {@code StringRouteBenchmark}. */
    public String group() {
      String[] parts = benchmark.split("\\.");
      return parts[parts.length - 2];
    }

    /** The method name, e.g. {@code table}. */
    public String method() {
      return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    /** {@code StringRouteBenchmark.table}. */
    public String shortName() {
      return group() + "." + method();
    }

    /** The parameter {@code name}, or null. */
    public String param(String name) {
      return params.get(name);
    }

    public boolean hasAllocation() {
      return !Double.isNaN(allocNorm);
    }

    public boolean hasCpu() {
      return !Double.isNaN(cpu);
    }

    /** {@code StringRouteBenchmark.table {strategy=hash_mod, groups=1024, keySet=ascii16}}. */
    public String label() {
      return params.isEmpty() ? shortName() : shortName() + " " + params;
    }
  }

  /**
   * The settings a result was measured with.
   *
   * @param jmhVersion e.g. {@code 1.37}
   * @param jdkVersion e.g. {@code 17.0.15}
   * @param vm VM name and version
   * @param jvmArgs the forked JVM's arguments
   * @param mode e.g. {@code avgt}
   * @param forks forks
   * @param threads threads
   * @param warmup e.g. {@code 3 × 1 s}
   * @param measurement e.g. {@code 5 × 1 s}
   */
  public record Settings(
      String jmhVersion,
      String jdkVersion,
      String vm,
      List<String> jvmArgs,
      String mode,
      int forks,
      int threads,
      String warmup,
      String measurement) {

    /**
     * {@code 1 fork, 1 thread, warm-up 3 × 1 s, measurement 5 × 1 s, mode avgt}, and JVM arguments
     * if any.
     */
    public String describe() {
      return forks
          + (forks == 1 ? " fork, " : " forks, ")
          + threads
          + (threads == 1 ? " thread" : " threads")
          + ", warm-up "
          + warmup
          + ", measurement "
          + measurement
          + ", mode "
          + mode
          + (jvmArgs.isEmpty() ? "" : ", JVM arguments `" + String.join(" ", jvmArgs) + "`");
    }
  }

  /** Every result in {@code file}. */
  public static List<Result> read(Path file) {
    try {
      return parse(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read JMH results " + file + ": " + e.getMessage(), e);
    }
  }

  /** Every result in a JMH JSON document. */
  public static List<Result> parse(String json) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (IOException e) {
      throw new IllegalArgumentException("not JMH JSON results: " + e.getMessage(), e);
    }
    if (root == null || !root.isArray()) {
      throw new IllegalArgumentException(
          "not JMH JSON results: expected an array of benchmark results, as written by -rf json");
    }
    List<Result> out = new ArrayList<>();
    for (JsonNode r : root) {
      Map<String, String> params = new LinkedHashMap<>();
      JsonNode p = r.path("params");
      for (Map.Entry<String, JsonNode> e : p.properties()) {
        params.put(e.getKey(), e.getValue().asText());
      }
      JsonNode primary = r.path("primaryMetric");
      JsonNode alloc = r.path("secondaryMetrics").path("gc.alloc.rate.norm");
      JsonNode cpu = r.path("secondaryMetrics").path(CpuTimeProfiler.METRIC);
      JsonNode cpuMin = cpu.path("scorePercentiles").path("0.0");
      List<String> jvmArgs = new ArrayList<>();
      r.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
      Settings settings =
          new Settings(
              r.path("jmhVersion").asText("?"),
              r.path("jdkVersion").asText("?"),
              (r.path("vmName").asText("?") + " " + r.path("vmVersion").asText("")).trim(),
              List.copyOf(jvmArgs),
              r.path("mode").asText("?"),
              r.path("forks").asInt(),
              r.path("threads").asInt(),
              iterations(r, "warmup"),
              iterations(r, "measurement"));
      double score = number(primary.path("score"));
      JsonNode min = primary.path("scorePercentiles").path("0.0");
      out.add(
          new Result(
              text(r, "benchmark"),
              params,
              score,
              number(primary.path("scoreError")),
              min.isMissingNode() ? score : number(min),
              primary.path("scoreUnit").asText("?"),
              alloc.isMissingNode() ? Double.NaN : number(alloc.path("score")),
              alloc.isMissingNode() ? Double.NaN : number(alloc.path("scoreError")),
              cpu.isMissingNode() ? Double.NaN : number(cpu.path("score")),
              cpu.isMissingNode() ? Double.NaN : number(cpu.path("scoreError")),
              cpu.isMissingNode()
                  ? Double.NaN
                  : cpuMin.isMissingNode() ? number(cpu.path("score")) : number(cpuMin),
              worstForkBest(cpu.isMissingNode() ? primary : cpu),
              settings));
    }
    return out;
  }

  /**
   * The largest, over the forks of {@code metric}'s {@code rawData} (one array of iterations per
   * fork), of each fork's smallest iteration; the metric's best (or its score) without raw data.
   */
  private static double worstForkBest(JsonNode metric) {
    JsonNode raw = metric.path("rawData");
    double worst = Double.NaN;
    for (JsonNode fork : raw) {
      double best = Double.NaN;
      for (JsonNode iteration : fork) {
        double v = number(iteration);
        best = Double.isNaN(best) || v < best ? v : best;
      }
      worst = Double.isNaN(worst) || best > worst ? best : worst;
    }
    if (!Double.isNaN(worst)) {
      return worst;
    }
    JsonNode min = metric.path("scorePercentiles").path("0.0");
    return min.isMissingNode() ? number(metric.path("score")) : number(min);
  }

  private static String iterations(JsonNode r, String phase) {
    int n = r.path(phase + "Iterations").asInt();
    String time = r.path(phase + "Time").asText("");
    int batch = r.path(phase + "BatchSize").asInt(1);
    return n + " × " + time + (batch > 1 ? " (batch " + batch + ")" : "");
  }

  private static String text(JsonNode r, String field) {
    JsonNode n = r.get(field);
    if (n == null || !n.isTextual()) {
      throw new IllegalArgumentException("JMH result without a \"" + field + "\" string: " + r);
    }
    return n.textValue();
  }

  /** JMH writes NaN as the string "NaN". */
  private static double number(JsonNode n) {
    if (n.isNumber()) {
      return n.doubleValue();
    }
    if (n.isTextual()) {
      try {
        return Double.parseDouble(n.textValue());
      } catch (NumberFormatException e) {
        return Double.NaN;
      }
    }
    return Double.NaN;
  }
}
