package io.shardrouter.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code shardctl help [COMMAND [SUBCOMMAND...]]}: the usage of the command its names lead to, from
 * the top ({@code help zk publish} is {@code zk publish --help}), or of {@code shardctl} without
 * one. A name that is no subcommand there is a usage error of the command it was looked up in, as
 * when it is run: {@code help migrate nosuch} says what {@code migrate nosuch} says.
 */
@CommandLine.Command(
    name = "help",
    helpCommand = true,
    description =
        "print the usage of COMMAND, or of one of its subcommands (help zk publish), or this text")
final class HelpCommand implements CommandLine.IHelpCommandInitializable2, Runnable {
  @CommandLine.Parameters(
      paramLabel = "COMMAND",
      arity = "0..*",
      description = "a command, then the names of its subcommands down to the one to describe")
  private List<String> path = new ArrayList<>();

  private CommandLine self;
  private CommandLine.Help.ColorScheme colors;
  private PrintWriter out;

  @Override
  public void init(
      CommandLine helpCommandLine,
      CommandLine.Help.ColorScheme colorScheme,
      PrintWriter outWriter,
      PrintWriter errWriter) {
    this.self = helpCommandLine;
    this.colors = colorScheme;
    this.out = outWriter;
  }

  @Override
  public void run() {
    CommandLine cl = self.getParent();
    for (String name : path) {
      if (cl.getSubcommands().isEmpty()) {
        throw new ParameterException(cl, "has no subcommands, so none named '" + name + "'");
      }
      CommandLine sub = cl.getSubcommands().get(name);
      if (sub == null) {
        throw new UnmatchedArgumentException(cl, List.of(name)); // said as when it is run
      }
      cl = sub;
    }
    cl.usage(out, colors);
  }
}
