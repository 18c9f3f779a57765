package io.shardrouter.cli;

import io.shardrouter.examples.orders.ReshardDemo;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * {@code shardctl demo}: the orders service resharded online from four groups to five under load,
 * then the same reshard rolled back after the cut-over, each checked row by row ({@link
 * ReshardDemo}, {@code docs/orders-example.md}). {@code shardctl demo --tour} runs the routing tour
 * ({@link DemoCommand}) instead.
 *
 * <p>The options are declared here for help, completion and typos; their values go to {@link
 * ReshardDemo} as written, which checks them (its own {@code main} takes the same options).
 */
@CommandLine.Command(
    name = "demo",
    description =
        "the orders service resharded online from 4 groups to 5 under load, then rolled back after "
            + "cut-over; embedded H2 unless --jdbc; the last line is the verdict (docs/orders-example.md). "
            + "With --tour: route 200,000 keys, add a fifth group, show exactly what moves; then prune "
            + "and split ranges")
final class OrdersDemo implements Command {
  @CommandLine.Option(
      names = "--tour",
      description = "the routing tour instead of the orders service; takes no other option")
  private boolean tour;

  @CommandLine.Option(
      names = "--jdbc",
      paramLabel = "URL[,URL...]",
      description = "PostgreSQL: one URL (a schema per group) or six; default embedded H2")
  String jdbc; // read through spec, by the loop in run

  @CommandLine.Option(names = "--users", paramLabel = "N", description = "users (2000)")
  String users; // read through spec, by the loop in run

  @CommandLine.Option(
      names = "--orders-per-user",
      paramLabel = "N",
      description = "orders per user (10)")
  String ordersPerUser; // read through spec, by the loop in run

  @CommandLine.Option(names = "--writers", paramLabel = "N", description = "writer clients (4)")
  String writers; // read through spec, by the loop in run

  @CommandLine.Option(names = "--readers", paramLabel = "N", description = "reader clients (2)")
  String readers; // read through spec, by the loop in run

  @CommandLine.Option(
      names = "--hold-ms",
      paramLabel = "N",
      description = "how long the clients run in each phase, in ms (1000)")
  String holdMs; // read through spec, by the loop in run

  @CommandLine.Option(
      names = "--lag-ms",
      paramLabel = "N",
      description = "how often the slow clients poll the routing file, in ms (150)")
  String lagMs; // read through spec, by the loop in run

  @CommandLine.Option(names = "--seed", paramLabel = "N", description = "the random seed (1)")
  String seed; // read through spec, by the loop in run

  @CommandLine.Option(
      names = "--isolation",
      paramLabel = "LEVEL[,LEVEL]",
      description =
          "read-committed, repeatable-read or serializable: both runs' level, or run 1's and"
              + " run 2's (read-committed,repeatable-read)")
  String isolation; // read through spec, by the loop in run

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Override
  public int run(Console console) {
    List<String> args = new ArrayList<>();
    for (CommandLine.Model.OptionSpec o : spec.options()) {
      if (o.arity().max() > 0 && o.getValue() != null) {
        args.add(o.longestName());
        args.add(o.getValue());
      }
    }
    if (tour) {
      if (!args.isEmpty()) {
        throw CommandException.usage("demo", "--tour takes no other option, got " + args);
      }
      return new DemoCommand().run(console);
    }
    try {
      return ReshardDemo.run(args, console.out(), console.err());
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
