package io.shardrouter.cli;

/**
 * One {@code shardctl} command: a picocli {@code @Command} whose annotated fields hold its parsed
 * arguments and options; {@code run} returns the exit status or throws {@link CommandException}.
 */
interface Command {
  int run(Console console);
}
