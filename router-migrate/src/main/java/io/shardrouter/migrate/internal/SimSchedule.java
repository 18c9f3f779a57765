package io.shardrouter.migrate.internal;

import static io.shardrouter.migrate.internal.SimRows.bytes;
import static io.shardrouter.migrate.internal.SimRows.id;
import static io.shardrouter.migrate.internal.SimRows.routed;

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
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * One schedule of the deterministic simulation: writers, readers and a coordinator over in-memory
 * stores, interleaved by one seeded random source, with the invariants checked as it goes and at
 * the end (see {@code docs/migration.md}, "The simulation").
 *
 * <p><b>Stability:</b> internal.
 */
public final class SimSchedule {
  private static final int CLIENTS = 4;

  private final MigrationPlan plan;
  private final SplittableRandom rnd;
  private final boolean fenceOn;
  private final boolean dualOn;
  private final int events;
  private final List<String> trace;
  private final Map<String, InMemoryStore> stores = new TreeMap<>();
  private final MemoryStateStore stateStore = new MemoryStateStore();
  private final List<MigrationRoutes> published = new ArrayList<>();
  private final List<Delivery> deliveries = new ArrayList<>();
  private final MigrationRoutes[] routes = new MigrationRoutes[CLIENTS];
  private final boolean[] online = new boolean[CLIENTS];
  private final boolean[] sticky = new boolean[CLIENTS];
  private final List<List<Write>> buffers = new ArrayList<>();
  private final List<Map<String, Long>> ownAcks = new ArrayList<>();
  private final Map<String, Long> latestAck = new HashMap<>();
  private final List<Write> inflight = new ArrayList<>();
  private final List<Object[]> duplicates = new ArrayList<>();
  private final String[] keys;
  private final Phase rollbackAt;
  private MigrationCoordinator coordinator;
  private long tick;
  private long seq;

  /** Counters of the schedule. */
  public long acked, fenced, crashes, staleReads, lost, duplicated, canaryMismatches, rollbacks;

  /** The first violation, or null. */
  public String violation;

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

  private record Delivery(long at, int client, MigrationRoutes routes) {}

  /**
   * A schedule.
   *
   * @param plan the migration
   * @param seed its seed
   * @param fenceOn false to build the broken protocol whose stores ignore fences
   * @param dualOn false to build the broken protocol whose writers skip the second write
   * @param events random events before the schedule settles
   * @param trace receives a line per event, or null
   */
  public SimSchedule(
      MigrationPlan plan,
      long seed,
      boolean fenceOn,
      boolean dualOn,
      int events,
      List<String> trace) {
    this.plan = plan;
    this.rnd = new SplittableRandom(seed);
    this.fenceOn = fenceOn;
    this.dualOn = dualOn;
    this.events = events;
    this.trace = trace;
    for (ReplicaGroup g : plan.from().groups()) {
      stores.put(g.id(), new InMemoryStore(g.id()));
    }
    for (ReplicaGroup g : plan.to().groups()) {
      stores.putIfAbsent(g.id(), new InMemoryStore(g.id()));
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
      sticky[c] = rnd.nextInt(4) == 0;
      buffers.add(new ArrayList<>());
      ownAcks.add(new HashMap<>());
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

  /** Runs the schedule; returns false at the first violation (see {@link #violation}). */
  public boolean run() {
    restart();
    for (int i = 0; i < events && violation == null; i++) {
      tick++;
      event();
    }
    settle();
    if (violation == null) {
      finalCheck();
    }
    return violation == null;
  }

  private void log(String s) {
    if (trace != null) {
      trace.add("t" + tick + " " + s);
    }
  }

  private void event() {
    int r = rnd.nextInt(100);
    if (r < 24) {
      newWrite(rnd.nextInt(CLIENTS));
    } else if (r < 50) {
      advanceWrite();
    } else if (r < 62) {
      read(rnd.nextInt(CLIENTS));
    } else if (r < 72) {
      deliver(false);
    } else if (r < 88) {
      coordinatorStep(rnd.nextInt(12) == 0);
    } else if (r < 91) {
      log("coordinator killed");
      coordinator = null;
      crashes++;
    } else if (r < 95) {
      int c = rnd.nextInt(CLIENTS);
      online[c] = !online[c];
      log("client " + c + (online[c] ? " online, replays " + buffers.get(c).size() : " offline"));
      if (online[c]) {
        inflight.addAll(buffers.get(c));
        buffers.get(c).clear();
      }
    } else if (!duplicates.isEmpty()) {
      Object[] d = duplicates.remove(rnd.nextInt(duplicates.size()));
      log("duplicate delivery of " + d[1]);
      applyLeg((String) d[0], (Row) d[1]);
    }
  }

  private void publish(MigrationRoutes r) {
    MigrationRoutes last = published.get(published.size() - 1);
    if (r.version() > last.version()) {
      published.add(r);
      log("published v" + r.version() + " " + r.phase());
      for (int c = 0; c < CLIENTS; c++) {
        long delay = sticky[c] ? 20 + rnd.nextInt(200) : rnd.nextInt(20);
        deliveries.add(new Delivery(tick + delay, c, r));
      }
    }
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
        log("client " + d.client() + " now on v" + d.routes().version());
      }
    }
  }

  private void restart() {
    coordinator =
        MigrationCoordinator.builder(plan)
            .stores(stores)
            .stateStore(stateStore)
            .publisher(this::publish)
            .migrationId("sim")
            .batchSize(4 + rnd.nextInt(61))
            .maxVerifyRounds(10_000)
            .build();
    if (!coordinator.state().rollingBack()) {
      coordinator.target(Phase.DONE);
    }
  }

  private void coordinatorStep(boolean crashInside) {
    if (coordinator == null) {
      log("coordinator restarted");
      restart();
      return;
    }
    if (rollbackAt != null
        && coordinator.phase() == rollbackAt
        && !coordinator.state().rollingBack()
        && rnd.nextInt(3) == 0) {
      log("rollback requested in " + rollbackAt);
      coordinator.requestRollback();
      rollbacks = 1;
    }
    if (crashInside) {
      stateStore.crashNext(
          rnd.nextBoolean()
              ? MemoryStateStore.CrashPoint.BEFORE_SAVE
              : MemoryStateStore.CrashPoint.AFTER_SAVE);
    }
    try {
      coordinator.step();
    } catch (MemoryStateStore.Crash e) {
      log(e.getMessage());
      coordinator = null;
      crashes++;
    } catch (IllegalStateException e) {
      violation = "coordinator: " + e.getMessage();
    }
    stateStore.crashNext(MemoryStateStore.CrashPoint.NONE);
  }

  private void newWrite(int c) {
    String key = keys[rnd.nextInt(keys.length)];
    Write w = new Write(c, key, ++seq, routes[c].write(routed(key)));
    log("client " + c + " writes " + key + " seq " + w.seq + " " + w.route);
    if (online[c]) {
      inflight.add(w);
    } else {
      buffers.get(c).add(w);
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
    ReplicaGroup g = w.legs == 0 ? w.route.first() : w.route.second();
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
      MigrationRoutes latest = published.get(published.size() - 1);
      routes[w.client] = latest;
      w.route = latest.write(routed(w.key));
      w.legs = 0;
      log("MOVED: " + w.key + " seq " + w.seq + " retries on " + w.route);
      return;
    }
    if (rnd.nextInt(10) == 0) {
      duplicates.add(new Object[] {g.id(), row});
    }
    w.legs++;
    if (w.legs == 2 || w.route.second() == null || !dualOn) {
      inflight.remove(i);
      acked++;
      latestAck.merge(w.key, w.seq, Math::max);
      ownAcks.get(w.client).merge(w.key, w.seq, Math::max);
      log("acked " + w.key + " seq " + w.seq);
    }
  }

  /** Applies a client row to a group; false when fenced. */
  private boolean applyLeg(String group, Row row) {
    InMemoryStore s = stores.get(group);
    if (!fenceOn) {
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

  private void read(int c) {
    if (!online[c]) {
      return;
    }
    String key = keys[rnd.nextInt(keys.length)];
    ReadRoute route = routes[c].read(routed(key));
    boolean moved =
        fencedRead(route.group().id(), route)
            || (route.compareWith() != null && fencedRead(route.compareWith().id(), route));
    if (fenceOn && moved) {
      routes[c] = published.get(published.size() - 1);
      route = routes[c].read(routed(key));
      log("MOVED read of " + key + ", now v" + routes[c].version());
    }
    Row got = stores.get(route.group().id()).get(bytes(routed(key)), id(key));
    if (route.compareWith() != null) {
      Row auth = stores.get(route.compareWith().id()).get(bytes(routed(key)), id(key));
      if (got == null ? auth != null : auth == null || !got.sameContent(auth)) {
        canaryMismatches++;
      }
      got = auth;
    }
    Long mine = ownAcks.get(c).get(key);
    if (mine != null && (got == null || got.sequence() < mine)) {
      staleReads++;
      violation =
          "stale read: client "
              + c
              + " on "
              + route
              + " read "
              + key
              + " seq "
              + (got == null ? "none" : got.sequence())
              + " after its own write seq "
              + mine;
    }
  }

  private boolean fencedRead(String group, ReadRoute route) {
    for (Fence f : stores.get(group).fences()) {
      if (f.refuses(route.version(), route.partition())) {
        return true;
      }
    }
    return false;
  }

  private void settle() {
    for (int c = 0; c < CLIENTS; c++) {
      online[c] = true;
      inflight.addAll(buffers.get(c));
      buffers.get(c).clear();
    }
    int guard = 0;
    while (violation == null
        && (!inflight.isEmpty()
            || coordinator == null
            || !coordinator.state().phase().terminal()
            || coordinator.step())) {
      if (++guard > 200_000) {
        violation =
            "no progress while settling: "
                + coordinator
                + ", "
                + inflight.size()
                + " writes in flight";
        return;
      }
      tick++;
      int r = rnd.nextInt(4);
      if (r == 0 || inflight.isEmpty()) {
        coordinatorStep(false);
      } else if (r == 1) {
        deliver(true);
      } else {
        advanceWrite();
      }
    }
    while (violation == null && !duplicates.isEmpty()) {
      Object[] d = duplicates.remove(duplicates.size() - 1);
      applyLeg((String) d[0], (Row) d[1]);
    }
  }

  private void finalCheck() {
    RoutingTable last = coordinator.phase() == Phase.DONE ? plan.to() : plan.from();
    for (Map.Entry<String, Long> e : latestAck.entrySet()) {
      String key = e.getKey();
      String owner = last.route(routed(key)).group().id();
      Row row = stores.get(owner).get(bytes(routed(key)), id(key));
      if (row == null || row.sequence() != e.getValue()) {
        lost++;
        if (violation == null) {
          violation =
              "lost write: "
                  + key
                  + " latest acknowledged seq "
                  + e.getValue()
                  + ", owner "
                  + owner
                  + " ("
                  + coordinator.phase()
                  + ") holds "
                  + (row == null ? "nothing" : "seq " + row.sequence());
        }
      }
      for (InMemoryStore s : stores.values()) {
        if (!s.groupId().equals(owner) && s.get(bytes(routed(key)), id(key)) != null) {
          duplicated++;
          if (violation == null) {
            violation =
                "duplicated: " + key + " is on " + s.groupId() + " besides its owner " + owner;
          }
        }
      }
    }
  }
}
