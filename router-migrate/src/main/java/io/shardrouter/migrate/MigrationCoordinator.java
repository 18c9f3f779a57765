package io.shardrouter.migrate;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.core.metadata.RoutingPublisher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Carries out a {@link MigrationPlan}: publishes each phase as the next routing version, sets the
 * fences, copies, catches up, verifies, cuts over, and cleans up or rolls back.
 *
 * <p>Work is done in small idempotent units ({@link #step()}: a publish, a fence, one page of one
 * part, one part's verification), and the {@link MigrationState} is saved after each. A coordinator
 * built again over the same state store continues where the last one stopped; if it stopped inside
 * a unit, the unit runs again, which changes nothing twice.
 *
 * <p>What each phase does, and how a rollback restores the source from any phase before {@link
 * Phase#DONE}, is described in {@code docs/migration.md}.
 *
 * <p><b>Thread-safety:</b> not thread-safe; one coordinator (one thread) per migration.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class MigrationCoordinator {
  private static final String PUBLISHED = "published";
  private static final String FENCE = "fence";
  private static final String GATE = "gate";
  private static final String VERIFIED = "verified";
  private static final String RENUMBERING_FENCE = "renumbering-fence";
  private static final String RESTAMP = "restamp";

  private final MigrationPlan plan;
  private final Map<String, MigrationStore> stores;
  private final MigrationStateStore stateStore;
  private final PhasePublisher publisher;
  private final @Nullable CutOverGate gate;
  private final @Nullable ArchiveSink archive;
  private final int batchSize;
  private final int maxVerifyRounds;
  private MigrationState state;
  private Phase goal;
  private @Nullable MigrationRoutes routes; // of the current phase and version; made on demand

  private MigrationCoordinator(Builder b, MigrationStateStore stateStore) {
    this.plan = b.plan;
    this.stores = Map.copyOf(b.stores);
    this.stateStore = stateStore;
    this.gate = b.gate;
    this.archive = b.archive;
    this.batchSize = b.batchSize;
    this.maxVerifyRounds = b.maxVerifyRounds;
    List<Router> routers = List.copyOf(b.routers);
    List<MigrationRouter> mrouters = List.copyOf(b.migrationRouters);
    PhasePublisher custom = b.publisher;
    this.publisher =
        r -> {
          for (Router router : routers) {
            router.update(r.table());
          }
          for (MigrationRouter m : mrouters) {
            m.update(r);
          }
          if (custom != null) {
            custom.publish(r);
          }
        };
    String id =
        b.migrationId != null ? b.migrationId : plan.from().entity() + "-" + plan.fingerprint();
    stateStore.claim(id); // one coordinator per migration, where the store can tell
    MigrationState loaded = stateStore.load(id);
    if (loaded == null) {
      loaded = MigrationState.planned(id, plan.fingerprint(), plan.from().version());
      stateStore.save(loaded);
    } else if (!loaded.planFingerprint().equals(plan.fingerprint())) {
      throw new IllegalStateException(
          "migration '"
              + id
              + "' was started with plan "
              + loaded.planFingerprint()
              + ", not with this plan ("
              + plan.fingerprint()
              + "); resume it with the same two tables and canary settings, or use a new id");
    }
    this.state = loaded;
    this.goal = loaded.rollingBack() ? Phase.ROLLED_BACK : loaded.phase();
  }

  /**
   * A builder for a coordinator of {@code plan}.
   *
   * @param plan the plan to carry out
   * @return the builder
   */
  public static Builder builder(MigrationPlan plan) {
    return new Builder(plan);
  }

  /** The plan. */
  public MigrationPlan plan() {
    return plan;
  }

  /** The last saved state. */
  public MigrationState state() {
    return state;
  }

  /** The phase last published (or {@link Phase#PLANNED}). */
  public Phase phase() {
    return state.phase();
  }

  /** The routes of the current phase and version. */
  public MigrationRoutes routes() {
    MigrationRoutes r = routes;
    if (r == null || r.version() != state.version() || r.phase() != state.phase()) {
      r = plan.routes(state.phase(), state.version());
      routes = r;
    }
    return r;
  }

  /** The last verification, per part (empty before the first). */
  public List<PartReport> report() {
    return state.reports();
  }

  /**
   * Sets the phase to reach with {@link #step()} (a forward phase; use {@link #requestRollback()}
   * to go back). A goal behind the current phase is reached at once.
   *
   * @param phase the goal
   * @throws IllegalStateException when a rollback was requested
   */
  public void target(Phase phase) {
    if (state.rollingBack()) {
      throw new IllegalStateException(
          "migration '" + state.migrationId() + "' is rolling back; it can only reach ROLLED_BACK");
    }
    if (!MigrationPlan.FORWARD.contains(phase)) {
      throw new IllegalArgumentException(
          "goal " + phase + " is not a forward phase; forward phases: " + MigrationPlan.FORWARD);
    }
    goal = phase;
  }

  /**
   * Decides to roll back (persisted at once); {@link #step()} then restores the source.
   *
   * @throws IllegalStateException once {@link Phase#DONE} was published: the source's rows are
   *     being deleted, so run a new migration back instead
   */
  public void requestRollback() {
    if (state.phase() == Phase.DONE) {
      throw new IllegalStateException(
          "migration '"
              + state.migrationId()
              + "' is DONE (version "
              + state.version()
              + "): the source's copy is being deleted; plan a migration from the new table back"
              + " to the old one instead");
    }
    if (!state.rollingBack()) {
      save(state.withRollback());
    }
    goal = Phase.ROLLED_BACK;
  }

  /** Runs to {@code phase} (see {@link #target}) and returns the state. */
  public MigrationState advanceTo(Phase phase) {
    target(phase);
    while (step()) {
      // each step saved its progress
    }
    return state;
  }

  /** Copy, dual write, verify, canary, cut-over: runs until the rollback window is open. */
  public MigrationState cutOver() {
    return advanceTo(Phase.ROLLBACK_WINDOW);
  }

  /**
   * Closes the rollback window: publishes the target table and cleans the source; after a strategy
   * change, also fences every group of the new table against the old versions and restamps its rows
   * with their new partitions ({@code docs/migration.md}, "Scans by partition"). The migration is
   * over when this returns: plan the next one only then.
   */
  public MigrationState finish() {
    return advanceTo(Phase.DONE);
  }

  /** Rolls back from the current phase and runs until the source is restored and cleaned. */
  public MigrationState rollback() {
    requestRollback();
    while (step()) {
      // each step saved its progress
    }
    return state;
  }

  /**
   * Does one unit of work toward the goal and saves the progress.
   *
   * @return false when the goal is reached and there is nothing to do
   * @throws IllegalStateException when verification stays unclean (cut-over is refused) or the gate
   *     gives up; the state is saved, so a new coordinator can resume or roll back
   */
  public boolean step() {
    Phase phase = state.phase();
    boolean abandon = state.rollingBack() && phase != Phase.ROLLBACK_WINDOW && !phase.terminal();
    if (phase != Phase.PLANNED && !abandon && !complete()) {
      work();
      return true;
    }
    if (phase.terminal() || (!state.rollingBack() && !before(phase, goal))) {
      return false;
    }
    Phase next = next(phase);
    if (next == Phase.CUT_OVER && !state.verifiedClean()) {
      throw new IllegalStateException(
          "cut-over refused: the last verification is not clean: " + state.reports());
    }
    save(state.enter(next, state.version() + 1).withoutCursors());
    return true;
  }

  private Phase next(Phase phase) {
    if (state.rollingBack()) {
      return phase == Phase.CUT_OVER ? Phase.ROLLBACK_WINDOW : Phase.ROLLED_BACK;
    }
    return phase == Phase.PLANNED
        ? Phase.COPY
        : MigrationPlan.FORWARD.get(MigrationPlan.FORWARD.indexOf(phase) + 1);
  }

  private static boolean before(Phase a, Phase b) {
    return a.ordinal() < b.ordinal();
  }

  private boolean complete() {
    for (String step : stepsOf(state.phase())) {
      if (!state.done(step)) {
        return false;
      }
    }
    return true;
  }

  private List<String> stepsOf(Phase phase) {
    switch (phase) {
      case COPY:
        return List.of(PUBLISHED, "copy");
      case DUAL_WRITE:
        return List.of(PUBLISHED, FENCE, "catch-up");
      case VERIFY:
      case CANARY:
        return List.of(PUBLISHED, VERIFIED);
      case CUT_OVER:
        // The closing step: the source is fenced before the version that stops its writes is
        // published, so no reader on CANARY or earlier reads it once it misses a write.
        return List.of(FENCE, PUBLISHED);
      case ROLLBACK_WINDOW:
        return List.of(PUBLISHED, FENCE, "reverse");
      case DONE:
        // A strategy change renumbers partitions: after the cleanup, every group of the new table
        // refuses the old versions, then its rows get their new partition (docs/migration.md,
        // "Scans by partition").
        return plan.strategyChange()
            ? List.of(PUBLISHED, FENCE, GATE, "cleanup", RENUMBERING_FENCE, RESTAMP)
            : List.of(PUBLISHED, FENCE, GATE, "cleanup");
      case ROLLED_BACK:
        // The same closing step for the target, which readers of the window (and uncompared
        // canary readers) read.
        return List.of(FENCE, PUBLISHED, GATE, "cleanup");
      case PLANNED:
        break;
    }
    return List.of();
  }

  private void work() {
    Phase phase = state.phase();
    for (String step : stepsOf(phase)) {
      if (state.done(step)) {
        continue;
      }
      switch (step) {
        case PUBLISHED:
          publisher.publish(routes());
          save(state.withStep(PUBLISHED));
          return;
        case FENCE:
          CoordinatorUnits.fence(plan, stores, phase, state.version());
          save(state.withStep(FENCE));
          return;
        case GATE:
          if (gate != null) {
            gate.awaitVersion(state.version());
          }
          save(state.withStep(GATE));
          return;
        case VERIFIED:
          save(CoordinatorUnits.verify(plan, stores, state, batchSize, maxVerifyRounds, VERIFIED));
          return;
        case RENUMBERING_FENCE:
          CoordinatorUnits.renumberingFence(plan, stores, plan.versionOf(Phase.DONE));
          save(state.withStep(RENUMBERING_FENCE));
          return;
        case RESTAMP:
          save(CoordinatorUnits.restamp(plan, stores, state, RESTAMP, batchSize));
          return;
        default:
          save(CoordinatorUnits.pass(plan, stores, state, step, batchSize, archive));
          return;
      }
    }
  }

  private void save(MigrationState next) {
    stateStore.save(next);
    state = next;
  }

  @Override
  public String toString() {
    return "MigrationCoordinator{"
        + state.migrationId()
        + " "
        + state.phase()
        + " v"
        + state.version()
        + "}";
  }

  /**
   * Configures a {@link MigrationCoordinator}.
   *
   * <p><b>Thread-safety:</b> not thread-safe; build on one thread.
   */
  public static final class Builder {
    private final MigrationPlan plan;
    private final Map<String, MigrationStore> stores = new LinkedHashMap<>();
    private @Nullable MigrationStateStore stateStore; // required: build() refuses without one
    private @Nullable PhasePublisher publisher;
    private final List<Router> routers = new ArrayList<>();
    private final List<MigrationRouter> migrationRouters = new ArrayList<>();
    private @Nullable CutOverGate gate;
    private @Nullable ArchiveSink archive;
    private @Nullable String migrationId;
    private int batchSize = 500;
    private int maxVerifyRounds = 10;

    private Builder(MigrationPlan plan) {
      this.plan = Objects.requireNonNull(plan, "plan");
    }

    /**
     * The store of each group id that a movement names, and, for a strategy change ({@link
     * MigrationPlan#strategyChange()}), of every group of the new table, which the coordinator
     * fences and restamps after {@link Phase#DONE} (more are ignored).
     */
    public Builder stores(Map<String, ? extends MigrationStore> byGroupId) {
      stores.putAll(byGroupId);
      return this;
    }

    /** One group's store. */
    public Builder store(MigrationStore store) {
      stores.put(store.groupId(), store);
      return this;
    }

    /** Where progress is saved (required). */
    public Builder stateStore(MigrationStateStore stateStore) {
      this.stateStore = Objects.requireNonNull(stateStore, "stateStore");
      return this;
    }

    /** Core routers to {@code update} with each phase's table. */
    public Builder routers(Router... routers) {
      this.routers.addAll(List.of(routers));
      return this;
    }

    /** Migration routers to update with each phase's routes. */
    public Builder migrationRouters(MigrationRouter... routers) {
      this.migrationRouters.addAll(List.of(routers));
      return this;
    }

    /**
     * A publisher called after the routers are updated: {@link PhasePublisher#to} a routing file or
     * ZooKeeper, to reach the services in other processes.
     */
    public Builder publisher(PhasePublisher publisher) {
      this.publisher = Objects.requireNonNull(publisher, "publisher");
      return this;
    }

    /**
     * A gate awaited before each cleanup (after {@link Phase#DONE} or {@link Phase#ROLLED_BACK} is
     * published and its fences are set), so that the deletion starts when every live process is on
     * the final version.
     */
    public Builder gate(CutOverGate gate) {
      this.gate = Objects.requireNonNull(gate, "gate");
      return this;
    }

    /** Receives the source's rows before the final cleanup deletes them. */
    public Builder archive(ArchiveSink archive) {
      this.archive = Objects.requireNonNull(archive, "archive");
      return this;
    }

    /** The migration's id in the state store (default: entity and plan fingerprint). */
    public Builder migrationId(String id) {
      this.migrationId = Objects.requireNonNull(id, "migrationId");
      return this;
    }

    /** Keys examined per copy, verification or cleanup page (default 500). */
    public Builder batchSize(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("batchSize must be >= 1, got " + n);
      }
      this.batchSize = n;
      return this;
    }

    /** Verify-and-repair rounds before cut-over is refused (default 10). */
    public Builder maxVerifyRounds(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("maxVerifyRounds must be >= 1, got " + n);
      }
      this.maxVerifyRounds = n;
      return this;
    }

    /**
     * Builds the coordinator, loading the saved state of its id (or saving a new one).
     *
     * @throws IllegalStateException when the state store, the routers and publisher, or a group's
     *     store is missing (for a strategy change: of any group of the new table), or when the
     *     saved state belongs to another plan
     */
    public MigrationCoordinator build() {
      MigrationStateStore checkedStateStore = stateStore;
      if (checkedStateStore == null) {
        throw new IllegalStateException(
            "a coordinator needs a stateStore (MigrationStateStore.inDirectory, or your own)");
      }
      if (publisher == null && routers.isEmpty() && migrationRouters.isEmpty()) {
        throw new IllegalStateException(
            "a coordinator needs routers, migrationRouters or a publisher: new versions must reach"
                + " the services");
      }
      Set<String> missing = new LinkedHashSet<>();
      for (MigrationPlan.Movement m : plan.movements()) {
        if (!stores.containsKey(m.sourceGroup())) {
          missing.add(m.sourceGroup());
        }
        if (!stores.containsKey(m.targetGroup())) {
          missing.add(m.targetGroup());
        }
      }
      if (!missing.isEmpty()) {
        throw new IllegalStateException(
            "no store for groups "
                + missing
                + " that the plan moves keys from or to; stores are set for "
                + stores.keySet());
      }
      if (plan.strategyChange()) {
        for (ReplicaGroup g : plan.to().groups()) {
          if (!stores.containsKey(g.id())) {
            missing.add(g.id());
          }
        }
        if (!missing.isEmpty()) {
          throw new IllegalStateException(
              "no store for groups "
                  + missing
                  + " of the new table: a strategy change renumbers partitions, so after DONE the"
                  + " coordinator fences every group of the new table against the old versions and"
                  + " restamps its rows (docs/migration.md, 'Scans by partition'); give it the store"
                  + " of every group of the new table (stores are set for "
                  + stores.keySet()
                  + ")");
        }
      }
      return new MigrationCoordinator(this, checkedStateStore);
    }
  }

  /**
   * Waits, before the coordinator deletes the side a migration left (the source after {@link
   * Phase#DONE}, the target after {@link Phase#ROLLED_BACK}), until every live process routes with
   * at least the final version (a ZooKeeper version census can implement it). The fences make
   * correctness independent of the gate; the gate keeps the number of refused writes and reads
   * small. (The cut-over no longer waits on it: the source is fenced before the cut-over version is
   * published, see {@code docs/migration.md} §3.)
   *
   * <p><b>Stability:</b> evolving.
   */
  @FunctionalInterface
  public interface CutOverGate {
    /**
     * Returns when every live process is on {@code version} or later.
     *
     * @param version the version to wait for
     * @throws IllegalStateException when the wait gives up; the coordinator stops and can be
     *     resumed
     */
    void awaitVersion(long version);
  }

  /**
   * How a migration phase's routing version reaches the routers: the coordinator calls {@link
   * #publish} once per phase change, and again (with the same routes) after a restart, so it must
   * accept a repeated version. The default ({@link MigrationCoordinator.Builder#routers}) updates
   * routers in this process; to reach a fleet, publish through a {@link RoutingPublisher} with
   * {@link #to}: a routing file ({@link io.shardrouter.core.metadata.RoutingFilePublisher}, which
   * every process's {@link io.shardrouter.core.metadata.RoutingFileSource} reads) or ZooKeeper
   * ({@code ZkRoutingPublisher}).
   *
   * <p><b>Stability:</b> evolving.
   */
  @FunctionalInterface
  public interface PhasePublisher {
    /**
     * Makes {@code routes} (and {@code routes.table()}) the current version.
     *
     * @param routes the routes of the new version
     */
    void publish(MigrationRoutes routes);

    /**
     * Publishes each phase's table through {@code publisher}: reads the version published for the
     * entity and publishes {@code routes.table()} on top of it. A phase published again after a
     * restart finds its own version there with the same content and changes nothing.
     *
     * <p>Refused, with nothing published (and the coordinator's state kept, so it can be resumed
     * once the cause is fixed), naming the migration and the phase: a phase when the published
     * version is below the plan's source version, or nothing is published (the services would not
     * be on the table the plan moves keys from: publish the source table first), with an {@link
     * IllegalStateException}; a phase below the published version (a plan made from an older table
     * than the services serve, such as the target document of the last migration instead of its
     * final one), or one that conflicts with another table published meanwhile, with a {@link
     * PublishConflictException}.
     *
     * @param publisher where the fleet's routing sources read the entity's tables
     * @return the phase publisher, for {@link Builder#publisher}
     */
    static PhasePublisher to(RoutingPublisher publisher) {
      Objects.requireNonNull(publisher, "publisher");
      return new PhasePublisher() {
        @Override
        public void publish(MigrationRoutes routes) {
          RoutingTable table = routes.table();
          long published = publisher.publishedVersion(table.entity());
          MigrationPlan plan = routes.plan();
          String phase =
              "phase "
                  + routes.phase()
                  + " (version "
                  + routes.version()
                  + ") of the migration of '"
                  + table.entity()
                  + "'"
                  + (plan == null ? "" : " from version " + plan.from().version());
          if (plan != null && published < plan.from().version()) {
            throw new IllegalStateException(
                phase
                    + " was not published to "
                    + publisher
                    + ": "
                    + (published == RoutingPublisher.NOTHING_PUBLISHED
                        ? "nothing is published there"
                        : "version " + published + " is published there")
                    + ", so the services that read it do not serve the plan's source table; publish"
                    + " the source table (version "
                    + plan.from().version()
                    + ") there first, or plan the migration from the table the services serve");
          }
          if (published > routes.version()) {
            throw new PublishConflictException(
                table.entity(),
                published,
                routes.version(),
                phase
                    + " was not published to "
                    + publisher
                    + ": version "
                    + published
                    + " is published there, above this phase's. Either the plan was made from an"
                    + " older table than the services serve (plan again from the published table;"
                    + " after a migration that is its final document, not its target document), or"
                    + " another table of '"
                    + table.entity()
                    + "' was published while this migration runs (publish nothing else for it"
                    + " until the migration ends)");
          }
          try {
            publisher.publish(table, published);
          } catch (PublishConflictException e) {
            PublishConflictException c =
                new PublishConflictException(
                    e.entity(),
                    e.publishedVersion(),
                    e.offeredVersion(),
                    phase
                        + " was not published to "
                        + publisher
                        + ": "
                        + e.getMessage()
                        + ". Another table of '"
                        + table.entity()
                        + "' was published while the migration runs: publish nothing else for it"
                        + " until the migration ends, and find out who "
                        + (e.publishedVersion() == RoutingPublisher.NOTHING_PUBLISHED
                            ? "removed the published table"
                            : "published version " + e.publishedVersion())
                        + "; the coordinator publishes this phase again when it resumes");
            c.initCause(e);
            throw c;
          }
        }

        @Override
        public String toString() {
          return "PhasePublisher.to(" + publisher + ")";
        }
      };
    }
  }
}
