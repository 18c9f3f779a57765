package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PruneCommandTest {
  /** Seed 000's ranges: long keys in [0, 1000) on g0, [1000, 2000) on g1, [2000, +∞) on g2. */
  static final String SEED_000 =
      """
      {"format": 1, "routing_version": 1, "entity": "orders", "key": {"type": "long"},
       "strategy": {"type": "range", "ranges": [{"start": 0, "end": 1000}, {"start": 1000, "end": 2000}, {"start": 2000, "end": null}]},
       "groups": [{"id": "g0", "primary": "db0:5432"}, {"id": "g1", "primary": "db1:5432"}, {"id": "g2", "primary": "db2:5432"}],
       "placement": ["g0", "g1", "g2"]}
      """;

  @TempDir Path dir;
  String doc;

  @BeforeEach
  void write() throws IOException {
    doc = Files.writeString(dir.resolve("seed000.json"), SEED_000).toString();
  }

  @Test
  void prune_seed000Between950And1050_bothPartitions() {
    Cli.Result r = Cli.run("prune", doc, "--from", "950", "--to", "1050");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals(
        List.of(
            "key range [950, 1050] touches partitions 0-1 (2 of 3):",
            "  partition  range         group  primary",
            "  0          [0, 1000)     g0     db0:5432",
            "  1          [1000, 2000)  g1     db1:5432",
            "groups to visit: g0, g1"),
        r.outLines());
  }

  @Test
  void prune_narrowRange_onePartition_exclusiveBounds() {
    assertTrue(
        Cli.run("prune", doc, "--from=1200", "--to=1300")
            .out()
            .startsWith("key range [1200, 1300] touches partition 1 (1 of 3)"));
    assertTrue(
        Cli.run("prune", doc, "--from", "0", "--before", "1000")
            .out()
            .startsWith("key range [0, 1000) touches partition 0 "));
    assertTrue(
        Cli.run("prune", doc, "--after", "999", "--to", "1000")
            .out()
            .startsWith("key range (999, 1000] touches partition 1 "));
    assertEquals(
        "key range (999, 1000) touches no partition: no range holds a key of it\n",
        Cli.run("prune", doc, "--after", "999", "--before", "1000").out());
    assertTrue(
        Cli.run("prune", doc)
            .out()
            .startsWith("key range (-∞, +∞) touches partitions 0-2 (3 of 3)"));
    assertTrue(
        Cli.run("prune", doc, "--before", "0")
            .out()
            .startsWith("key range (-∞, 0) touches no partition"));
  }

  @Test
  void prune_timestamps_ofSeed001() {
    Cli.Result r =
        Cli.run(
            "prune",
            Cli.RANGE_COMPACT,
            "--from",
            "2026-03-01T00:00:00Z",
            "--before",
            "2026-04-01T00:00:00Z");
    assertTrue(
        r.out()
            .startsWith(
                "key range [2026-03-01T00:00:00Z, 2026-04-01T00:00:00Z) touches partition 0 (1 of 2)"),
        r::toString);
    assertTrue(
        Cli.run(
                "prune",
                Cli.RANGE_COMPACT,
                "--from",
                "2026-03-01T00:00:00Z",
                "--to",
                "2026-04-01T00:00:00Z")
            .out()
            .contains("touches partitions 0-1"));
  }

  @Test
  void prune_reversedRange_refusedNamingBothBounds() {
    String range = Cli.EXAMPLES.resolve("range-long.json").toString();
    Cli.Result r = Cli.run("prune", range, "--from", "1050", "--to", "950");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out());
    assertEquals(
        "shardctl prune: the range is reversed: the lower bound --from 1050 is above the upper"
            + " bound --to 950; give the lower key to --from and the higher to --to",
        r.errLines().get(0));
    assertTrue(r.err().contains("usage: shardctl prune"), r::toString);
    Cli.Result open = Cli.run("prune", doc, "--after", "7", "--before", "-3");
    assertEquals(ShardCtl.INVALID, open.status(), open::toString);
    assertTrue(
        open.errLines()
            .get(0)
            .contains(
                "the lower bound --after 7 is above the upper bound"
                    + " --before -3; give the lower key to --after and the higher to --before"),
        open::toString);
    // equal bounds are no reversal: one key, or (with an exclusive bound) no key
    assertTrue(
        Cli.run("prune", doc, "--from", "5", "--to", "5")
            .out()
            .startsWith("key range [5, 5] touches partition 0 "));
    Cli.Result empty = Cli.run("prune", doc, "--from", "5", "--before", "5");
    assertEquals(ShardCtl.OK, empty.status(), empty::toString);
    assertTrue(empty.out().startsWith("key range [5, 5) touches no partition"), empty::toString);
  }

  @Test
  void prune_badInput() {
    Cli.Result both = Cli.run("prune", doc, "--from", "1", "--after", "2");
    assertEquals(ShardCtl.INVALID, both.status(), both::toString);
    assertTrue(
        both.errLines()
            .get(0)
            .equals(
                "shardctl prune: --from and --after both give the lower bound; give one of them"),
        both::toString);
    assertEquals(ShardCtl.INVALID, Cli.run("prune", doc, "--to", "1", "--before", "2").status());
    Cli.Result badKey = Cli.run("prune", doc, "--from", "x");
    assertEquals(ShardCtl.UNROUTED, badKey.status(), badKey::toString);
    assertTrue(
        badKey.err().startsWith("shardctl prune: --from: key 'x' is not a long"), badKey::toString);
    Cli.Result hash = Cli.run("prune", Cli.JUMP, "--from", "a");
    assertEquals(ShardCtl.INVALID, hash.status(), hash::toString);
    assertTrue(
        hash.err().contains("uses strategy 'jump'; prune needs a 'range' strategy"),
        hash::toString);
    Cli.Result unknown = Cli.run("prune", doc, "--keys", "x");
    assertTrue(
        unknown
            .err()
            .startsWith(
                "shardctl prune: unknown option '--keys'\n"
                    + "usage: shardctl prune [-h] [--from=KEY] [--after=KEY] [--to=KEY]"
                    + " [--before=KEY]\n"),
        unknown::toString);
    assertTrue(
        Cli.run("prune", doc, "--from")
            .err()
            .startsWith("shardctl prune: missing required parameter for option '--from' (KEY)\n"));
  }
}
