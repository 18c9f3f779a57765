package io.shardrouter.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The arguments after the command name: positional arguments and the options the command takes,
 * each {@code --name VALUE} or {@code --name=VALUE} ({@link Option}). {@code --} ends the options,
 * so a key that starts with {@code --} can still be given; a single dash ({@code -42}, {@code -})
 * is never an option.
 */
final class CliArgs {
  /** An option a command may take, with what its value is, for messages. */
  enum Option {
    KEYS("keys", "FILE", "a file name, or - for standard input"),
    FROM("from", "KEY", "a key, the inclusive lower bound"),
    AFTER("after", "KEY", "a key, the exclusive lower bound"),
    TO("to", "KEY", "a key, the inclusive upper bound"),
    BEFORE("before", "KEY", "a key, the exclusive upper bound"),
    GROUP("group", "ID", "a group id of the document"),
    OUT("out", "PATH", "where to write: a directory (migrate plan) or a file (advise)"),
    SEED("seed", "S", "an integer"),
    SCHEDULES("schedules", "N", "a positive integer"),
    EVENTS("events", "N", "a non-negative integer"),
    PROTOCOL(
        "protocol", "P", "correct, no-fence, no-dual-write, no-read-fence or fence-after-publish"),
    STORE("store", "S", "memory or jdbc (the JDBC migration store on embedded H2)"),
    COUNTS("counts", null, "no value: each key line ends in a count"),
    QUERIES("queries", "FILE", "a query file, one JSON query a line"),
    CAPACITY("capacity", "FILE", "a capacity file (JSON)"),
    COMPARE("compare", "DOC2", "another routing document"),
    JSON("json", "OUT", "the file to write the JSON report to"),
    HTML("html", "OUT", "the file to write the HTML report to"),
    STATS("stats", "STATS", "a statistics export (shardrouter-stats/1 JSON)"),
    MAX_MOVE("max-move", "SHARE", "a share of the data in [0, 1], e.g. 0.1");

    final String name;
    final String metavar;
    final String value;

    Option(String name, String metavar, String value) {
      this.name = name;
      this.metavar = metavar;
      this.value = value;
    }

    static Option named(String name) {
      for (Option o : values()) {
        if (o.name.equals(name)) {
          return o;
        }
      }
      return null;
    }

    /** Whether the option is a flag, given without a value. */
    boolean isFlag() {
      return metavar == null;
    }

    @Override
    public String toString() {
      return isFlag() ? "--" + name : "--" + name + " " + metavar;
    }
  }

  private final String command;
  private final List<String> positional;
  private final Map<Option, String> options;

  private CliArgs(String command, List<String> positional, Map<Option, String> options) {
    this.command = command;
    this.positional = positional;
    this.options = options;
  }

  /** Parses {@code args} of {@code command}, which takes the options {@code allowed}. */
  static CliArgs parse(String command, String[] args, List<Option> allowed) {
    List<String> positional = new ArrayList<>();
    Map<Option, String> values = new LinkedHashMap<>();
    boolean options = true;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (options && a.equals("--")) {
        options = false;
      } else if (options && a.startsWith("--")) {
        int eq = a.indexOf('=');
        String name = a.substring(2, eq < 0 ? a.length() : eq);
        Option o = Option.named(name);
        if (o == null || !allowed.contains(o)) {
          throw CommandException.usage(
              command,
              allowed.isEmpty()
                  ? "takes no --" + name + " option"
                  : "unknown option '--"
                      + name
                      + "'; "
                      + (allowed.size() == 1
                          ? "the only option is " + allowed.get(0)
                          : "the options are " + allowed)
                      + " (put -- before a key that starts with --)");
        }
        if (values.containsKey(o)) {
          throw CommandException.usage(command, "--" + o.name + " is given twice; give it once");
        }
        String value;
        if (o.isFlag()) {
          if (eq >= 0) {
            throw CommandException.usage(command, "--" + o.name + " takes no value");
          }
          value = "true";
        } else if (eq >= 0) {
          value = a.substring(eq + 1);
        } else if (i + 1 < args.length) {
          value = args[++i];
        } else {
          throw CommandException.usage(command, "--" + o.name + " needs " + o.value);
        }
        if (value.isEmpty()
            && !"KEY".equals(o.metavar)) { // the empty string is a key, but no file or group
          throw CommandException.usage(command, "--" + o.name + " needs " + o.value);
        }
        values.put(o, value);
      } else {
        positional.add(a);
      }
    }
    return new CliArgs(command, List.copyOf(positional), values);
  }

  String command() {
    return command;
  }

  List<String> positional() {
    return positional;
  }

  String positional(int i) {
    return positional.get(i);
  }

  /** The {@code --keys} file, {@code -} for standard input, or null. */
  String keysFile() {
    return options.get(Option.KEYS);
  }

  /** Whether the flag {@code option} was given. */
  boolean flag(Option option) {
    return options.containsKey(option);
  }

  /** The value of {@code option}, or null when it was not given. */
  String option(Option option) {
    return options.get(option);
  }

  /**
   * Throws a usage error unless there are exactly {@code n} positional arguments, named in {@code
   * what}.
   */
  void requireExactly(int n, String what) {
    if (positional.size() != n) {
      throw CommandException.usage(command, "needs " + what + ", got " + describe());
    }
  }

  private String describe() {
    return positional.isEmpty()
        ? "no arguments"
        : positional.size() + " argument" + (positional.size() == 1 ? "" : "s") + " " + positional;
  }
}
