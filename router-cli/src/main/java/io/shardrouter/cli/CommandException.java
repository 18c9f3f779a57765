package io.shardrouter.cli;

import java.util.List;

/**
 * Ends a command with an exit status and the lines to print on standard error: an invalid document,
 * a file that cannot be read, a wrong command line.
 */
final class CommandException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final List<String> lines;
  private final boolean showUsage;

  private CommandException(int status, List<String> lines, boolean showUsage) {
    super(String.join("\n", lines));
    this.status = status;
    this.lines = List.copyOf(lines);
    this.showUsage = showUsage;
  }

  /** A wrong command line: the message, then the usage text; status {@value ShardCtl#INVALID}. */
  static CommandException usage(String command, String message) {
    return new CommandException(
        ShardCtl.INVALID, List.of("shardctl " + command + ": " + message), true);
  }

  /**
   * Bad input (a document, a file): status {@value ShardCtl#INVALID} and {@code lines}, no usage
   * text.
   */
  static CommandException invalid(List<String> lines) {
    return new CommandException(ShardCtl.INVALID, lines, false);
  }

  static CommandException invalid(String line) {
    return invalid(List.of(line));
  }

  /** A key that cannot be parsed or routed: status {@value ShardCtl#UNROUTED} and {@code line}. */
  static CommandException unrouted(String line) {
    return new CommandException(ShardCtl.UNROUTED, List.of(line), false);
  }

  int status() {
    return status;
  }

  List<String> lines() {
    return lines;
  }

  boolean showUsage() {
    return showUsage;
  }
}
