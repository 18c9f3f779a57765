package io.shardrouter.cli;

import io.shardrouter.core.RoutingException;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The {@code shardctl} command line: dispatches one command and returns its exit status.
 *
 * <p>{@link #main} runs a command against the process's standard streams (UTF-8) and exits with the
 * status; {@link #run(String[], PrintStream, PrintStream)} does the same in-process and never calls
 * {@link System#exit}. Exit status: {@value #OK} ok, {@value #UNROUTED} some key could not be
 * routed, {@value #INVALID} an invalid document or wrong usage.
 *
 * <p><b>Thread-safety:</b> stateless; each call of {@code run} uses only its own streams.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ShardCtl {
  /** Exit status: the command did what was asked. */
  public static final int OK = 0;

  /** Exit status: some key could not be parsed or routed; every other key was. */
  public static final int UNROUTED = 1;

  /** Exit status: a document is invalid or the command line is wrong. */
  public static final int INVALID = 2;

  static final String USAGE =
      String.join(
          "\n",
          "usage: shardctl COMMAND [ARGS]",
          "",
          "commands:",
          "  validate DOC                 check a routing document or snapshot, print a one-line summary",
          "  route DOC KEY...             print key<TAB>partition<TAB>group for every key, in order",
          "  route DOC --keys FILE        the same for one UTF-8 key per line of FILE (- for stdin)",
          "  explain DOC KEY              how KEY is routed: canonical bytes, hash, partition, group",
          "  snapshot DOC OUT             write DOC as a binary snapshot to OUT",
          "  diff OLD NEW [--keys FILE]   which partitions (key ranges, for range tables) move between two",
          "                               tables; with keys, how many keys",
          "  prune DOC [--from K|--after K] [--to K|--before K]",
          "                               the partitions and groups a range query visits (range tables)",
          "  split DOC KEY OUT [--group ID]",
          "                               split the range holding KEY at KEY; write the next version to OUT",
          "  merge DOC PARTITION OUT [--group ID]",
          "                               join range PARTITION with the next one; write the next version to OUT",
          "  split-point DOC --keys FILE  keys per range of a key sample, where to split, and the hot-tail check",
          "  analyze DOC --keys FILE [--counts] [--queries FILE] [--capacity FILE] [--compare DOC2]",
          "          [--json OUT] [--html OUT]",
          "                               judge DOC's shard key on a key sample or a statistics export:",
          "                               keys, load per partition and group, hot keys, fan-out, checklist",
          "  advise DOC --stats STATS [--max-move SHARE] [--out NEXT.json]",
          "                               the next version of DOC that evens the measured load",
          "  buckets DOC FROM TO [KEY]    the time buckets of [FROM, TO) and the groups to read them in",
          "  retention DOC OLDEST NOW     the time buckets past the retention period at NOW",
          "  migrate plan OLD NEW [--out DIR]",
          "                               the movements and routing versions of an online migration,",
          "                               and its final version (the routing document to keep); with",
          "                               --out, write the routing document of every phase to DIR",
          "  migrate simulate [--seed S] [--schedules N] [--events N] [--protocol P] [--store S]",
          "                               run the deterministic migration simulation; the last line is",
          "                               a JSON summary; status 1 when an invariant failed",
          "  migrate start OLD NEW --zk HOST:PORT --table NAME --columns C1,C2,... [--jdbc URL[,URL...]]",
          "          [--id ID] [--goal canary|done] [--base PATH]",
          "                               run the migration from OLD to NEW on ZooKeeper in this process",
          "                               until it ends; start it again elsewhere for a standby that",
          "                               takes over when the leader dies. --jdbc: one URL per group,",
          "                               NEW's groups in order then those only in OLD (default: each",
          "                               group's primary endpoint, when it is a JDBC URL). ID defaults",
          "                               to ENTITY-vOLD-to-vNEW; --goal canary (default) waits for",
          "                               'migrate cutover'. Publishes OLD when nothing is published",
          "  migrate status ID --zk HOST:PORT [--json] [--base PATH]",
          "                               phase, version, goal, leader and standbys, the pass's progress,",
          "                               rows/s and an ETA, the verification reports",
          "  migrate cutover ID --zk HOST:PORT [--base PATH]",
          "                               ask the leader to cut over (goal ROLLBACK_WINDOW)",
          "  migrate finish ID --zk HOST:PORT [--base PATH]",
          "                               ask the leader to finish (goal DONE: the source's copies go)",
          "  migrate rollback ID --zk HOST:PORT [--base PATH]",
          "                               ask the leader to roll back (refused once DONE)",
          "  zk serve [--port 2181] [--dir DIR]",
          "                               one ZooKeeper server in the foreground, for local development;",
          "                               production uses a real ensemble (docs/fleet.md)",
          "  zk publish DOC [--connect HOST:PORT] [--base PATH] [--expect V]",
          "                               publish a table over the published version (V: compare-and-set)",
          "  zk get ENTITY [--version V]  print the published (or a kept) table as a routing document",
          "  zk history ENTITY            the kept versions, newest first",
          "  zk census ENTITY [--json]    which version every live instance routes with; the stragglers",
          "  zk watch ENTITY [--instance ID] [--exit-after N]",
          "                               apply every version as it arrives, one line per swap",
          "  demo [--jdbc URL[,URL...]] [--users N] [--hold-ms N] [--seed N]",
          "                               the orders service resharded online from 4 groups to 5 under",
          "                               load, then rolled back after cut-over; embedded H2 unless",
          "                               --jdbc; the last line is the verdict (docs/orders-example.md)",
          "  demo --tour                  route 200,000 keys, add a fifth group, show exactly what moves;",
          "                               then prune and split ranges",
          "  help                         this text",
          "",
          "DOC is a JSON routing document or a binary snapshot. Keys are written in the document's key",
          "type: string as is, long and int in decimal, uuid in its 36-character form, bytes in hex,",
          "timestamp in ISO-8601 with an offset (2026-04-01T00:00:00Z), a composite key as a JSON array",
          "of its parts. FROM, TO, OLDEST and NOW are timestamps. Put -- before keys that start with --.",
          "The zk commands but serve take --connect HOST:PORT (default 127.0.0.1:2181) and --base PATH",
          "(default /shardrouter).",
          "",
          "exit status: 0 ok, 1 some key could not be routed (migrate simulate: an invariant failed),",
          "2 invalid document or usage");

  private ShardCtl() {}

  /** Runs the command in {@code args} on standard input and output, then exits with its status. */
  public static void main(String[] args) {
    PrintStream out =
        new PrintStream(
            new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
            false,
            StandardCharsets.UTF_8);
    PrintStream err =
        new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    int status = run(args, System.in, out, err);
    out.flush();
    err.flush();
    System.exit(status);
  }

  /**
   * Runs the command in {@code args}, reading {@code -} key files from standard input; returns the
   * exit status.
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return run(args, System.in, out, err);
  }

  /**
   * Runs the command in {@code args} with {@code in} as standard input (for {@code --keys -});
   * returns the exit status. Never calls {@link System#exit}; flushes {@code out} and {@code err}.
   */
  public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
    try {
      if (args == null || args.length == 0) {
        err.println(USAGE);
        return INVALID;
      }
      Command command = command(args[0]);
      boolean zk = args[0].equals("zk");
      if (command == null && !zk) {
        if (!isHelp(args[0])) {
          err.println("shardctl: unknown command '" + args[0] + "'");
        }
        err.println(USAGE);
        return INVALID;
      }
      Console console = new Console(in, out, err);
      try {
        if (zk) { // zk parses its own subcommands and their options
          return new ZkCommand().run(Arrays.copyOfRange(args, 1, args.length), console);
        }
        if (args[0].equals("migrate")
            && args.length > 1
            && MigrateControl.SUBCOMMANDS.contains(args[1])) { // on ZooKeeper: their own options
          try {
            return new MigrateControl()
                .run(args[1], Arrays.asList(args).subList(2, args.length), console);
          } catch (IllegalStateException e) { // ZooKeeper failed after connecting
            throw CommandException.invalid("shardctl migrate " + args[1] + ": " + e.getMessage());
          }
        }
        if (args[0].equals("demo")) { // the orders demo parses its own options
          return OrdersDemo.run(Arrays.copyOfRange(args, 1, args.length), console);
        }
        return command.run(
            CliArgs.parse(args[0], Arrays.copyOfRange(args, 1, args.length), command.options()),
            console);
      } catch (CommandException e) {
        for (String line : e.lines()) {
          err.println(line);
        }
        if (e.showUsage()) {
          err.println(usageOf(args[0]));
        }
        return e.status();
      } catch (RoutingException | UncheckedIOException e) {
        err.println("shardctl " + args[0] + ": " + e.getMessage());
        return INVALID;
      }
    } finally {
      out.flush();
      err.flush();
    }
  }

  /** The usage lines of {@code command}, and where to find the rest. */
  static String usageOf(String command) {
    StringBuilder sb = new StringBuilder("usage:");
    for (String line : USAGE.split("\n")) {
      if (line.startsWith("  " + command + " ")) {
        sb.append("\n  shardctl ").append(line.strip());
      }
    }
    return sb.append("\nrun 'shardctl help' for every command").toString();
  }

  private static boolean isHelp(String arg) {
    return arg.equals("help") || arg.equals("--help") || arg.equals("-h");
  }

  private static Command command(String name) {
    return switch (name) {
      case "validate" -> new ValidateCommand();
      case "route" -> new RouteCommand();
      case "explain" -> new ExplainCommand();
      case "snapshot" -> new SnapshotCommand();
      case "diff" -> new DiffCommand();
      case "demo" -> new DemoCommand();
      case "prune" -> new PruneCommand();
      case "split" -> new SplitCommand();
      case "merge" -> new MergeCommand();
      case "split-point" -> new SplitPointCommand();
      case "buckets" -> new BucketsCommand();
      case "retention" -> new RetentionCommand();
      case "migrate" -> new MigrateCommand();
      case "analyze" -> new AnalyzeCommand();
      case "advise" -> new AdviseCommand();
      default -> null;
    };
  }
}
