package io.shardrouter.cli;

/** One {@code shardctl} command; {@code run} returns the exit status or throws {@link CommandException}. */
interface Command {
  int run(CliArgs args, Console console);
}
