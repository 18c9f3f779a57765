package io.shardrouter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Help, version, completion and usage errors of every command, enumerated from the command tree
 * that parses the command line, so a new command or option is covered without editing a list.
 */
class ShardCtlHelpTest {
  /** Every command and subcommand, each as the words after {@code shardctl}. */
  private static List<List<String>> commands() {
    List<List<String>> out = new ArrayList<>();
    walk(ShardCtl.commandLine(new ZkCommand(), new MigrateControl()), List.of(), out);
    return out;
  }

  private static void walk(CommandLine cl, List<String> path, List<List<String>> out) {
    cl.getSubcommands()
        .forEach(
            (name, sub) -> {
              if (sub.getCommandName().equals(name)) { // aliases are the same command
                List<String> p = new ArrayList<>(path);
                p.add(name);
                out.add(p);
                walk(sub, p, out);
              }
            });
  }

  private static CommandSpec spec(List<String> path) {
    CommandLine cl = ShardCtl.commandLine(new ZkCommand(), new MigrateControl());
    for (String name : path) {
      cl = cl.getSubcommands().get(name);
    }
    return cl.getCommandSpec();
  }

  @Test
  void everyCommand_help_status0_printsUsageAndEveryOption() {
    List<List<String>> commands = commands();
    assertTrue(commands.size() >= 30, commands::toString);
    for (List<String> path : commands) {
      for (String help : new String[] {"--help", "-h"}) {
        List<String> args = new ArrayList<>(path);
        args.add(help);
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(ShardCtl.OK, r.status(), () -> args + "\n" + r);
        assertEquals("", r.err(), () -> args + "\n" + r);
        assertTrue(
            r.out().startsWith("usage: shardctl " + String.join(" ", path)), () -> args + "\n" + r);
        for (OptionSpec o : spec(path).options()) {
          for (String name : o.names()) {
            assertTrue(r.out().contains(name), () -> args + ": no " + name + "\n" + r);
          }
        }
        for (PositionalParamSpec p : spec(path).positionalParameters()) {
          assertTrue(
              r.out().contains(p.paramLabel()), () -> args + ": no " + p.paramLabel() + "\n" + r);
        }
      }
    }
  }

  @Test
  void help_command_status0_sameAsItsHelpOption() {
    for (List<String> path : commands()) {
      if (path.size() != 1) {
        continue;
      }
      Cli.Result help = Cli.run("help", path.get(0));
      assertEquals(ShardCtl.OK, help.status(), help::toString);
      List<String> args = new ArrayList<>(path);
      args.add("--help");
      assertEquals(Cli.run(args.toArray(String[]::new)).out(), help.out(), path::toString);
    }
    Cli.Result all = Cli.run("help");
    assertEquals(ShardCtl.OK, all.status(), all::toString);
    assertTrue(all.out().startsWith("usage: shardctl COMMAND"), all::toString);
    assertEquals(all.out(), Cli.run("--help").out());
  }

  @Test
  void help_subcommandPath_sameAsItsHelpOption() {
    for (List<String> path : commands()) {
      List<String> help = new ArrayList<>(List.of("help"));
      help.addAll(path);
      Cli.Result r = Cli.run(help.toArray(String[]::new));
      assertEquals(ShardCtl.OK, r.status(), () -> help + "\n" + r);
      assertEquals("", r.err(), () -> help + "\n" + r);
      List<String> args = new ArrayList<>(path);
      args.add("--help");
      assertEquals(Cli.run(args.toArray(String[]::new)).out(), r.out(), help::toString);
    }
    assertTrue(
        Cli.run("help", "zk", "publish").out().startsWith("usage: shardctl zk publish "),
        "help zk publish gives zk publish's usage, not zk's");
  }

  @Test
  void help_unknownSubcommand_status2_saidAndSuggestedAsForTheCommand() {
    Cli.Result r = Cli.run("help", "migrate", "nosuch");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out());
    assertEquals(Cli.run("migrate", "nosuch").err(), r.err());
    assertEquals("shardctl migrate: unknown subcommand 'nosuch'", r.errLines().get(0));
    assertTrue(r.err().contains("usage: shardctl migrate"), r::toString);

    Cli.Result misspelt = Cli.run("help", "zk", "pubish");
    assertEquals(ShardCtl.INVALID, misspelt.status(), misspelt::toString);
    assertEquals(Cli.run("zk", "pubish").err(), misspelt.err());
    assertTrue(misspelt.errLines().get(1).contains("zk publish"), misspelt::toString);

    Cli.Result tooDeep = Cli.run("help", "zk", "publish", "extra");
    assertEquals(ShardCtl.INVALID, tooDeep.status(), tooDeep::toString);
    assertEquals("", tooDeep.out());
    assertEquals(
        "shardctl zk publish: has no subcommands, so none named 'extra'",
        tooDeep.errLines().get(0));
    assertTrue(tooDeep.err().contains("usage: shardctl zk publish"), tooDeep::toString);
  }

  @Test
  void analyze_usage_listsJsonAndHtml() {
    Cli.Result r = Cli.run("help", "analyze");
    assertTrue(r.out().contains("--json=OUT"), r::toString);
    assertTrue(r.out().contains("--html=OUT"), r::toString);
  }

  @Test
  void zkAndMigrate_zkAndConnect_sameOption() {
    for (String[] path :
        new String[][] {
          {"zk", "get"}, {"zk", "watch"}, {"migrate", "start"}, {"migrate", "status"}
        }) {
      OptionSpec zk = spec(List.of(path)).findOption("--zk");
      assertTrue(zk != null, () -> List.of(path) + " has no --zk");
      assertEquals(List.of("--zk", "--connect"), List.of(zk.names()), () -> List.of(path) + "");
    }
  }

  /** The usage synopsis of {@code path}: the lines before the first empty one. */
  private static String synopsis(String... path) {
    List<String> args = new ArrayList<>(List.of(path));
    args.add("--help");
    String out = Cli.run(args.toArray(String[]::new)).out();
    return out.substring(0, out.indexOf("\n\n")).replaceAll("\\s+", " ");
  }

  @Test
  void requiredOptions_synopsisShowsThemRequired() {
    assertTrue(synopsis("analyze").contains(" --keys=FILE "), synopsis("analyze"));
    assertFalse(synopsis("analyze").contains("[--keys=FILE]"), synopsis("analyze"));
    assertTrue(synopsis("split-point").contains(" --keys=FILE "), synopsis("split-point"));
    for (String sub : new String[] {"start", "status", "cutover", "finish", "rollback"}) {
      String s = synopsis("migrate", sub);
      assertTrue(s.contains(" --zk=HOST:PORT "), s);
      assertFalse(s.contains("[--zk=HOST:PORT]"), s);
    }
    String start = synopsis("migrate", "start");
    assertTrue(start.contains(" --table=NAME "), start);
    assertTrue(start.contains(" --columns=C1,C2,... "), start);
    // options with a default stay optional
    assertTrue(synopsis("zk", "publish").contains("[--zk=HOST:PORT]"), synopsis("zk", "publish"));
  }

  @Test
  void everyOptionDescribedAsRequired_isRequired() {
    for (List<String> path : commands()) {
      for (OptionSpec o : spec(path).options()) {
        String description = String.join(" ", o.description());
        assertEquals(
            description.endsWith("; required"),
            o.required(),
            () -> path + " " + o.longestName() + ": " + description);
      }
    }
  }

  @Test
  void requiredOptionMissing_status2_saysWhichAndWhatItIs_thenUsage() {
    Cli.Result analyze = Cli.run("analyze", Cli.JUMP);
    assertEquals(ShardCtl.INVALID, analyze.status(), analyze::toString);
    assertEquals("", analyze.out());
    assertEquals(
        "shardctl analyze: needs --keys FILE, a key sample (one key a line, - for standard input)"
            + " or a statistics export",
        analyze.errLines().get(0));
    assertTrue(analyze.errLines().get(1).startsWith("usage: shardctl analyze"), analyze::toString);

    Cli.Result split = Cli.run("split-point", Cli.RANGE_COMPACT);
    assertEquals(
        "shardctl split-point: needs --keys FILE, a sample of written keys, one a line (- for"
            + " standard input)",
        split.errLines().get(0));

    Cli.Result status = Cli.run("migrate", "status", "m-1");
    assertEquals(ShardCtl.INVALID, status.status(), status::toString);
    assertEquals(
        "shardctl migrate status: needs --zk HOST:PORT, the ZooKeeper ensemble the migration runs"
            + " on (for local development: 'shardctl zk serve')",
        status.errLines().get(0));

    Cli.Result noValue = Cli.run("analyze", Cli.JUMP, "--keys");
    assertEquals(
        "shardctl analyze: missing required parameter for option '--keys' (FILE)",
        noValue.errLines().get(0));
  }

  /**
   * Which usage error a missing option is (a required option not given, or an option given without
   * its value) is told from the command line, not from picocli's wording of its message: reworded,
   * the messages stay.
   */
  @Test
  void missingOption_toldApartWithoutPicocliWording() {
    CommandLine analyze =
        ShardCtl.commandLine(new ZkCommand(), new MigrateControl()).getSubcommands().get("analyze");
    OptionSpec keys = analyze.getCommandSpec().findOption("--keys");
    CommandLine.MissingParameterException reworded =
        new CommandLine.MissingParameterException(analyze, List.of(keys), "Reworded: --keys");
    assertEquals(
        "needs --keys FILE, a key sample (one key a line, - for standard input) or a statistics"
            + " export",
        ShardCtl.usageMessage(reworded, new String[] {"analyze", Cli.JUMP}));
    assertEquals(
        "reworded: --keys",
        ShardCtl.usageMessage(reworded, new String[] {"analyze", Cli.JUMP, "--keys"}));
    assertEquals(
        "reworded: --keys",
        ShardCtl.usageMessage(reworded, new String[] {"analyze", "--keys=", Cli.JUMP}));
    assertEquals(
        "needs --keys FILE, a key sample (one key a line, - for standard input) or a statistics"
            + " export",
        ShardCtl.usageMessage(reworded, new String[] {"analyze", Cli.JUMP, "--", "--keys"}));
  }

  @Test
  void zkPublish_help_saysInPlainWordsWhatExpectDoes() {
    String help = Cli.run("zk", "publish", "--help").out().replaceAll("\\s+", " ");
    assertFalse(help.contains("compare-and-set"), help);
    assertFalse(help.contains("(V:"), help);
    assertTrue(
        help.contains(
            "--expect=V publish only if version V is the one published now (-1: only if nothing"
                + " is published yet); otherwise nothing is written and the command fails: read"
                + " the published table (zk get ENTITY), redo the change on top of it and publish"
                + " that"),
        help);
  }

  @Test
  void version_printsProjectVersion_status0() {
    for (String v : new String[] {"--version", "-V"}) {
      Cli.Result r = Cli.run(v);
      assertEquals(ShardCtl.OK, r.status(), r::toString);
      assertEquals("shardctl " + ShardCtl.Version.version() + "\n", r.out());
      assertTrue(r.out().matches("shardctl \\d+\\.\\d+\\.\\d+.*\n"), r::toString);
    }
  }

  @Test
  void unknownCommand_status2_suggestsTheNearOne() {
    Cli.Result r = Cli.run("valdate", Cli.JUMP);
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out());
    assertEquals("shardctl: unknown command 'valdate'", r.errLines().get(0));
    assertTrue(r.errLines().get(1).startsWith("Did you mean: shardctl validate"), r::toString);
    assertTrue(r.err().contains("usage: shardctl COMMAND"), r::toString);

    Cli.Result sub = Cli.run("zk", "pubish", Cli.JUMP);
    assertEquals(ShardCtl.INVALID, sub.status(), sub::toString);
    assertEquals("shardctl zk: unknown subcommand 'pubish'", sub.errLines().get(0));
    assertTrue(sub.errLines().get(1).contains("zk publish"), sub::toString);
  }

  @Test
  void unknownOption_status2_suggestion_thenTheCommandsUsage() {
    Cli.Result r = Cli.run("analyze", Cli.JUMP, "--keys", "-", "--htm", "x.html");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals("", r.out());
    assertEquals("shardctl analyze: unknown option '--htm'", r.errLines().get(0));
    assertTrue(r.errLines().get(1).contains("--html"), r::toString);
    assertTrue(r.err().contains("usage: shardctl analyze"), r::toString);
    assertFalse(r.err().contains("usage: shardctl COMMAND"), r::toString);
  }

  @Test
  void groupCommand_withoutSubcommand_status2_namesThem() {
    Cli.Result r = Cli.run("migrate");
    assertEquals(ShardCtl.INVALID, r.status(), r::toString);
    assertEquals(
        "shardctl migrate: needs a subcommand: plan, simulate, start, status, cutover, finish or"
            + " rollback",
        r.errLines().get(0));
    assertTrue(r.err().contains("usage: shardctl migrate"), r::toString);
  }

  @Test
  void completion_bashScript_mentionsEveryCommand() {
    Cli.Result r = Cli.run("completion");
    assertEquals(ShardCtl.OK, r.status(), r::toString);
    assertEquals("", r.err());
    assertTrue(r.out().startsWith("#!/usr/bin/env bash"), r::toString);
    assertTrue(r.out().contains("complete -F _complete_shardctl"), r::toString);
    for (List<String> path : commands()) {
      String name = path.get(path.size() - 1);
      assertTrue(r.out().contains(name), () -> "completion lacks " + path);
    }
    assertTrue(r.out().contains("--connect"), "completion lacks the options");
  }
}
