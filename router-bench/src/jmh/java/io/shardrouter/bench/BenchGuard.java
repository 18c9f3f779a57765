package io.shardrouter.bench;

import io.shardrouter.bench.Budget.Check;
import io.shardrouter.bench.Budget.Statistic;
import io.shardrouter.bench.JmhResults.Result;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The CI guard: runs every library route path at N = 1,024 groups (the worst case for {@code jump};
 * {@code hash_mod}'s cost does not depend on N; the weighted ring's target is at 1,024, in one
 * thread and in two at once), the range route at 1,024 {@code long} boundaries, lookup hits and
 * misses on a 1M-entry directory, a route recorded in {@code RouteStats} against the same route
 * plain, batches of 64 keys (the hash family's {@code HashBatchBenchmark.batch*}, and a lookup
 * batch of spread probes beside the same probes routed one by one), the floors F they are divided
 * by and the plain jump loop, with the GC profiler, in one fork with short iterations; writes the
 * JMH JSON; and fails when {@link Budget#check} finds an offender: a route path that allocates (≥
 * {@value Budget#MAX_ALLOC_BYTES} B/op) or a ratio more than {@value Budget#MARGIN} × its
 * docs/architecture.md §6 target (ratios of the best iterations' CPU time per op, {@link
 * CpuTimeProfiler}; see {@link Budget} for why, and for the one target that has another limit while
 * it is missed). A ratio over the limit is measured once more, with its reference, in {@value
 * #RETRY_FORKS} forks, and fails only if it is over the limit again: allocation is exact and never
 * re-measured. The retry takes the best iteration over all its forks because a fork's JIT can
 * settle in a slower compiled form of the same code for the whole fork: the weighted ring's 16-char
 * {@code String} route measured 12.5 to 19.4 ns across eight forks of one build (2026-12-02), so
 * one fork of the ring and one of its {@code hash_mod} reference can put their ratio anywhere
 * between 0.7 and 2 ×. Then the lookup hit runs again in {@value Budget#LOOKUP_HIT_FORKS} forks
 * beside F and is judged by its slowest fork ({@link Budget#worstForkChecks}): there the fork's
 * luck is the thing guarded. It takes about five minutes on 2 cores, plus a minute or two when a
 * ratio has to be re-measured.
 *
 * <pre>
 * java -cp router-bench/target/benchmarks.jar io.shardrouter.bench.BenchGuard
 * </pre>
 *
 * <p>Exit status: 0 when every check passes, 1 with one line per offender, 2 when the run itself
 * failed (a benchmark threw, or another JMH run held the machine-wide lock for more than {@value
 * #LOCK_WAIT_MINUTES} minutes: the guard waits for it, since CI may share the machine).
 *
 * <p>System properties: {@code shardrouter.bench.guardJson} (default {@code
 * router-bench/target/guard.json}); {@code shardrouter.bench.canary=true} also runs {@code
 * NaiveStringRouteBenchmark} ({@code routeCanonical(key.getBytes(UTF_8))}) as if it were a library
 * route path: it allocates, so the guard must fail. That is how to check the guard itself.
 */
public final class BenchGuard {
  /** Property that adds the allocating canary to the guarded paths. */
  public static final String CANARY_PROPERTY = "shardrouter.bench.canary";

  /**
   * Forks of the re-measurement of a ratio over its limit; its best iteration is the best over all
   * of them.
   */
  static final int RETRY_FORKS = 3;

  /** How long the guard waits for another JMH run to release the machine-wide lock. */
  static final int LOCK_WAIT_MINUTES = 30;

  /** Property naming the JSON output. */
  public static final String JSON_PROPERTY = "shardrouter.bench.guardJson";

  private BenchGuard() {}

  public static void main(String[] args) {
    boolean canary = Boolean.getBoolean(CANARY_PROPERTY);
    Path json = Path.of(System.getProperty(JSON_PROPERTY, "router-bench/target/guard.json"));
    String base = json.getFileName().toString().replaceFirst("\\.json$", "");
    Path forksJson = json.resolveSibling(base + "-forks.json");
    long start = System.nanoTime();
    List<Check> checks;
    List<String> notes = new ArrayList<>();
    List<Result> results;
    try {
      if (json.toAbsolutePath().getParent() != null) {
        Files.createDirectories(json.toAbsolutePath().getParent());
      }
      run(options(json, canary));
      results = JmhResults.read(json);
      checks = Budget.check(results, canary, Statistic.BEST);
      List<Check> suspects =
          checks.stream()
              .filter(c -> !c.strict() && c.reference() != null && !c.withinLimit())
              .toList();
      if (!suspects.isEmpty()) {
        System.out.println(
            "bench guard: "
                + suspects.size()
                + " ratio(s) over the limit; measuring those paths and their"
                + " references once more before failing (a ratio fails only when it fails twice)");
        List<Result> retried = new ArrayList<>();
        for (int k = 0; k < suspects.size(); k++) {
          // one run each: several suspects' parameters in one run would cross (a keySet of one
          // benchmark given to another that cannot take it)
          Path retryJson = json.resolveSibling(base + "-retry-" + (k + 1) + ".json");
          run(retryOptions(suspects.get(k), retryJson));
          retried.addAll(JmhResults.read(retryJson));
        }
        checks = confirm(checks, Budget.check(retried, canary, Statistic.BEST), notes);
      }
      run(forkOptions(forksJson));
      List<Check> worstForks = Budget.worstForkChecks(JmhResults.read(forksJson));
      if (worstForks.isEmpty()) {
        throw new IllegalStateException(
            "the lookup hit's run in " + Budget.LOOKUP_HIT_FORKS + " forks measured nothing");
      }
      checks = new ArrayList<>(checks);
      checks.addAll(worstForks);
    } catch (RunnerException | IOException | RuntimeException e) {
      System.err.println("bench guard: the JMH run failed, nothing was checked: " + e.getMessage());
      e.printStackTrace();
      System.exit(2);
      return;
    }
    List<String> problems = new ArrayList<>(missing(results, canary));
    for (Check c : checks) {
      if (!c.withinLimit()) {
        problems.add(c.describe());
      }
    }
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    report(System.out, checks, notes, problems, json, seconds, canary);
    System.exit(problems.isEmpty() ? 0 : 1);
  }

  /**
   * Runs JMH; when another JMH run on the machine holds JMH's lock, waits for it (up to {@value
   * #LOCK_WAIT_MINUTES} minutes) instead of failing: CI may share the machine.
   */
  static void run(ChainedOptionsBuilder options) throws RunnerException {
    long deadline = System.nanoTime() + LOCK_WAIT_MINUTES * 60_000_000_000L;
    while (true) {
      try {
        new Runner(options.build()).run();
        return;
      } catch (RunnerException e) {
        if (!String.valueOf(e.getMessage()).contains("JMH lock") || System.nanoTime() > deadline) {
          throw e;
        }
        System.out.println(
            "bench guard: another JMH run holds the JMH lock; waiting 15 s ("
                + e.getMessage()
                + ")");
        try {
          Thread.sleep(15_000);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /**
   * The guard's JMH options: the hash route paths, F, the plain jump loop; the ring's {@code
   * String} and {@code byte[]} routes and their {@code hash_mod} references; the range {@code long}
   * route at 1,024 boundaries; lookup hit and miss on the 1M-entry directory; the hash family's
   * batches and the lookup's batch and single routes of spread probes (1M entries); N = 1,024; GC
   * and CPU-time profilers; JSON.
   */
  static ChainedOptionsBuilder options(Path json, boolean canary) {
    ChainedOptionsBuilder b =
        common(json)
            .include("io\\.shardrouter\\.bench\\.hash\\.FloorBenchmark\\.xxh3Bytes$")
            .include(
                "io\\.shardrouter\\.bench\\.hash\\.(String|Bytes|Long|Composite)RouteBenchmark\\.(table|router)$")
            .include("io\\.shardrouter\\.bench\\.peers\\.PeerBenchmark\\.plainJump$")
            .include("io\\.shardrouter\\.bench\\.hash\\.JumpBackBenchmark\\.jumpBack2?$")
            .include(
                "io\\.shardrouter\\.bench\\.ring\\.RingRouteBenchmark\\.(string|bytes)(HashMod|TwoThreads)?$")
            .include("io\\.shardrouter\\.bench\\.range\\.RangeRouteBenchmark\\.routeLong$")
            .include("io\\.shardrouter\\.bench\\.lookup\\.LookupRouteBenchmark\\.(hit|miss)$")
            .include("io\\.shardrouter\\.bench\\.stats\\.RouteStatsBenchmark\\.(plain|recorded)$")
            .include("io\\.shardrouter\\.bench\\.hash\\.HashBatchBenchmark\\.batch(Long|Text)$")
            .include("io\\.shardrouter\\.bench\\.lookup\\.LookupBatchBenchmark\\.(single|batch)$")
            .param("groups", "1024")
            .param("partitions", Budget.JUMP_BACK_PARTITIONS.toArray(new String[0]))
            .param("boundaries", Budget.RANGE_BOUNDARIES)
            .param("entries", Budget.LOOKUP_ENTRIES)
            .param("sampleEvery", Budget.STATS_SAMPLE_EVERY);
    if (canary) {
      b.include("io\\.shardrouter\\.bench\\.hash\\.NaiveStringRouteBenchmark\\.getBytesUtf8$");
    }
    return b;
  }

  /**
   * The lookup hit on the 1M-entry directory and F over its key set, in {@value
   * Budget#LOOKUP_HIT_FORKS} forks, for {@link Budget#worstForkChecks}.
   */
  static ChainedOptionsBuilder forkOptions(Path json) {
    return common(json)
        .forks(Budget.LOOKUP_HIT_FORKS)
        .include("io\\.shardrouter\\.bench\\.lookup\\.LookupRouteBenchmark\\.hit$")
        .include("io\\.shardrouter\\.bench\\.hash\\.FloorBenchmark\\.xxh3Bytes$")
        .param("entries", Budget.LOOKUP_ENTRIES)
        .param("keySet", "ascii16");
  }

  /**
   * Options measuring again the subject of {@code suspect} and its reference, at their parameters,
   * in {@value #RETRY_FORKS} forks.
   */
  static ChainedOptionsBuilder retryOptions(Check suspect, Path json) {
    ChainedOptionsBuilder b = common(json).forks(RETRY_FORKS);
    Map<String, Set<String>> params = new TreeMap<>();
    for (Result r : List.of(suspect.subject(), suspect.reference())) {
      b.include("^" + Pattern.quote(r.benchmark()) + "$");
      r.params().forEach((k, v) -> params.computeIfAbsent(k, x -> new TreeSet<>()).add(v));
    }
    params.forEach((k, v) -> b.param(k, v.toArray(new String[0])));
    return b;
  }

  private static ChainedOptionsBuilder common(Path json) {
    return new OptionsBuilder()
        .forks(1)
        .warmupIterations(5)
        .warmupTime(TimeValue.milliseconds(300))
        .measurementIterations(6)
        .measurementTime(TimeValue.milliseconds(300))
        .addProfiler(GCProfiler.class)
        .addProfiler(CpuTimeProfiler.class)
        .shouldFailOnError(true)
        .resultFormat(ResultFormatType.JSON)
        .result(json.toString());
  }

  /**
   * The first run's checks, where a ratio that failed stands only if it fails again in the second
   * run; a line per re-measured ratio goes to {@code notes}.
   */
  static List<Check> confirm(List<Check> first, List<Check> second, List<String> notes) {
    List<Check> out = new ArrayList<>();
    for (Check c : first) {
      if (c.strict() || c.withinLimit()) {
        out.add(c);
        continue;
      }
      Check again =
          second.stream()
              .filter(
                  s ->
                      s.rule().equals(c.rule())
                          && s.subject().benchmark().equals(c.subject().benchmark())
                          && s.subject().params().equals(c.subject().params()))
              .findFirst()
              .orElse(null);
      if (again != null && again.withinLimit()) {
        notes.add(
            "re-measured, within the limit the second time: "
                + again.describe()
                + " (first: "
                + Budget.fmt(c.value())
                + " "
                + c.unit()
                + ")");
        out.add(again);
      } else {
        notes.add(
            "re-measured, over the limit twice: "
                + (again != null ? again.describe() : c.describe()));
        out.add(again != null ? again : c);
      }
    }
    return out;
  }

  /** Problems with the run itself: no route path measured at all, which must not pass silently. */
  static List<String> missing(List<Result> results, boolean canary) {
    List<String> out = new ArrayList<>();
    if (results.stream().noneMatch(r -> Budget.isRoutePath(r, canary))) {
      out.add(
          "no route path was measured: check the guard's include patterns against the benchmark names");
    }
    if (canary && results.stream().noneMatch(r -> r.group().equals(Budget.CANARY))) {
      out.add("canary mode, but " + Budget.CANARY + " was not measured");
    }
    return out;
  }

  static void report(
      PrintStream out,
      List<Check> checks,
      List<String> notes,
      List<String> problems,
      Path json,
      long seconds,
      boolean canary) {
    out.println();
    out.println(
        "=== bench guard"
            + (canary ? " (canary mode: NaiveStringRouteBenchmark guarded as a route path)" : "")
            + ": "
            + checks.size()
            + " checks, "
            + problems.size()
            + " offenders, "
            + seconds
            + " s; JMH JSON in "
            + json);
    out.println(
        "    limits: allocation < "
            + Budget.MAX_ALLOC_BYTES
            + " B/op; ratios of best iterations' CPU time <= "
            + Budget.MARGIN
            + " x docs/architecture.md §6 target, failing only when over twice (see io.shardrouter.bench.Budget)");
    for (Check c : checks) {
      out.println((c.withinLimit() ? "ok   " : "FAIL ") + c.describe());
    }
    for (String n : notes) {
      out.println("note " + n);
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
