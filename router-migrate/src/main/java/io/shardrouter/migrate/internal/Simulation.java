package io.shardrouter.migrate.internal;

import io.shardrouter.migrate.MigrationPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A deterministic, seeded, single-threaded simulation of migrations under hostile conditions:
 * clients that get routing versions late, out of order or not at all for a while, go offline and
 * replay buffered writes stamped with old versions; duplicated and reordered writes and retries;
 * the coordinator killed between and inside its units of work and restarted; rollbacks from random
 * phases; and every kind of plan. After every event and at the end it checks the invariants listed
 * in {@code docs/migration.md}. A run with the same seed does the same thing, event for event.
 *
 * <pre>{@code
 * SimulationResult r = Simulation.builder().build().run(42, 2_000);
 * if (!r.passed()) System.out.println(r.failingSeed() + ": " + r.violation() + "\n" + r.trace());
 * }</pre>
 *
 * <p><b>Thread-safety:</b> a simulation is immutable; {@link #run} may be called from any thread.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class Simulation {
  /** Which protocol the simulation runs: the real one, or one of two deliberately broken ones. */
  public enum Protocol {
    /** The protocol as shipped. */
    CORRECT,
    /** Stores ignore fences: a write routed with a stale version lands on a part that moved. */
    NO_FENCE,
    /** Writers skip the second write of a dual write: the target misses writes. */
    NO_DUAL_WRITE
  }

  private final List<MigrationPlan> plans;
  private final Protocol protocol;
  private final int events;
  private final Consumer<String> progress;

  private Simulation(Builder b) {
    this.plans = List.copyOf(b.plans != null ? b.plans : SimulationPlans.standard());
    this.protocol = b.protocol;
    this.events = b.events;
    this.progress = b.progress;
  }

  /** A builder; the defaults run the standard plans with the correct protocol. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Runs {@code schedules} schedules, the i-th with seed {@code seed + i} and plan {@code (seed +
   * i) mod plans}, stopping at the first that breaks an invariant.
   *
   * @param seed the first schedule's seed
   * @param schedules how many schedules ({@code >= 1})
   * @return totals, and the failing seed and trace when one failed
   */
  public SimulationResult run(long seed, long schedules) {
    if (schedules < 1) {
      throw new IllegalArgumentException("schedules must be >= 1, got " + schedules);
    }
    long start = System.nanoTime();
    long acked = 0;
    long fenced = 0;
    long rollbacks = 0;
    long crashes = 0;
    long mismatches = 0;
    long stale = 0;
    long lost = 0;
    long dup = 0;
    long done = 0;
    for (long i = 0; i < schedules; i++) {
      long s = seed + i;
      SimSchedule run = schedule(s, events, null);
      boolean ok = run.run();
      done++;
      acked += run.acked;
      fenced += run.fenced;
      rollbacks += run.rollbacks;
      crashes += run.crashes;
      mismatches += run.canaryMismatches;
      stale += run.staleReads;
      lost += run.lost;
      dup += run.duplicated;
      if (!ok) {
        List<String> trace = shortestTrace(s, run.violation);
        return new SimulationResult(
            done,
            seed,
            acked,
            lost,
            dup,
            stale,
            fenced,
            rollbacks,
            crashes,
            mismatches,
            s,
            run.violation,
            trace,
            System.nanoTime() - start);
      }
      if (progress != null && (i + 1) % 1000 == 0) {
        progress.accept((i + 1) + " schedules, " + acked + " acknowledged writes, no violation");
      }
    }
    return new SimulationResult(
        done,
        seed,
        acked,
        lost,
        dup,
        stale,
        fenced,
        rollbacks,
        crashes,
        mismatches,
        -1,
        null,
        List.of(),
        System.nanoTime() - start);
  }

  private SimSchedule schedule(long s, int eventBudget, List<String> trace) {
    MigrationPlan plan = plans.get((int) Math.floorMod(s, (long) plans.size()));
    return new SimSchedule(
        plan,
        s,
        protocol != Protocol.NO_FENCE,
        protocol != Protocol.NO_DUAL_WRITE,
        eventBudget,
        trace);
  }

  /**
   * Re-runs a failing schedule with fewer events until it no longer fails; returns the shortest
   * failing trace.
   */
  private List<String> shortestTrace(long s, String violation) {
    int lo = 0;
    int hi = events;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (schedule(s, mid, null).run()) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    List<String> trace = new ArrayList<>();
    SimSchedule replay = schedule(s, hi, trace);
    replay.run();
    trace.add("violation: " + (replay.violation != null ? replay.violation : violation));
    trace.add("replay: --seed " + s + " --schedules 1 --events " + hi);
    return trace;
  }

  /**
   * Configures a {@link Simulation}.
   *
   * <p><b>Thread-safety:</b> not thread-safe.
   */
  public static final class Builder {
    private List<MigrationPlan> plans;
    private Protocol protocol = Protocol.CORRECT;
    private int events = 300;
    private Consumer<String> progress;

    private Builder() {}

    /**
     * The plans to draw from (default: the standard set of every kind, which needs router-hash,
     * router-range and router-lookup).
     */
    public Builder plans(List<MigrationPlan> plans) {
      if (plans.isEmpty()) {
        throw new IllegalArgumentException("plans must not be empty");
      }
      this.plans = List.copyOf(plans);
      return this;
    }

    /** The protocol to run (default {@link Protocol#CORRECT}). */
    public Builder protocol(Protocol protocol) {
      this.protocol = Objects.requireNonNull(protocol, "protocol");
      return this;
    }

    /** Random events per schedule before it settles (default 300). */
    public Builder events(int events) {
      if (events < 0) {
        throw new IllegalArgumentException("events must be >= 0, got " + events);
      }
      this.events = events;
      return this;
    }

    /** Receives a progress line every 1,000 schedules. */
    public Builder progress(Consumer<String> progress) {
      this.progress = progress;
      return this;
    }

    /** The simulation. */
    public Simulation build() {
      return new Simulation(this);
    }
  }
}
