package io.shardrouter.migrate.internal.simulation;

import static io.shardrouter.migrate.internal.simulation.SimRows.bytes;
import static io.shardrouter.migrate.internal.simulation.SimRows.id;
import static io.shardrouter.migrate.internal.simulation.SimRows.routed;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationCoordinator;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.ReadRoute;
import io.shardrouter.migrate.Row;
import io.shardrouter.migrate.WriteRoute;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One schedule of the deterministic simulation: writers, readers and a coordinator over one store
 * per group, interleaved by one seeded random source, with the invariants checked as it goes and at
 * the end (see {@code docs/migration.md}, "The simulation").
 *
 * <p>A write is one event per leg; a read is one event to route it and one per group it reads (each
 * a fenced read, so fences and phases move between the route and the rows); the coordinator does
 * one unit per event and may die between units, between the store calls of a unit, or around the
 * save of its state.
 *
 * <p><b>Stability:</b> internal.
 */
final class SimSchedule {
  private static final int CLIENTS = 4;

  private final MigrationPlan plan;
  private final SplittableRandom rnd;
  private final Simulation.Protocol protocol;
  private final int events;
  private final @Nullable List<String> trace;
  private final Map<String, MigrationStore> stores;
  private final Map<String, MigrationStore> coordinatorStores = new LinkedHashMap<>();
  private final MemoryStateStore stateStore = new MemoryStateStore();
  private final List<MigrationRoutes> published = new ArrayList<>();
  private final List<Delivery> deliveries = new ArrayList<>();
  private final MigrationRoutes[] routes = new MigrationRoutes[CLIENTS];
  private final boolean[] online = new boolean[CLIENTS];
  private final boolean[] sticky = new boolean[CLIENTS];
  private final List<List<Write>> buffers = new ArrayList<>();
  private final Map<String, Long> latestAck = new HashMap<>();
  private final List<Write> inflight = new ArrayList<>();
  private final List<Read> pendingReads = new ArrayList<>();
  private final List<Leg> duplicates = new ArrayList<>();
  private final List<GroupFence> deferredFences = new ArrayList<>();
  private final String[] keys;
  private final @Nullable Phase rollbackAt; // null: this schedule does not roll back
  private @Nullable MigrationCoordinator coordinator; // null from a kill to the next step
  private boolean coordinatorIdle;
  private int crashCountdown;
  private boolean crashAfterCall;
  private boolean crashPending;
  private long tick;
  private long seq;

  /** Counters of the schedule. */
  public long acked,
      fenced,
      fencedReads,
      reads,
      abandoned,
      crashes,
      staleReads,
      lost,
      duplicated,
      canaryMismatches,
      rollbacks;

  /** The first violation, or null. */
  public @Nullable String violation;

  private static final class Write {
    final int client;
    final String key;
    final long seq;
    WriteRoute route;
    int legs;

    Write(int client, String key, long seq, WriteRoute route) {
      this.client = client;
      this.key = key;
      this.seq = seq;
      this.route = route;
    }
  }

  /** A read in flight: routed, then one fenced read per group it reads. */
  private static final class Read {
    final int client;
    final String key;
    final long mustSee;
    ReadRoute route;
    int legs;
    @Nullable Row first;

    Read(int client, String key, long mustSee, ReadRoute route) {
      this.client = client;
      this.key = key;
      this.mustSee = mustSee;
      this.route = route;
    }
  }

  private record Delivery(long at, int client, MigrationRoutes routes) {}

  /** A client row applied to a group, kept to be delivered again (a duplicate). */
  private record Leg(String group, Row row) {}

  /** A closing fence the variant without the closing step sets late, on its group. */
  private record GroupFence(String group, Fence fence) {}

  /** The gate of a coordinator unit is closed: the unit runs again at a later event. */
  private static final class GateClosed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GateClosed(long version) {
      super("gate waits for every live client on v" + version, null, false, false);
    }
  }

  /**
   * A schedule.
   *
   * @param plan the migration
   * @param seed its seed
   * @param protocol the protocol, the real one or a broken variant
   * @param stores one empty store per group id of both tables
   * @param events random events before the schedule settles
   * @param trace receives a line per event, or null
   */
  public SimSchedule(
      MigrationPlan plan,
      long seed,
      Simulation.Protocol protocol,
      Map<String, MigrationStore> stores,
      int events,
      @Nullable List<String> trace) {
    this.plan = plan;
    this.rnd = new SplittableRandom(seed);
    this.protocol = protocol;
    this.events = events;
    this.trace = trace;
    this.stores = stores;
    for (Map.Entry<String, MigrationStore> e : stores.entrySet()) {
      coordinatorStores.put(e.getKey(), new CoordinatorView(e.getValue()));
    }
    keys = new String[8 + rnd.nextInt(40)];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = "k" + i / 2 + (i % 2 == 0 ? "" : "#" + i); // two rows per key: ids "" and "#i"
    }
    MigrationRoutes initial = plan.routes(Phase.PLANNED);
    published.add(initial);
    for (int c = 0; c < CLIENTS; c++) {
      routes[c] = initial;
      online[c] = true;
      sticky[c] = c == CLIENTS - 1 || rnd.nextInt(4) == 0; // the last client is always late
      buffers.add(new ArrayList<>());
    }
    Phase[] candidates = {
      Phase.PLANNED,
      Phase.COPY,
      Phase.DUAL_WRITE,
      Phase.VERIFY,
      Phase.CANARY,
      Phase.CUT_OVER,
      Phase.ROLLBACK_WINDOW
    };
    rollbackAt = rnd.nextInt(3) == 0 ? candidates[rnd.nextInt(candidates.length)] : null;
  }

  /** The group ids a schedule of {@code plan} needs a store for, in a stable order. */
  static List<String> groupIds(MigrationPlan plan) {
    List<String> ids = new ArrayList<>();
    for (ReplicaGroup g : plan.from().groups()) {
      ids.add(g.id());
    }
    for (ReplicaGroup g : plan.to().groups()) {
      if (!ids.contains(g.id())) {
        ids.add(g.id());
      }
    }
    return ids;
  }

  /** Runs the schedule; returns false at the first violation (see {@link #violation}). */
  public boolean run() {
    restart();
    for (int i = 0; i < events && violation == null; i++) {
      tick++;
      applyDeferredFences();
      event();
    }
    settle();
    if (violation == null) {
      finalCheck();
    }
    return violation == null;
  }

  /** Adds a trace line; the line is built only when a trace is kept (replays, not runs). */
  private void log(Supplier<String> line) {
    if (trace != null) {
      trace.add("t" + tick + " " + line.get());
    }
  }

  private void event() {
    int r = rnd.nextInt(100);
    if (r < 20) {
      newWrite(rnd.nextInt(CLIENTS));
    } else if (r < 42) {
      advanceWrite();
    } else if (r < 49) {
      startRead(rnd.nextInt(CLIENTS));
    } else if (r < 56) {
      advanceRead();
    } else if (r < 66) {
      deliver(false);
    } else if (r < 86) {
      coordinatorStep(rnd.nextInt(8) == 0);
    } else if (r < 89) {
      log(() -> "coordinator killed");
      coordinator = null;
      crashes++;
    } else if (r < 93) {
      int c = rnd.nextInt(CLIENTS);
      online[c] = !online[c];
      log(
          () ->
              "client "
                  + c
                  + (online[c] ? " online, replays " + buffers.get(c).size() : " offline"));
      if (online[c]) {
        inflight.addAll(buffers.get(c));
        buffers.get(c).clear();
      }
    } else if (r < 95) {
      abandonWrite();
    } else if (!duplicates.isEmpty()) {
      Leg d = duplicates.remove(rnd.nextInt(duplicates.size()));
      log(() -> "duplicate delivery of " + d.row());
      applyLeg(d.group(), d.row());
    }
  }

  private void publish(MigrationRoutes r) {
    MigrationRoutes last = published.get(published.size() - 1);
    if (r.version() > last.version()) {
      published.add(r);
      log(() -> "published v" + r.version() + " " + r.phase());
      for (int c = 0; c < CLIENTS; c++) {
        long delay = sticky[c] ? 20 + rnd.nextInt(200) : rnd.nextInt(20);
        deliveries.add(new Delivery(tick + delay, c, r));
      }
    }
  }

  private MigrationRoutes latest() {
    return published.get(published.size() - 1);
  }

  private void deliver(boolean all) {
    if (deliveries.isEmpty()) {
      return;
    }
    int i = rnd.nextInt(deliveries.size());
    Delivery d = deliveries.get(i);
    if (all || d.at() <= tick || rnd.nextInt(8) == 0) {
      deliveries.remove(i);
      if (d.routes().version() > routes[d.client()].version()) {
        routes[d.client()] = d.routes();
        log(() -> "client " + d.client() + " now on v" + d.routes().version());
      }
    }
  }

  /** True when every online client routes with {@code version} or later (a version census). */
  private boolean everyLiveClientOn(long version) {
    for (int c = 0; c < CLIENTS; c++) {
      if (online[c] && routes[c].version() < version) {
        return false;
      }
    }
    return true;
  }

  private void restart() {
    coordinator =
        MigrationCoordinator.builder(plan)
            .stores(coordinatorStores)
            .stateStore(stateStore)
            .publisher(this::publish)
            .gate(
                v -> {
                  if (!everyLiveClientOn(v)) {
                    throw new GateClosed(v);
                  }
                })
            .migrationId("sim")
            .batchSize(4 + rnd.nextInt(61))
            .maxVerifyRounds(10_000)
            .build();
    if (!coordinator.state().rollingBack()) {
      coordinator.target(Phase.DONE);
    }
    coordinatorIdle = false;
  }

  private void coordinatorStep(boolean crashInside) {
    if (coordinator == null) {
      log(() -> "coordinator restarted");
      restart();
      return;
    }
    for (GroupFence d : deferredFences) {
      if (d.fence().minVersion() <= latest().version()) {
        log(() -> "coordinator waits on the gate before its late fence");
        return; // a publish-gate-fence unit is not done until its fence is set
      }
    }
    if (rollbackAt != null
        && coordinator.phase() == rollbackAt
        && !coordinator.state().rollingBack()
        && rnd.nextInt(3) == 0) {
      log(() -> "rollback requested in " + rollbackAt);
      coordinator.requestRollback();
      rollbacks = 1;
    }
    if (crashInside) {
      switch (rnd.nextInt(3)) {
        case 0:
          stateStore.crashNext(MemoryStateStore.CrashPoint.BEFORE_SAVE);
          break;
        case 1:
          stateStore.crashNext(MemoryStateStore.CrashPoint.AFTER_SAVE);
          break;
        default:
          crashCountdown = 1 + rnd.nextInt(3); // dies at a store call inside the unit
          crashAfterCall = rnd.nextBoolean();
          break;
      }
    }
    try {
      coordinatorIdle = !coordinator.step();
    } catch (MemoryStateStore.Crash e) {
      log(() -> e.getMessage());
      coordinator = null;
      crashes++;
    } catch (GateClosed e) {
      log(() -> e.getMessage());
    } catch (IllegalStateException e) {
      violation = "coordinator: " + e.getMessage();
    }
    stateStore.crashNext(MemoryStateStore.CrashPoint.NONE);
    crashCountdown = 0;
    crashPending = false;
  }

  /**
   * The broken variant without the cut-over's closing step: a fence that must precede the version
   * stopping its group's writes (the source at CUT_OVER, the target at ROLLED_BACK) is set only
   * once that version is published and every live client has it, as a gate-then-fence cut-over
   * would.
   */
  private void applyDeferredFences() {
    for (int i = 0; i < deferredFences.size(); i++) {
      GroupFence d = deferredFences.get(i);
      Fence f = d.fence();
      if (latest().version() >= f.minVersion() && everyLiveClientOn(f.minVersion())) {
        deferredFences.remove(i--);
        storeOf(d.group()).setFence(f);
        log(() -> "late fence " + f + " on " + d.group());
      }
    }
  }

  private void newWrite(int c) {
    String key = keys[rnd.nextInt(keys.length)];
    Write w = new Write(c, key, ++seq, routes[c].write(routed(key)));
    log(() -> "client " + c + " writes " + key + " seq " + w.seq + " " + w.route);
    if (online[c]) {
      inflight.add(w);
    } else {
      buffers.get(c).add(w);
    }
  }

  /** A writer dies after the first leg of a dual write: the write is never acknowledged. */
  private void abandonWrite() {
    for (int i = 0; i < inflight.size(); i++) {
      Write w = inflight.get(i);
      if (w.legs == 1) {
        inflight.remove(i);
        abandoned++;
        log(() -> "writer of " + w.key + " seq " + w.seq + " died after its first leg");
        return;
      }
    }
  }

  private void advanceWrite() {
    if (inflight.isEmpty()) {
      return;
    }
    int i = rnd.nextInt(inflight.size());
    Write w = inflight.get(i);
    if (!online[w.client]) {
      return;
    }
    ReplicaGroup g =
        w.legs == 0
            ? w.route.first()
            : Objects.requireNonNull(w.route.second(), "a second leg is a dual write's");
    Row row =
        Row.of(
            bytes(routed(w.key)),
            id(w.key),
            bytes("v" + w.seq),
            w.route.version(),
            w.seq,
            w.route.partition());
    if (!applyLeg(g.id(), row)) {
      fenced++;
      routes[w.client] = latest();
      w.route = latest().write(routed(w.key));
      w.legs = 0;
      log(() -> "MOVED: " + w.key + " seq " + w.seq + " retries on " + w.route);
      return;
    }
    if (rnd.nextInt(10) == 0) {
      duplicates.add(new Leg(g.id(), row));
    }
    w.legs++;
    if (w.legs == 2 || w.route.second() == null || protocol == Simulation.Protocol.NO_DUAL_WRITE) {
      inflight.remove(i);
      acked++;
      latestAck.merge(w.key, w.seq, Math::max);
      log(() -> "acked " + w.key + " seq " + w.seq);
    }
  }

  /** Applies a client row to a group; false when fenced. */
  private boolean applyLeg(String group, Row row) {
    MigrationStore s = storeOf(group);
    if (protocol == Simulation.Protocol.NO_FENCE) {
      s.apply(List.of(row), MigrationStore.WriteOrigin.MIGRATION);
      return true;
    }
    List<Fence> fences = s.fences();
    MigrationStore.ApplyResult r = s.apply(List.of(row), MigrationStore.WriteOrigin.CLIENT);
    if (r.refused()) {
      return false;
    }
    for (Fence f : fences) {
      if (f.refuses(row)) {
        violation = "fenced write applied: " + row + " on " + group + " past " + f;
      }
    }
    return true;
  }

  /** A client routes a read; the acknowledged writes before this moment are what it must see. */
  private void startRead(int c) {
    if (!online[c]) {
      return;
    }
    String key = keys[rnd.nextInt(keys.length)];
    ReadRoute route = routes[c].read(routed(key));
    pendingReads.add(new Read(c, key, latestAck.getOrDefault(key, 0L), route));
    log(() -> "client " + c + " routes a read of " + key + " " + route);
  }

  private void advanceRead() {
    if (pendingReads.isEmpty()) {
      return;
    }
    int i = rnd.nextInt(pendingReads.size());
    Read rd = pendingReads.get(i);
    if (!online[rd.client]) {
      return;
    }
    ReplicaGroup g =
        rd.legs == 0
            ? rd.route.group()
            : Objects.requireNonNull(rd.route.compareWith(), "a second leg is a compared read's");
    MigrationStore s = storeOf(g.id());
    byte[] key = bytes(routed(rd.key));
    MigrationStore.ReadResult got =
        protocol == Simulation.Protocol.NO_READ_FENCE
            ? new MigrationStore.ReadResult(s.fetch(List.of(key)), null)
            : s.read(rd.route.version(), rd.route.partition(), key);
    if (got.refused()) {
      fencedReads++;
      routes[rd.client] = latest();
      rd.route = latest().read(routed(rd.key));
      rd.legs = 0;
      log(() -> "MOVED read of " + rd.key + " on " + g.id() + ", retries on " + rd.route);
      return;
    }
    Row row = got.row(id(rd.key));
    if (rd.legs == 0 && rd.route.compareWith() != null) {
      rd.first = row;
      rd.legs = 1;
      return;
    }
    pendingReads.remove(i);
    this.reads++;
    if (rd.route.compareWith() != null) {
      Row canary = rd.first;
      if (row == null ? canary != null : canary == null || !row.sameContent(canary)) {
        canaryMismatches++;
      }
    }
    if (rd.mustSee > 0 && (row == null || row.sequence() < rd.mustSee)) {
      staleReads++;
      violation =
          "stale read: client "
              + rd.client
              + " on "
              + rd.route
              + " read "
              + rd.key
              + " seq "
              + (row == null ? "none" : row.sequence())
              + " from "
              + g.id()
              + ", but seq "
              + rd.mustSee
              + " was acknowledged before the read began";
    } else {
      log(
          () ->
              "read "
                  + rd.key
                  + " seq "
                  + (row == null ? "none" : row.sequence())
                  + " "
                  + rd.route);
    }
  }

  private boolean coordinatorFinished() {
    return coordinator != null
        && coordinatorIdle
        && coordinator.state().phase().terminal()
        && deferredFences.isEmpty();
  }

  private void settle() {
    for (int c = 0; c < CLIENTS; c++) {
      online[c] = true;
      inflight.addAll(buffers.get(c));
      buffers.get(c).clear();
    }
    int guard = 0;
    // Drive: the load goes on, versions arrive late, until the coordinator has finished; so every
    // schedule passes its cut-over (or rollback) under load, not only those that reach it early.
    while (violation == null && !coordinatorFinished()) {
      if (++guard > 20_000) {
        violation = "no progress while driving the coordinator to its end: " + coordinator;
        return;
      }
      tick++;
      applyDeferredFences();
      // New requests only from CANARY on: the passes before it ran under the random events, and
      // the hand-over of the reads and writes is what a late client can break.
      Phase phase = coordinator == null ? null : coordinator.phase();
      // Each client has at most two requests in flight, so the load never outgrows the stores.
      boolean load =
          phase != null
              && phase.ordinal() >= Phase.CANARY.ordinal()
              && inflight.size() + pendingReads.size() < 2 * CLIENTS;
      int r = rnd.nextInt(100);
      if (r < 12) {
        if (load) {
          newWrite(rnd.nextInt(CLIENTS));
        }
      } else if (r < 30) {
        advanceWrite();
      } else if (r < 40) {
        if (load) {
          startRead(rnd.nextInt(CLIENTS));
        }
      } else if (r < 52) {
        advanceRead();
      } else if (r < 64) {
        deliver(false);
      } else {
        coordinatorStep(rnd.nextInt(8) == 0);
      }
    }
    // Drain: no new requests; every write and read completes, every version arrives.
    while (violation == null
        && (!inflight.isEmpty()
            || !pendingReads.isEmpty()
            || !deliveries.isEmpty()
            || !coordinatorFinished())) {
      if (++guard > 200_000) {
        violation =
            "no progress while settling: "
                + coordinator
                + ", "
                + inflight.size()
                + " writes and "
                + pendingReads.size()
                + " reads in flight";
        return;
      }
      tick++;
      applyDeferredFences();
      int r = rnd.nextInt(5);
      if (r == 0 || (inflight.isEmpty() && pendingReads.isEmpty() && deliveries.isEmpty())) {
        coordinatorStep(false);
      } else if (r == 1) {
        deliver(true);
      } else if (r == 2) {
        advanceRead();
      } else {
        advanceWrite();
      }
    }
    while (violation == null && !duplicates.isEmpty()) {
      Leg d = duplicates.remove(duplicates.size() - 1);
      applyLeg(d.group(), d.row());
    }
  }

  /** The store of {@code group}: the schedule has one for every group id of both tables. */
  private MigrationStore storeOf(String group) {
    return Objects.requireNonNull(stores.get(group), "no store for group " + group);
  }

  private void finalCheck() {
    // settle() ends with the coordinator finished, or with a violation and no final check
    MigrationCoordinator finished = Objects.requireNonNull(coordinator, "a finished coordinator");
    RoutingTable last = finished.phase() == Phase.DONE ? plan.to() : plan.from();
    for (String key : keys) {
      String owner = last.route(routed(key)).group().id();
      Long ack = latestAck.get(key);
      Row row = storeOf(owner).get(bytes(routed(key)), id(key));
      if (ack != null && (row == null || row.sequence() < ack)) {
        lost++;
        if (violation == null) {
          violation =
              "lost write: "
                  + key
                  + " latest acknowledged seq "
                  + ack
                  + ", owner "
                  + owner
                  + " ("
                  + finished.phase()
                  + ") holds "
                  + (row == null ? "nothing" : "seq " + row.sequence());
        }
      }
      for (Map.Entry<String, MigrationStore> e : stores.entrySet()) {
        if (!e.getKey().equals(owner) && e.getValue().get(bytes(routed(key)), id(key)) != null) {
          duplicated++;
          if (violation == null) {
            violation =
                "duplicated: "
                    + key
                    + " is on "
                    + e.getKey()
                    + ", which does not own it ("
                    + owner
                    + " does)";
          }
        }
      }
    }
  }

  /**
   * The coordinator's view of a store: it can die at a store call inside a unit (before or after
   * the call takes effect), and, in the variant without the closing step, its closing fences are
   * deferred (see {@link #applyDeferredFences}).
   */
  private final class CoordinatorView implements MigrationStore {
    private final MigrationStore store;

    CoordinatorView(MigrationStore store) {
      this.store = store;
    }

    private void beforeCall(String what) {
      if (crashCountdown > 0 && --crashCountdown == 0) {
        if (!crashAfterCall) {
          throw new MemoryStateStore.Crash("before " + what + " on " + store.groupId());
        }
        crashPending = true;
      }
    }

    private void afterCall(String what) {
      if (crashPending) {
        crashPending = false;
        throw new MemoryStateStore.Crash("after " + what + " on " + store.groupId());
      }
    }

    @Override
    public String groupId() {
      return store.groupId();
    }

    @Override
    public ScanPage scan(io.shardrouter.migrate.Part part, byte @Nullable [] cursor, int limit) {
      return store.scan(part, cursor, limit);
    }

    @Override
    public ApplyResult apply(List<Row> rows, WriteOrigin origin) {
      beforeCall("an apply");
      ApplyResult r = store.apply(rows, origin);
      afterCall("an apply");
      return r;
    }

    @Override
    public ReadResult read(long version, int partition, byte[] key) {
      return store.read(version, partition, key);
    }

    @Override
    public List<Row> fetch(List<byte[]> keys) {
      return store.fetch(keys);
    }

    @Override
    public @Nullable Row get(byte[] key, byte[] id) {
      return store.get(key, id);
    }

    @Override
    public PartStats stats(io.shardrouter.migrate.Part part) {
      return store.stats(part);
    }

    @Override
    public void setFence(Fence fence) {
      beforeCall("setting " + fence);
      boolean closing = fence.phase() == Phase.CUT_OVER || fence.phase() == Phase.ROLLED_BACK;
      if (protocol == Simulation.Protocol.FENCE_AFTER_PUBLISH && closing) {
        deferredFences.add(new GroupFence(store.groupId(), fence));
      } else {
        store.setFence(fence);
      }
      afterCall("setting " + fence);
    }

    @Override
    public void clearFence(int partition) {
      beforeCall("clearing a fence");
      store.clearFence(partition);
      afterCall("clearing a fence");
    }

    @Override
    public List<Fence> fences() {
      return store.fences();
    }

    @Override
    public void deleteRows(List<Row> rows) {
      beforeCall("a delete");
      store.deleteRows(rows);
      afterCall("a delete");
    }
  }
}
