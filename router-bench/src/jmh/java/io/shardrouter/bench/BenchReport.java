package io.shardrouter.bench;

import io.shardrouter.bench.Budget.Check;
import io.shardrouter.bench.JmhResults.Result;
import io.shardrouter.bench.JmhResults.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns JMH JSON results into {@code docs/benchmarks.md}: a header with the machine, JDK, date and
 * JMH settings; the docs/architecture.md §6 budget, met or missed; then one table per benchmark
 * class with ns/op ± error, B/op and the ratio to F measured in the same run. Under each table it
 * includes the hand-written paragraph of the same name ({@code ## ClassName}) from {@code
 * docs/benchmarks-notes.md}; the generated file itself is never edited by hand.
 *
 * <pre>
 * java -cp router-bench/target/benchmarks.jar io.shardrouter.bench.BenchReport \
 *     [--out docs/benchmarks.md] [--notes docs/benchmarks-notes.md] [--run-date YYYY-MM-DD] [docs/benchmarks.json ...]
 * </pre>
 *
 * <p>Run it on the machine that ran the benchmarks: the machine line is read from {@code nproc} and
 * {@code /proc/cpuinfo} when the report is generated, and the run date is the JSON file's
 * modification time (JMH's JSON records neither). To regenerate later from a checked-out JSON
 * (after editing the notes), pass {@code --run-date} with the date the header already shows. With
 * several JSON files (a whole-suite run and a later run of some classes, each table from one run),
 * the header names each with its date, and {@code --run-date} may be given once per file, in the
 * files' order. A class that a later file holds is shown from that file only: its results in the
 * files before are dropped ({@link #merge}), so a class rerun after a change replaces the suite's
 * rows of it and the suite's file stays as it was run.
 */
public final class BenchReport {
  /** The order of the tables; other classes follow, by name. */
  static final List<String> GROUP_ORDER =
      List.of(
          "FloorBenchmark",
          "StringRouteBenchmark",
          "BytesRouteBenchmark",
          "LongRouteBenchmark",
          "CompositeRouteBenchmark",
          "RingRouteBenchmark",
          "RangeRouteBenchmark",
          "LookupRouteBenchmark",
          "LookupBatchBenchmark",
          "PeerBenchmark",
          "StringHashBenchmark",
          "NaiveStringRouteBenchmark",
          "RouterUpdateBenchmark",
          "DecodeBenchmark");

  private static final List<String> PARAM_ORDER =
      List.of("strategy", "keySet", "groups", "boundaries", "entries", "partitions");
  private static final String SUMMARY = "Summary";

  private BenchReport() {}

  /**
   * Where and when the results were measured.
   *
   * @param machine e.g. {@code AMD EPYC, 2 cores (nproc)}
   * @param source the JSON file name shown in the header; for several files, each but the last with
   *     its date ({@code a.json`, written 2026-11-30; `b.json})
   * @param runDate the date the (last) file's results were written
   * @param generated the date of generation
   */
  public record Context(String machine, String source, String runDate, String generated) {}

  public static void main(String[] args) throws IOException {
    Path out = Path.of("docs/benchmarks.md");
    Path notesFile = Path.of("docs/benchmarks-notes.md");
    List<Path> inputs = new ArrayList<>();
    List<LocalDate> runDateArgs = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--out" -> out = Path.of(value(args, ++i, "--out"));
        case "--notes" -> notesFile = Path.of(value(args, ++i, "--notes"));
        case "--run-date" -> runDateArgs.add(LocalDate.parse(value(args, ++i, "--run-date")));
        case "-h", "--help" -> {
          System.out.println(
              "usage: BenchReport [--out docs/benchmarks.md] [--notes docs/benchmarks-notes.md]"
                  + " [--run-date YYYY-MM-DD] [results.json ...]  (default input: docs/benchmarks.json)");
          return;
        }
        default -> inputs.add(Path.of(args[i]));
      }
    }
    if (inputs.isEmpty()) {
      inputs.add(Path.of("docs/benchmarks.json"));
    }
    List<List<Result>> runs = new ArrayList<>();
    StringBuilder source = new StringBuilder();
    String runDate = "";
    for (int f = 0; f < inputs.size(); f++) {
      Path in = inputs.get(f);
      if (!Files.isRegularFile(in)) {
        System.err.println(
            "bench report: no JMH results at "
                + in
                + "; run the suite first (router-bench/README.md)");
        System.exit(2);
      }
      runs.add(JmhResults.read(in));
      LocalDate d =
          f < runDateArgs.size()
              ? runDateArgs.get(f)
              : LocalDate.ofInstant(Files.getLastModifiedTime(in).toInstant(), ZoneOffset.UTC);
      if (f > 0) {
        source.append("`, written ").append(runDate).append("; `"); // the header quotes the rest
      }
      source.append(in);
      runDate = d.toString();
    }
    Map<String, String> notes =
        Files.isRegularFile(notesFile) ? parseNotes(Files.readString(notesFile)) : Map.of();
    Context ctx =
        new Context(
            machine(), source.toString(), runDate, LocalDate.now(ZoneOffset.UTC).toString());
    String md = renderRuns(runs, notes, ctx, notesFile.toString());
    if (out.toAbsolutePath().getParent() != null) {
      Files.createDirectories(out.toAbsolutePath().getParent());
    }
    Files.writeString(out, md);
    System.out.println("bench report: " + merge(runs).size() + " results -> " + out);
  }

  /**
   * The results of several runs, in their order, where a benchmark class held by a later run is
   * taken from that run alone, in the place where it first appeared: each table comes from one run.
   */
  static List<Result> merge(List<List<Result>> runs) {
    Map<String, List<Result>> byClass = new LinkedHashMap<>(); // a replaced class keeps its place
    for (List<Result> run : runs) {
      Map<String, List<Result>> own = new LinkedHashMap<>();
      run.forEach(r -> own.computeIfAbsent(r.group(), c -> new ArrayList<>()).add(r));
      byClass.putAll(own);
    }
    List<Result> merged = new ArrayList<>();
    byClass.values().forEach(merged::addAll);
    return merged;
  }

  private static String value(String[] args, int i, String flag) {
    if (i >= args.length) {
      throw new IllegalArgumentException(flag + " needs a value");
    }
    return args[i];
  }

  /** The machine line: CPU model from /proc/cpuinfo, cores, memory. */
  static String machine() {
    String model = "unknown CPU";
    String mem = "";
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          model = line.substring(line.indexOf(':') + 1).trim();
          break;
        }
      }
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          long kb = Long.parseLong(line.replaceAll("[^0-9]", ""));
          mem = ", " + Math.round(kb / 1024.0 / 1024.0) + " GiB memory";
          break;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: the model stays unknown
    }
    return model
        + ", "
        + Runtime.getRuntime().availableProcessors()
        + " cores (nproc)"
        + mem
        + ", "
        + System.getProperty("os.name")
        + " "
        + System.getProperty("os.arch");
  }

  /**
   * The notes file's {@code ## Name} sections, by name; text before the first section is {@code
   * Summary}. The {@code # } title and HTML comments are left out.
   */
  public static Map<String, String> parseNotes(String text) {
    Map<String, String> out = new LinkedHashMap<>();
    String name = SUMMARY;
    StringBuilder body = new StringBuilder();
    boolean inComment = false;
    for (String line : text.split("\n", -1)) {
      if (inComment || line.startsWith("<!--")) {
        inComment = !line.contains("-->");
      } else if (line.startsWith("## ")) {
        put(out, name, body);
        name = line.substring(3).trim();
        body.setLength(0);
      } else if (!line.startsWith("# ")) {
        body.append(line).append('\n');
      }
    }
    put(out, name, body);
    return out;
  }

  private static void put(Map<String, String> out, String name, StringBuilder body) {
    String text = body.toString().strip();
    if (!text.isEmpty()) {
      out.merge(name, text, (a, b) -> a + "\n\n" + b);
    }
  }

  /** The whole markdown document, of the results of one run. */
  public static String render(
      List<Result> results, Map<String, String> notes, Context ctx, String notesName) {
    return renderRuns(List.of(results), notes, ctx, notesName);
  }

  /**
   * The whole markdown document of several runs, {@link #merge merged}: a table's ratios to F
   * divide by F of the table's own run (also where a later run's F is shown), and a table whose run
   * has no F has none. The budget's checks take F from the merged results.
   */
  public static String renderRuns(
      List<List<Result>> runs, Map<String, String> notes, Context ctx, String notesName) {
    Map<Result, Integer> runOf = new IdentityHashMap<>();
    for (int i = 0; i < runs.size(); i++) {
      for (Result r : runs.get(i)) {
        runOf.put(r, i);
      }
    }
    List<Result> results = runs.size() == 1 ? runs.get(0) : merge(runs);
    StringBuilder md = new StringBuilder();
    md.append(
            "<!-- GENERATED FILE: do not edit. Produced by io.shardrouter.bench.BenchReport from JMH JSON;\n")
        .append("     write explanations in ")
        .append(notesName)
        .append(" and regenerate (router-bench/README.md). -->\n");
    md.append("# Benchmarks\n\n");
    md.append("**Generated; do not edit by hand.** The tables come from JMH's JSON output by ")
        .append("`io.shardrouter.bench.BenchReport`; the paragraphs under them come from `")
        .append(notesName)
        .append(
            "`. To change a number, rerun the benchmarks; to change a paragraph, edit the notes; then regenerate ")
        .append("(see `router-bench/README.md`).\n\n");
    Settings first = results.isEmpty() ? null : results.get(0).run();
    md.append("| | |\n| --- | --- |\n");
    md.append("| machine | ").append(ctx.machine()).append(" |\n");
    if (first != null) {
      md.append("| JDK | ")
          .append(first.jdkVersion())
          .append(", ")
          .append(first.vm())
          .append(" |\n");
      md.append("| JMH | ")
          .append(first.jmhVersion())
          .append(", GC profiler (`-prof gc`)")
          .append(results.stream().anyMatch(Result::hasAllocation) ? "" : " not used")
          .append(
              results.stream().anyMatch(Result::hasCpu)
                  ? " and `-prof io.shardrouter.bench.CpuTimeProfiler`"
                  : "")
          .append("; ")
          .append(commonSettings(results))
          .append(
              results.stream().map(r -> r.run().describe()).distinct().count() > 1
                  ? " (tables that differ say so)"
                  : "")
          .append(" |\n");
    }
    md.append("| results | `")
        .append(ctx.source())
        .append("`, written ")
        .append(ctx.runDate())
        .append(" |\n");
    md.append("| generated | ").append(ctx.generated()).append(" |\n\n");
    md.append(
            "How to read: *score* is JMH's mean wall-clock time of one call and *± error* its 99.9% confidence ")
        .append(
            "half-interval. *CPU time* is the CPU time the process used per call, in the score's unit ")
        .append(
            "(`cpu.time.norm`, from `io.shardrouter.bench.CpuTimeProfiler`): the same work without the time spent ")
        .append(
            "waiting for a core, which on a shared machine is the steadier number (it also counts GC threads, ")
        .append(
            "so it can exceed the score where a benchmark allocates a lot). *B/op* is `gc.alloc.rate.norm`, bytes allocated ")
        .append(
            "per call (≈ 0 means nothing; JMH's own noise is below 0.01). *F* is `FloorBenchmark.xxh3Bytes` over the ")
        .append(
            "same key set in the same run: XXH3-64 over the key's canonical bytes, the least any route can do. ")
        .append(
            "*ratio to F* divides CPU time when measured (else the score): 1.5 F is the hash plus half a hash ")
        .append("more. Ratios, not absolute times, compare across machines and runs.\n\n");

    md.append("## Budget (docs/architecture.md §6)\n\n");
    md.append(budget(results));
    if (notes.containsKey(SUMMARY)) {
      md.append('\n').append(notes.get(SUMMARY)).append("\n");
    }
    Map<String, List<Result>> groups =
        new TreeMap<>(Comparator.comparingInt(BenchReport::groupRank).thenComparing(g -> g));
    for (Result r : results) {
      groups.computeIfAbsent(r.group(), g -> new ArrayList<>()).add(r);
    }
    for (Map.Entry<String, List<Result>> g : groups.entrySet()) {
      md.append("\n## ").append(g.getKey()).append("\n\n");
      // the rows of its own run, whose F may have been rerun in a later file
      md.append(table(g.getValue(), results, runs.get(runOf.get(g.getValue().get(0)))));
      String note = notes.get(g.getKey());
      md.append('\n')
          .append(
              note != null
                  ? note
                  : "*No notes yet: add a `## " + g.getKey() + "` section to " + notesName + ".*")
          .append("\n");
    }
    Set<String> unused = new LinkedHashSet<>(notes.keySet());
    unused.remove(SUMMARY);
    unused.removeAll(groups.keySet());
    for (String name : unused) {
      md.append("\n## ").append(name).append("\n\n").append(notes.get(name)).append("\n");
    }
    return md.toString();
  }

  private static int groupRank(String group) {
    int i = GROUP_ORDER.indexOf(group);
    return i < 0 ? GROUP_ORDER.size() : i;
  }

  /** The settings most results share, e.g. {@code 1 fork, 1 thread, warm-up 3 × 1 s, ...}. */
  static String commonSettings(List<Result> results) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    results.forEach(r -> counts.merge(r.run().describe(), 1, Integer::sum));
    return counts.entrySet().stream()
        .max(Map.Entry.comparingByValue())
        .map(Map.Entry::getKey)
        .orElse("?");
  }

  /** Each budget target: the worst measured value, met or missed. */
  static String budget(List<Result> results) {
    List<Check> checks = Budget.check(results, false);
    if (checks.isEmpty()) {
      return "No route path in these results.\n";
    }
    Map<String, List<Check>> byRule = new LinkedHashMap<>();
    for (Check c : checks) {
      byRule.computeIfAbsent(c.rule(), k -> new ArrayList<>()).add(c);
    }
    StringBuilder md = new StringBuilder();
    md.append(
            "| target | paths | worst measured | where | target met? | within CI guard limit? |\n")
        .append("| --- | ---: | --- | --- | --- | --- |\n");
    for (Map.Entry<String, List<Check>> e : byRule.entrySet()) {
      List<Check> cs = e.getValue();
      Check worst =
          cs.stream()
              .max(
                  Comparator.comparingDouble(
                      c -> Double.isNaN(c.value()) ? Double.MAX_VALUE : c.value()))
              .orElseThrow();
      long met = cs.stream().filter(Check::meetsTarget).count();
      long withinError =
          cs.stream().filter(c -> !c.meetsTarget() && c.value() - c.error() <= c.target()).count();
      long guarded = cs.stream().filter(Check::withinLimit).count();
      String rule =
          e.getKey().equals("allocation")
              ? "every route path 0 B/op (< " + Budget.MAX_ALLOC_BYTES + ")"
              : e.getKey();
      md.append("| ")
          .append(rule)
          .append(" | ")
          .append(cs.size())
          .append(" | ")
          .append(Budget.fmt(worst.value()))
          .append(" ± ")
          .append(Budget.fmtErr(worst.error()))
          .append(' ')
          .append(worst.unit())
          .append(" | ")
          .append(worst.subject().label())
          .append(" | ")
          .append(
              met == cs.size()
                  ? "met"
                  : met + withinError == cs.size()
                      ? "met within the error ("
                          + withinError
                          + " of "
                          + cs.size()
                          + " above it by less than their error)"
                      : "**missed** by "
                          + (cs.size() - met - withinError)
                          + " of "
                          + cs.size()
                          + (withinError > 0
                              ? " (" + withinError + " more above it by less than their error)"
                              : ""))
          .append(" | ")
          .append(
              cs.stream().allMatch(Check::isAbsolute)
                  ? "not guarded (absolute time)"
                  : guarded == cs.size() ? "yes" : "**no** (" + (cs.size() - guarded) + ")")
          .append(" |\n");
    }
    return md.toString();
  }

  /**
   * One group's table: its settings are named where they differ from those of {@code all}, and its
   * ratios divide by F among {@code sameRun}, the results of its own run.
   */
  static String table(List<Result> rows, List<Result> all, List<Result> sameRun) {
    List<String> params = new ArrayList<>();
    for (Result r : rows) {
      for (String p : r.params().keySet()) {
        if (!params.contains(p)) {
          params.add(p);
        }
      }
    }
    params.sort(
        Comparator.comparingInt(
            p -> PARAM_ORDER.indexOf(p) < 0 ? PARAM_ORDER.size() : PARAM_ORDER.indexOf(p)));
    List<Result> sorted = new ArrayList<>(rows);
    sorted.sort(
        (a, b) -> {
          for (String p : params) {
            int c = compareParam(a.param(p), b.param(p));
            if (c != 0) {
              return c;
            }
          }
          return a.method().compareTo(b.method());
        });
    String common = commonSettings(all);
    StringBuilder md = new StringBuilder();
    Set<String> own = new LinkedHashSet<>();
    rows.forEach(r -> own.add(r.run().describe()));
    own.remove(common);
    if (!own.isEmpty()) {
      md.append("JMH: ").append(String.join("; ", own)).append(".\n\n");
    }
    md.append("| ");
    for (String p : params) {
      md.append(p).append(" | ");
    }
    md.append("method | score | ± error | unit | CPU time | B/op | ratio to F |\n|");
    md.append(" --- |".repeat(params.size() + 1))
        .append(" ---: | ---: | --- | ---: | ---: | ---: |\n");
    for (Result r : sorted) {
      md.append("| ");
      for (String p : params) {
        md.append(r.param(p) == null ? "" : r.param(p)).append(" | ");
      }
      md.append('`')
          .append(r.method())
          .append("` | ")
          .append(Budget.fmt(r.score()))
          .append(" | ")
          .append(Budget.fmtErr(r.error()))
          .append(" | ")
          .append(r.unit())
          .append(" | ")
          .append(cpu(r))
          .append(" | ")
          .append(alloc(r))
          .append(" | ")
          .append(ratio(r, sameRun))
          .append(" |\n");
    }
    return md.toString();
  }

  /** CPU time per op (measured in ns) in the unit of the row's score. */
  private static String cpu(Result r) {
    if (!r.hasCpu()) {
      return "";
    }
    double scale =
        switch (r.unit()) {
          case "us/op" -> 1e3;
          case "ms/op" -> 1e6;
          case "s/op" -> 1e9;
          default -> 1;
        };
    return Budget.fmt(r.cpu() / scale) + " ± " + Budget.fmtErr(r.cpuError() / scale);
  }

  private static String alloc(Result r) {
    if (!r.hasAllocation()) {
      return "";
    }
    if (Math.abs(r.allocNorm()) < 0.01) {
      return "≈ 0";
    }
    return r.allocNorm() >= 1000
        ? String.format(java.util.Locale.ROOT, "%,.0f", r.allocNorm())
        : Budget.fmt(r.allocNorm());
  }

  private static String ratio(Result r, List<Result> all) {
    Result f = Budget.floorOf(all, r);
    if (f == null || !r.unit().equals(f.unit())) {
      return "";
    }
    double[] v = Budget.ratioOf(r, f, Budget.Statistic.MEAN);
    return Budget.fmt(v[0]) + " ± " + Budget.fmtErr(v[1]);
  }

  private static int compareParam(String a, String b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    try {
      return Long.compare(Long.parseLong(a), Long.parseLong(b));
    } catch (NumberFormatException e) {
      // not numbers
    }
    int ka = keySetRank(a);
    int kb = keySetRank(b);
    return ka != kb ? Integer.compare(ka, kb) : a.compareTo(b);
  }

  private static int keySetRank(String v) {
    for (KeySet k : KeySet.values()) {
      if (k.paramName().equals(v)) {
        return k.ordinal();
      }
    }
    return KeySet.values().length;
  }
}
