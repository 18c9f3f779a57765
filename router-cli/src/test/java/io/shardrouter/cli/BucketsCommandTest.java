package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code shardctl buckets} and {@code retention} on docs/examples/time-buckets.json. */
class BucketsCommandTest {

  @Test
  void buckets_windowWithoutKey_everyGroupEveryBucket() {
    Cli.Result r =
        Cli.run("buckets", Cli.TIME_BUCKETS, "2026-03-20T00:00:00Z", "2026-05-10T00:00:00Z");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(
        "window [2026-03-20T00:00:00Z, 2026-05-10T00:00:00Z): 3 buckets x 2 groups = 6 visits (monthly buckets"
            + " metrics_{yyyyMM} in UTC, retention P12M)",
        r.outLines().get(0));
    assertEquals(8, r.outLines().size(), r::toString);
    assertTrue(
        r.outLines()
            .get(2)
            .startsWith("  metrics_202603  2026-03-01T00:00:00Z  2026-04-01T00:00:00Z  tm-01"),
        r::toString);
    assertTrue(
        r.outLines()
            .get(7)
            .startsWith("  metrics_202605  2026-05-01T00:00:00Z  2026-06-01T00:00:00Z  tm-02"),
        r::toString);
  }

  @Test
  void buckets_withKey_theKeysGroupOnly() {
    RoutingTable t = RoutingDocuments.read(Path.of(Cli.TIME_BUCKETS));
    String group = t.route("plant-a", "dev-7").group().id();
    Cli.Result r =
        Cli.run(
            "buckets",
            Cli.TIME_BUCKETS,
            "2026-04-01T00:00:00Z",
            "2026-05-01T00:00:00Z",
            "[\"plant-a\", \"dev-7\"]");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertTrue(
        r.outLines()
            .get(0)
            .contains(
                "(partition "
                    + t.route("plant-a", "dev-7").partition()
                    + ", group "
                    + group
                    + "): 1 bucket"),
        r::toString);
    assertEquals(3, r.outLines().size(), r::toString);
    assertTrue(
        r.outLines().get(2).contains("metrics_202604") && r.outLines().get(2).contains(group),
        r::toString);
  }

  @Test
  void buckets_badInput() {
    Cli.Result noZone =
        Cli.run("buckets", Cli.TIME_BUCKETS, "2026-04-01T00:00:00", "2026-05-01T00:00:00Z");
    assertEquals(ShardCtl.INVALID, noZone.status(), noZone::toString);
    assertTrue(
        noZone
            .err()
            .startsWith(
                "shardctl buckets: FROM: '2026-04-01T00:00:00' is not a timestamp (it has no zone offset"),
        noZone::toString);
    Cli.Result key =
        Cli.run(
            "buckets", Cli.TIME_BUCKETS, "2026-04-01T00:00:00Z", "2026-05-01T00:00:00Z", "plant-a");
    assertEquals(ShardCtl.UNROUTED, key.status(), key::toString);
    Cli.Result range =
        Cli.run("buckets", Cli.RANGE_COMPACT, "2026-04-01T00:00:00Z", "2026-05-01T00:00:00Z");
    assertTrue(
        range.err().contains("uses strategy 'range'; buckets needs a 'time_buckets' strategy"),
        range::toString);
    assertEquals(
        ShardCtl.INVALID, Cli.run("buckets", Cli.TIME_BUCKETS, "2026-04-01T00:00:00Z").status());
  }

  @Test
  void bucketsAndRetention_reversedTimes_refusedNamingBoth() {
    Cli.Result b =
        Cli.run("buckets", Cli.TIME_BUCKETS, "2026-05-10T00:00:00Z", "2026-03-20T00:00:00Z");
    assertEquals(ShardCtl.INVALID, b.status(), b::toString);
    assertEquals("", b.out());
    assertEquals(
        "shardctl buckets: the window is reversed: FROM 2026-05-10T00:00:00Z is after TO"
            + " 2026-03-20T00:00:00Z; the window is [FROM, TO): give its start, then its end",
        b.errLines().get(0));
    assertTrue(b.err().contains("usage: shardctl buckets"), b::toString);
    Cli.Result same =
        Cli.run("buckets", Cli.TIME_BUCKETS, "2026-05-10T00:00:00Z", "2026-05-10T00:00:00Z");
    assertEquals(ShardCtl.OK, same.status(), same::toString); // an empty window, not reversed

    Cli.Result r =
        Cli.run("retention", Cli.TIME_BUCKETS, "2026-04-15T00:00:00Z", "2024-11-15T00:00:00Z");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out());
    assertEquals(
        "shardctl retention: OLDEST 2026-04-15T00:00:00Z is after NOW 2024-11-15T00:00:00Z;"
            + " OLDEST is the oldest row kept, at or before NOW, the time to judge at: give OLDEST"
            + " first",
        r.errLines().get(0));
    Cli.Result now =
        Cli.run("retention", Cli.TIME_BUCKETS, "2026-04-15T00:00:00Z", "2026-04-15T00:00:00Z");
    assertEquals(ShardCtl.OK, now.status(), now::toString);
  }

  @Test
  void retention_listsTheBucketsToDropOrArchive() {
    Cli.Result r =
        Cli.run("retention", Cli.TIME_BUCKETS, "2025-01-20T00:00:00Z", "2026-04-15T00:00:00Z");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(
        List.of(
            "retention P12M at 2026-04-15T00:00:00Z: rows before 2025-04-15T00:00:00Z are past it",
            "3 buckets to drop or archive in every group:",
            "  bucket          start                 end",
            "  metrics_202501  2025-01-01T00:00:00Z  2025-02-01T00:00:00Z",
            "  metrics_202502  2025-02-01T00:00:00Z  2025-03-01T00:00:00Z",
            "  metrics_202503  2025-03-01T00:00:00Z  2025-04-01T00:00:00Z"),
        r.outLines());
  }

  @Test
  void retention_nothingPast_andBadInput() {
    Cli.Result none =
        Cli.run("retention", Cli.TIME_BUCKETS, "2025-06-01T00:00:00Z", "2026-04-15T00:00:00Z");
    assertEquals(
        "no bucket from metrics_202506 on is wholly past retention",
        none.outLines().get(1),
        none::toString);
    Cli.Result hash =
        Cli.run("retention", Cli.JUMP, "2025-06-01T00:00:00Z", "2026-04-15T00:00:00Z");
    assertEquals(ShardCtl.INVALID, hash.status(), hash::toString);
    assertEquals(
        ShardCtl.INVALID,
        Cli.run("retention", Cli.TIME_BUCKETS, "2025-06-01T00:00:00Z", "now").status());
  }
}
