package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every error of a command starts with {@code shardctl COMMAND: }, its subcommand path included
 * ({@code shardctl zk publish: }), whichever part of the command finds it: a routing document or
 * key file that is missing or invalid is said as the command's own errors are.
 */
class ErrorPrefixTest {
  @TempDir Path dir;

  private static void assertPrefixed(String command, Cli.Result r, String rest) {
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    String first = r.errLines().get(0);
    assertTrue(first.startsWith("shardctl " + command + ": "), () -> command + ":\n" + r);
    assertTrue(first.contains(rest), () -> command + ": no '" + rest + "' in:\n" + r);
  }

  @Test
  void missingDocument_everyCommand_saysItUnderItsName() {
    String doc = dir.resolve("no-such.json").toString();
    String keys = dir.resolve("keys.txt").toString();
    String out = dir.resolve("out.json").toString();
    String t = "2026-04-01T00:00:00Z";
    List<List<String>> lines =
        List.of(
            List.of("validate", doc),
            List.of("route", doc, "k"),
            List.of("explain", doc, "k"),
            List.of("snapshot", doc, out),
            List.of("diff", doc, doc),
            List.of("prune", doc, "--from", "1", "--to", "2"),
            List.of("split", doc, "k", out),
            List.of("merge", doc, "0", out),
            List.of("split-point", doc, "--keys", keys),
            List.of("analyze", doc, "--keys", keys),
            List.of("advise", doc, "--keys", keys),
            List.of("buckets", doc, t, t),
            List.of("retention", doc, t, t),
            List.of("migrate", "plan", doc, doc),
            List.of("zk", "publish", doc, "--zk", "127.0.0.1:1"),
            List.of(
                "migrate",
                "start",
                doc,
                doc,
                "--zk",
                "127.0.0.1:1",
                "--table",
                "t",
                "--columns",
                "c"));
    for (List<String> line : lines) {
      String command =
          String.join(
              " ",
              line.subList(0, line.get(0).equals("migrate") || line.get(0).equals("zk") ? 2 : 1));
      Cli.Result r = Cli.run(line.toArray(String[]::new));
      assertPrefixed(command, r, "routing document " + doc + " does not exist");
    }
  }

  @Test
  void invalidDocument_saysItUnderTheCommandsName() throws IOException {
    Path bad = Files.writeString(dir.resolve("bad.json"), "{}");
    assertPrefixed(
        "validate", Cli.run("validate", bad.toString()), bad + " is not a valid routing table");
    assertPrefixed(
        "zk publish",
        Cli.run("zk", "publish", bad.toString(), "--zk", "127.0.0.1:1"),
        bad + " is not a valid routing table");
  }

  @Test
  void missingKeyFile_everyCommand_saysItUnderItsName() {
    String keys = dir.resolve("no-keys.txt").toString();
    String range = Cli.EXAMPLES.resolve("range-long.json").toString();
    for (List<String> line :
        List.of(
            List.of("route", Cli.JUMP, "--keys", keys),
            List.of("diff", Cli.JUMP, Cli.JUMP, "--keys", keys),
            List.of("split-point", range, "--keys", keys),
            List.of("analyze", Cli.JUMP, "--keys", keys),
            List.of("advise", Cli.JUMP, "--keys", keys))) {
      Cli.Result r = Cli.run(line.toArray(String[]::new));
      assertPrefixed(line.get(0), r, "key file " + keys + " does not exist");
      assertEquals("", r.out(), r::toString);
    }
  }
}
