package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiffCommandTest {
  @TempDir Path dir;

  /** jump.json as version 13 with partitions 0-9 moved from orders-01 to orders-04. */
  private Path movedTen() throws IOException {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.JUMP));
    RoutingTable.Builder b = t.toBuilder().version(t.version() + 1);
    for (int p = 0; p < 10; p++) {
      b.place(p, "orders-04");
    }
    Path f = dir.resolve("next.json");
    Files.writeString(f, RoutingDocuments.write(b.build()));
    return f;
  }

  @Test
  void diff_sameDocument_nothingMoves() {
    Cli.Result r = Cli.run("diff", Cli.JUMP, Cli.JUMP);
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(r.out().contains("moved: 0 of 1024 partitions"), r::toString);
  }

  @Test
  void diff_placementChange_printsMovementReport() throws IOException {
    Path next = movedTen();
    Cli.Result r = Cli.run("diff", Cli.JUMP, next.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(
        io.shardrouter.core.MovementReport.between(
                RoutingDocuments.read(Path.of(Cli.JUMP)), RoutingDocuments.read(next))
            .toText(),
        r.out());
    assertTrue(r.out().startsWith("orders: version 12 -> 13"), r::toString);
    assertTrue(r.out().contains("moved: 10 of 1024 partitions"), r::toString);
    assertTrue(r.out().contains("partitions: 0-9 (orders-01->orders-04)"), r::toString);
  }

  @Test
  void diff_withKeys_countsMovedKeysNoneOutsideThePlan() throws IOException {
    Path next = movedTen();
    RoutingTable a = RoutingDocuments.read(Path.of(Cli.JUMP));
    RoutingTable b = RoutingDocuments.read(next);
    List<String> keys = new ArrayList<>();
    long moved = 0;
    for (int i = 0; i < 20_000; i++) {
      String k = "order-" + i;
      keys.add(k);
      if (!a.route(k).group().id().equals(b.route(k).group().id())) {
        moved++;
      }
    }
    assertTrue(moved > 0);
    Path keysFile = dir.resolve("keys.txt");
    Files.write(keysFile, keys, StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("diff", Cli.JUMP, next.toString(), "--keys", keysFile.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    String last = r.outLines().get(r.outLines().size() - 1);
    assertTrue(last.startsWith("keys: 20000 routed, " + moved + " moved ("), last);
    assertTrue(last.endsWith(", 0 moved outside the listed partitions"), last);
  }

  @Test
  void diff_badKeysInFile_reportedAndSkippedStatus1() throws IOException {
    Path keysFile = dir.resolve("keys.txt");
    Files.write(keysFile, List.of("1", "x", "2"), StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("diff", Cli.HASH_MOD, Cli.HASH_MOD, "--keys", keysFile.toString());
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertTrue(r.out().contains("keys: 2 routed, 0 moved"), r::toString);
    assertTrue(r.out().contains("1 keys could not be parsed"), r::toString);
    assertTrue(
        r.errLines().get(0).startsWith("shardctl diff: line 2: key 'x' is not a long"),
        r::toString);
  }

  @Test
  void diff_emptyKeyFile_refusedAsAnalyzeRefusesIt_beforeAnyReport() throws IOException {
    Path empty = Files.createFile(dir.resolve("empty.txt"));
    Cli.Result r = Cli.run("diff", Cli.JUMP, Cli.JUMP, "--keys", empty.toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out(), "no report before the refusal");
    assertEquals(
        List.of("shardctl diff: " + empty + " holds no key; give one key a line"), r.errLines());
    Cli.Result analyze = Cli.run("analyze", Cli.JUMP, "--keys", empty.toString());
    assertEquals(
        analyze.err().replace("shardctl analyze: ", "shardctl diff: "), r.err(), "as analyze");

    Cli.Result stdin = Cli.runWithInput(new byte[0], "diff", Cli.JUMP, Cli.JUMP, "--keys", "-");
    assertEquals(ShardCtl.INVALID, stdin.status(), stdin::toString);
    assertEquals("", stdin.out());
    assertEquals(
        List.of("shardctl diff: standard input holds no key; give one key a line"),
        stdin.errLines());

    // one empty line is one key: the empty string
    Path blank = Files.writeString(dir.resolve("blank.txt"), "\n");
    Cli.Result one = Cli.run("diff", Cli.JUMP, Cli.JUMP, "--keys", blank.toString());
    assertEquals(ShardCtl.OK, one.status(), one::toString);
    assertTrue(one.out().contains("keys: 1 routed, 0 moved"), one::toString);
  }

  @Test
  void diff_missingKeyFile_refusedBeforeAnyReport() {
    String missing = dir.resolve("nokeys.txt").toString();
    Cli.Result r = Cli.run("diff", Cli.JUMP, Cli.JUMP, "--keys", missing);
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out(), "no report before the refusal");
    assertEquals( // as route says it, under diff's name
        List.of(
            Cli.run("route", Cli.JUMP, "--keys", missing)
                .err()
                .strip()
                .replace("shardctl route: ", "shardctl diff: ")),
        r.errLines());
    assertTrue(r.err().contains(missing + " does not exist"), r::toString);
  }

  @Test
  void diff_differentEntities_status2() {
    Cli.Result r = Cli.run("diff", Cli.JUMP, Cli.HASH_MOD);
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(
        r.err().contains("cannot compare routing tables of different entities"), r::toString);
  }

  @Test
  void diff_oneArgument_usageStatus2() {
    Cli.Result r = Cli.run("diff", Cli.JUMP);
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("shardctl diff: needs OLD and NEW; NEW is missing", r.errLines().get(0));
    assertTrue(r.err().contains("usage: shardctl diff [-h] [--keys=FILE] OLD NEW"), r::toString);
  }

  @Test
  void diff_hotTenantIsolated_listsOnlyThatTenant() throws IOException {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.LOOKUP_TENANTS));
    RoutingTable next =
        io.shardrouter.lookup.LookupStrategy.isolate(
            t,
            "umbrella",
            io.shardrouter.core.ReplicaGroup.of("umbrella", "pg-umbrella.us-east-1.internal:5432")
                .withLabels(java.util.Map.of("region", "us-east-1")));
    Path f = dir.resolve("isolated.json");
    Files.writeString(f, RoutingDocuments.write(next));
    Path keys = dir.resolve("keys.txt");
    List<String> lines = new ArrayList<>();
    for (String tenant : List.of("umbrella", "acme", "initech", "wayne")) {
      for (int d = 0; d < 25; d++) {
        lines.add("[\"" + tenant + "\", \"d-" + d + "\"]");
      }
    }
    Files.write(keys, lines, StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("diff", Cli.LOOKUP_TENANTS, f.toString(), "--keys", keys.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(
        r.out()
            .contains("version 12 -> 13, 15 -> 16 partitions, strategy changed (lookup -> lookup)"),
        r::toString);
    assertTrue(
        r.out()
            .contains(
                "partitions 0-14 keep their keys, but for 1 key the new strategy routes elsewhere"),
        r::toString);
    assertTrue(r.out().contains("moved: 0 of 15 partitions"), r::toString);
    assertTrue(
        r.out()
            .contains(
                "keys moved by the strategy: 1\n  tenant 'umbrella': partition 3 (common-2) -> partition 15 (umbrella)"),
        r::toString);
    assertTrue(
        r.out()
            .contains(
                "keys: 100 routed, 25 moved (25.0000%), 0 moved outside the listed partitions"),
        r::toString);
  }

  @Test
  void diff_rangeTablesAfterASplit_listsTheMovedKeyRange_andCountsItsKeys() throws IOException {
    Path next = dir.resolve("range-v13.json");
    Cli.Result split =
        Cli.run(
            "split",
            Cli.RANGE_COMPACT,
            "2026-07-01T00:00:00Z",
            next.toString(),
            "--group",
            "ts-01");
    assertEquals(ShardCtl.OK, split.status(), split::toString);
    Path keysFile = dir.resolve("ts.txt");
    Files.write(
        keysFile,
        List.of(
            "2026-02-01T00:00:00Z",
            "2026-05-01T00:00:00Z",
            "2026-07-01T00:00:00Z",
            "2027-01-01T00:00:00Z",
            "2020-01-01T00:00:00Z"),
        StandardCharsets.UTF_8);
    Cli.Result r =
        Cli.run("diff", Cli.RANGE_COMPACT, next.toString(), "--keys", keysFile.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(
        List.of(
            "tenant:plant-a: version 12 -> 13, 2 -> 3 ranges, boundaries changed",
            "moves: 1 key range changes group",
            "  [2026-07-01T00:00:00Z, +∞)  ts-02 -> ts-01",
            "keys: 5 routed, 2 moved (40.0000%), 0 moved outside the listed key ranges"),
        r.outLines());
  }
}
