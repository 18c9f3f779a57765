package io.shardrouter.cli;

import java.util.List;

/**
 * One {@code shardctl} command; {@code run} returns the exit status or throws {@link
 * CommandException}.
 */
interface Command {
  int run(CliArgs args, Console console);

  /** The options the command takes; any other is a usage error. */
  default List<CliArgs.Option> options() {
    return List.of();
  }
}
