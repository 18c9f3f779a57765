package io.shardrouter.cli;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;
import picocli.CommandLine;

/**
 * {@code shardctl demo}: the orders service resharded online from four groups to five under load,
 * then the same reshard rolled back after the cut-over, each checked row by row ({@code
 * ReshardDemo} of {@code examples/orders}, {@code docs/orders-example.md}). {@code shardctl demo
 * --tour} runs the routing tour ({@link DemoCommand}) instead.
 *
 * <p>router-cli does not depend on the example: the demo is the {@link DemoProvider} found on the
 * class path at run time, which the shardctl.jar that {@code bin/shardctl} builds (module {@code
 * shardctl}) carries. Without one, {@code shardctl demo} says so and how to get it, and the tour
 * still runs.
 *
 * <p>The options are declared here for help, completion and typos; their values go to the provider
 * as written, which checks them ({@code ReshardDemo}'s own {@code main} takes the same options).
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
    DemoProvider demo = provider();
    try {
      return demo.run(args, console.out(), console.err());
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

  /** The one {@link DemoProvider} on the class path; refuses none or several, saying what to do. */
  static DemoProvider provider() {
    Iterator<DemoProvider> found =
        ServiceLoader.load(DemoProvider.class, DemoProvider.class.getClassLoader()).iterator();
    if (!found.hasNext()) {
      throw CommandException.invalid(
          List.of(
              "shardctl demo: the orders service is not in this shardctl: no "
                  + DemoProvider.class.getName()
                  + " on the class path (examples/orders provides it)",
              "  run bin/shardctl demo from a clone of the repository: it builds"
                  + " shardctl/target/shardctl.jar, which carries the example;",
              "  or put the orders example's jar on the class path beside router-cli's;",
              "  'shardctl demo --tour' needs no example"));
    }
    DemoProvider first = found.next();
    if (found.hasNext()) {
      List<String> names = new ArrayList<>(List.of(first.getClass().getName()));
      found.forEachRemaining(p -> names.add(p.getClass().getName()));
      throw CommandException.invalid(
          "shardctl demo: more than one "
              + DemoProvider.class.getSimpleName()
              + " on the class path: "
              + String.join(", ", names)
              + "; keep one example's jar on it");
    }
    return first;
  }
}
