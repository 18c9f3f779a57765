package io.shardrouter.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The arguments of one {@code shardctl zk} or {@code migrate} control subcommand: positional
 * arguments, options with a value ({@code --port 2181} or {@code --port=2181}) and flags ({@code
 * --json}), each checked against what the subcommand takes.
 */
final class ZkArgs {
  private final String command;
  private final List<String> positional;
  private final Map<String, String> options;

  private ZkArgs(String command, List<String> positional, Map<String, String> options) {
    this.command = command;
    this.positional = positional;
    this.options = options;
  }

  /**
   * Parses {@code args} of {@code zk SUB}, which takes the options {@code valued} (with a value)
   * and {@code flags} (without).
   */
  static ZkArgs parse(String sub, List<String> args, Set<String> valued, Set<String> flags) {
    return parseCommand("zk " + sub, args, valued, flags);
  }

  /**
   * Parses {@code args} of {@code command} (its full name for messages, e.g. {@code migrate
   * status}), which takes the options {@code valued} and {@code flags}.
   */
  static ZkArgs parseCommand(
      String command, List<String> args, Set<String> valued, Set<String> flags) {
    List<String> positional = new ArrayList<>();
    Map<String, String> options = new LinkedHashMap<>();
    boolean optionsEnded = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (!optionsEnded && a.equals("--")) {
        optionsEnded = true;
      } else if (!optionsEnded && a.startsWith("--")) {
        int eq = a.indexOf('=');
        String name = a.substring(2, eq < 0 ? a.length() : eq);
        String value;
        if (flags.contains(name)) {
          if (eq >= 0) {
            throw CommandException.usage(command, "--" + name + " takes no value");
          }
          value = "true";
        } else if (valued.contains(name)) {
          if (eq >= 0) {
            value = a.substring(eq + 1);
          } else if (i + 1 < args.size()) {
            value = args.get(++i);
          } else {
            throw CommandException.usage(command, "--" + name + " needs a value");
          }
          if (value.isEmpty()) {
            throw CommandException.usage(command, "--" + name + " needs a value");
          }
        } else {
          List<String> known = new ArrayList<>();
          valued.forEach(o -> known.add("--" + o));
          flags.forEach(o -> known.add("--" + o));
          known.sort(null);
          throw CommandException.usage(
              command,
              "unknown option '--"
                  + name
                  + "'; "
                  + (known.isEmpty() ? "it takes no options" : "the options are " + known));
        }
        if (options.put(name, value) != null) {
          throw CommandException.usage(command, "--" + name + " is given twice; give it once");
        }
      } else {
        positional.add(a);
      }
    }
    return new ZkArgs(command, List.copyOf(positional), options);
  }

  String command() {
    return command;
  }

  String positional(int i) {
    return positional.get(i);
  }

  /** Throws a usage error unless there are exactly {@code n} positional arguments. */
  void requireExactly(int n, String what) {
    if (positional.size() != n) {
      throw CommandException.usage(
          command,
          "needs "
              + what
              + ", got "
              + (positional.isEmpty() ? "no arguments" : positional.size() + " " + positional));
    }
  }

  String option(String name, String fallback) {
    return options.getOrDefault(name, fallback);
  }

  boolean flag(String name) {
    return options.containsKey(name);
  }

  /**
   * The value of {@code --name} as an integer in [{@code min}, {@code max}], or {@code fallback}.
   */
  long number(String name, long fallback, long min, long max) {
    String v = options.get(name);
    if (v == null) {
      return fallback;
    }
    long n;
    try {
      n = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw CommandException.usage(command, "--" + name + " must be an integer, got '" + v + "'");
    }
    if (n < min || n > max) {
      throw CommandException.usage(
          command, "--" + name + " must be in [" + min + ", " + max + "], got " + n);
    }
    return n;
  }
}
