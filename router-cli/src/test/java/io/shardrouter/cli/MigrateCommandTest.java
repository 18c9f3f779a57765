package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.Phase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MigrateCommandTest {
  @TempDir Path dir;

  private Path doc(String name, int groups, String placement) throws Exception {
    StringBuilder g = new StringBuilder();
    for (int i = 1; i <= groups; i++) {
      g.append(i > 1 ? "," : "")
          .append("{\"id\":\"g")
          .append(i)
          .append("\",\"primary\":\"db")
          .append(i)
          .append(":5432\"}");
    }
    String json =
        "{\"format\":1,\"routing_version\":7,\"entity\":\"orders\",\"key\":{\"type\":\"string\"},"
            + "\"strategy\":{\"type\":\"hash_mod\",\"hash\":\"xxh3-64\",\"partitions\":8},"
            + "\"groups\":["
            + g
            + "],\"placement\":["
            + placement
            + "]}";
    Path p = dir.resolve(name);
    Files.writeString(p, json, StandardCharsets.UTF_8);
    return p;
  }

  private Path[] fourToFive() throws Exception {
    return new Path[] {
      doc("old.json", 4, "\"g1\",\"g2\",\"g3\",\"g4\",\"g1\",\"g2\",\"g3\",\"g4\""),
      doc("new.json", 5, "\"g1\",\"g2\",\"g3\",\"g4\",\"g5\",\"g2\",\"g3\",\"g5\"")
    };
  }

  @Test
  void plan_listsMovementsAndVersions() throws Exception {
    Path[] t = fourToFive();
    Cli.Result r = Cli.run("migrate", "plan", t[0].toString(), t[1].toString());
    assertEquals(ShardCtl.OK, r.status(), r.toString());
    assertTrue(r.out().contains("2 movements, 25.00% of keys move"), r.out());
    assertTrue(r.out().contains("p4>g5"), r.out());
    assertTrue(r.out().contains("CUT_OVER         v12"), r.out());
    assertTrue(
        r.out()
            .contains(
                "final version: v14 (DONE: the source's version 7 + 7; the target document's"
                    + " version 7 is not used)\n"
                    + "  keep the DONE table as the new routing document (the target with the"
                    + " finished migration's marker, docs/format.md §8):"
                    + " coordinator.routes().toDocument() after finish();\n"
                    + "  the target document as it is (version 7) is below v14: every router and"
                    + " publisher would refuse it; plan the next migration from the DONE table\n"),
        r.out());
  }

  @Test
  void plan_targetVersionAtOrAboveTheFinalOne_saysWhatItIs() throws Exception {
    Path[] t = fourToFive();
    Path same = dir.resolve("new14.json");
    Files.writeString(
        same, Files.readString(t[1]).replace("\"routing_version\":7", "\"routing_version\":14"));
    Cli.Result r = Cli.run("migrate", "plan", t[0].toString(), same.toString());
    assertEquals(ShardCtl.OK, r.status(), r.toString());
    assertTrue(
        r.out()
            .contains(
                "final version: v14 (DONE: the source's version 7 + 7, which is the target"
                    + " document's own version)\n"
                    + "  keep the DONE table as the new routing document (the target with the"
                    + " finished migration's marker, docs/format.md §8):"
                    + " coordinator.routes().toDocument() after finish();\n"
                    + "  the target document as it is (version 14) is other content under the DONE"
                    + " table's version: every router refuses it; plan the next migration from the"
                    + " DONE table\n"),
        r.out());
    Path later = dir.resolve("new20.json");
    Files.writeString(
        later, Files.readString(t[1]).replace("\"routing_version\":7", "\"routing_version\":20"));
    Cli.Result r20 = Cli.run("migrate", "plan", t[0].toString(), later.toString());
    assertTrue(
        r20.out()
            .contains(
                "  the target document as it is (version 20) would be a later version of the same"
                    + " table, published outside the migration; plan the next migration from the"
                    + " DONE table\n"),
        r20.out());
  }

  @Test
  void plan_out_writesOneReadableDocumentPerPhase() throws Exception {
    Path[] t = fourToFive();
    Path out = dir.resolve("versions");
    Cli.Result r =
        Cli.run("migrate", "plan", t[0].toString(), t[1].toString(), "--out", out.toString());
    assertEquals(ShardCtl.OK, r.status(), r.toString());
    List<Path> files;
    try (Stream<Path> s = Files.list(out)) {
      files = s.sorted().toList();
    }
    assertEquals(7, files.size(), files.toString());
    String cutOver = Files.readString(out.resolve("v12-cut_over.json"), StandardCharsets.UTF_8);
    MigrationRoutes routes = MigrationRoutes.fromDocument(cutOver);
    assertEquals(Phase.CUT_OVER, routes.phase());
    assertEquals(12, routes.version());
    assertEquals(
        Cli.run("validate", out.resolve("v14-done.json").toString()).status(), ShardCtl.OK);
    assertTrue(
        r.out()
            .contains(
                "keep the DONE table as the new routing document (the target with the finished"
                    + " migration's marker, docs/format.md §8): coordinator.routes().toDocument()"
                    + " after finish(), or v14-done.json in "
                    + out
                    + ";"),
        r.out());
    assertTrue(
        r.out()
            .contains(
                "wrote 7 routing documents to "
                    + out
                    + "; v14-done.json is the new routing document"),
        r.out());
    // The document to keep is the target table at version 14, with the finished migration's marker.
    RoutingTable done = RoutingDocuments.read(out.resolve("v14-done.json"));
    RoutingTable target = RoutingDocuments.read(t[1]);
    assertEquals(
        target.toBuilder()
            .version(14)
            .extension("migration_end", done.extension("migration_end"))
            .build(),
        done);
    assertEquals(Phase.DONE, MigrationRoutes.of(done).phase());
  }

  @Test
  void simulate_printsJsonLastAndPasses() {
    Cli.Result r = Cli.run("migrate", "simulate", "--seed", "7", "--schedules", "40");
    assertEquals(ShardCtl.OK, r.status(), r.toString());
    List<String> lines = r.outLines();
    String last = lines.get(lines.size() - 1);
    assertTrue(last.startsWith("{\"schedules\":40,\"seed\":7,\"acked_writes\":"), last);
    assertTrue(last.contains("\"lost\":0,\"duplicated\":0,\"stale_reads\":0"), last);
  }

  @Test
  void simulate_brokenProtocol_printsSeedAndTrace_status1() {
    Cli.Result r =
        Cli.run(
            "migrate", "simulate", "--seed", "1", "--schedules", "500", "--protocol", "no-fence");
    assertEquals(ShardCtl.UNROUTED, r.status(), r.toString());
    assertTrue(r.out().contains("VIOLATION in schedule seed "), r.out());
    assertTrue(r.out().contains("replay: --seed "), r.out());
  }

  @Test
  void simulate_jdbcStore_runsTheSameSchedulesOnH2() {
    Cli.Result r =
        Cli.run("migrate", "simulate", "--seed", "7", "--schedules", "3", "--store", "jdbc");
    assertEquals(ShardCtl.OK, r.status(), r.toString());
    assertTrue(r.out().contains("(correct protocol, jdbc stores)"), r.out());
    List<String> lines = r.outLines();
    String last = lines.get(lines.size() - 1);
    assertTrue(last.contains("\"lost\":0,\"duplicated\":0,\"stale_reads\":0"), last);
    // the same seeds on the in-memory store do the same thing, event for event
    Cli.Result memory = Cli.run("migrate", "simulate", "--seed", "7", "--schedules", "3");
    List<String> m = memory.outLines();
    assertEquals(m.get(m.size() - 1), last);
  }

  @Test
  void simulate_staleReadProtocols_caughtWithATrace() {
    for (String protocol : List.of("no-read-fence", "fence-after-publish")) {
      Cli.Result r =
          Cli.run(
              "migrate", "simulate", "--seed", "1", "--schedules", "1000", "--protocol", protocol);
      assertEquals(ShardCtl.UNROUTED, r.status(), protocol + ": " + r);
      assertTrue(r.out().contains("stale read"), protocol + ": " + r.out());
      assertTrue(r.out().contains("replay: --seed "), r.out());
    }
  }

  @Test
  void badUsage_explains() throws Exception {
    Cli.Result none = Cli.run("migrate");
    assertEquals(ShardCtl.INVALID, none.status());
    assertTrue(none.err().contains("needs a subcommand"), none.err());
    Cli.Result unknown = Cli.run("migrate", "frobnicate");
    assertTrue(unknown.err().contains("unknown subcommand 'frobnicate'"), unknown.err());
    Cli.Result zero = Cli.run("migrate", "simulate", "--schedules", "0");
    assertEquals(ShardCtl.INVALID, zero.status());
    assertTrue(zero.err().contains("--schedules N needs a positive integer, got 0"), zero.err());
    Cli.Result proto = Cli.run("migrate", "simulate", "--protocol", "fast");
    assertTrue(proto.err().contains("--protocol must be"), proto.err());
    Cli.Result store = Cli.run("migrate", "simulate", "--store", "redis");
    assertEquals(ShardCtl.INVALID, store.status());
    assertTrue(store.err().contains("--store must be memory or jdbc"), store.err());
    Cli.Result planStore = Cli.run("migrate", "plan", "a.json", "b.json", "--store", "jdbc");
    assertTrue(
        planStore.err().startsWith("shardctl migrate plan: unknown option '--store'\n"),
        planStore.err());
    assertTrue(planStore.err().contains("usage: shardctl migrate plan"), planStore.err());
    Cli.Result out = Cli.run("migrate", "simulate", "--out", "x");
    assertTrue(
        out.err().startsWith("shardctl migrate simulate: unknown option '--out'\n"), out.err());
    Path[] t = fourToFive();
    Cli.Result same = Cli.run("migrate", "plan", t[0].toString(), t[0].toString());
    assertEquals(ShardCtl.INVALID, same.status());
    assertTrue(same.err().contains("nothing moves"), same.err());
    Cli.Result missing = Cli.run("migrate", "plan", t[0].toString());
    assertTrue(missing.err().contains("needs OLD and NEW"), missing.err());
  }
}
