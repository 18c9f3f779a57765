package io.shardrouter.cli;

import java.io.InputStream;
import java.io.PrintStream;

/**
 * The streams a command runs with: {@code in} for {@code --keys -}, {@code out} for results, {@code
 * err} for errors.
 */
record Console(InputStream in, PrintStream out, PrintStream err) {}
