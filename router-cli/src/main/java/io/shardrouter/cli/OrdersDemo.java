package io.shardrouter.cli;

import io.shardrouter.examples.orders.ReshardDemo;
import java.util.Arrays;
import java.util.List;

/**
 * {@code shardctl demo}: the orders service resharded online from four groups to five under load,
 * then the same reshard rolled back after the cut-over, each checked row by row ({@link
 * ReshardDemo}, {@code docs/orders-example.md}). {@code shardctl demo --tour} runs the routing tour
 * ({@link DemoCommand}) instead.
 */
final class OrdersDemo {
  private OrdersDemo() {}

  /** Runs {@code demo} with the arguments after the command name; returns the exit status. */
  static int run(String[] args, Console console) {
    List<String> rest = Arrays.asList(args);
    if (rest.contains("--tour")) {
      String[] tour = rest.stream().filter(a -> !a.equals("--tour")).toArray(String[]::new);
      DemoCommand command = new DemoCommand();
      return command.run(CliArgs.parse("demo", tour, command.options()), console);
    }
    try {
      return ReshardDemo.run(rest, console.out(), console.err());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      console.err().println("shardctl demo: interrupted");
      return ShardCtl.UNROUTED;
    } catch (Exception e) {
      console.err().println("shardctl demo: the run failed: " + e);
      for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
        console.err().println("  caused by: " + c);
      }
      return ShardCtl.UNROUTED;
    }
  }
}
