package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.stats.HotKeys;
import io.shardrouter.stats.RouteStats;
import io.shardrouter.stats.StatsSnapshot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code shardctl advise} writing a hot key's isolation and a hot range's split: the document it
 * writes validates, and the migration coordinator plans the move to it.
 */
class AdviseCommandTest {
  @TempDir Path dir;

  @Test
  void hotKey_isolated_documentValidates_andMigrationPlans() throws IOException {
    String text = sixteenOnEight();
    RoutingTable t = RoutingDocuments.read(text);
    RouteStats stats = RouteStats.builder().sampleEvery(2).build(t);
    SplittableRandom r = new SplittableRandom(15_331);
    for (int i = 0; i < 50_000; i++) {
      String key = r.nextInt(5) == 0 ? "celebrity" : "user-" + r.nextInt(20_000);
      stats.record(t.route(key), key, RouteStats.Op.WRITE);
    }
    Path d = write("orders.json", text);
    Path s = write("stats.json", stats.snapshot(RouteStats.Window.SINCE_START).toJson());
    Path next = dir.resolve("next.json");
    Cli.Result a =
        Cli.run(
            "advise",
            d.toString(),
            "--stats",
            s.toString(),
            "--max-move",
            "0.25",
            "--out",
            next.toString());
    assertEquals(ShardCtl.OK, a.status(), a::toString);
    int from = t.route("celebrity").partition();
    String groupLine = a.outLines().get(1);
    assertTrue(
        groupLine.matches(
            "group peak/mean [0-9.]+ -> [0-9.]+, moving [0-9.]+% of the data \\(cap 25\\.00%\\):"
                + " 0 ranges split, 1 key isolated, [0-9]+ partitions? moved of 16"),
        a::toString);
    assertTrue(
        a.out().contains("isolate key 'celebrity' (")
            && a.out().contains(") from partition " + from + " on g" + from / 2)
            && a.out().contains(" to new dedicated partition 16 on g"),
        a::toString);
    assertTrue(a.out().contains("keys moved by the strategy: 1"), a::toString);
    assertTrue(a.out().contains("wrote " + next + " (version 8)"), a::toString);
    assertEquals(ShardCtl.OK, Cli.run("validate", next.toString()).status());

    RoutingTable n = RoutingDocuments.read(next);
    assertEquals(16, n.route("celebrity").partition());
    MigrationPlan plan = MigrationPlan.between(t, n);
    assertTrue(plan.strategyChange());
    assertEquals(n, plan.to());
    String target = n.route("celebrity").group().id();
    assertTrue(
        plan.movements().stream()
            .anyMatch(m -> m.sourcePartition() == from && m.targetGroup().equals(target)),
        plan::toText);
  }

  /** 16 partitions of hash_mod on 8 groups, two partitions a group. */
  private static String sixteenOnEight() {
    StringBuilder sb = new StringBuilder();
    sb.append("{\"format\":1,\"routing_version\":7,\"entity\":\"orders\",\"key\":{\"type\":");
    sb.append("\"string\"},\"strategy\":{\"type\":\"hash_mod\",\"partitions\":16},\"groups\":[");
    for (int g = 0; g < 8; g++) {
      sb.append(g == 0 ? "" : ",").append("{\"id\":\"g").append(g).append("\",\"primary\":\"db");
      sb.append(g).append(":5432\"}");
    }
    sb.append("],\"placement\":[");
    for (int p = 0; p < 16; p++) {
      sb.append(p == 0 ? "\"g" : ",\"g").append(p / 2).append('"');
    }
    return sb.append("]}").toString();
  }

  @Test
  void analyzeStatsOut_thenAdvise_fromAKeySample_isolatesTheHotKey() throws IOException {
    String text = sixteenOnEight();
    RoutingTable t = RoutingDocuments.read(text);
    SplittableRandom r = new SplittableRandom(15_332);
    StringBuilder keys = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      keys.append(r.nextInt(10) == 0 ? "celebrity" : "user-" + r.nextInt(20_000)).append('\n');
    }
    Path d = write("orders.json", text);
    Path sample = write("keys.txt", keys.toString());
    Path stats = dir.resolve("stats.json");
    Cli.Result analyze =
        Cli.run(
            "analyze", d.toString(), "--keys", sample.toString(), "--stats-out", stats.toString());
    assertEquals(ShardCtl.OK, analyze.status(), analyze::toString);
    assertTrue(
        analyze
            .out()
            .contains(
                "wrote "
                    + stats
                    + " (a statistics export of the sample); next: shardctl advise "
                    + d
                    + " --stats "
                    + stats),
        analyze::toString);
    Path next = dir.resolve("next.json");
    Cli.Result advise =
        Cli.run(
            "advise",
            d.toString(),
            "--stats",
            stats.toString(),
            "--max-move",
            "0.25",
            "--out",
            next.toString());
    assertEquals(ShardCtl.OK, advise.status(), advise::toString);
    assertTrue(advise.out().contains("isolate key 'celebrity' ("), advise::toString);
    assertEquals(16, RoutingDocuments.read(next).route("celebrity").partition());

    // advise --keys reads the sample itself, to the same advice
    Path direct = dir.resolve("direct.json");
    Cli.Result keysAdvise =
        Cli.run(
            "advise",
            d.toString(),
            "--keys",
            sample.toString(),
            "--max-move",
            "0.25",
            "--out",
            direct.toString());
    assertEquals(ShardCtl.OK, keysAdvise.status(), keysAdvise::toString);
    assertEquals(
        RoutingDocuments.read(next).fingerprint(), RoutingDocuments.read(direct).fingerprint());
    assertEquals(t.version() + 1, RoutingDocuments.read(direct).version());
  }

  @Test
  void advise_wrongInputs_areNamedForWhatTheyAre() throws IOException {
    Path d = write("orders.json", sixteenOnEight());
    Path tiny = write("tiny.txt", "a\nb\nc\nd\ne\nf\n");
    Cli.Result small = Cli.run("advise", d.toString(), "--keys", tiny.toString());
    assertEquals(ShardCtl.INVALID, small.status(), small::toString);
    assertEquals(
        "shardctl advise: "
            + tiny
            + ": 6 keys are too few to judge the load of 16 partitions: need >= 160 (10 a"
            + " partition); sample more keys, or export measured load with"
            + " RouteStats.snapshot(window).toJson()",
        small.errLines().get(0));

    Path report = dir.resolve("report.json");
    assertEquals(
        ShardCtl.OK,
        Cli.run("analyze", d.toString(), "--keys", tiny.toString(), "--json", report.toString())
            .status());
    Cli.Result wrong = Cli.run("advise", d.toString(), "--stats", report.toString());
    assertEquals(ShardCtl.INVALID, wrong.status(), wrong::toString);
    assertTrue(wrong.err().contains("this is an analysis report"), wrong::toString);
    assertTrue(
        wrong.err().contains("shardctl analyze DOC --keys FILE --stats-out STATS"),
        wrong::toString);
    assertTrue(!wrong.err().contains("RouteStats.snapshot(window)"), wrong::toString);

    Cli.Result both =
        Cli.run("advise", d.toString(), "--keys", tiny.toString(), "--stats", report.toString());
    assertEquals(ShardCtl.INVALID, both.status(), both::toString);
    assertTrue(
        both.err()
            .startsWith(
                "shardctl advise: takes one of --stats STATS (a statistics export) and --keys FILE"
                    + " (a key sample), not both"),
        both::toString);

    Path stats = dir.resolve("s.json");
    Cli.Result tinyOut =
        Cli.run(
            "analyze", d.toString(), "--keys", tiny.toString(), "--stats-out", stats.toString());
    assertEquals(ShardCtl.INVALID, tinyOut.status(), tinyOut::toString);
    assertTrue(
        tinyOut
            .err()
            .startsWith(
                "shardctl analyze: --stats-out: "
                    + tiny
                    + ": 6 keys are too few to judge the load of 16 partitions"),
        tinyOut::toString);
    StringBuilder enough = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      enough.append("k-").append(i).append('\n');
    }
    Path sample = write("enough.txt", enough.toString());
    assertEquals(
        ShardCtl.OK,
        Cli.run(
                "analyze",
                d.toString(),
                "--keys",
                sample.toString(),
                "--stats-out",
                stats.toString())
            .status());
    Cli.Result again =
        Cli.run("analyze", d.toString(), "--keys", stats.toString(), "--stats-out", "x.json");
    assertEquals(ShardCtl.INVALID, again.status(), again::toString);
    assertTrue(
        again.err().contains("--stats-out writes a key sample as a statistics export, and "),
        again::toString);
  }

  @Test
  void hotRange_split_documentValidates_andMigrationPlans() throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append("{\"format\":1,\"routing_version\":2,\"entity\":\"events\",\"key\":{\"type\":");
    sb.append("\"timestamp\"},\"strategy\":{\"type\":\"range\",\"ranges\":[");
    for (int m = 1; m <= 4; m++) {
      sb.append(m == 1 ? "" : ",").append("{\"start\":\"2026-0").append(m);
      sb.append("-01T00:00:00Z\",\"end\":").append(m == 4 ? "null" : "\"2026-0" + (m + 1));
      sb.append(m == 4 ? "}" : "-01T00:00:00Z\"}");
    }
    sb.append("]},\"groups\":[{\"id\":\"a\",\"primary\":\"a:1\"},{\"id\":\"b\",\"primary\":");
    sb.append("\"b:1\"}],\"placement\":[\"a\",\"a\",\"b\",\"b\"]}");
    String text = sb.toString();
    RoutingTable t = RoutingDocuments.read(text);
    List<HotKeys.Entry> keys = new ArrayList<>();
    for (int day = 2; day <= 16; day += 2) { // 8 February keys, each 7.5% of the samples
      keys.add(new HotKeys.Entry(String.format("2026-02-%02dT00:00:00Z", day), 75, 0));
    }
    StatsSnapshot s =
        new StatsSnapshot(
            "events",
            2,
            RouteStats.Window.SINCE_START,
            60_000,
            1,
            1,
            new long[4],
            new long[] {100, 700, 100, 100},
            new long[4],
            HotKeys.of(16, 1000, keys));
    Path d = write("events.json", text);
    Path st = write("stats.json", s.toJson());
    Path next = dir.resolve("next.json");
    Cli.Result a =
        Cli.run(
            "advise",
            d.toString(),
            "--stats",
            st.toString(),
            "--max-move",
            "0.2",
            "--out",
            next.toString());
    assertEquals(ShardCtl.OK, a.status(), a::toString);
    assertTrue(
        a.out()
            .contains(
                "split partition 1 at 2026-02-10T00:00:00Z: the upper part becomes partition 2"
                    + " on b (from a, "),
        a::toString);
    assertTrue(a.out().contains("1 range split, 0 keys isolated"), a::toString);
    // a: 800 of 1000, b: 200; the upper half of February (350) goes to b: 450 and 550
    assertTrue(
        a.out().contains("group peak/mean 1.600 -> 1.100, moving 12.50% of the data"), a::toString);
    assertEquals(ShardCtl.OK, Cli.run("validate", next.toString()).status());
    RoutingTable n = RoutingDocuments.read(next);
    assertEquals(5, n.partitionCount());
    assertEquals("b", n.route(Instant.parse("2026-02-10T00:00:00Z")).group().id());
    assertEquals("a", n.route(Instant.parse("2026-02-09T23:59:59Z")).group().id());
    MigrationPlan plan = MigrationPlan.between(t, n);
    assertTrue(plan.strategyChange());
    List<MigrationPlan.Movement> fromFebruary =
        plan.movements().stream().filter(m -> m.sourcePartition() == 1).toList();
    assertEquals(
        List.of("b"), fromFebruary.stream().map(MigrationPlan.Movement::targetGroup).toList());
  }

  private Path write(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }
}
