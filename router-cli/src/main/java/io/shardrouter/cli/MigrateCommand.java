package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.internal.Simulation;
import io.shardrouter.migrate.internal.SimulationResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code shardctl migrate plan OLD NEW [--out DIR]}: the {@link MigrationPlan} between two tables
 * (every movement, the routing version of every phase, and the final version: the document to keep
 * once the migration is done) and, with {@code --out}, the routing document of every phase, written
 * as {@code v<version>-<phase>.json}. {@code shardctl migrate simulate}: runs the deterministic
 * {@link Simulation}, prints progress and, last, one JSON line; status {@value ShardCtl#UNROUTED}
 * when an invariant failed, after the failing seed and its trace.
 */
final class MigrateCommand implements Command {
  private static final String SUB = "plan, simulate, start, status, cutover, finish or rollback";

  @Override
  public List<CliArgs.Option> options() {
    return List.of(
        CliArgs.Option.OUT,
        CliArgs.Option.SEED,
        CliArgs.Option.SCHEDULES,
        CliArgs.Option.EVENTS,
        CliArgs.Option.PROTOCOL,
        CliArgs.Option.STORE);
  }

  @Override
  public int run(CliArgs args, Console console) {
    if (args.positional().isEmpty()) {
      throw CommandException.usage("migrate", "needs a subcommand, " + SUB);
    }
    String sub = args.positional(0);
    switch (sub) {
      case "plan":
        return plan(args, console);
      case "simulate":
        return simulate(args, console);
      default:
        throw CommandException.usage("migrate", "unknown subcommand '" + sub + "'; use " + SUB);
    }
  }

  private static void refuse(CliArgs args, String sub, CliArgs.Option... options) {
    for (CliArgs.Option o : options) {
      if (args.option(o) != null) {
        throw CommandException.usage("migrate", "'migrate " + sub + "' takes no " + o);
      }
    }
  }

  private static int plan(CliArgs args, Console console) {
    refuse(
        args,
        "plan",
        CliArgs.Option.SEED,
        CliArgs.Option.SCHEDULES,
        CliArgs.Option.EVENTS,
        CliArgs.Option.PROTOCOL,
        CliArgs.Option.STORE);
    if (args.positional().size() != 3) {
      throw CommandException.usage(
          "migrate",
          "'migrate plan' needs OLD and NEW routing documents, got "
              + (args.positional().size() - 1)
              + " arguments");
    }
    RoutingTable from = Tables.load(args.positional(1));
    RoutingTable to = Tables.load(args.positional(2));
    MigrationPlan plan = MigrationPlan.between(from, to);
    PrintStream out = console.out();
    out.println(plan.toText());
    String dir = args.option(CliArgs.Option.OUT);
    out.println(finalVersion(plan, dir));
    if (dir == null) {
      return ShardCtl.OK;
    }
    Path path;
    try {
      path = Path.of(dir);
      Files.createDirectories(path);
    } catch (InvalidPathException | IOException e) {
      throw CommandException.invalid(
          "shardctl migrate plan: cannot use --out " + dir + ": " + e.getMessage());
    }
    int n = 0;
    for (Phase phase : MigrationPlan.FORWARD) {
      MigrationRoutes routes = plan.routes(phase);
      Tables.write(
          path.resolve(fileName(routes)).toString(),
          (routes.toDocument() + "\n").getBytes(StandardCharsets.UTF_8),
          "migrate plan");
      n++;
    }
    out.println(
        "wrote "
            + n
            + " routing documents to "
            + dir
            + "; "
            + fileName(plan.routes(Phase.DONE))
            + " is the new routing document");
    return ShardCtl.OK;
  }

  private static String fileName(MigrationRoutes routes) {
    return String.format(
        Locale.ROOT,
        "v%d-%s.json",
        routes.version(),
        routes.phase().name().toLowerCase(Locale.ROOT));
  }

  /**
   * The version the finished migration has, and the document to keep: the target table at the
   * version after the last phase, with the finished migration's marker.
   */
  private static String finalVersion(MigrationPlan plan, String dir) {
    long done = plan.versionOf(Phase.DONE);
    long target = plan.to().version();
    String head =
        "final version: v"
            + done
            + " (DONE: the source's version "
            + plan.from().version()
            + " + 7";
    return head
        + (target == done
            ? ", which is the target document's own version)\n"
            : "; the target document's version " + target + " is not used)\n")
        + "  keep the DONE table as the new routing document (the target with the finished"
        + " migration's marker, docs/format.md §8): coordinator.routes().toDocument() after"
        + " finish()"
        + (dir == null ? "" : ", or " + fileName(plan.routes(Phase.DONE)) + " in " + dir)
        + ";\n"
        + "  the target document as it is (version "
        + target
        + (target < done
            ? ") is below v" + done + ": every router and publisher would refuse it"
            : target == done
                ? ") is other content under the DONE table's version: every router refuses it"
                : ") would be a later version of the same table, published outside the migration")
        + "; plan the next migration from the DONE table";
  }

  private static int simulate(CliArgs args, Console console) {
    refuse(args, "simulate", CliArgs.Option.OUT);
    if (args.positional().size() != 1) {
      throw CommandException.usage(
          "migrate",
          "'migrate simulate' takes only options, got "
              + args.positional().subList(1, args.positional().size()));
    }
    long seed = number(args, CliArgs.Option.SEED, 1, Long.MIN_VALUE);
    long schedules = number(args, CliArgs.Option.SCHEDULES, 1000, 1);
    long events = number(args, CliArgs.Option.EVENTS, 300, 0);
    String p = args.option(CliArgs.Option.PROTOCOL);
    Simulation.Protocol protocol = Simulation.Protocol.CORRECT;
    if (p != null) {
      protocol = null;
      for (Simulation.Protocol candidate : Simulation.Protocol.values()) {
        if (candidate.name().toLowerCase(Locale.ROOT).replace('_', '-').equals(p)) {
          protocol = candidate;
        }
      }
      if (protocol == null) {
        throw CommandException.usage(
            "migrate", "--protocol must be " + CliArgs.Option.PROTOCOL.value + ", got '" + p + "'");
      }
    }
    String store = args.option(CliArgs.Option.STORE);
    Simulation.StoreFactory stores;
    if (store == null || store.equals("memory")) {
      stores = Simulation.IN_MEMORY;
    } else if (store.equals("jdbc")) {
      stores = new H2SimulationStores();
    } else {
      throw CommandException.usage(
          "migrate", "--store must be " + CliArgs.Option.STORE.value + ", got '" + store + "'");
    }
    PrintStream out = console.out();
    out.println(
        "simulating "
            + schedules
            + " schedules from seed "
            + seed
            + " ("
            + protocol.name().toLowerCase(Locale.ROOT).replace('_', '-')
            + " protocol, "
            + stores.name()
            + " stores)");
    SimulationResult r =
        Simulation.builder()
            .protocol(protocol)
            .stores(stores)
            .events((int) Math.min(events, Integer.MAX_VALUE))
            .progress(out::println)
            .build()
            .run(seed, schedules);
    out.printf(
        Locale.ROOT,
        "%d schedules in %.1f s (%.0f schedules/s)%n",
        r.schedules(),
        r.nanos() / 1e9,
        r.schedulesPerSecond());
    if (!r.passed()) {
      out.println("VIOLATION in schedule seed " + r.failingSeed() + ": " + r.violation());
      out.println("trace (shortest failing run):");
      for (String line : r.trace()) {
        out.println("  " + line);
      }
    }
    out.println(r.toJson());
    return r.passed() ? ShardCtl.OK : ShardCtl.UNROUTED;
  }

  private static long number(CliArgs args, CliArgs.Option o, long fallback, long min) {
    String v = args.option(o);
    if (v == null) {
      return fallback;
    }
    long n;
    try {
      n = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw CommandException.usage("migrate", o + " needs " + o.value + ", got '" + v + "'");
    }
    if (n < min) {
      throw CommandException.usage("migrate", o + " needs " + o.value + ", got " + n);
    }
    return n;
  }
}
