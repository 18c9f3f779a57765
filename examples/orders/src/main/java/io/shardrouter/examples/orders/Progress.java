package io.shardrouter.examples.orders;

import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.Phase;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The reshard demo's progress: on a terminal a bar per phase that fills as the coordinator's pass
 * (copy, catch-up, verify, reverse, cleanup) goes through the movements; otherwise one line per
 * phase when it is done.
 */
final class Progress {
  private static final List<String> PASSES =
      List.of("copy#", "catch-up#", "verify#", "reverse#", "cleanup#");
  private static final int WIDTH = 24;

  private final PrintStream out;
  private final int movements;
  private final boolean terminal = System.console() != null;
  private Phase phase;
  private long version;
  private long startedNanos;
  private int steps;
  private int lastShown = -1;
  private int best;

  Progress(PrintStream out, int movements) {
    this.out = out;
    this.movements = movements;
  }

  void start(Phase p, long v) {
    phase = p;
    version = v;
    startedNanos = System.nanoTime();
    steps = 0;
    lastShown = -1;
    best = 0;
  }

  void show(MigrationState state) {
    steps++;
    if (!terminal || phase == null) {
      return;
    }
    int done = best; // a pass drops its counter when it ends: the bar does not go back
    for (String pass : PASSES) {
      done = Math.max(done, state.counter(pass));
    }
    best = done;
    int filled = movements == 0 ? WIDTH : Math.min(WIDTH, done * WIDTH / movements);
    if (filled != lastShown) {
      lastShown = filled;
      out.print(
          String.format(
              Locale.ROOT,
              "\r  %-16s v%-3d [%s%s] %d/%d movements",
              name(phase),
              version,
              "#".repeat(filled),
              ".".repeat(WIDTH - filled),
              Math.min(done, movements),
              movements));
      out.flush();
    }
  }

  void end(PhaseStats stats) {
    if (phase == null) {
      return;
    }
    String line =
        String.format(
            Locale.ROOT,
            "  %-16s v%-3d %s %4d steps in %5.2f s; clients so far: %,d writes acknowledged",
            name(phase),
            version,
            terminal ? "[" + "#".repeat(WIDTH) + "]" : "done",
            steps,
            (System.nanoTime() - startedNanos) / 1e9,
            stats.totals()[0]);
    out.println(terminal ? "\r" + line : line);
    phase = null;
  }

  private static String name(Phase p) {
    return p.name().toLowerCase(Locale.ROOT);
  }
}
