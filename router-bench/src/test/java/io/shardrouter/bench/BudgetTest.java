package io.shardrouter.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.bench.Budget.Check;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The guard's decisions, on hand-written results: what passes, what fails, and what the message
 * says.
 */
class BudgetTest {
  private static final String F = "hash.FloorBenchmark.xxh3Bytes";

  private static List<Check> offenders(Fixtures.Json json, boolean canary) {
    return Budget.check(JmhResults.parse(json.toString()), canary).stream()
        .filter(c -> !c.withinLimit())
        .toList();
  }

  @Test
  void check_withinBudget_noOffenders() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0.0001, "keySet", "ascii16")
            .add(
                "hash.StringRouteBenchmark.table",
                7.9,
                0.3,
                0.0002,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "hash.BytesRouteBenchmark.router",
                4.5,
                0.1,
                0.0001,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "hash.LongRouteBenchmark.table",
                30.0,
                1.0,
                0.0,
                "strategy",
                "jump",
                "groups",
                "1024",
                "keySet",
                "long");
    List<Check> checks = Budget.check(JmhResults.parse(json.toString()), false);
    assertEquals(5, checks.size(), "3 allocation checks and 2 ratio checks: " + checks);
    assertTrue(checks.stream().allMatch(Check::withinLimit), checks.toString());
  }

  @Test
  void check_routePathAllocates_offenderNamesBenchmarkParamsValueAndLimit() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0.0001, "keySet", "ascii36")
            .add(
                "hash.StringRouteBenchmark.router",
                7.0,
                0.3,
                32.0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii36");
    List<Check> bad = offenders(json, false);
    assertEquals(1, bad.size(), bad.toString());
    String message = bad.get(0).describe();
    assertTrue(
        message.startsWith(
            "allocation: StringRouteBenchmark.router {strategy=hash_mod, groups=1024, keySet=ascii36}: 32.0 ± 0.00 B/op"),
        message);
    assertTrue(message.contains("limit < 0.50 B/op"), message);
  }

  @Test
  void check_halfAByteIsAnOffender_justBelowIsNot() {
    assertEquals(
        1,
        offenders(
                new Fixtures.Json()
                    .add(
                        "hash.LongRouteBenchmark.table",
                        5,
                        0.1,
                        0.5,
                        "strategy",
                        "hash_mod",
                        "groups",
                        "16",
                        "keySet",
                        "long"),
                false)
            .size());
    assertEquals(
        0,
        offenders(
                new Fixtures.Json()
                    .add(
                        "hash.LongRouteBenchmark.table",
                        5,
                        0.1,
                        0.49,
                        "strategy",
                        "hash_mod",
                        "groups",
                        "16",
                        "keySet",
                        "long"),
                false)
            .size());
  }

  @Test
  void check_ratioOverMarginTimesTarget_offender_underMargin_passes() {
    // bytes on hash_mod: target 1.15 F, margin 1.5: the limit is 1.725 F
    Fixtures.Json over =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "ascii16")
            .add(
                "hash.BytesRouteBenchmark.table",
                7.2,
                0.2,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16");
    List<Check> bad = offenders(over, false);
    assertEquals(1, bad.size());
    String message = bad.get(0).describe();
    assertTrue(message.contains("byte[] key, hash_mod ≤ 1.15 F"), message);
    assertTrue(message.contains("1.80 ± 0.10 F"), message);
    assertTrue(message.contains("limit 1.72 F = 1.5 × target 1.15 F"), message);

    Fixtures.Json missesTargetOnly =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "ascii16")
            .add(
                "hash.BytesRouteBenchmark.table",
                6.0,
                0.2,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16");
    List<Check> checks = Budget.check(JmhResults.parse(missesTargetOnly.toString()), false);
    Check ratio = checks.stream().filter(c -> c.unit().equals("F")).findFirst().orElseThrow();
    assertTrue(ratio.withinLimit(), "1.5 F is inside the guard's margin");
    assertFalse(ratio.meetsTarget(), "but misses the 1.15 F target, which the report shows");
  }

  @Test
  void check_asciiStringOnHashMod_guardedAt1_5TimesTheTarget() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "ascii16")
            .add(
                "hash.StringRouteBenchmark.table",
                6.4,
                0.2,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "hash.StringRouteBenchmark.router",
                10.0,
                0.2,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "hash.StringRouteBenchmark.table",
                12.4,
                0.2,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "16",
                "keySet",
                "ascii16");
    List<Check> checks =
        Budget.check(JmhResults.parse(json.toString()), false).stream()
            .filter(c -> !c.strict())
            .toList();
    assertEquals(3, checks.size());
    assertTrue(
        checks.get(0).withinLimit() && checks.get(0).meetsTarget(), "1.6 F meets the 2.0 F target");
    assertTrue(
        checks.get(1).withinLimit() && !checks.get(1).meetsTarget(),
        "2.5 F misses the target but is inside 1.5 x 2.0 F");
    assertFalse(checks.get(2).withinLimit(), "3.1 F is over 1.5 x 2.0 F");
    assertTrue(
        checks.get(2).describe().contains("limit 3.00 F = 1.5 × target 2.00 F"),
        checks.get(2).describe());
  }

  @Test
  void check_bytesHashModTarget_is1_15F() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(F, 4.0, 0.0, 0, "keySet", "ascii16")
            .add(
                "hash.BytesRouteBenchmark.table",
                7.0,
                0.0,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16");
    List<Check> bad = offenders(json, false);
    assertEquals(1, bad.size(), "1.75 F is over 1.5 × 1.15 F");
    assertEquals(1.75, bad.get(0).value(), 1e-9);
  }

  @Test
  void check_jumpComparedWithPlainLoop_atSameKeySetAndN() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(
                "peers.PeerBenchmark.plainJump",
                10.0,
                0.1,
                0,
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add("peers.PeerBenchmark.plainJump", 1.0, 0.1, 0, "groups", "16", "keySet", "ascii16")
            .add(
                "hash.BytesRouteBenchmark.table",
                16.0,
                0.1,
                0,
                "strategy",
                "jump",
                "groups",
                "1024",
                "keySet",
                "ascii16");
    List<Check> bad = offenders(json, false);
    assertEquals(1, bad.size());
    assertEquals(1.6, bad.get(0).value(), 1e-9, "divided by the N = 1024 loop, not the N = 16 one");
    assertTrue(bad.get(0).describe().contains("PeerBenchmark.plainJump"), bad.get(0).describe());
  }

  @Test
  void check_referenceMissing_isAnOffender() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(
                "hash.StringRouteBenchmark.table",
                8.0,
                0.3,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16");
    List<Check> bad = offenders(json, false);
    assertEquals(1, bad.size());
    assertTrue(bad.get(0).describe().contains("reference was not measured"), bad.get(0).describe());
  }

  @Test
  void check_canaryGuardedOnlyInCanaryMode() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "ascii16")
            .add(
                "hash.NaiveStringRouteBenchmark.getBytesUtf8",
                9.0,
                0.3,
                32.0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16");
    assertEquals(
        0,
        offenders(json, false).size(),
        "the naive path is a comparison, not a library route path");
    List<Check> bad = offenders(json, true);
    assertEquals(1, bad.size(), bad.toString());
    assertTrue(
        bad.get(0).describe().startsWith("allocation: NaiveStringRouteBenchmark.getBytesUtf8"),
        bad.get(0).describe());
  }

  @Test
  void missing_noRoutePath_isReported() {
    Fixtures.Json json = new Fixtures.Json().add(F, 4.0, 0.1, 0, "keySet", "ascii16");
    assertEquals(1, BenchGuard.missing(JmhResults.parse(json.toString()), false).size());
    assertEquals(2, BenchGuard.missing(JmhResults.parse(json.toString()), true).size());
  }

  @Test
  void check_ringInTwoThreads_dividedByTheSameRouteInOne_guardedAt1_8() {
    // target 1.2 × one thread, margin 1.5: the limit is 1.8 ×
    for (double twoThreads : new double[] {16.0, 25.0, 26.0}) {
      Fixtures.Json json =
          new Fixtures.Json()
              .add(
                  "ring.RingRouteBenchmark.string",
                  14.0,
                  0.5,
                  0,
                  "groups",
                  "1024",
                  "keySet",
                  "ascii16")
              .add(
                  "ring.RingRouteBenchmark.string",
                  9.0,
                  0.5,
                  0,
                  "groups",
                  "128",
                  "keySet",
                  "ascii16")
              .add(
                  "ring.RingRouteBenchmark.stringTwoThreads",
                  twoThreads,
                  0.5,
                  0,
                  "groups",
                  "1024",
                  "keySet",
                  "ascii16");
      Check ratio =
          Budget.check(JmhResults.parse(json.toString()), false).stream()
              .filter(c -> c.rule().contains("two threads"))
              .findFirst()
              .orElseThrow();
      assertEquals(twoThreads / 14.0, ratio.value(), 1e-9, "divided by the 1,024-group route");
      assertEquals(1.8, ratio.limit(), 1e-9);
      assertEquals(twoThreads <= 14.0 * 1.8, ratio.withinLimit(), ratio.describe());
      assertEquals(twoThreads <= 14.0 * 1.2, ratio.meetsTarget(), ratio.describe());
      assertTrue(
          ratio
              .describe()
              .startsWith(
                  "weighted ring, 1024 groups, two threads ≤ 1.2 × one thread:"
                      + " RingRouteBenchmark.stringTwoThreads"),
          ratio.describe());
    }
    Fixtures.Json alone =
        new Fixtures.Json()
            .add(
                "ring.RingRouteBenchmark.stringTwoThreads",
                15.0,
                0.5,
                0,
                "groups",
                "1024",
                "keySet",
                "ascii16");
    assertEquals(1, offenders(alone, false).size(), "without its one-thread route: no ratio");
  }

  @Test
  void guardOptions_includeEveryRoutePath() {
    var options = BenchGuard.options(java.nio.file.Path.of("target/x.json"), false).build();
    List<String> includes = options.getIncludes();
    for (String name :
        List.of(
            "io.shardrouter.bench.hash.StringRouteBenchmark.table",
            "io.shardrouter.bench.hash.BytesRouteBenchmark.router",
            "io.shardrouter.bench.hash.LongRouteBenchmark.table",
            "io.shardrouter.bench.hash.CompositeRouteBenchmark.router",
            "io.shardrouter.bench.hash.FloorBenchmark.xxh3Bytes",
            "io.shardrouter.bench.ring.RingRouteBenchmark.string",
            "io.shardrouter.bench.ring.RingRouteBenchmark.stringTwoThreads",
            "io.shardrouter.bench.peers.PeerBenchmark.plainJump")) {
      assertTrue(
          includes.stream().anyMatch(i -> java.util.regex.Pattern.compile(i).matcher(name).find()),
          name);
    }
    assertFalse(
        includes.stream()
            .anyMatch(
                i ->
                    java.util.regex.Pattern.compile(i)
                        .matcher("io.shardrouter.bench.hash.NaiveStringRouteBenchmark.getBytesUtf8")
                        .find()));
    assertFalse(
        includes.stream()
            .anyMatch(
                i ->
                    java.util.regex.Pattern.compile(i)
                        .matcher("io.shardrouter.bench.hash.FloorBenchmark.hashChars")
                        .find()));
  }

  @Test
  void bestStatistic_dividesBestIterations() {
    String json =
        """
        [{"benchmark": "io.shardrouter.bench.hash.FloorBenchmark.xxh3Bytes", "params": {"keySet": "ascii16"},
          "primaryMetric": {"score": 8.0, "scoreError": 4.0, "scoreUnit": "ns/op", "scorePercentiles": {"0.0": 4.0}}},
         {"benchmark": "io.shardrouter.bench.hash.StringRouteBenchmark.table",
          "params": {"strategy": "hash_mod", "groups": "1024", "keySet": "ascii16"},
          "primaryMetric": {"score": 30.0, "scoreError": 20.0, "scoreUnit": "ns/op", "scorePercentiles": {"0.0": 8.0}},
          "secondaryMetrics": {"gc.alloc.rate.norm": {"score": 0.0, "scoreError": 0.0}}}]
        """;
    List<JmhResults.Result> results = JmhResults.parse(json);
    Check mean =
        Budget.check(results, false, Budget.Statistic.MEAN).stream()
            .filter(c -> !c.strict())
            .findFirst()
            .orElseThrow();
    Check best =
        Budget.check(results, false, Budget.Statistic.BEST).stream()
            .filter(c -> !c.strict())
            .findFirst()
            .orElseThrow();
    assertEquals(3.75, mean.value(), 1e-9);
    assertEquals(2.0, best.value(), 1e-9);
    assertTrue(
        best.describe()
            .contains(
                "(wall-clock time, best iterations: 8.00 vs FloorBenchmark.xxh3Bytes 4.00 ns/op"),
        best.describe());
  }

  @Test
  void cpuTime_preferredOverWallClock_whenMeasured() {
    String json =
        """
        [{"benchmark": "io.shardrouter.bench.hash.FloorBenchmark.xxh3Bytes", "params": {"keySet": "ascii16"},
          "primaryMetric": {"score": 12.0, "scoreError": 6.0, "scoreUnit": "ns/op", "scorePercentiles": {"0.0": 9.0}},
          "secondaryMetrics": {"cpu.time.norm": {"score": 6.2, "scoreError": 0.3, "scorePercentiles": {"0.0": 6.0}}}},
         {"benchmark": "io.shardrouter.bench.hash.BytesRouteBenchmark.table",
          "params": {"strategy": "hash_mod", "groups": "1024", "keySet": "ascii16"},
          "primaryMetric": {"score": 30.0, "scoreError": 20.0, "scoreUnit": "ns/op", "scorePercentiles": {"0.0": 20.0}},
          "secondaryMetrics": {"gc.alloc.rate.norm": {"score": 0.0, "scoreError": 0.0},
                               "cpu.time.norm": {"score": 6.9, "scoreError": 0.2, "scorePercentiles": {"0.0": 6.6}}}}]
        """;
    List<JmhResults.Result> results = JmhResults.parse(json);
    Check best =
        Budget.check(results, false, Budget.Statistic.BEST).stream()
            .filter(c -> !c.strict())
            .findFirst()
            .orElseThrow();
    assertEquals(1.1, best.value(), 1e-9, "6.6 / 6.0, not the wall-clock 20 / 9");
    assertTrue(best.withinLimit());
    assertTrue(
        best.describe()
            .contains("CPU time, best iterations: 6.60 vs FloorBenchmark.xxh3Bytes 6.00 ns/op"),
        best.describe());
    Check mean =
        Budget.check(results, false, Budget.Statistic.MEAN).stream()
            .filter(c -> !c.strict())
            .findFirst()
            .orElseThrow();
    assertEquals(6.9 / 6.2, mean.value(), 1e-9);
  }

  @Test
  void confirm_ratioFailsOnlyWhenOverTwice_allocationNeverForgiven() {
    Fixtures.Json first =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "ascii16")
            .add(F, 4.0, 0.1, 0, "keySet", "ascii36")
            .add(
                "hash.BytesRouteBenchmark.table",
                7.2,
                0.2,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "hash.BytesRouteBenchmark.table",
                7.2,
                0.2,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii36")
            .add(
                "hash.LongRouteBenchmark.table",
                5.0,
                0.2,
                24,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "long");
    Fixtures.Json second =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "ascii16")
            .add(F, 4.0, 0.1, 0, "keySet", "ascii36")
            .add(
                "hash.BytesRouteBenchmark.table",
                4.4,
                0.2,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "hash.BytesRouteBenchmark.table",
                7.0,
                0.2,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii36");
    List<Check> a = Budget.check(JmhResults.parse(first.toString()), false, Budget.Statistic.BEST);
    List<Check> b = Budget.check(JmhResults.parse(second.toString()), false, Budget.Statistic.BEST);
    List<String> notes = new java.util.ArrayList<>();
    List<Check> confirmed = BenchGuard.confirm(a, b, notes);
    List<Check> failing = confirmed.stream().filter(c -> !c.withinLimit()).toList();
    assertEquals(2, failing.size(), failing.toString());
    assertTrue(
        failing.stream()
            .anyMatch(c -> c.strict() && c.subject().group().equals("LongRouteBenchmark")));
    assertTrue(
        failing.stream()
            .anyMatch(
                c ->
                    !c.strict()
                        && "ascii36".equals(c.subject().param("keySet"))
                        && c.value() == 1.75));
    assertEquals(2, notes.size(), notes.toString());
  }

  @Test
  void retryOptions_subjectsAndReferencesAtTheirParams_inThreeForks() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "ascii36")
            .add(
                "hash.StringRouteBenchmark.router",
                19.0,
                0.2,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii36");
    List<Check> suspects =
        Budget.check(JmhResults.parse(json.toString()), false, Budget.Statistic.BEST).stream()
            .filter(c -> !c.withinLimit())
            .toList();
    assertEquals(1, suspects.size(), suspects.toString());
    var options =
        BenchGuard.retryOptions(suspects.get(0), java.nio.file.Path.of("target/r.json")).build();
    assertEquals(2, options.getIncludes().size(), options.getIncludes().toString());
    assertEquals(List.of("ascii36"), List.copyOf(options.getParameter("keySet").get()));
    assertEquals(List.of("hash_mod"), List.copyOf(options.getParameter("strategy").get()));
    assertEquals(3, options.getForkCount().get(), "a ratio is re-measured in three forks");
  }

  /**
   * Two suspects of different key sets are measured again each at its own: one run of both would
   * hand each benchmark the other's key set too (the lookup batch cannot build over {@code long}).
   */
  @Test
  void retryOptions_eachSuspectAtItsOwnParams_neverAnotherSuspects() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "long")
            .add("hash.HashBatchBenchmark.batchLong", 40.0, 0.2, 0, "strategy", "hash_mod")
            .add(
                "lookup.LookupBatchBenchmark.single",
                100.0,
                1,
                0,
                "entries",
                "1000000",
                "keySet",
                "ascii16")
            .add(
                "lookup.LookupBatchBenchmark.batch",
                95.0,
                1,
                0,
                "entries",
                "1000000",
                "keySet",
                "ascii16");
    List<Check> suspects =
        Budget.check(JmhResults.parse(json.toString()), false, Budget.Statistic.BEST).stream()
            .filter(c -> !c.strict() && !c.withinLimit())
            .toList();
    assertEquals(2, suspects.size(), suspects.toString());
    Map<String, List<String>> keySets = new java.util.TreeMap<>();
    for (Check c : suspects) {
      var options = BenchGuard.retryOptions(c, java.nio.file.Path.of("target/r.json")).build();
      keySets.put(c.subject().shortName(), List.copyOf(options.getParameter("keySet").get()));
    }
    assertEquals(
        Map.of(
            "HashBatchBenchmark.batchLong", List.of("long"), // its F's
            "LookupBatchBenchmark.batch", List.of("ascii16")),
        keySets);
  }

  @Test
  void
      check_ringAt1024_dividedByHashModRouteBesideItOfSameFormKeySetAndN_guardedAt1_5TimesTheTarget() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(
                "ring.RingRouteBenchmark.stringHashMod",
                10.0,
                0.1,
                0,
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "ring.RingRouteBenchmark.stringHashMod",
                20.0,
                0.1,
                0,
                "groups",
                "1024",
                "keySet",
                "ascii36")
            .add(
                "ring.RingRouteBenchmark.stringHashMod",
                5.0,
                0.1,
                0,
                "groups",
                "16",
                "keySet",
                "ascii16")
            .add(
                "hash.StringRouteBenchmark.table",
                6.0,
                0.1,
                0,
                "strategy",
                "hash_mod",
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "ring.RingRouteBenchmark.bytesHashMod",
                8.0,
                0.1,
                0,
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "ring.RingRouteBenchmark.string",
                12.0,
                0.1,
                0,
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "ring.RingRouteBenchmark.bytes",
                16.0,
                0.1,
                0,
                "groups",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "ring.RingRouteBenchmark.string",
                50.0,
                0.1,
                0,
                "groups",
                "16",
                "keySet",
                "ascii16");
    List<Check> ratios =
        Budget.check(JmhResults.parse(json.toString()), false).stream()
            .filter(c -> c.subject().group().equals("RingRouteBenchmark") && !c.strict())
            .toList();
    assertEquals(2, ratios.size(), "a ratio at 1,024 groups only: " + ratios);
    Check string = ratios.get(0);
    assertEquals(
        1.2,
        string.value(),
        1e-9,
        "12 / the hash_mod String route beside it at N = 1024 and ascii16, not "
            + "StringRouteBenchmark's, ascii36's or N = 16's");
    assertTrue(string.withinLimit() && string.meetsTarget(), string.describe());
    Check bytes = ratios.get(1);
    assertEquals(2.0, bytes.value(), 1e-9, "16 / the hash_mod byte[] route");
    assertFalse(bytes.withinLimit(), "2.0 x is over 1.5 x 1.25");
    assertTrue(
        bytes.describe().contains("limit 1.88 × hash_mod = 1.5 × target 1.25 × hash_mod"),
        bytes.describe());
    assertTrue(bytes.describe().contains("RingRouteBenchmark.bytesHashMod"), bytes.describe());
    assertEquals(
        7,
        Budget.check(JmhResults.parse(json.toString()), false).stream()
            .filter(c -> c.strict() && c.subject().group().equals("RingRouteBenchmark"))
            .count(),
        "every ring path and its reference: allocation");
  }

  @Test
  void check_ringWithoutHashModReference_isAnOffender() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(
                "ring.RingRouteBenchmark.string",
                12.0,
                0.1,
                0,
                "groups",
                "1024",
                "keySet",
                "ascii36");
    List<Check> bad = offenders(json, false);
    assertEquals(1, bad.size(), bad.toString());
    assertTrue(bad.get(0).describe().contains("reference was not measured"), bad.get(0).describe());
  }

  @Test
  void check_lookupHitAt1M_is2_5F_missAnd10MAllocationOnly() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "ascii16")
            .add(
                "lookup.LookupRouteBenchmark.hit",
                9.6,
                0.1,
                0,
                "entries",
                "1000000",
                "keySet",
                "ascii16")
            .add(
                "lookup.LookupRouteBenchmark.hit",
                40.0,
                0.1,
                0,
                "entries",
                "10000000",
                "keySet",
                "ascii16")
            .add(
                "lookup.LookupRouteBenchmark.miss",
                40.0,
                0.1,
                24,
                "entries",
                "1000000",
                "keySet",
                "ascii16");
    List<Check> checks = Budget.check(JmhResults.parse(json.toString()), false);
    List<Check> ratios = checks.stream().filter(c -> !c.strict()).toList();
    assertEquals(1, ratios.size(), ratios.toString());
    assertEquals(2.4, ratios.get(0).value(), 1e-9);
    assertTrue(ratios.get(0).meetsTarget() && ratios.get(0).withinLimit());
    List<Check> bad = checks.stream().filter(c -> !c.withinLimit()).toList();
    assertEquals(1, bad.size(), "only the allocating miss: " + bad);
    assertTrue(
        bad.get(0).describe().startsWith("allocation: LookupRouteBenchmark.miss"),
        bad.get(0).describe());

    Fixtures.Json today =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "ascii16")
            .add(
                "lookup.LookupRouteBenchmark.hit",
                16.0,
                0.1,
                0,
                "entries",
                "1000000",
                "keySet",
                "ascii16");
    Check missed =
        Budget.check(JmhResults.parse(today.toString()), false).stream()
            .filter(c -> !c.strict())
            .findFirst()
            .orElseThrow();
    assertFalse(missed.meetsTarget(), "4 F misses 2.5 F");
    assertTrue(missed.withinLimit(), "but is inside the guard's interim limit of 6 F");
    Fixtures.Json slow =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "ascii16")
            .add(
                "lookup.LookupRouteBenchmark.hit",
                28.0,
                0.1,
                0,
                "entries",
                "1000000",
                "keySet",
                "ascii16");
    List<Check> slowBad = offenders(slow, false);
    assertEquals(1, slowBad.size(), "7 F is over the interim limit of 6 F");
    assertTrue(
        slowBad.get(0).describe().contains("lookup hit, 1M-entry directory ≤ 2.5 F"),
        slowBad.get(0).describe());
    assertTrue(
        slowBad
            .get(0)
            .describe()
            .contains("limit 6.00 F (interim, while the target 2.50 F is missed"),
        slowBad.get(0).describe());
  }

  @Test
  void check_hashModBatch_long1_1F_string2F_jumpLong1_1F_againstTheFloorOfItsKeyShape() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(F, 4.0, 0.1, 0, "keySet", "long")
            .add(F, 10.0, 0.1, 0, "keySet", "ascii16")
            .add("hash.HashBatchBenchmark.batchLong", 4.2, 0.1, 0, "strategy", "hash_mod")
            .add("hash.HashBatchBenchmark.batchText", 31.0, 0.1, 0, "strategy", "hash_mod")
            .add("hash.HashBatchBenchmark.batchLong", 20.0, 0.1, 32, "strategy", "jump")
            .add("hash.HashBatchBenchmark.batchText", 90.0, 0.1, 0, "strategy", "jump");
    List<Check> checks = Budget.check(JmhResults.parse(json.toString()), false);
    List<Check> ratios = checks.stream().filter(c -> !c.strict()).toList();
    assertEquals(3, ratios.size(), ratios.toString() + ": jump's String batch has no ratio");
    assertEquals(1.05, ratios.get(0).value(), 1e-9, "batchLong over F(long)");
    assertTrue(ratios.get(0).meetsTarget());
    assertEquals(3.1, ratios.get(1).value(), 1e-9, "batchText over F(ascii16)");
    assertEquals(5.0, ratios.get(2).value(), 1e-9, "jump's batchLong over F(long)");
    assertFalse(ratios.get(2).meetsTarget(), "5 F misses 1.1 F");
    assertTrue(ratios.get(2).withinLimit(), "inside the interim " + Budget.JUMP_BATCH_GUARD_LIMIT);
    List<Check> bad = offenders(json, false);
    assertEquals(2, bad.size(), bad.toString());
    assertTrue(
        bad.get(0).describe().startsWith("batch of 64 ASCII String keys, hash_mod ≤ 2.0 F per key"),
        bad.get(0).describe());
    assertTrue(bad.get(0).describe().contains("limit 3.00 F"), bad.get(0).describe());
    assertEquals(1.1, ratios.get(0).target(), 1e-12, "long keys: 1.1 F");
    assertTrue(
        bad.get(1).describe().startsWith("allocation: HashBatchBenchmark.batchLong"),
        bad.get(1).describe());
    // a jump batch routed key after key again (6.3 F measured) fails
    Fixtures.Json perKey =
        new Fixtures.Json()
            .add(F, 3.5, 0.1, 0, "keySet", "long")
            .add("hash.HashBatchBenchmark.batchLong", 22.1, 0.1, 0, "strategy", "jump");
    List<Check> slow = offenders(perKey, false);
    assertEquals(1, slow.size(), slow.toString());
    assertTrue(
        slow.get(0).describe().startsWith("batch of 64 long keys, jump ≤ 1.1 F per key"),
        slow.get(0).describe());
  }

  @Test
  void check_lookupBatch_dividedByItsSingleRoutes_atTheSameSize_interimLimit() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add("lookup.LookupBatchBenchmark.single", 280.0, 1, 0, "entries", "1000000")
            .add("lookup.LookupBatchBenchmark.batch", 168.0, 1, 0, "entries", "1000000")
            .add("lookup.LookupBatchBenchmark.hashMap", 380.0, 1, 400, "entries", "1000000");
    List<Check> checks = Budget.check(JmhResults.parse(json.toString()), false);
    List<Check> ratios = checks.stream().filter(c -> !c.strict()).toList();
    assertEquals(1, ratios.size(), ratios.toString());
    assertEquals(0.6, ratios.get(0).value(), 1e-9);
    assertFalse(ratios.get(0).meetsTarget(), "0.6 misses one third");
    assertTrue(ratios.get(0).withinLimit(), "inside the interim 0.9");
    assertEquals(
        2, checks.stream().filter(Check::strict).count(), "the peer is no route path: " + checks);
    Fixtures.Json slow =
        new Fixtures.Json()
            .add("lookup.LookupBatchBenchmark.single", 100.0, 1, 0, "entries", "1000000")
            .add("lookup.LookupBatchBenchmark.batch", 95.0, 1, 0, "entries", "1000000")
            .add("lookup.LookupBatchBenchmark.single", 100.0, 1, 0, "entries", "10000000")
            .add("lookup.LookupBatchBenchmark.batch", 100.0, 1, 0, "entries", "10000000");
    List<Check> bad = offenders(slow, false);
    assertEquals(1, bad.size(), bad.toString());
    assertTrue(bad.get(0).describe().contains(": 0.95 ± "), bad.get(0).describe());
    assertTrue(bad.get(0).describe().contains("{entries=1000000}"), bad.get(0).describe());
  }

  @Test
  void check_lookupBatch_ofEncodedKeys_notJudged_andEachBatchDividedByTheSinglesOfItsKeySet() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(
                "lookup.LookupBatchBenchmark.single",
                400.0,
                1,
                0,
                "entries",
                "1000000",
                "keySet",
                "nonascii")
            .add(
                "lookup.LookupBatchBenchmark.batch",
                380.0,
                1,
                0,
                "entries",
                "1000000",
                "keySet",
                "nonascii")
            .add(
                "lookup.LookupBatchBenchmark.single",
                200.0,
                1,
                0,
                "entries",
                "1000000",
                "keySet",
                "ascii16")
            .add(
                "lookup.LookupBatchBenchmark.batch",
                120.0,
                1,
                0,
                "entries",
                "1000000",
                "keySet",
                "ascii16");
    List<Check> ratios =
        Budget.check(JmhResults.parse(json.toString()), false).stream()
            .filter(c -> !c.strict())
            .toList();
    assertEquals(
        1, ratios.size(), "the nonascii batch (0.95 ×) is reported, not judged: " + ratios);
    assertEquals(0.6, ratios.get(0).value(), 1e-9, "120 over the ascii16 singles, not 400's 0.3");
    assertTrue(ratios.get(0).describe().contains("keySet=ascii16"), ratios.get(0).describe());
  }

  /** A result of {@code forks} forks whose CPU time per fork is {@code cpu[f]} (iterations). */
  private static String forked(String benchmark, String params, double[][] cpu) {
    StringBuilder raw = new StringBuilder();
    for (int f = 0; f < cpu.length; f++) {
      raw.append(f == 0 ? "" : ",").append(java.util.Arrays.toString(cpu[f]));
    }
    return "{\"jmhVersion\": \"1.37\", \"benchmark\": \"io.shardrouter.bench."
        + benchmark
        + "\", \"mode\": \"avgt\", \"threads\": 1, \"forks\": "
        + cpu.length
        + ", \"params\": {"
        + params
        + "}, \"primaryMetric\": {\"score\": 50.0, \"scoreError\": 1.0, \"scoreUnit\": \"ns/op\","
        + " \"scorePercentiles\": {\"0.0\": 1.0}, \"rawData\": [[1.0]]},"
        + " \"secondaryMetrics\": {\"gc.alloc.rate.norm\": {\"score\": 0.0, \"scoreError\": 0.0},"
        + " \"cpu.time.norm\": {\"score\": 20.0, \"scoreError\": 0.5,"
        + " \"scorePercentiles\": {\"0.0\": 3.0}, \"rawData\": ["
        + raw
        + "]}}}";
  }

  @Test
  void worstForkChecks_lookupHitJudgedByItsSlowestFork_againstFsSlowestFork() {
    String hit = "\"entries\": \"1000000\", \"keySet\": \"ascii16\"";
    String json =
        "["
            + forked(
                "lookup.LookupRouteBenchmark.hit",
                hit,
                new double[][] {{19, 18, 20}, {31, 30, 29}, {20, 19, 21}})
            + ","
            + forked(
                "hash.FloorBenchmark.xxh3Bytes",
                "\"keySet\": \"ascii16\"",
                new double[][] {{5.0, 5.2}, {4.9, 5.0}, {5.1, 5.0}})
            + "]";
    List<JmhResults.Result> results = JmhResults.parse(json);
    assertEquals(29.0, results.get(0).worstForkBest(), 1e-12, "the slow fork's best");
    assertEquals(5.0, results.get(1).worstForkBest(), 1e-12);
    List<Check> checks = Budget.worstForkChecks(results);
    assertEquals(1, checks.size(), checks.toString());
    Check c = checks.get(0);
    assertEquals(29.0 / 5.0, c.value(), 1e-12);
    assertFalse(c.meetsTarget(), "5.8 F misses 2.5 F");
    assertTrue(
        c.describe().startsWith("lookup hit, 1M-entry directory, slowest of 3 forks ≤ 2.5 F"));
    assertTrue(c.describe().contains("slowest fork's best iterations"), c.describe());
    assertTrue(c.withinLimit(), "inside the interim 6 F");
    String slow =
        "["
            + forked("lookup.LookupRouteBenchmark.hit", hit, new double[][] {{19}, {35}, {20}})
            + ","
            + forked(
                "hash.FloorBenchmark.xxh3Bytes", "\"keySet\": \"ascii16\"", new double[][] {{5}})
            + "]";
    assertFalse(
        Budget.worstForkChecks(JmhResults.parse(slow)).get(0).withinLimit(),
        "one fork at 7 F fails, however fast the others");
    assertEquals(
        List.of(),
        Budget.worstForkChecks(
            JmhResults.parse(
                "["
                    + forked(
                        "lookup.LookupRouteBenchmark.hit",
                        "\"entries\": \"10000000\", \"keySet\": \"ascii16\"",
                        new double[][] {{50}})
                    + "]")),
        "10M is not judged");
    var options = BenchGuard.forkOptions(java.nio.file.Path.of("target/x.json")).build();
    assertEquals(Budget.LOOKUP_HIT_FORKS, options.getForkCount().get());
    assertEquals(List.of("1000000"), List.copyOf(options.getParameter("entries").get()));
  }

  @Test
  void check_rangeAt1024_absoluteTargetReportedNeverGuarded_binarySearchIsNoRoutePath() {
    Fixtures.Json json =
        new Fixtures.Json()
            .add(
                "range.RangeRouteBenchmark.routeLong",
                18.0,
                0.5,
                0,
                "boundaries",
                "1024",
                "keySet",
                "long")
            .add(
                "range.RangeRouteBenchmark.routeLong",
                9.0,
                0.5,
                0,
                "boundaries",
                "16",
                "keySet",
                "long")
            .add(
                "range.RangeRouteBenchmark.routeString",
                30.0,
                0.5,
                0,
                "boundaries",
                "1024",
                "keySet",
                "ascii16")
            .add(
                "range.RangeRouteBenchmark.binarySearch",
                11.0,
                0.5,
                48,
                "boundaries",
                "1024",
                "keySet",
                "long");
    List<Check> checks = Budget.check(JmhResults.parse(json.toString()), false);
    assertEquals(
        3,
        checks.stream().filter(Check::strict).count(),
        "allocation for the three route paths, not the peer");
    List<Check> absolute = checks.stream().filter(c -> !c.strict()).toList();
    assertEquals(1, absolute.size(), absolute.toString());
    Check c = absolute.get(0);
    assertTrue(c.isAbsolute());
    assertEquals(18.0, c.value(), 1e-9);
    assertFalse(c.meetsTarget(), "18 ns misses 12 ns");
    assertTrue(c.withinLimit(), "but absolute times are never guarded");
    assertTrue(c.describe().contains("range, 1024 long boundaries ≤ 12 ns"), c.describe());
    assertTrue(c.describe().contains("never guarded"), c.describe());
    Check fast =
        Budget.check(
                JmhResults.parse(
                    new Fixtures.Json()
                        .add(
                            "range.RangeRouteBenchmark.routeLong",
                            11.0,
                            0.5,
                            0,
                            "boundaries",
                            "1024",
                            "keySet",
                            "long")
                        .toString()),
                false)
            .stream()
            .filter(x -> !x.strict())
            .findFirst()
            .orElseThrow();
    assertTrue(fast.meetsTarget());
    assertEquals(
        0,
        offenders(json, false).size(),
        "the allocating binary search is a peer, not a route path");
  }

  @Test
  void guardOptions_includeRingRangeLookupSubset() {
    var options = BenchGuard.options(java.nio.file.Path.of("target/x.json"), false).build();
    List<String> includes = options.getIncludes();
    for (String name :
        List.of(
            "io.shardrouter.bench.ring.RingRouteBenchmark.string",
            "io.shardrouter.bench.ring.RingRouteBenchmark.bytes",
            "io.shardrouter.bench.ring.RingRouteBenchmark.stringHashMod",
            "io.shardrouter.bench.ring.RingRouteBenchmark.bytesHashMod",
            "io.shardrouter.bench.range.RangeRouteBenchmark.routeLong",
            "io.shardrouter.bench.lookup.LookupRouteBenchmark.hit",
            "io.shardrouter.bench.lookup.LookupRouteBenchmark.miss",
            "io.shardrouter.bench.hash.HashBatchBenchmark.batchLong",
            "io.shardrouter.bench.hash.HashBatchBenchmark.batchText",
            "io.shardrouter.bench.lookup.LookupBatchBenchmark.single",
            "io.shardrouter.bench.lookup.LookupBatchBenchmark.batch")) {
      assertTrue(
          includes.stream().anyMatch(i -> java.util.regex.Pattern.compile(i).matcher(name).find()),
          name);
    }
    for (String name :
        List.of(
            "io.shardrouter.bench.ring.RingRouteBenchmark.string001",
            "io.shardrouter.bench.ring.RingRouteBenchmark.pointRing",
            "io.shardrouter.bench.range.RangeRouteBenchmark.routeString",
            "io.shardrouter.bench.range.RangeRouteBenchmark.binarySearch",
            "io.shardrouter.bench.hash.HashBatchBenchmark.singleLong",
            "io.shardrouter.bench.lookup.LookupBatchBenchmark.hashMap")) {
      assertFalse(
          includes.stream().anyMatch(i -> java.util.regex.Pattern.compile(i).matcher(name).find()),
          name);
    }
    assertEquals(
        List.of("1000000"),
        List.copyOf(options.getParameter("entries").get()),
        "10M is never guarded");
    assertEquals(List.of("1024"), List.copyOf(options.getParameter("boundaries").get()));
  }

  @Test
  void routeStats_recordedOverThePlainRoute_isARatioCheck_andFailsAboveTheMargin() {
    Fixtures.Json ok =
        new Fixtures.Json()
            .add("stats.RouteStatsBenchmark.plain", 28.0, 1.0, 0.0001, "sampleEvery", "256")
            .add("stats.RouteStatsBenchmark.recorded", 36.0, 1.0, 0.0001, "sampleEvery", "256");
    List<Check> checks = Budget.check(JmhResults.parse(ok.toString()), false);
    Check ratio =
        checks.stream()
            .filter(c -> c.rule().startsWith("route statistics"))
            .findFirst()
            .orElseThrow();
    assertEquals(36.0 / 28.0, ratio.value(), 1e-9);
    assertTrue(ratio.withinLimit(), ratio.toString());
    assertEquals(3, checks.size(), "2 allocation checks and the ratio: " + checks);

    Fixtures.Json slow =
        new Fixtures.Json()
            .add("stats.RouteStatsBenchmark.plain", 28.0, 1.0, 0.0001, "sampleEvery", "256")
            .add("stats.RouteStatsBenchmark.recorded", 60.0, 1.0, 0.0001, "sampleEvery", "256");
    assertEquals(1, offenders(slow, false).size(), "2.14 x plain is over 1.3 x 1.5");

    Fixtures.Json allocating =
        new Fixtures.Json()
            .add("stats.RouteStatsBenchmark.plain", 28.0, 1.0, 0.0001, "sampleEvery", "256")
            .add("stats.RouteStatsBenchmark.recorded", 30.0, 1.0, 24.0, "sampleEvery", "256");
    assertEquals("allocation", offenders(allocating, false).get(0).rule());
  }
}
