package io.shardrouter.zookeeper;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.migrate.MigrationCoordinator;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Phase;
import io.shardrouter.zookeeper.internal.ZkErrors;
import io.shardrouter.zookeeper.internal.ZnodePaths;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.zookeeper.KeeperException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one migration's {@link MigrationCoordinator} on ZooKeeper so that it fails over: every
 * process that runs it for the same migration id joins a leader election (Curator's {@link
 * LeaderLatch} at {@code <base>/migrations/<id>/leader}); the leader claims the state znode ({@link
 * ZkMigrationStateStore}), resumes at the saved step and drives the migration toward the operator's
 * goal; the others wait as standbys. When the leader's ZooKeeper session ends (its process died, or
 * it was cut off), a standby becomes leader, claims the state and resumes at the saved step.
 *
 * <p><b>A former leader cannot do harm.</b> A leader that was paused (a long GC, a partition) may
 * not know it lost: its next save is refused, since the new leader's claim moved the state znode's
 * version, and it publishes each phase in a ZooKeeper transaction that checks that version, so its
 * publish is refused too; it then stops leading. Everything a coordinator does before it saves is
 * idempotent (copies and repairs write a row only when it is newer, fences are set to what the
 * saved phase asks), so the new leader redoing a step is safe.
 *
 * <p><b>The goal</b> is read from {@code <base>/migrations/<id>/goal} before every step ({@link
 * #requestGoal}: what {@code shardctl migrate cutover | finish | rollback} write), or is the
 * builder's initial goal while that znode is absent (by default {@link Phase#CANARY}: everything up
 * to the canary runs, then the migration waits for an operator to cut over). {@link #run} returns
 * when the migration is over ({@link Phase#DONE} or {@link Phase#ROLLED_BACK}).
 *
 * <p><b>Thread-safety:</b> {@link #run} on one thread; {@link #close} from any.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ZkMigrationCoordinator implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ZkMigrationCoordinator.class);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

  private final CuratorFramework client;
  private final String base;
  private final String migrationId;
  private final MigrationPlan plan;
  private final Map<String, MigrationStore> stores;
  private final ZkRoutingPublisher publisher;
  private final MigrationCoordinator.@Nullable CutOverGate gate;
  private final int batchSize;
  private final Phase initialGoal;
  private final String participant;
  private final Consumer<MigrationState> onStep;
  private final Duration idle;
  private final LeaderLatch latch;
  private volatile boolean closed;

  /**
   * The coordinator {@code b} describes, with the id and publisher {@link Builder#build} checked.
   */
  private ZkMigrationCoordinator(Builder b, String migrationId, ZkRoutingPublisher publisher) {
    this.client = b.client;
    this.base = b.base;
    this.migrationId = migrationId;
    this.plan = b.plan;
    this.stores = Map.copyOf(b.stores);
    this.publisher = publisher;
    this.gate = b.gate;
    this.batchSize = b.batchSize;
    this.initialGoal = b.goal;
    this.participant = b.participant;
    this.onStep = b.onStep;
    this.idle = b.idle;
    this.latch =
        new LeaderLatch(
            client,
            ZkMigrationStateStore.migrationPath(base, migrationId) + "/leader",
            participant);
  }

  /**
   * A builder for the migration {@code plan} run through {@code client} (started by the caller).
   */
  public static Builder builder(CuratorFramework client, MigrationPlan plan) {
    return new Builder(client, plan);
  }

  /**
   * Joins the election and runs the migration whenever this process leads it, until it is over.
   *
   * @return the final state ({@link Phase#DONE} or {@link Phase#ROLLED_BACK})
   * @throws InterruptedException when interrupted while waiting
   * @throws IllegalStateException when closed before the migration was over
   */
  public MigrationState run() throws InterruptedException {
    try {
      latch.start();
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "joining the election of migration '" + migrationId + "'");
    }
    while (!closed) {
      if (!latch.await(200, TimeUnit.MILLISECONDS)) {
        continue;
      }
      ZkMigrationStateStore states = ZkMigrationStateStore.of(client, base);
      MigrationCoordinator c;
      try {
        c = coordinator(states);
      } catch (MigrationStateStore.ConflictException e) {
        LOG.warn(
            "{}: could not claim migration '{}': {}", participant, migrationId, e.getMessage());
        continue;
      }
      LOG.info(
          "{} leads migration '{}' from {} v{}",
          participant,
          migrationId,
          c.phase(),
          c.state().version());
      try {
        MigrationState end = lead(c);
        if (end != null) {
          leave(); // the migration is over: a standby that leads next finds nothing to do
          return end;
        }
        LOG.warn("{} lost the lead of migration '{}' at {}", participant, migrationId, c.phase());
      } catch (MigrationStateStore.ConflictException
          | ZkRoutingPublisher.GuardException
          | PublishConflictException e) {
        LOG.warn(
            "{} was superseded as coordinator of migration '{}' and stops leading: {}",
            participant,
            migrationId,
            e.getMessage());
      }
    }
    throw new IllegalStateException(
        "coordinator " + participant + " of migration '" + migrationId + "' was closed");
  }

  private MigrationCoordinator coordinator(ZkMigrationStateStore states) {
    MigrationCoordinator.Builder b =
        MigrationCoordinator.builder(plan)
            .stores(stores)
            .stateStore(states)
            .migrationId(migrationId)
            .publisher(routes -> publish(states, routes))
            .batchSize(batchSize);
    if (gate != null) {
      b.gate(gate);
    }
    return b.build();
  }

  /** Publishes a phase on top of what is published, only while this leader's claim holds. */
  private void publish(ZkMigrationStateStore states, MigrationRoutes routes) {
    RoutingTable t = routes.table();
    ZkRoutingPublisher.Guard guard =
        new ZkRoutingPublisher.Guard(
            states.statePath(migrationId), states.claimedVersion(migrationId));
    publisher.publish(t, publisher.publishedVersion(t.entity()), guard);
  }

  /** Steps while this process leads; the final state, or null when the lead was lost. */
  private @Nullable MigrationState lead(MigrationCoordinator c) throws InterruptedException {
    int failures = 0;
    while (latch.hasLeadership() && !closed) {
      boolean more;
      try {
        aim(c);
        more = c.step();
        failures = 0;
      } catch (MigrationStateStore.ConflictException
          | ZkRoutingPublisher.GuardException
          | PublishConflictException e) {
        throw e;
      } catch (RuntimeException e) {
        // a database down, a verification that stays unclean: the state is saved; back off
        // (doubling up to MAX_BACKOFF) and try again, or take the operator's new goal
        Duration wait = backoff(++failures);
        LOG.error(
            "{}: a step of migration '{}' in {} failed ({} in a row); it is tried again in {}"
                + " (the state is saved; fix the cause, or request a rollback)",
            participant,
            migrationId,
            c.phase(),
            failures,
            wait,
            e);
        Thread.sleep(wait.toMillis());
        continue;
      }
      onStep.accept(c.state());
      if (!more) {
        if (c.phase().terminal()) {
          LOG.info("{}: migration '{}' is over: {}", participant, migrationId, c.phase());
          return c.state();
        }
        Thread.sleep(idle.toMillis()); // the goal is reached: wait for the operator's next one
      }
    }
    return null;
  }

  /** {@code idle} doubled per failure in a row, at most {@link #MAX_BACKOFF}. */
  private Duration backoff(int failures) {
    Duration d = idle;
    for (int i = 1; i < failures && d.compareTo(MAX_BACKOFF) < 0; i++) {
      d = d.multipliedBy(2);
    }
    return d.compareTo(MAX_BACKOFF) < 0 ? d : MAX_BACKOFF;
  }

  /** Points the coordinator at the goal in ZooKeeper (or the initial one). */
  private void aim(MigrationCoordinator c) {
    Phase goal = goal(client, base, migrationId);
    if (goal == null) {
      goal = initialGoal;
    }
    if (goal == Phase.ROLLED_BACK) {
      if (!c.state().rollingBack()) {
        if (c.phase() == Phase.DONE) {
          LOG.warn(
              "migration '{}' is DONE: the rollback requested is refused (plan a migration back)",
              migrationId);
          return;
        }
        c.requestRollback();
      }
    } else if (!c.state().rollingBack()) {
      c.target(goal);
    }
  }

  /**
   * Sets the goal of migration {@code migrationId}: a forward phase ({@link Phase#ROLLBACK_WINDOW}
   * to cut over, {@link Phase#DONE} to finish) or {@link Phase#ROLLED_BACK}. The leader reads it
   * before its next step; setting the same goal again changes nothing.
   *
   * @throws IllegalArgumentException when {@code goal} is neither
   */
  public static void requestGoal(
      CuratorFramework client, String base, String migrationId, Phase goal) {
    if (goal != Phase.ROLLED_BACK && !MigrationPlan.FORWARD.contains(goal)) {
      throw new IllegalArgumentException(
          "goal "
              + goal
              + " of migration '"
              + migrationId
              + "' is neither a forward phase "
              + MigrationPlan.FORWARD
              + " nor ROLLED_BACK");
    }
    String path = goalPath(base, migrationId);
    byte[] data = goal.name().getBytes(StandardCharsets.UTF_8);
    try {
      try {
        client.setData().forPath(path, data);
      } catch (KeeperException.NoNodeException e) {
        client.create().creatingParentsIfNeeded().forPath(path, data);
      }
    } catch (KeeperException.NodeExistsException e) {
      requestGoal(client, base, migrationId, goal); // created meanwhile: set it
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "setting the goal of migration '" + migrationId + "' at " + path);
    }
  }

  /** The goal set with {@link #requestGoal}, or null when none is set. */
  public static @Nullable Phase goal(CuratorFramework client, String base, String migrationId) {
    String path = goalPath(base, migrationId);
    byte @Nullable [] data; // null: a znode created without data (zkCli's "create PATH")
    try {
      data = client.getData().forPath(path);
    } catch (KeeperException.NoNodeException e) {
      return null;
    } catch (Exception e) {
      throw ZkErrors.wrap(e, "reading the goal of migration '" + migrationId + "' at " + path);
    }
    String name = data == null ? "" : new String(data, StandardCharsets.UTF_8).strip();
    try {
      return Phase.valueOf(name.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "the goal of migration '"
              + migrationId
              + "' at "
              + path
              + " is '"
              + name
              + "', not a phase; set it again (shardctl migrate cutover | finish | rollback)",
          e);
    }
  }

  private static String goalPath(String base, String migrationId) {
    return ZkMigrationStateStore.migrationPath(ZnodePaths.checkBase(base), migrationId) + "/goal";
  }

  /** True while this process leads the migration. */
  public boolean leading() {
    return latch.hasLeadership();
  }

  /** This participant's name in the election. */
  public String participant() {
    return participant;
  }

  /** Leaves the election; {@link #run} ends with {@link IllegalStateException}. */
  @Override
  public void close() {
    closed = true;
    leave();
  }

  private void leave() {
    try {
      latch.close(LeaderLatch.CloseMode.SILENT);
    } catch (IllegalStateException notStarted) {
      // run() never started the latch
    } catch (Exception e) {
      LOG.warn("{}: leaving the election of migration '{}' failed", participant, migrationId, e);
    }
  }

  @Override
  public String toString() {
    return "ZkMigrationCoordinator{" + migrationId + " as " + participant + "}";
  }

  /**
   * Builds a {@link ZkMigrationCoordinator}.
   *
   * <p><b>Thread-safety:</b> not thread-safe; build on one thread.
   */
  public static final class Builder {
    private final CuratorFramework client;
    private final MigrationPlan plan;
    private String base = ZnodePaths.DEFAULT_BASE;
    private @Nullable String migrationId;
    private final Map<String, MigrationStore> stores = new LinkedHashMap<>();
    private @Nullable ZkRoutingPublisher publisher;
    private MigrationCoordinator.@Nullable CutOverGate gate;
    private int batchSize = 500;
    private Phase goal = Phase.CANARY;
    private String participant =
        ProcessHandle.current().pid() + "@" + System.getProperty("user.name", "?");
    private Consumer<MigrationState> onStep = s -> {};
    private Duration idle = Duration.ofMillis(200);

    private Builder(CuratorFramework client, MigrationPlan plan) {
      this.client = Objects.requireNonNull(client, "client");
      this.plan = Objects.requireNonNull(plan, "plan");
    }

    /** The base path (default {@code /shardrouter}, where the routing tables are too). */
    public Builder base(String base) {
      this.base = ZnodePaths.checkBase(base);
      return this;
    }

    /** The migration's id: the same in every process that runs it (required). */
    public Builder migrationId(String id) {
      this.migrationId = ZnodePaths.checkName("migration id", id);
      return this;
    }

    /** The store of each group the plan moves keys from or to, by group id. */
    public Builder stores(Map<String, ? extends MigrationStore> byGroupId) {
      this.stores.putAll(byGroupId);
      return this;
    }

    /** Where each phase is published (required): the fleet follows it with ZkRoutingSource. */
    public Builder publisher(ZkRoutingPublisher publisher) {
      this.publisher = Objects.requireNonNull(publisher, "publisher");
      return this;
    }

    /** The gate before each cleanup (a version census: {@link VersionCensus}). */
    public Builder gate(MigrationCoordinator.CutOverGate gate) {
      this.gate = Objects.requireNonNull(gate, "gate");
      return this;
    }

    /** Rows per copy or verification batch (default 500). */
    public Builder batchSize(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("batch size must be >= 1, got " + n);
      }
      this.batchSize = n;
      return this;
    }

    /**
     * The goal while no operator set one ({@link #requestGoal}): default {@link Phase#CANARY}, so
     * the cut-over waits for an operator; {@link Phase#DONE} runs the migration to its end.
     */
    public Builder goal(Phase goal) {
      if (goal != Phase.ROLLED_BACK && !MigrationPlan.FORWARD.contains(goal)) {
        throw new IllegalArgumentException(
            "initial goal " + goal + " is neither a forward phase nor ROLLED_BACK");
      }
      this.goal = goal;
      return this;
    }

    /** This process's name in the election (default {@code <pid>@<user>}). */
    public Builder participant(String name) {
      this.participant = Objects.requireNonNull(name, "participant");
      return this;
    }

    /** Told of the state after every step this process makes as leader (progress, a display). */
    public Builder onStep(Consumer<MigrationState> listener) {
      this.onStep = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * How long the leader waits when the goal is reached, and after a failed step (200 ms, doubled
     * per failure in a row up to 30 s).
     */
    public Builder idle(Duration idle) {
      if (idle == null || idle.isNegative() || idle.isZero()) {
        throw new IllegalArgumentException("idle must be positive, got " + idle);
      }
      this.idle = idle;
      return this;
    }

    /**
     * The coordinator, not yet running ({@link #run}).
     *
     * @throws IllegalStateException when the migration id or the publisher is missing
     */
    public ZkMigrationCoordinator build() {
      String id = migrationId;
      ZkRoutingPublisher p = publisher;
      if (id == null) {
        throw new IllegalStateException(
            "a ZkMigrationCoordinator needs migrationId(...): every process that runs the"
                + " migration (leader and standbys) uses the same id");
      }
      if (p == null) {
        throw new IllegalStateException(
            "a ZkMigrationCoordinator needs publisher(ZkRoutingPublisher): each phase is"
                + " published where the fleet's ZkRoutingSource reads it");
      }
      return new ZkMigrationCoordinator(this, id, p);
    }
  }
}
