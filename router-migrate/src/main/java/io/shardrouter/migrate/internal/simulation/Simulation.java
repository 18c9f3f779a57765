package io.shardrouter.migrate.internal.simulation;

import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

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
  /** Which protocol the simulation runs: the real one, or one of the deliberately broken ones. */
  public enum Protocol {
    /** The protocol as shipped. */
    CORRECT,
    /** Stores ignore fences: a write routed with a stale version lands on a part that moved. */
    NO_FENCE,
    /** Writers skip the second write of a dual write: the target misses writes. */
    NO_DUAL_WRITE,
    /**
     * Reads skip the fence check: a reader on an old version reads a group that no longer receives
     * the key's writes.
     */
    NO_READ_FENCE,
    /**
     * The cut-over without its closing step: the group that stops receiving writes (the source at
     * CUT_OVER, the target at ROLLED_BACK) is fenced only after the new version is published and
     * every live client has it, as a publish-gate-fence cut-over does.
     */
    FENCE_AFTER_PUBLISH
  }

  /**
   * Makes the stores of one schedule: one empty store per group id, released when the schedule
   * ends. The default keeps them in memory ({@link
   * io.shardrouter.migrate.MigrationStore#inMemory}); {@code shardctl migrate simulate --store
   * jdbc} passes JDBC stores on embedded H2.
   */
  public interface StoreFactory {
    /**
     * Empty stores for the schedule {@code seed}, by group id.
     *
     * @param seed the schedule's seed
     * @param groupIds the groups of both tables
     * @return one empty store per group id
     */
    Map<String, MigrationStore> open(long seed, List<String> groupIds);

    /**
     * Releases the stores of schedule {@code seed} (the default does nothing).
     *
     * @param seed the schedule's seed
     */
    default void close(long seed) {}

    /** A short name for the summary ("memory", "jdbc"). */
    String name();
  }

  /** The in-memory stores. */
  public static final StoreFactory IN_MEMORY =
      new StoreFactory() {
        @Override
        public Map<String, MigrationStore> open(long seed, List<String> groupIds) {
          Map<String, MigrationStore> out = new LinkedHashMap<>();
          for (String g : groupIds) {
            out.put(g, MigrationStore.inMemory(g));
          }
          return out;
        }

        @Override
        public String name() {
          return "memory";
        }
      };

  private final List<MigrationPlan> plans;
  private final Protocol protocol;
  private final StoreFactory storeFactory;
  private final int events;
  private final @Nullable Consumer<String> progress;

  private Simulation(Builder b) {
    this.plans = List.copyOf(b.plans != null ? b.plans : SimulationPlans.standard());
    this.protocol = b.protocol;
    this.storeFactory = b.storeFactory;
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
    long[] t = new long[12];
    for (long i = 0; i < schedules; i++) {
      long s = seed + i;
      boolean ok;
      @Nullable String violation;
      try (Run run = schedule(s, events, null)) {
        ok = run.schedule.run();
        violation = run.schedule.violation;
        add(t, run.schedule);
      }
      t[0]++;
      if (!ok) {
        List<String> trace = shortestTrace(s, violation);
        return result(t, seed, s, violation, trace, System.nanoTime() - start);
      }
      if (progress != null && (i + 1) % 1000 == 0) {
        progress.accept((i + 1) + " schedules, " + t[1] + " acknowledged writes, no violation");
      }
    }
    return result(t, seed, -1, null, List.of(), System.nanoTime() - start);
  }

  private static void add(long[] t, SimSchedule r) {
    t[1] += r.acked;
    t[2] += r.lost;
    t[3] += r.duplicated;
    t[4] += r.staleReads;
    t[5] += r.reads;
    t[6] += r.fenced;
    t[7] += r.fencedReads;
    t[8] += r.abandoned;
    t[9] += r.rollbacks;
    t[10] += r.crashes;
    t[11] += r.canaryMismatches;
  }

  private static SimulationResult result(
      long[] t,
      long seed,
      long failing,
      @Nullable String violation,
      List<String> trace,
      long nanos) {
    return new SimulationResult(
        t[0], seed, t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], failing,
        violation, trace, nanos);
  }

  /** A schedule and its stores, released on close. */
  private final class Run implements AutoCloseable {
    final long seed;
    final SimSchedule schedule;

    Run(long seed, SimSchedule schedule) {
      this.seed = seed;
      this.schedule = schedule;
    }

    @Override
    public void close() {
      storeFactory.close(seed);
    }
  }

  /** The name of the stores the schedules run on. */
  public String storeName() {
    return storeFactory.name();
  }

  private Run schedule(long s, int eventBudget, @Nullable List<String> trace) {
    MigrationPlan plan = plans.get((int) Math.floorMod(s, (long) plans.size()));
    Map<String, MigrationStore> stores = storeFactory.open(s, SimSchedule.groupIds(plan));
    return new Run(s, new SimSchedule(plan, s, protocol, stores, eventBudget, trace));
  }

  /**
   * Re-runs a failing schedule with fewer events until it no longer fails; returns the shortest
   * failing trace.
   */
  private List<String> shortestTrace(long s, @Nullable String violation) {
    int lo = 0;
    int hi = events;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      boolean passed;
      try (Run run = schedule(s, mid, null)) {
        passed = run.schedule.run();
      }
      if (passed) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    List<String> trace = new ArrayList<>();
    String found;
    try (Run replay = schedule(s, hi, trace)) {
      replay.schedule.run();
      found = replay.schedule.violation;
    }
    trace.add("violation: " + (found != null ? found : violation));
    trace.add("replay: --seed " + s + " --schedules 1 --events " + hi);
    return trace;
  }

  /**
   * Configures a {@link Simulation}.
   *
   * <p><b>Thread-safety:</b> not thread-safe.
   */
  public static final class Builder {
    private @Nullable List<MigrationPlan> plans; // null: the standard plans
    private Protocol protocol = Protocol.CORRECT;
    private StoreFactory storeFactory = IN_MEMORY;
    private int events = 300;
    private @Nullable Consumer<String> progress;

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

    /** The stores the schedules run on (default {@link #IN_MEMORY}). */
    public Builder stores(StoreFactory factory) {
      this.storeFactory = Objects.requireNonNull(factory, "stores");
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
