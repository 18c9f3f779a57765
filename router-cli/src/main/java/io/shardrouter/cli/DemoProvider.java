package io.shardrouter.cli;

import java.io.PrintStream;
import java.util.List;

/**
 * The service that {@code shardctl demo} runs, found at run time through {@link
 * java.util.ServiceLoader}: router-cli depends on no example. The orders example ({@code
 * examples/orders}) provides the one that {@code bin/shardctl} ships: the {@code shardctl} module
 * shades router-cli and the example into one {@code shardctl.jar}, and the example lists its
 * implementation in {@code META-INF/services/io.shardrouter.cli.DemoProvider}.
 *
 * <p>An implementation is public, has a public no-argument constructor, and reports through the
 * streams it is given, never through {@link System#exit}.
 */
public interface DemoProvider {
  /**
   * Runs the demo.
   *
   * @param args the options as written after {@code shardctl demo} (name, value, name, value, ...);
   *     the demo checks them
   * @param out the demo's report; its last line is the verdict
   * @param err why the demo could not run, or what failed
   * @return {@value ShardCtl#OK} when every check passed, {@value ShardCtl#UNROUTED} when one
   *     failed, {@value ShardCtl#INVALID} on bad options
   * @throws Exception when the run itself fails (a database cannot be reached); shardctl prints it
   *     with its causes
   */
  int run(List<String> args, PrintStream out, PrintStream err) throws Exception;
}
