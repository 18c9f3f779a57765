package io.shardrouter.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report rendered from the checked-in JMH JSON fixture. */
class BenchReportTest {
  private static final BenchReport.Context CTX =
      new BenchReport.Context(
          "Test CPU, 2 cores (nproc)", "fixture.json", "2025-01-02", "2025-01-03");

  private static String render(Map<String, String> notes) {
    return BenchReport.render(
        JmhResults.parse(Fixtures.fixture()), notes, CTX, "docs/benchmarks-notes.md");
  }

  @Test
  void render_headerSaysGeneratedAndGivesMachineJdkDateAndSettings() {
    String md = render(Map.of());
    assertTrue(md.startsWith("<!-- GENERATED FILE: do not edit."), md);
    assertTrue(md.contains("**Generated; do not edit by hand.**"), md);
    assertTrue(md.contains("| machine | Test CPU, 2 cores (nproc) |"), md);
    assertTrue(md.contains("| JDK | 17.0.15, OpenJDK 64-Bit Server VM 17.0.15+6 |"), md);
    assertTrue(
        md.contains(
            "| JMH | 1.37, GC profiler (`-prof gc`); 1 fork, 1 thread, warm-up 3 × 1 s, measurement 5 × 1 s, mode avgt"),
        md);
    assertTrue(md.contains("| results | `fixture.json`, written 2025-01-02 |"), md);
    assertTrue(md.contains("(tables that differ say so) |"), md);
    assertTrue(
        md.contains(
            "JMH: 1 fork, 1 thread, warm-up 2 × 2 s, measurement 3 × 2 s, mode avgt, JVM arguments `-Xms2g -Xmx2g`."),
        md);
    assertEquals(
        1, md.split("JMH: 1 fork", -1).length - 1, "only the table whose settings differ says so");
  }

  @Test
  void render_rowsWithScoreErrorAllocationAndRatioToF() {
    String md = render(Map.of());
    assertTrue(
        md.contains(
            "| hash_mod | ascii16 | 1024 | `table` | 10.0 | 0.50 | ns/op |  | ≈ 0 | 2.50 ± 0.19 |"),
        md);
    assertTrue(
        md.contains("| ascii16 | `xxh3Bytes` | 4.00 | 0.10 | ns/op |  | ≈ 0 | 1.00 ± 0.05 |"), md);
    assertTrue(
        md.contains("| ascii16 | 1024 | `ketama` | 80.0 | ? | ns/op |  | 104 | 20.0 ± ? |"), md);
    assertTrue(md.contains("| 1000 | `document` | 1.25 | 0.05 | ms/op |  | 1,234,567 |  |"), md);
  }

  @Test
  void render_budgetSaysMetOrMissed() {
    String md = render(Map.of());
    assertTrue(
        md.contains(
            "| String ASCII key, hash_mod ≤ 2.0 F | 1 | 2.50 ± 0.19 F | StringRouteBenchmark.table "
                + "{strategy=hash_mod, groups=1024, keySet=ascii16} | **missed** by 1 of 1 | yes |"),
        md);
    assertTrue(md.contains("| byte[] key, hash_mod ≤ 1.15 F | 1 | 1.10 ± 0.08 F |"), md);
    assertTrue(md.contains("| every route path 0 B/op (< 0.5) | 2 |"), md);
  }

  @Test
  void render_tablesInFixedOrder_notesUnderTheirTable() {
    Map<String, String> notes =
        BenchReport.parseNotes(
            """
        # Notes
        <!-- hand-written -->
        Overall, fine.

        ## FloorBenchmark
        F is XXH3.

        ## Unmeasured
        Kept anyway.
        """);
    String md = render(notes);
    int floor = md.indexOf("## FloorBenchmark");
    int string = md.indexOf("## StringRouteBenchmark");
    int peers = md.indexOf("## PeerBenchmark");
    int decode = md.indexOf("## DecodeBenchmark");
    assertTrue(floor > 0 && floor < string && string < peers && peers < decode, md);
    assertTrue(md.indexOf("F is XXH3.") > floor && md.indexOf("F is XXH3.") < string, md);
    assertTrue(md.indexOf("Overall, fine.") < floor, md);
    assertTrue(
        md.contains(
            "*No notes yet: add a `## PeerBenchmark` section to docs/benchmarks-notes.md.*"),
        md);
    assertTrue(md.indexOf("## Unmeasured") > decode, md);
  }

  @Test
  void render_cpuTimeShownAndUsedForRatios() {
    String json =
        """
        [{"benchmark": "io.shardrouter.bench.hash.FloorBenchmark.xxh3Bytes", "params": {"keySet": "ascii36"},
          "primaryMetric": {"score": 30.0, "scoreError": 9.0, "scoreUnit": "ns/op"},
          "secondaryMetrics": {"cpu.time.norm": {"score": 14.0, "scoreError": 0.7, "scoreUnit": "ns/op"}}},
         {"benchmark": "io.shardrouter.bench.hash.StringRouteBenchmark.router",
          "params": {"strategy": "hash_mod", "groups": "16", "keySet": "ascii36"},
          "primaryMetric": {"score": 90.0, "scoreError": 30.0, "scoreUnit": "ns/op"},
          "secondaryMetrics": {"cpu.time.norm": {"score": 42.0, "scoreError": 2.1, "scoreUnit": "ns/op"}}}]
        """;
    String md = BenchReport.render(JmhResults.parse(json), Map.of(), CTX, "notes.md");
    assertTrue(
        md.contains(
            "| hash_mod | ascii36 | 16 | `router` | 90.0 | 30.0 | ns/op | 42.0 ± 2.10 |  | 3.00 ± 0.30 |"),
        md);
  }

  @Test
  void merge_aClassOfALaterRun_replacesThatClassOfTheEarlierRuns_only() {
    List<JmhResults.Result> suite = JmhResults.parse(Fixtures.fixture());
    List<JmhResults.Result> floor =
        suite.stream().filter(r -> r.group().equals("FloorBenchmark")).toList();
    List<JmhResults.Result> others =
        suite.stream().filter(r -> !r.group().equals("FloorBenchmark")).toList();
    assertTrue(!floor.isEmpty() && !others.isEmpty(), "the fixture has F and other classes");
    List<JmhResults.Result> rerun = List.of(floor.get(0));

    List<JmhResults.Result> merged = BenchReport.merge(List.of(suite, rerun));

    assertEquals(others.size() + 1, merged.size(), merged.toString());
    assertEquals(
        1, merged.stream().filter(r -> r.group().equals("FloorBenchmark")).count(), "one run's F");
    assertTrue(merged.contains(rerun.get(0)));
    assertTrue(merged.containsAll(others));
    assertEquals(
        suite.indexOf(floor.get(0)),
        merged.indexOf(rerun.get(0)),
        "the rerun class takes the place of the suite's rows of it");
    assertEquals(suite, BenchReport.merge(List.of(suite)), "one run is taken whole");
  }

  @Test
  void renderRuns_aTableDividesByTheFOfItsOwnRun_andHasNoRatioWhereItsRunHasNoF() {
    String f = "FloorBenchmark.xxh3Bytes";
    String suite = run(scored(f, "", 5.0), scored("hash.StringRouteBenchmark.router", "", 10.0));
    String rerun =
        run(scored("lookup.LookupBatchBenchmark.batch", "\"entries\": \"1000000\", ", 70.0));
    String floorRerun = run(scored(f, "", 2.0), scored("ring.RingRouteBenchmark.string", "", 8.0));
    String md =
        BenchReport.renderRuns(
            List.of(JmhResults.parse(suite), JmhResults.parse(rerun), JmhResults.parse(floorRerun)),
            Map.of(),
            CTX,
            "notes.md");
    assertTrue(
        md.contains("| ascii16 | `router` | 10.0 | 1.00 | ns/op |  |  | 2.00 ± 0.40 |"),
        "the suite's table over the suite's F (5 ns), though F is shown from the last run\n" + md);
    assertTrue(
        md.contains("| ascii16 | 1000000 | `batch` | 70.0 | 7.00 | ns/op |  |  |  |"),
        "the rerun has no F of its own: no ratio to another run's\n" + md);
    assertTrue(
        md.contains("| ascii16 | `string` | 8.00 | 0.80 | ns/op |  |  | 4.00 ± 0.80 |"),
        "the last run's table over its own F (2 ns)\n" + md);
  }

  /** A JMH JSON array of {@code results}. */
  private static String run(String... results) {
    return "[" + String.join(",", results) + "]";
  }

  /**
   * One result of {@code io.shardrouter.bench.<benchmark>} over {@code ascii16} keys (and {@code
   * params}, each followed by a comma), scoring {@code score} ± a tenth of it, with no profiler.
   */
  private static String scored(String benchmark, String params, double score) {
    return "{\"benchmark\": \"io.shardrouter.bench."
        + benchmark
        + "\", \"params\": {"
        + params
        + "\"keySet\": \"ascii16\"}, \"primaryMetric\": {\"score\": "
        + score
        + ", \"scoreError\": "
        + score / 10
        + ", \"scoreUnit\": \"ns/op\"}}";
  }

  @Test
  void parseNotes_sectionsByHeading() {
    Map<String, String> notes =
        BenchReport.parseNotes(
            "# Title\n<!-- a comment\n   over lines -->\nintro\n## A\none\n\ntwo\n"
                + "<!-- one line -->\n## B\nthree\n");
    assertEquals(List.of("Summary", "A", "B"), List.copyOf(notes.keySet()));
    assertEquals("intro", notes.get("Summary"));
    assertEquals("one\n\ntwo", notes.get("A"));
  }
}
