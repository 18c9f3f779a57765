package io.shardrouter.cli;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.internal.simulation.Simulation;
import io.shardrouter.migrate.internal.simulation.SimulationResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;

/**
 * {@code shardctl migrate plan OLD NEW [--out DIR]}: the {@link MigrationPlan} between two tables
 * (every movement, the routing version of every phase, and the final version: the document to keep
 * once the migration is done) and, with {@code --out}, the routing document of every phase, written
 * as {@code v<version>-<phase>.json}. {@code shardctl migrate simulate}: runs the deterministic
 * {@link Simulation}, prints progress and, last, one JSON line; status {@value ShardCtl#UNROUTED}
 * when an invariant failed, after the failing seed and its trace.
 */
@CommandLine.Command(
    name = "migrate",
    description =
        "plan, simulate and run online migrations: plan and simulate offline; start, status, "
            + "cutover, finish and rollback on ZooKeeper")
final class MigrateCommand {
  private static final String PROTOCOLS =
      "correct, no-fence, no-dual-write, no-read-fence or fence-after-publish";
  private static final String STORES = "memory or jdbc (the JDBC migration store on embedded H2)";

  private MigrateCommand() {}

  /** {@code migrate} and its subcommands, the ZooKeeper ones run by {@code control}. */
  static CommandLine commandLine(MigrateControl control) {
    CommandLine cl =
        new CommandLine(new MigrateCommand())
            .addSubcommand(new Plan())
            .addSubcommand(new Simulate());
    control.addSubcommands(cl);
    return cl;
  }

  @CommandLine.Command(
      name = "plan",
      description =
          "the movements and routing versions of an online migration, and its final version (the "
              + "routing document to keep); with --out, write the routing document of every phase to DIR")
  static final class Plan implements Command {
    @CommandLine.Mixin private OldAndNew docs = new OldAndNew();

    @CommandLine.Option(
        names = "--out",
        paramLabel = "DIR",
        description = "write the routing document of every phase to this directory")
    private String dir;

    @Override
    public int run(Console console) {
      return plan(this, console);
    }
  }

  @CommandLine.Command(
      name = "simulate",
      description =
          "run the deterministic migration simulation; the last line is a JSON summary; status 1 "
              + "when an invariant failed")
  static final class Simulate implements Command {
    @CommandLine.Option(
        names = "--seed",
        paramLabel = "S",
        description = "the first schedule's seed (1)")
    private long seed = 1;

    @CommandLine.Option(
        names = "--schedules",
        paramLabel = "N",
        description = "how many schedules to run, a positive integer (1000)")
    private long schedules = 1000;

    @CommandLine.Option(
        names = "--events",
        paramLabel = "N",
        description = "events per schedule, a non-negative integer (300)")
    private long events = 300;

    @CommandLine.Option(
        names = "--protocol",
        paramLabel = "P",
        description = "the protocol: " + PROTOCOLS + " (correct)")
    private String protocol;

    @CommandLine.Option(
        names = "--store",
        paramLabel = "S",
        description = "the migration store: " + STORES + " (memory)")
    private String store;

    @Override
    public int run(Console console) {
      return simulate(this, console);
    }
  }

  private static int plan(Plan args, Console console) {
    String dir = args.dir;
    Path path = dir == null ? null : outputDirectory(dir, false); // refused before any other work
    RoutingTable from = Tables.load(args.docs.oldDoc, "migrate plan");
    RoutingTable to = Tables.load(args.docs.newDoc, "migrate plan");
    MigrationPlan plan = MigrationPlan.between(from, to);
    // every phase's file checked before anything is printed: none may be OLD or NEW
    Map<Path, MigrationRoutes> files = new LinkedHashMap<>();
    if (path != null) {
      outputDirectory(dir, true);
      for (Phase phase : MigrationPlan.FORWARD) {
        MigrationRoutes routes = plan.routes(phase);
        String name = fileName(routes);
        files.put(
            Tables.output(
                path.resolve(name).toString(),
                "migrate plan",
                "--out",
                args.docs.oldDoc,
                args.docs.newDoc),
            routes);
      }
    }
    PrintStream out = console.out();
    out.println(plan.toText()); // escaped by the plan
    out.println(finalVersion(plan, dir));
    if (path == null) {
      return ShardCtl.OK;
    }
    int n = 0;
    for (Map.Entry<Path, MigrationRoutes> f : files.entrySet()) {
      Tables.write(
          f.getKey(),
          (f.getValue().toDocument() + "\n").getBytes(StandardCharsets.UTF_8),
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

  /**
   * The directory {@code --out DIR} names, created when missing and {@code create} says so (once
   * the documents are read); refused when it cannot be one or cannot be created.
   */
  private static Path outputDirectory(String dir, boolean create) {
    Path path;
    try {
      path = Path.of(dir);
    } catch (InvalidPathException e) {
      throw CommandException.invalid(
          "shardctl migrate plan: --out '" + dir + "' is not a valid path: " + e.getMessage());
    }
    if (Files.exists(path) && !Files.isDirectory(path)) {
      throw CommandException.invalid(
          "shardctl migrate plan: --out "
              + dir
              + " is not a directory: give a directory for the phases' documents (it is created"
              + " when missing)");
    }
    if (!create) {
      return path;
    }
    try {
      return Files.createDirectories(path);
    } catch (IOException e) {
      throw CommandException.invalid(
          "shardctl migrate plan: cannot create directory --out "
              + dir
              + ": "
              + Tables.reason(e)
              + "; give a directory you can write");
    }
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

  private static int simulate(Simulate args, Console console) {
    long seed = args.seed;
    long schedules = atLeast("--schedules N", "a positive integer", args.schedules, 1);
    long events = atLeast("--events N", "a non-negative integer", args.events, 0);
    String p = args.protocol;
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
            "migrate simulate", "--protocol must be " + PROTOCOLS + ", got '" + p + "'");
      }
    }
    String store = args.store;
    Simulation.StoreFactory stores;
    if (store == null || store.equals("memory")) {
      stores = Simulation.IN_MEMORY;
    } else if (store.equals("jdbc")) {
      stores = new H2SimulationStores();
    } else {
      throw CommandException.usage(
          "migrate simulate", "--store must be " + STORES + ", got '" + store + "'");
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

  private static long atLeast(String option, String what, long n, long min) {
    if (n < min) {
      throw CommandException.usage("migrate simulate", option + " needs " + what + ", got " + n);
    }
    return n;
  }
}
