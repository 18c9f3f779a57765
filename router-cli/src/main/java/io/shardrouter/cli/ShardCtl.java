package io.shardrouter.cli;

import io.shardrouter.core.RoutingException;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code shardctl} command line: dispatches one command and returns its exit status.
 *
 * <p>{@link #main} runs a command against the process's standard streams (UTF-8) and exits with the
 * status; {@link #run(String[], PrintStream, PrintStream)} does the same in-process and never calls
 * {@link System#exit}. Exit status: {@value #OK} ok, {@value #UNROUTED} some key could not be
 * routed, {@value #INVALID} an invalid document or wrong usage; {@code bin/shardctl}, which builds
 * the jar this class runs from, exits 4 when that build fails.
 *
 * <p><b>Thread-safety:</b> stateless; each call of {@code run} uses only its own streams.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
@CommandLine.Command(
    name = "shardctl",
    synopsisHeading = "",
    customSynopsis = "usage: shardctl COMMAND [ARGS]",
    description = {
      "%nValidate, route and explain routing documents; plan, run and watch migrations. Run"
          + " 'shardctl help COMMAND' (or 'shardctl COMMAND --help') for a command's arguments."
    },
    versionProvider = ShardCtl.Version.class,
    footerHeading = "%n",
    footer = {
      "DOC is a JSON routing document or a binary snapshot. Keys are written in the document's"
          + " key type: string as is, long and int in decimal, uuid in its 36-character form,"
          + " bytes in hex, timestamp in ISO-8601 with an offset (2026-04-01T00:00:00Z), a"
          + " composite key as a JSON array of its parts. FROM, TO, OLDEST and NOW are"
          + " timestamps. Put -- before keys that start with -.",
      "The zk commands but serve take --zk HOST:PORT (default 127.0.0.1:2181; --connect is the"
          + " same option) and --base PATH (default /shardrouter).",
      "",
      "exit status: 0 ok, 1 some key could not be routed (migrate simulate: an invariant"
          + " failed), 2 invalid document or usage, or standard output could not be written, 4"
          + " (bin/shardctl) shardctl.jar could not be built, so no command ran"
    })
public final class ShardCtl {
  /** Exit status: the command did what was asked. */
  public static final int OK = 0;

  /** Exit status: some key could not be parsed or routed; every other key was. */
  public static final int UNROUTED = 1;

  /** Exit status: a document is invalid or the command line is wrong. */
  public static final int INVALID = 2;

  @CommandLine.Option(
      names = {"-V", "--version"},
      versionHelp = true,
      description = "print shardctl's version and exit")
  boolean version; // picocli's: set when given, then it prints the version

  private ShardCtl() {}

  /**
   * Curator's system property that keeps its framework from logging a {@code KeeperException} of a
   * background operation (a lost connection, every two seconds once retries are spent; also an
   * expired session or a refused ACL) as an error with a stack trace; other background errors (a
   * listener that threw) it still logs. shardctl says itself, in one line, that ZooKeeper cannot be
   * reached, and a command's own calls report their own KeeperException.
   */
  static final String CURATOR_QUIET_CONNECTION_PROBLEMS = "curator-dont-log-connection-problems";

  /** Runs the command in {@code args} on standard input and output, then exits with its status. */
  public static void main(String[] args) {
    if (System.getProperty(CURATOR_QUIET_CONNECTION_PROBLEMS) == null) {
      System.setProperty(CURATOR_QUIET_CONNECTION_PROBLEMS, "true");
    }
    PrintStream err =
        new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    int status = runOnStdout(args, System.in, new FileOutputStream(FileDescriptor.out), err);
    err.flush();
    System.exit(status);
  }

  /**
   * Runs the command in {@code args}, reading {@code -} key files from standard input; returns the
   * exit status.
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return run(args, System.in, out, err);
  }

  /**
   * Runs the command in {@code args} with {@code in} as standard input (for {@code --keys -});
   * returns the exit status. Never calls {@link System#exit}; flushes {@code out} and {@code err}.
   * When {@code out} could not be written ({@link PrintStream#checkError}), says so on {@code err}
   * and returns {@value #INVALID}.
   */
  public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
    return run(args, in, out, null, err);
  }

  /**
   * Runs the command in {@code args} with {@code stdout} as standard output, buffered; a write of
   * it that fails is reported on {@code err} with its reason, with status {@value #INVALID}, but a
   * pipe whose reader has gone ({@code | head -1}) is not: the output stops there, quietly.
   */
  static int runOnStdout(String[] args, InputStream in, OutputStream stdout, PrintStream err) {
    WatchedOutput watched = new WatchedOutput(stdout);
    PrintStream out =
        new PrintStream(new BufferedOutputStream(watched, 1 << 16), false, StandardCharsets.UTF_8);
    return run(args, in, out, watched, err);
  }

  private static int run(
      String[] args, InputStream in, PrintStream out, WatchedOutput watched, PrintStream err) {
    int status;
    Console console = new Console(in, out, err);
    CommandLine cl = commandLine(new ZkCommand(), new MigrateControl());
    PrintWriter helpOut = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
    PrintWriter helpErr = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8));
    try {
      cl.setOut(helpOut)
          .setErr(helpErr)
          .setExecutionStrategy(parsed -> execute(parsed, console))
          .setParameterExceptionHandler((e, given) -> usageError(e, given, console))
          .setExecutionExceptionHandler((e, failed, parsed) -> commandError(e, failed, console));
      // no arguments: 'needs a command', as a group without its subcommand (zk, migrate) says
      status = cl.execute(args == null ? new String[0] : args);
    } finally {
      helpOut.flush();
      helpErr.flush();
      out.flush();
      err.flush();
    }
    return checkStdout(status, out, watched, err, commandName(cl));
  }

  /**
   * The name of the command {@code cl} ran, for its errors: {@code shardctl zk publish}, or {@code
   * shardctl} when the command line named none.
   */
  private static String commandName(CommandLine cl) {
    ParseResult parsed = cl.getParseResult();
    return parsed == null ? "shardctl" : leaf(parsed).commandSpec().qualifiedName();
  }

  /**
   * {@code status}, or {@value #INVALID} after a line on {@code err}, under the name of the {@code
   * command} that ran, when standard output could not be written: a full disk ({@code >
   * /dev/full}), a device error. A pipe whose reader has gone is no error: the reader took what it
   * wanted ({@code | head -1}).
   */
  private static int checkStdout(
      int status, PrintStream out, WatchedOutput watched, PrintStream err, String command) {
    IOException failure = watched == null ? null : watched.failure();
    if (failure == null && !out.checkError()) {
      return status;
    }
    if (failure != null && WatchedOutput.isClosedPipe(failure)) {
      return status;
    }
    err.println(
        command
            + ": cannot write standard output"
            + (failure == null ? "" : ": " + failure.getMessage())
            + "; the output is incomplete: "
            + (failure != null && String.valueOf(failure.getMessage()).contains("No space")
                ? "make room, or send it elsewhere"
                : "check where standard output goes (a closed or broken file descriptor)"));
    err.flush();
    return INVALID;
  }

  /**
   * Every command of {@code shardctl}, the zk ones on {@code zk} and the migrate ones on ZooKeeper
   * on {@code control}.
   */
  static CommandLine commandLine(ZkCommand zk, MigrateControl control) {
    CommandLine cl =
        new CommandLine(new ShardCtl())
            .addSubcommand(new ValidateCommand())
            .addSubcommand(new RouteCommand())
            .addSubcommand(new ExplainCommand())
            .addSubcommand(new SnapshotCommand())
            .addSubcommand(new DiffCommand())
            .addSubcommand(new PruneCommand())
            .addSubcommand(new SplitCommand())
            .addSubcommand(new MergeCommand())
            .addSubcommand(new SplitPointCommand())
            .addSubcommand(new AnalyzeCommand())
            .addSubcommand(new AdviseCommand())
            .addSubcommand(new BucketsCommand())
            .addSubcommand(new RetentionCommand())
            .addSubcommand(MigrateCommand.commandLine(control))
            .addSubcommand(zk.commandLine())
            .addSubcommand(new OrdersDemo())
            .addSubcommand(new CompletionCommand())
            .addSubcommand(new HelpCommand());
    cl.setColorScheme(CommandLine.Help.defaultColorScheme(Ansi.OFF));
    styleUsage(cl);
    return cl;
  }

  /**
   * Gives every command {@code -h, --help} and the same usage text: "usage:" as before, options in
   * the order declared.
   */
  private static void styleUsage(CommandLine cl) {
    CommandSpec spec = cl.getCommandSpec();
    if (spec.findOption("--help") == null) {
      spec.addOption(
          OptionSpec.builder("-h", "--help")
              .usageHelp(true)
              .description("print this command's usage and options, and exit")
              .build());
    }
    spec.usageMessage()
        .sortOptions(false)
        .sortSynopsis(false)
        .abbreviateSynopsis(false)
        .commandListHeading("%n" + (spec.parent() == null ? "commands" : "subcommands") + ":%n")
        .parameterListHeading("%narguments:%n")
        .optionListHeading("%noptions:%n");
    if (spec.parent() != null) {
      spec.usageMessage().synopsisHeading("usage: ").descriptionHeading("%n");
    }
    for (CommandLine sub : cl.getSubcommands().values()) {
      if (sub.getCommandSpec().parent() == spec) { // once per command, not once per alias
        styleUsage(sub);
      }
    }
  }

  /**
   * Runs the command {@code parsed} names, after the help it asks for, if any; a command that only
   * groups subcommands (zk, migrate) needs one.
   */
  private static int execute(ParseResult parsed, Console console) {
    Integer help = CommandLine.executeHelpRequest(parsed);
    if (help != null) {
      return help;
    }
    ParseResult leaf = leaf(parsed);
    CommandLine cl = leaf.commandSpec().commandLine();
    Command command = command(leaf);
    refuseEmptyValues(leaf);
    try {
      return command.run(console);
    } catch (ParameterException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new CommandLine.ExecutionException(cl, String.valueOf(e.getMessage()), e);
    }
  }

  /**
   * Runs the command of {@code args} on {@code zk} and {@code control} as {@link #run} does, but
   * throws what it fails with ({@link CommandException}, a picocli {@code ParameterException}).
   */
  static int invoke(String[] args, Console console, ZkCommand zk, MigrateControl control) {
    ParseResult leaf = leaf(commandLine(zk, control).parseArgs(args));
    refuseEmptyValues(leaf);
    return command(leaf).run(console);
  }

  private static ParseResult leaf(ParseResult parsed) {
    ParseResult leaf = parsed;
    while (leaf.hasSubcommand()) {
      leaf = leaf.subcommand();
    }
    return leaf;
  }

  /** The command {@code leaf} names; a command that only groups subcommands needs one. */
  private static Command command(ParseResult leaf) {
    if (leaf.commandSpec().userObject() instanceof Command command) {
      return command;
    }
    CommandLine cl = leaf.commandSpec().commandLine();
    throw new ParameterException(
        cl,
        "needs a "
            + (leaf.commandSpec().parent() == null ? "command" : "subcommand")
            + ": "
            + names(cl));
  }

  /**
   * An empty value is a key (the empty string is one), never a file, a group or a number: only
   * options whose value is a {@code KEY} take it.
   */
  private static void refuseEmptyValues(ParseResult leaf) {
    for (OptionSpec o : leaf.matchedOptions()) {
      if (o.arity().max() > 0
          && !o.paramLabel().equals("KEY")
          && o.originalStringValues().contains("")) {
        throw new ParameterException(
            leaf.commandSpec().commandLine(),
            "option '"
                + o.longestName()
                + "' ("
                + o.paramLabel()
                + ") needs a value, not the empty string");
      }
    }
  }

  /** "a", "a and b", "a, b and c". */
  private static String and(List<String> words) {
    int last = words.size() - 1;
    return last <= 0
        ? String.join("", words)
        : String.join(", ", words.subList(0, last)) + " and " + words.get(last);
  }

  /** The subcommands of {@code cl}: "a, b or c". */
  private static String names(CommandLine cl) {
    List<String> names = new ArrayList<>();
    cl.getSubcommands()
        .forEach(
            (name, sub) -> {
              if (sub.getCommandName().equals(name)) {
                names.add(name);
              }
            });
    int last = names.size() - 1;
    return last <= 0
        ? String.join("", names)
        : String.join(", ", names.subList(0, last)) + " or " + names.get(last);
  }

  /**
   * A wrong command line: what was wrong, picocli's suggestions for a misspelt command or option,
   * then the usage of the command in error.
   */
  private static int usageError(ParameterException e, String[] given, Console console) {
    CommandLine cl = e.getCommandLine();
    PrintStream err = console.err();
    err.println(cl.getCommandSpec().qualifiedName() + ": " + usageMessage(e, given));
    StringWriter suggestions = new StringWriter();
    UnmatchedArgumentException.printSuggestions(e, new PrintWriter(suggestions, true));
    err.print(suggestions);
    err.print(cl.getUsageMessage());
    return INVALID;
  }

  /**
   * What was wrong with the command line {@code given}, in the words of the other messages; told
   * from picocli's exception types and the arguments, never from the wording of its messages.
   */
  static String usageMessage(ParameterException e, String[] given) {
    CommandSpec spec = e.getCommandLine().getCommandSpec();
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      String first = u.getUnmatched().get(0);
      if (u.isUnknownOption()) {
        int eq = first.indexOf('=');
        return "unknown option '" + (eq < 0 ? first : first.substring(0, eq)) + "'";
      }
      if (!spec.subcommands().isEmpty() && spec.positionalParameters().isEmpty()) {
        return "unknown " + (spec.parent() == null ? "command" : "subcommand") + " '" + first + "'";
      }
    }
    if (e instanceof CommandLine.OverwrittenOptionException o
        && o.getOverwritten() instanceof OptionSpec option) {
      return option.longestName() + " is given twice; give it once";
    }
    List<String> required = new ArrayList<>();
    for (PositionalParamSpec p : spec.positionalParameters()) {
      if (p.arity().min() > 0) {
        required.add(p.paramLabel());
      }
    }
    if (e instanceof CommandLine.MissingParameterException m
        && m.getMissing() != null
        // not an option given without its value: picocli says that one well
        && !valueMissing(m, given)) {
      List<String> missing = new ArrayList<>();
      List<String> parts = new ArrayList<>();
      for (ArgSpec a : m.getMissing()) {
        if (a instanceof PositionalParamSpec p) {
          missing.add(p.paramLabel());
        } else if (a instanceof OptionSpec o) {
          parts.add(neededOption(o));
        }
      }
      if (!missing.isEmpty()) {
        parts.add(
            0,
            "needs "
                + and(required)
                + (missing.size() == required.size()
                    ? ", got no arguments"
                    : "; " + and(missing) + (missing.size() == 1 ? " is" : " are") + " missing"));
      }
      return String.join("; ", parts);
    }
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      return "needs "
          + (required.isEmpty() ? "no arguments" : and(required))
          + "; got more arguments: "
          + u.getUnmatched();
    }
    String m = e.getMessage();
    return m.isEmpty() ? m : m.substring(0, 1).toLowerCase(Locale.ROOT) + m.substring(1);
  }

  /**
   * Whether {@code m} is about an option {@code given} without its value ({@code --keys} at the
   * end), not about required arguments that were not given: the one option it names is among the
   * arguments before {@code --}, as {@code --keys} or {@code --keys=...}.
   */
  private static boolean valueMissing(CommandLine.MissingParameterException m, String[] given) {
    if (m.getMissing().size() != 1 || !(m.getMissing().get(0) instanceof OptionSpec o)) {
      return false;
    }
    for (String arg : given) {
      if (arg.equals("--")) {
        return false;
      }
      for (String name : o.names()) {
        if (arg.equals(name) || arg.startsWith(name + "=")) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * A required option that was not given, with what it is (its description, without the {@code ";
   * required"} the description ends in): {@code needs --keys FILE, a sample of written keys}.
   */
  private static String neededOption(OptionSpec o) {
    String what = String.join(" ", o.description()).strip();
    if (what.endsWith(REQUIRED)) {
      what = what.substring(0, what.length() - REQUIRED.length());
    }
    return "needs " + o.names()[0] + " " + o.paramLabel() + (what.isEmpty() ? "" : ", " + what);
  }

  /** How the description of a required option ends, for the options list of its usage. */
  private static final String REQUIRED = "; required";

  /**
   * A command that failed: the lines of a {@link CommandException} (and the usage when the command
   * line was wrong), the message of a document or file that could not be read.
   */
  private static int commandError(Exception e, CommandLine failed, Console console)
      throws Exception {
    PrintStream err = console.err();
    if (e instanceof CommandException c) {
      for (String line : c.lines()) {
        err.println(line);
      }
      if (c.showUsage()) {
        err.print(failed.getUsageMessage());
      }
      return c.status();
    }
    if (e instanceof RoutingException || e instanceof UncheckedIOException) {
      err.println(failed.getCommandSpec().qualifiedName() + ": " + e.getMessage());
      return INVALID;
    }
    throw e;
  }

  /** {@code shardctl --version}: the Maven project version router-cli was built as. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"shardctl " + version()};
    }

    static String version() {
      Properties p = new Properties();
      try (InputStream in = ShardCtl.class.getResourceAsStream("shardctl.properties")) {
        if (in != null) {
          p.load(in);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return p.getProperty("version", "unknown (built without router-cli's resources)");
    }
  }
}
