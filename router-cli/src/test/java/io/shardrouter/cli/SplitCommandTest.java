package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code shardctl split} and {@code merge}. */
class SplitCommandTest {
  @TempDir Path dir;

  @Test
  void split_seed001Tail_writesTheNextVersion_onlyTheUpperPartMoves() {
    Path out = dir.resolve("v13.json");
    Cli.Result r =
        Cli.run(
            "split", Cli.RANGE_COMPACT, "2026-07-01T00:00:00Z", out.toString(), "--group", "ts-01");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(
        List.of(
            "split partition 1 [2026-04-01T00:00:00Z, +∞) at 2026-07-01T00:00:00Z: version 12 -> 13, 2 -> 3 ranges",
            "  partition  range                                         group  primary",
            "  1          [2026-04-01T00:00:00Z, 2026-07-01T00:00:00Z)  ts-02  ts-02",
            "  2          [2026-07-01T00:00:00Z, +∞)                    ts-01  ts-01",
            "tenant:plant-a: version 12 -> 13, 2 -> 3 ranges, boundaries changed",
            "moves: 1 key range changes group",
            "  [2026-07-01T00:00:00Z, +∞)  ts-02 -> ts-01",
            "wrote " + out),
        r.outLines());
    RoutingTable next = RoutingDocuments.read(out);
    assertEquals(13, next.version());
    assertEquals("ts-02", next.route(Instant.parse("2026-06-30T23:59:59Z")).group().id());
    assertEquals("ts-01", next.route(Instant.parse("2026-07-01T00:00:00Z")).group().id());
  }

  @Test
  void split_withoutGroup_nothingMoves() {
    Path out = dir.resolve("v13.json");
    Cli.Result r = Cli.run("split", Cli.RANGE_COMPACT, "2026-02-01T00:00:00Z", out.toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(r.out().contains("moves: none; every key stays on its group"), r::toString);
  }

  @Test
  void split_badPoints_refusedAndNothingWritten() {
    Path out = dir.resolve("never.json");
    Cli.Result atStart =
        Cli.run("split", Cli.RANGE_COMPACT, "2026-04-01T00:00:00Z", out.toString());
    assertEquals(ShardCtl.INVALID, atStart.status(), atStart::toString);
    assertTrue(
        atStart
            .err()
            .startsWith(
                "shardctl split: split key 2026-04-01T00:00:00Z is the start of partition 1"),
        atStart::toString);
    Cli.Result outside =
        Cli.run("split", Cli.RANGE_COMPACT, "2025-01-01T00:00:00Z", out.toString());
    assertEquals(ShardCtl.INVALID, outside.status(), outside::toString);
    assertTrue(
        outside
            .err()
            .contains(
                "cannot split at 2025-01-01T00:00:00Z: key 2025-01-01T00:00:00Z (timestamp) is in no range"),
        outside::toString);
    Cli.Result group =
        Cli.run(
            "split", Cli.RANGE_COMPACT, "2026-07-01T00:00:00Z", out.toString(), "--group", "ts-09");
    assertTrue(
        group.err().contains("unknown group 'ts-09'; the table's groups are [ts-01, ts-02]"),
        group::toString);
    Cli.Result key = Cli.run("split", Cli.RANGE_COMPACT, "July", out.toString());
    assertEquals(ShardCtl.UNROUTED, key.status(), key::toString);
    assertFalse(Files.exists(out));
    Cli.Result hash = Cli.run("split", Cli.JUMP, "a", out.toString());
    assertTrue(hash.err().contains("split needs a 'range' strategy"), hash::toString);
  }

  @Test
  void merge_thenSplit_roundTrip() throws IOException {
    Path merged = dir.resolve("merged.json");
    Cli.Result m = Cli.run("merge", Cli.RANGE_COMPACT, "0", merged.toString(), "--group", "ts-02");
    assertEquals(ShardCtl.OK, m.status(), m::toString);
    assertTrue(
        m.out()
            .startsWith(
                "merged partitions 0 [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z) and 1 [2026-04-01T00:00:00Z, +∞):"
                    + " version 12 -> 13, 2 -> 1 ranges"),
        m::toString);
    assertTrue(
        m.out().contains("  [2026-01-01T00:00:00Z, 2026-04-01T00:00:00Z)  ts-01 -> ts-02"),
        m::toString);
    assertEquals(1, RoutingDocuments.read(merged).partitionCount());
    assertTrue(Files.readString(merged).contains("\"groups\""));
  }

  @Test
  void merge_badInput() {
    Path out = dir.resolve("never.json");
    Cli.Result last = Cli.run("merge", Cli.RANGE_COMPACT, "1", out.toString());
    assertEquals(ShardCtl.INVALID, last.status(), last::toString);
    assertTrue(
        last.err().contains("partition 1 [2026-04-01T00:00:00Z, +∞) is the last one"),
        last::toString);
    Cli.Result nan = Cli.run("merge", Cli.RANGE_COMPACT, "first", out.toString());
    assertTrue(
        nan.err().contains("PARTITION must be a partition number, 0 to 1, got 'first'"),
        nan::toString);
    assertFalse(Files.exists(out));
  }
}
