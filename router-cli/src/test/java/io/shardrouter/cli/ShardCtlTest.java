package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ShardCtlTest {

  @Test
  void run_noArguments_saysSoThenUsageOnStderrStatus2() {
    Cli.Result r = Cli.run();
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out());
    assertTrue(
        r.errLines().get(0).startsWith("shardctl: needs a command: validate, route, explain, "),
        r::toString);
    assertTrue(r.errLines().get(0).endsWith(", completion or help"), r::toString);
    assertEquals("usage: shardctl COMMAND [ARGS]", r.errLines().get(1), r::toString);
  }

  @Test
  void run_helpOfAnUnknownCommand_namesItAndSuggestsAsForTheCommand() {
    Cli.Result r = Cli.run("help", "valdate");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out());
    Cli.Result misspelt = Cli.run("valdate");
    assertEquals(misspelt.err(), r.err());
    assertEquals("shardctl: unknown command 'valdate'", r.errLines().get(0));
    assertTrue(r.errLines().get(1).startsWith("Did you mean: shardctl validate"), r::toString);
    assertTrue(r.err().contains("usage: shardctl COMMAND"), r::toString);
  }

  @Test
  void run_help_usageOnStdoutStatus0() {
    for (String help : new String[] {"help", "--help", "-h"}) {
      Cli.Result r = Cli.run(help);
      assertEquals(ShardCtl.OK, r.status(), r::toString);
      assertEquals("", r.err());
      assertTrue(r.out().startsWith("usage: shardctl COMMAND"), r::toString);
      for (String command :
          new String[] {"validate", "route", "explain", "snapshot", "diff", "demo"}) {
        assertTrue(
            r.out().contains("\n  " + command + " "), () -> command + " missing from usage\n" + r);
      }
    }
  }

  @Test
  void run_unknownCommand_namesItThenUsageStatus2() {
    Cli.Result r = Cli.run("frobnicate", "x");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("shardctl: unknown command 'frobnicate'", r.errLines().get(0));
    assertTrue(r.err().contains("usage: shardctl COMMAND"), r::toString);
  }

  @Test
  void run_wrongArgumentCount_commandUsageStatus2() {
    Cli.Result r = Cli.run("validate");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(r.errLines().get(0).startsWith("shardctl validate: needs DOC"), r::toString);
    assertTrue(r.err().contains("usage: shardctl validate [-h] DOC"), r::toString);

    Cli.Result explain = Cli.run("explain", Cli.JUMP, "a", "b");
    assertEquals(ShardCtl.INVALID, explain.status(), explain::toString);
    assertEquals(
        "shardctl explain: needs DOC and KEY; got more arguments: [b]", explain.errLines().get(0));
  }

  @Test
  void run_unknownOption_status2() {
    Cli.Result r = Cli.run("route", Cli.JUMP, "--key", "a");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertTrue(r.errLines().get(0).contains("unknown option '--key'"), r::toString);
  }

  @Test
  void run_optionGivenTwiceOrWithoutValue_status2() {
    Cli.Result twice = Cli.run("route", Cli.JUMP, "--keys", "a", "--keys", "b");
    assertEquals(ShardCtl.INVALID, twice.status(), twice::toString);
    assertTrue(
        twice.errLines().get(0).contains("--keys is given twice; give it once"), twice::toString);
    Cli.Result empty = Cli.run("route", Cli.JUMP, "--keys=");
    assertTrue(
        empty
            .errLines()
            .get(0)
            .equals("shardctl route: option '--keys' (FILE) needs a value, not the empty string"),
        empty::toString);
    Cli.Result group =
        Cli.run("split", Cli.RANGE_COMPACT, "2026-07-01T00:00:00Z", "x.json", "--group=");
    assertTrue(
        group
            .errLines()
            .get(0)
            .equals("shardctl split: option '--group' (ID) needs a value, not the empty string"),
        group::toString);
  }

  @Test
  void run_keysOptionOnCommandWithoutKeys_status2() {
    Cli.Result r = Cli.run("validate", Cli.JUMP, "--keys", "-");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("shardctl validate: unknown option '--keys'", r.errLines().get(0));
    assertTrue(r.err().contains("usage: shardctl validate [-h] DOC"), r::toString);
  }

  @Test
  void run_threeArgumentForm_usesSystemInAndFlushesStreams() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream o = new PrintStream(out, false, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, false, StandardCharsets.UTF_8);
    int status = ShardCtl.run(new String[] {"validate", Cli.JUMP}, o, e);
    assertEquals(ShardCtl.OK, status);
    assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("valid: "), out::toString);
  }
}
