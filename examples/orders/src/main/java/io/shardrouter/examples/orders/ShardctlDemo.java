package io.shardrouter.examples.orders;

import io.shardrouter.cli.DemoProvider;
import java.io.PrintStream;
import java.util.List;

/**
 * {@code shardctl demo}'s service: {@link ReshardDemo}, plugged into the command line through
 * {@link java.util.ServiceLoader} ({@code META-INF/services/io.shardrouter.cli.DemoProvider}). The
 * example depends on router-cli for this interface only ({@code provided}: shardctl brings it);
 * router-cli does not depend on the example.
 */
public final class ShardctlDemo implements DemoProvider {
  /** For {@link java.util.ServiceLoader}. */
  public ShardctlDemo() {}

  @Override
  public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
    return ReshardDemo.run(args, out, err);
  }
}
