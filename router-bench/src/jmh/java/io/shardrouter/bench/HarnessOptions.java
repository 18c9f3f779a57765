package io.shardrouter.bench;

import java.util.List;

/**
 * The {@code --name N} options of the plain-main harnesses: every argument must be a known option
 * followed by its value, and a value must be an integer.
 */
public final class HarnessOptions {
  private final String[] args;

  private HarnessOptions(String[] args) {
    this.args = args;
  }

  /**
   * Checks {@code args} against {@code known}; throws {@link IllegalArgumentException} with {@code
   * usage} and the arguments given when one is unknown or has no value.
   */
  public static HarnessOptions parse(String[] args, List<String> known, String usage) {
    for (int i = 0; i < args.length; i += 2) {
      if (!known.contains(args[i]) || i + 1 >= args.length) {
        throw new IllegalArgumentException(
            "usage: " + usage + "; got '" + String.join(" ", args) + "'");
      }
    }
    return new HarnessOptions(args);
  }

  /** The integer value of option {@code name}, or {@code fallback} when it is not given. */
  public int intOption(String name, int fallback) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals(name)) {
        try {
          return Integer.parseInt(args[i + 1]);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(
              name + " must be an integer, got '" + args[i + 1] + "'", e);
        }
      }
    }
    return fallback;
  }
}
