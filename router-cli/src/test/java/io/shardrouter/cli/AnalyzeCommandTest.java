package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.stats.RouteStats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code shardctl analyze} and {@code shardctl advise}. */
class AnalyzeCommandTest {
  @TempDir Path dir;

  /** A document of string keys: {@code strategy} over {@code partitions}, 4 groups in blocks. */
  static String doc(String strategy, int partitions, long version) {
    StringBuilder sb = new StringBuilder();
    sb.append("{\"format\":1,\"routing_version\":").append(version);
    sb.append(",\"entity\":\"orders\",\"key\":{\"type\":\"string\"},\"strategy\":{\"type\":\"");
    sb.append(strategy).append("\",\"hash\":\"xxh3-64\",\"partitions\":").append(partitions);
    sb.append("},\"groups\":[");
    for (int g = 0; g < 4; g++) {
      sb.append(g == 0 ? "" : ",").append("{\"id\":\"g").append(g).append("\",\"primary\":\"db");
      sb.append(g).append(":5432\"}");
    }
    sb.append("],\"placement\":[");
    for (int p = 0; p < partitions; p++) {
      sb.append(p == 0 ? "" : ",").append("\"g").append(p * 4 / partitions).append('"');
    }
    return sb.append("]}").toString();
  }

  private Path write(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  /** 20,000 keys, one of them at 20% of the lines. */
  private Path keys() throws IOException {
    SplittableRandom r = new SplittableRandom(15_401);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      sb.append(r.nextInt(5) == 0 ? "hot" : "order-" + r.nextInt(1_000_000)).append('\n');
    }
    return write("keys.txt", sb.toString());
  }

  @Test
  void analyze_cjkAndAsciiKeys_topKeysColumnsAligned() throws IOException {
    Path keys = write("cjk.txt", "東京都\n東京都\n東京都\ntokyo\ntokyo\n");
    Cli.Result r = Cli.run("analyze", Cli.JUMP, "--keys", keys.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    int at = r.outLines().indexOf("most common keys:");
    assertTrue(at > 0, r::toString);
    // 東京都 shows 6 columns wide, as wide as the column: the next column starts 2 after it
    assertEquals("  key     frequency  share", r.outLines().get(at + 1), r::toString);
    assertEquals("  東京都  3          60.00%", r.outLines().get(at + 2), r::toString);
    assertEquals("  tokyo   2          40.00%", r.outLines().get(at + 3), r::toString);
  }

  @Test
  void analyze_keysCompareJsonHtml_printsTheReport() throws IOException {
    Path d16 = write("jump16.json", doc("jump", 16, 1));
    Path d17 = write("jump17.json", doc("jump", 17, 2));
    Path json = dir.resolve("r.json");
    Path html = dir.resolve("r.html");
    Cli.Result r =
        Cli.run(
            "analyze",
            d16.toString(),
            "--keys",
            keys().toString(),
            "--compare",
            d17.toString(),
            "--json",
            json.toString(),
            "--html",
            html.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(
        r.out().startsWith("orders version 1 (jump, 16 partitions), source: keys\n"), r::toString);
    assertTrue(r.out().contains("  FAIL  hot keys: key 'hot' takes "), r::toString);
    assertTrue(r.out().contains("compare with orders version 2 (17 partitions): "), r::toString);
    String line = r.outLines().stream().filter(l -> l.startsWith("compare with")).findFirst().get();
    double moved =
        Double.parseDouble(line.replaceAll(".*partitions\\): ([0-9.]+)% of keys.*", "$1"));
    assertEquals(100.0 / 17, moved, 1.0, line);
    String j = Files.readString(json);
    assertTrue(j.contains("\"format\": \"shardrouter-analysis/1\""), j);
    String h = Files.readString(html);
    assertTrue(h.contains("<svg id=\"chart-partitions\""));
    assertFalse(
        h.contains("http://") && h.replace("http://www.w3.org/2000/svg", "").contains("http://"),
        "no network reference besides the SVG namespace");
  }

  @Test
  void analyze_hashMod16to32_movesAboutHalf() throws IOException {
    Path a = write("m16.json", doc("hash_mod", 16, 1));
    Path b = write("m32.json", doc("hash_mod", 32, 2));
    Cli.Result r =
        Cli.run("analyze", a.toString(), "--keys", keys().toString(), "--compare", b.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    String line = r.outLines().stream().filter(l -> l.startsWith("compare with")).findFirst().get();
    double moved =
        Double.parseDouble(line.replaceAll(".*partitions\\): ([0-9.]+)% of keys.*", "$1"));
    assertEquals(50, moved, 3, line);
  }

  @Test
  void analyze_countsQueriesCapacity() throws IOException {
    Path d = write("d.json", doc("hash_mod", 8, 1));
    Path k = write("k.txt", "a 100\nb\t50\nc 1\n");
    Path q = write("q.txt", "{\"keys\": [\"a\"]}\n\n{\"from\": \"a\", \"to\": \"z\"}\n");
    Path c = write("c.json", "{\"sample_seconds\": 1, \"partition\": {\"ops\": 60}}");
    Cli.Result r =
        Cli.run(
            "analyze",
            d.toString(),
            "--keys",
            k.toString(),
            "--counts",
            "--queries",
            q.toString(),
            "--capacity",
            c.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(r.out().contains("keys: 151 sampled, 3 distinct"), r::toString);
    assertTrue(
        r.out()
            .contains(
                "queries: 2, single-partition 50.000%, multi-partition 0.000%, scatter-gather 50.000%"),
        r::toString);
    assertTrue(r.out().contains("capacity: 1 over their limit"), r::toString);
  }

  @Test
  void analyze_statsExport_andAdvise_writeTheNextVersion() throws IOException {
    String text = doc("jump", 16, 3);
    RoutingTable t = RoutingDocuments.read(text);
    Path d = write("d.json", text);
    RouteStats stats = RouteStats.builder().sampleEvery(1).build(t);
    for (int i = 0; i < 4_000; i++) {
      String key = "k" + i;
      int n = t.route(key).group().id().equals("g0") ? 4 : 1; // g0 four times as busy
      for (int j = 0; j < n; j++) {
        stats.record(t.route(key), key, RouteStats.Op.WRITE);
      }
    }
    Path s = write("stats.json", stats.snapshot(RouteStats.Window.SINCE_START).toJson());
    Cli.Result a = Cli.run("analyze", d.toString(), "--keys", s.toString());
    assertEquals(ShardCtl.OK, a.status(), a::toString);
    assertTrue(a.out().contains("source: stats"), a::toString);
    Path next = dir.resolve("next.json");
    Cli.Result r =
        Cli.run(
            "advise",
            d.toString(),
            "--stats",
            s.toString(),
            "--max-move",
            "0.25",
            "--out",
            next.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(r.out().contains("wrote " + next + " (version 4)"), r::toString);
    RoutingTable n = RoutingDocuments.read(next);
    assertEquals(4, n.version());
    String ptm = r.outLines().get(1);
    double before =
        Double.parseDouble(ptm.replaceAll("group peak/mean ([0-9.]+) -> ([0-9.]+),.*", "$1"));
    double after =
        Double.parseDouble(ptm.replaceAll("group peak/mean ([0-9.]+) -> ([0-9.]+),.*", "$2"));
    assertTrue(after < before, ptm);
    assertTrue(Cli.run("validate", next.toString()).status() == ShardCtl.OK);
  }

  @Test
  void analyze_badInputs_sayWhereAndWhat() throws IOException {
    Path d = write("d.json", doc("hash_mod", 8, 1));
    Path longs = Path.of("..", "docs", "examples", "hash-mod.json");
    Path k = write("k.txt", "12\nnot-a-number\n");
    bad(Cli.run("analyze", longs.toString(), "--keys", k.toString()), k + ":2: ", "not-a-number");
    Path counts = write("c.txt", "a 3\nb\n");
    bad(
        Cli.run("analyze", d.toString(), "--keys", counts.toString(), "--counts"),
        counts + ":2: expected KEY COUNT",
        "'b'");
    Path zero = write("z.txt", "a 0\n");
    bad(
        Cli.run("analyze", d.toString(), "--keys", zero.toString(), "--counts"),
        zero + ":1: count '0'",
        "positive integer");
    Path q = write("q.txt", "{\"keys\": [\"a\"]}\n{\"key\": 1}\n");
    bad(
        Cli.run("analyze", d.toString(), "--keys", counts.toString(), "--queries", q.toString()),
        q + ":2: query.key: unknown field",
        "a query line is");
    Path cap = write("cap.json", "{\"sample_seconds\": -1, \"group\": {\"ops\": 1}}");
    bad(
        Cli.run("analyze", d.toString(), "--keys", counts.toString(), "--capacity", cap.toString()),
        cap + ": $.sample_seconds",
        "docs/observability.md");
    bad(
        Cli.run("analyze", d.toString(), "--keys", dir.resolve("none.txt").toString()),
        "does not exist",
        "none.txt");
    bad(
        Cli.run("analyze", dir.resolve("nodoc.json").toString(), "--keys", k.toString()),
        "does not exist",
        "nodoc.json");
    Path empty = write("e.txt", "");
    bad(Cli.run("analyze", d.toString(), "--keys", empty.toString()), "holds no key", "e.txt");
    Path utf = dir.resolve("u.txt");
    Files.write(utf, new byte[] {'a', '\n', (byte) 0xC3, '\n'});
    bad(
        Cli.run("analyze", d.toString(), "--keys", utf.toString()),
        utf + ":2: not well-formed UTF-8",
        "UTF-8");
  }

  @Test
  void advise_badInputs() throws IOException {
    Path d = write("d.json", doc("hash_mod", 8, 1));
    Path s = write("s.json", "{\"format\": \"shardrouter-stats/1\"}");
    bad(
        Cli.run("advise", d.toString(), "--stats", s.toString()),
        s + ": $.partitions: missing",
        "RouteStats.snapshot");
    Cli.Result cap = Cli.run("advise", d.toString(), "--stats", s.toString(), "--max-move", "2");
    assertEquals(ShardCtl.INVALID, cap.status());
    assertTrue(cap.err().contains("--max-move needs a share of the data in [0, 1]"), cap::toString);
    Cli.Result none = Cli.run("advise", d.toString());
    assertTrue(none.err().contains("needs one of --stats STATS"), none::toString);
    RoutingTable other = RoutingDocuments.read(doc("hash_mod", 16, 1));
    Path s16 =
        write(
            "s16.json",
            RouteStats.builder().build(other).snapshot(RouteStats.Window.SINCE_START).toJson());
    bad(
        Cli.run("advise", d.toString(), "--stats", s16.toString()),
        "the statistics count 16 partitions",
        "has 8");
  }

  private static void bad(Cli.Result r, String... expected) {
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    for (String e : expected) {
      assertTrue(r.err().contains(e), () -> "missing '" + e + "' in " + r);
    }
  }
}
