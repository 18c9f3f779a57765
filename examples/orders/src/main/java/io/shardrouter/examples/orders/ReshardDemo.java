package io.shardrouter.examples.orders;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The orders service resharded online under load, twice: once from four shared groups to five
 * through every phase to the cleanup, once rolled back after the cut-over; each checked row by row
 * against what the clients were told. By default the service's transactions run at {@code READ
 * COMMITTED} in the first run and at {@code REPEATABLE READ} in the second. {@code bin/shardctl
 * demo} runs it; see {@code docs/orders-example.md}.
 *
 * <pre>
 * options: --jdbc URL[,URL...]  PostgreSQL (one URL: a schema per group) or six URLs; default H2
 *          --users N (2000) --orders-per-user N (10) --writers N (4) --readers N (2)
 *          --hold-ms N (1000: how long the clients run in each phase) --lag-ms N (150: how often
 *          the slow clients poll the routing file) --seed N (1)
 *          --isolation LEVEL[,LEVEL] (read-committed,repeatable-read: the level of both runs, or of
 *          run 1 and run 2; read-committed, repeatable-read or serializable)
 * </pre>
 *
 * The last line is the verdict; the status is 0 only when no run lost or duplicated a row and no
 * read was stale.
 */
public final class ReshardDemo {
  private ReshardDemo() {}

  /** Runs the demo with the options in {@code args}; exits with its status. */
  public static void main(String[] args) throws Exception {
    System.exit(run(List.of(args), System.out, System.err));
  }

  /**
   * Runs the demo, printing to {@code out}.
   *
   * @return 0 when every run lost and duplicated nothing, 1 when one did, 2 on bad options
   */
  public static int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
    ReshardRun.Options o;
    try {
      o = options(args);
    } catch (IllegalArgumentException e) {
      err.println("shardctl demo: " + e.getMessage()); // the prefix of every shardctl error
      return 2;
    }
    String where = o.jdbc() == null ? "embedded H2" : database(o.jdbc());
    int lagging = LoadGenerator.laggingReaders(o.readers());
    out.printf(
        Locale.ROOT,
        "orders service on %s: %,d users, %,d orders; %d writers and %d readers (one writer and"
            + " %s poll the routing file every %d ms, the others every 5 ms); seed %d%n",
        where,
        o.users(),
        (long) o.users() * o.ordersPerUser(),
        o.writers(),
        o.readers(),
        lagging == 1 ? "one reader" : lagging + " readers",
        o.lagMillis(),
        o.seed());
    List<ReshardRun.Result> results = new ArrayList<>();
    String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    for (boolean rollback : new boolean[] {false, true}) {
      Isolation isolation = o.isolation().get(rollback ? 1 : 0);
      out.println();
      out.println(
          (rollback
                  ? "=== run 2: the same reshard, rolled back after the cut-over"
                  : "=== run 1: reshard the orders table from 4 shared groups to 5, online")
              + "; transactions at "
              + isolation.label());
      ReshardRun.Result r =
          ReshardRun.run(o, rollback, isolation, run + (rollback ? "b" : "a"), out);
      results.add(r);
      report(out, r);
    }
    long acked = 0;
    long lost = 0;
    long duplicated = 0;
    long fenced = 0;
    long fencedReads = 0;
    long serialization = 0;
    long stale = 0;
    long reads = 0;
    for (ReshardRun.Result r : results) {
      acked += r.totals()[0];
      fenced += r.totals()[1];
      reads += r.totals()[2];
      stale += r.totals()[3];
      fencedReads += r.totals()[4];
      serialization += r.totals()[5];
      lost += r.check().lost();
      duplicated += r.check().duplicated();
    }
    boolean ok = lost == 0 && duplicated == 0 && stale == 0;
    out.println();
    out.printf(
        Locale.ROOT,
        "verdict: %s - %d runs on %s (reshard 4 -> 5 at %s, rollback after cut-over at %s): %,d"
            + " writes acknowledged, lost %d, duplicated %d, %,d writes and %,d reads fenced and"
            + " retried, %,d serialization failures retried, %,d reads, %d stale%n",
        ok ? "PASS" : "FAIL",
        results.size(),
        where,
        results.get(0).isolation().label(),
        results.get(1).isolation().label(),
        acked,
        lost,
        duplicated,
        fenced,
        fencedReads,
        serialization,
        reads,
        stale);
    return ok ? 0 : 1;
  }

  private static void report(PrintStream out, ReshardRun.Result r) {
    Reconciliation c = r.check();
    StringBuilder groups = new StringBuilder();
    for (Map.Entry<String, Long> e : c.rowsPerGroup().entrySet()) {
      groups.append(String.format(Locale.ROOT, " %s %,d", e.getKey(), e.getValue()));
    }
    out.printf(
        Locale.ROOT,
        "  rows on their owner:%s; verified equal by the coordinator: %,d%n",
        groups,
        r.verifiedRows());
    out.printf(
        Locale.ROOT,
        "  %s at %s: %,d orders acknowledged, lost %d, duplicated %d, unacknowledged rows %d,"
            + " serialization retries %,d, other SQL retries %d, %.1f s%n",
        r.title(),
        r.isolation().label(),
        c.acked(),
        c.lost(),
        c.duplicated(),
        c.unacknowledged(),
        r.totals()[5],
        r.sqlRetries(),
        r.millis() / 1000.0);
  }

  private static String database(String jdbc) {
    int urls = jdbc.split(",").length;
    String product = jdbc.startsWith("jdbc:postgresql:") ? "PostgreSQL" : "H2";
    return urls == 1 ? product : product + " (" + urls + " databases)";
  }

  static ReshardRun.Options options(List<String> args) {
    String jdbc = null;
    int users = 2000;
    int perUser = 10;
    long hold = 1000;
    long seed = 1;
    int writers = 4;
    int readers = 2;
    long lag = 150;
    List<Isolation> isolation = List.of(Isolation.READ_COMMITTED, Isolation.REPEATABLE_READ);
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (i + 1 >= args.size()) {
        throw new IllegalArgumentException("option '" + a + "' needs a value; " + usage());
      }
      String v = args.get(++i);
      switch (a) {
        case "--jdbc" -> jdbc = v;
        case "--users" -> users = number(a, v, 20, 1_000_000);
        case "--orders-per-user" -> perUser = number(a, v, 1, 1_000);
        case "--hold-ms" -> hold = number(a, v, 0, 600_000);
        case "--seed" -> seed = number(a, v, 0, Integer.MAX_VALUE);
        case "--writers" -> writers = number(a, v, 2, 64);
        case "--readers" -> readers = number(a, v, 0, 64);
        case "--lag-ms" -> lag = number(a, v, 0, 10_000);
        case "--isolation" -> isolation = isolation(v);
        default -> throw new IllegalArgumentException("unknown option '" + a + "'; " + usage());
      }
    }
    if (jdbc != null) {
      DemoDatabases.endpoints(jdbc, "check", 6); // refuses what names no database, before a run
    }
    return new ReshardRun.Options(
        jdbc, users, perUser, hold, seed, writers, readers, lag, isolation);
  }

  /** One level for both runs, or two comma-separated: run 1's and run 2's. */
  private static List<Isolation> isolation(String value) {
    String[] levels = value.split(",", -1);
    if (levels.length > 2) {
      throw new IllegalArgumentException(
          "option --isolation takes one level (both runs) or two (run 1, run 2), got '"
              + value
              + "'; "
              + usage());
    }
    try {
      Isolation first = Isolation.parse(levels[0]);
      return List.of(first, levels.length == 2 ? Isolation.parse(levels[1]) : first);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("option --" + e.getMessage() + "; " + usage(), e);
    }
  }

  private static int number(String option, String value, int min, int max) {
    int n;
    try {
      n = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "option " + option + " needs a whole number, got '" + value + "'; " + usage(), e);
    }
    if (n < min || n > max) {
      throw new IllegalArgumentException(
          "option " + option + " must be in [" + min + ", " + max + "], got " + n);
    }
    return n;
  }

  private static String usage() {
    return "options: --jdbc URL[,URL...] --users N --orders-per-user N --writers N --readers N"
        + " --hold-ms N --lag-ms N --seed N --isolation LEVEL[,LEVEL] (read-committed,"
        + " repeatable-read, serializable)";
  }
}
