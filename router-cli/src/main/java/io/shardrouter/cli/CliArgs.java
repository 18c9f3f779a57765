package io.shardrouter.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The arguments after the command name: positional arguments and the {@code --keys FILE} option.
 * {@code --} ends the options, so a key that starts with {@code --} can still be given; a single
 * dash ({@code -42}, {@code -}) is never an option.
 */
final class CliArgs {
  private final String command;
  private final List<String> positional;
  private final String keysFile;

  private CliArgs(String command, List<String> positional, String keysFile) {
    this.command = command;
    this.positional = positional;
    this.keysFile = keysFile;
  }

  static CliArgs parse(String command, String[] args) {
    List<String> positional = new ArrayList<>();
    String keys = null;
    boolean options = true;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (options && a.equals("--")) {
        options = false;
      } else if (options && (a.equals("--keys") || a.startsWith("--keys="))) {
        if (keys != null) {
          throw CommandException.usage(command, "--keys is given twice; give one key file");
        }
        if (a.equals("--keys")) {
          if (i + 1 >= args.length) {
            throw CommandException.usage(command, "--keys needs a file name, or - for standard input");
          }
          keys = args[++i];
        } else {
          keys = a.substring("--keys=".length());
        }
        if (keys.isEmpty()) {
          throw CommandException.usage(command, "--keys needs a file name, or - for standard input");
        }
      } else if (options && a.startsWith("--")) {
        throw CommandException.usage(command, "unknown option '" + a + "'; the only option is --keys FILE"
            + " (put -- before a key that starts with --)");
      } else {
        positional.add(a);
      }
    }
    return new CliArgs(command, List.copyOf(positional), keys);
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
    return keysFile;
  }

  /** Throws a usage error unless there are exactly {@code n} positional arguments, named in {@code what}. */
  void requireExactly(int n, String what) {
    if (positional.size() != n) {
      throw CommandException.usage(command, "needs " + what + ", got " + describe());
    }
  }

  /** Throws a usage error when {@code --keys} was given to a command that takes no key file. */
  void refuseKeysFile() {
    if (keysFile != null) {
      throw CommandException.usage(command, "takes no --keys option");
    }
  }

  private String describe() {
    return positional.isEmpty() ? "no arguments" : positional.size() + " argument" + (positional.size() == 1 ? "" : "s")
        + " " + positional;
  }
}
