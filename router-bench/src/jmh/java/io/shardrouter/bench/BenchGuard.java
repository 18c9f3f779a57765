package io.shardrouter.bench;

import io.shardrouter.bench.Budget.Check;
import io.shardrouter.bench.JmhResults.Result;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The CI guard: runs every library route path at N = 1,024 groups (the worst case for {@code jump};
 * {@code hash_mod}'s cost does not depend on N), the floors F they are divided by and the plain jump
 * loop, with the GC profiler, in one fork with short iterations; writes the JMH JSON; and fails when
 * {@link Budget#check} finds an offender: a route path that allocates (≥ {@value Budget#MAX_ALLOC_BYTES} B/op)
 * or a ratio more than {@value Budget#MARGIN} × its DESIGN §6 target. It takes about four minutes on
 * 2 cores.
 *
 * <pre>
 * java -cp router-bench/target/benchmarks.jar io.shardrouter.bench.BenchGuard
 * </pre>
 *
 * <p>Exit status: 0 when every check passes, 1 with one line per offender, 2 when the run itself
 * failed (another JMH holds the machine-wide lock, a benchmark threw).
 *
 * <p>System properties: {@code shardrouter.bench.guardJson} (default
 * {@code router-bench/target/guard.json}); {@code shardrouter.bench.canary=true} also runs
 * {@code NaiveStringRouteBenchmark} ({@code routeCanonical(key.getBytes(UTF_8))}) as if it were a
 * library route path: it allocates, so the guard must fail. That is how to check the guard itself.
 */
public final class BenchGuard {
  /** Property that adds the allocating canary to the guarded paths. */
  public static final String CANARY_PROPERTY = "shardrouter.bench.canary";
  /** Property naming the JSON output. */
  public static final String JSON_PROPERTY = "shardrouter.bench.guardJson";

  private BenchGuard() {}

  public static void main(String[] args) {
    boolean canary = Boolean.getBoolean(CANARY_PROPERTY);
    Path json = Path.of(System.getProperty(JSON_PROPERTY, "router-bench/target/guard.json"));
    long start = System.nanoTime();
    try {
      if (json.toAbsolutePath().getParent() != null) {
        Files.createDirectories(json.toAbsolutePath().getParent());
      }
      new Runner(options(json, canary).build()).run();
    } catch (RunnerException | IOException | RuntimeException e) {
      System.err.println("bench guard: the JMH run failed, nothing was checked: " + e.getMessage());
      e.printStackTrace();
      System.exit(2);
    }
    List<Result> results = JmhResults.read(json);
    List<Check> checks = Budget.check(results, canary);
    List<String> problems = new ArrayList<>(missing(results, canary));
    for (Check c : checks) {
      if (!c.withinLimit()) {
        problems.add(c.describe());
      }
    }
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    report(System.out, checks, problems, json, seconds, canary);
    System.exit(problems.isEmpty() ? 0 : 1);
  }

  /** The guard's JMH options: the route paths, F, the plain jump loop; N = 1,024; GC profiler; JSON. */
  static ChainedOptionsBuilder options(Path json, boolean canary) {
    ChainedOptionsBuilder b = new OptionsBuilder()
        .include("io\\.shardrouter\\.bench\\.hash\\.FloorBenchmark\\.xxh3Bytes$")
        .include("io\\.shardrouter\\.bench\\.hash\\.(String|Bytes|Long|Composite)RouteBenchmark\\.(table|router)$")
        .include("io\\.shardrouter\\.bench\\.peers\\.PeerBenchmark\\.plainJump$")
        .param("groups", "1024")
        .forks(1)
        .warmupIterations(4)
        .warmupTime(TimeValue.milliseconds(400))
        .measurementIterations(4)
        .measurementTime(TimeValue.milliseconds(400))
        .addProfiler(GCProfiler.class)
        .shouldFailOnError(true)
        .resultFormat(ResultFormatType.JSON)
        .result(json.toString());
    if (canary) {
      b.include("io\\.shardrouter\\.bench\\.hash\\.NaiveStringRouteBenchmark\\.getBytesUtf8$");
    }
    return b;
  }

  /** Problems with the run itself: no route path measured at all, which must not pass silently. */
  static List<String> missing(List<Result> results, boolean canary) {
    List<String> out = new ArrayList<>();
    if (results.stream().noneMatch(r -> Budget.isRoutePath(r, canary))) {
      out.add("no route path was measured: check the guard's include patterns against the benchmark names");
    }
    if (canary && results.stream().noneMatch(r -> r.group().equals(Budget.CANARY))) {
      out.add("canary mode, but " + Budget.CANARY + " was not measured");
    }
    return out;
  }

  static void report(PrintStream out, List<Check> checks, List<String> problems, Path json, long seconds, boolean canary) {
    out.println();
    out.println("=== bench guard" + (canary ? " (canary mode: NaiveStringRouteBenchmark guarded as a route path)" : "")
        + ": " + checks.size() + " checks, " + problems.size() + " offenders, " + seconds + " s; JMH JSON in " + json);
    out.println("    limits: allocation < " + Budget.MAX_ALLOC_BYTES + " B/op; ratios <= " + Budget.MARGIN
        + " x DESIGN §6 target (see io.shardrouter.bench.Budget)");
    for (Check c : checks) {
      out.println((c.withinLimit() ? "ok   " : "FAIL ") + c.describe());
    }
    if (!problems.isEmpty()) {
      out.println();
      out.println("bench guard FAILED: " + problems.size() + " offender(s):");
      for (String p : problems) {
        out.println("  - " + p);
      }
    } else {
      out.println("bench guard passed");
    }
  }
}
