/**
 * {@code shardctl}, the command line of ShardRouter: validate, route, explain, snapshot and diff
 * routing documents, and a demo that adds a replica group and shows exactly what moves.
 *
 * <p>Start from {@link io.shardrouter.cli.ShardCtl}: {@code main} runs one command and exits with
 * its status; {@link io.shardrouter.cli.ShardCtl#run(String[], java.io.InputStream,
 * java.io.PrintStream, java.io.PrintStream)} does the same in-process, for tests and embedding.
 * Every command reads a routing document (JSON) or a binary snapshot wherever it takes a {@code
 * DOC}. Exit status: 0 ok, 1 some key could not be routed, 2 an invalid document, wrong usage, or
 * standard output that could not be written (a closed pipe is no error).
 *
 * <p>The command line is parsed by picocli: each command is a {@code @Command} class (or, for the
 * {@code zk} and {@code migrate} subcommands on ZooKeeper, an inner class next to the code that
 * runs it) whose annotated fields are its arguments and options; {@code ShardCtl} builds the tree,
 * prints usage errors and maps {@code CommandException} to the exit status. Adding an option is one
 * annotated field; {@code --help}, the usage text and {@code shardctl completion} follow from it.
 *
 * <p><b>Stability:</b> the command names, their arguments, the exit statuses and the {@code route}
 * output ({@code key<TAB>partition<TAB>group}) are stable; every other output is for people and
 * evolving.
 */
package io.shardrouter.cli;
