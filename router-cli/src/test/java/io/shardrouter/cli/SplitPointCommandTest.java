package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SplitPointCommandTest {
  @TempDir Path dir;

  private Path keys(List<String> lines) throws IOException {
    return Files.write(dir.resolve("sample.txt"), lines, StandardCharsets.UTF_8);
  }

  @Test
  void splitPoint_increasingTimestamps_suggestsTheMedian_andWarnsOfTheHotTail() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      lines.add(Instant.parse("2026-05-01T00:00:00Z").plusSeconds(3600L * i).toString());
    }
    lines.add("2026-02-01T00:00:00Z");
    Cli.Result r = Cli.run("split-point", Cli.RANGE_COMPACT, "--keys", keys(lines).toString());
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals("sample: 101 keys, 0 in no range", r.outLines().get(0));
    assertTrue(
        r.out()
            .contains(
                "busiest: split partition 1 at 2026-05-03T02:00:00Z: weight 50 below, 50 at or above"),
        r::toString);
    assertTrue(
        r.out()
            .contains(
                "hot tail: 100 of 101 sampled writes (99.0%) land in the last range [2026-04-01T00:00:00Z, +∞)"),
        r::toString);
  }

  @Test
  void splitPoint_oneHotKey_noSplitPoint_badLinesReported() throws IOException {
    Cli.Result r =
        Cli.run(
            "split-point",
            Cli.RANGE_COMPACT,
            "--keys",
            keys(List.of(
                    "2026-05-01T00:00:00Z",
                    "2026-05-01T00:00:00Z",
                    "yesterday",
                    "2026-02-01T00:00:00Z"))
                .toString());
    assertEquals(ShardCtl.UNROUTED, r.status(), r::toString);
    assertTrue(
        r.out().contains("has no split point: its sampled keys are one key, or its start"),
        r::toString);
    assertTrue(
        r.err().startsWith("shardctl split-point: line 3: key 'yesterday' is not a timestamp"),
        r::toString);
  }

  @Test
  void splitPoint_withoutKeys_usage() {
    Cli.Result r = Cli.run("split-point", Cli.RANGE_COMPACT);
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(r.err().contains("needs --keys FILE, a sample of written keys"), r::toString);
  }

  @Test
  void splitPoint_emptySample_refusedAsAnalyzeRefusesIt() throws IOException {
    String range = Cli.EXAMPLES.resolve("range-long.json").toString();
    Path empty = keys(List.of());
    Cli.Result r = Cli.run("split-point", range, "--keys", empty.toString());
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out());
    assertEquals(
        List.of("shardctl split-point: " + empty + " holds no key; give one key a line"),
        r.errLines());
    Cli.Result analyze = Cli.run("analyze", range, "--keys", empty.toString());
    assertEquals(analyze.status(), r.status());
    assertEquals(
        analyze.err().replace("shardctl analyze: ", "shardctl split-point: "),
        r.err(),
        "one wording");
    Cli.Result stdin = Cli.runWithInput(new byte[0], "split-point", range, "--keys", "-");
    assertEquals(
        List.of("shardctl split-point: standard input holds no key; give one key a line"),
        stdin.errLines());
    // every line refused: each is reported, then that no key is left
    Cli.Result bad = Cli.run("split-point", range, "--keys", keys(List.of("x")).toString());
    assertEquals(ShardCtl.INVALID, bad.status(), bad::toString);
    assertTrue(
        bad.errLines().get(0).startsWith("shardctl split-point: line 1: key 'x'"), bad::toString);
    assertTrue(
        bad.errLines().get(1).endsWith(" holds no key of the table's type; fix the lines above"),
        bad::toString);
  }
}
