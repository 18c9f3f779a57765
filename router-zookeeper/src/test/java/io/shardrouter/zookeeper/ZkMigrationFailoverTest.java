package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.MigrationCoordinator;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A migration run by two {@link ZkMigrationCoordinator}s on a three-server ensemble: the leader's
 * ZooKeeper session is ended in each phase, the standby takes over at the saved step and finishes;
 * every phase is published once, in order, as the plan numbers it; every row ends on its owner
 * only. A paused former leader can neither save nor publish.
 */
class ZkMigrationFailoverTest {
  private static final String ENTITY = "orders";
  private static final String ID = "orders-4to5";
  private static final int KEYS = 300;

  private final RoutingTable from = ZkTesting.table(ENTITY, 1, 32, 4, 0);
  private final RoutingTable to = ZkTesting.table(ENTITY, 2, 32, 5, 0);
  private final MigrationPlan plan = MigrationPlan.between(from, to);

  /** A client whose session ends 3 s after it lost its server: a standby takes over soon. */
  private static CuratorFramework client(String connect) {
    return ZkTesting.client(connect, 3_000);
  }

  private Map<String, MigrationStore> storesWithRows() {
    Map<String, MigrationStore> stores = new LinkedHashMap<>();
    for (int g = 0; g < 5; g++) {
      stores.put("g" + g, MigrationStore.inMemory("g" + g));
    }
    MigrationRoutes routes = MigrationRoutes.of(from);
    for (int i = 0; i < KEYS; i++) {
      byte[] key = ("user-" + i).getBytes(StandardCharsets.UTF_8);
      var w = routes.write(key);
      stores
          .get(w.first().id())
          .apply(
              List.of(Row.of(key, bytes("r"), bytes("v" + i), w.version(), 1, w.partition())),
              MigrationStore.WriteOrigin.CLIENT);
    }
    return stores;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @ParameterizedTest
  @EnumSource(
      value = Phase.class,
      names = {"COPY", "DUAL_WRITE", "VERIFY", "CANARY", "CUT_OVER", "ROLLBACK_WINDOW", "DONE"})
  void leadersSessionEndsInAPhase_standbyFinishes_phasesPublishedOnceInOrder(Phase killIn)
      throws Exception {
    try (TestingCluster cluster = new TestingCluster(3)) {
      cluster.start();
      String connect = cluster.getConnectString();
      Map<String, MigrationStore> stores = storesWithRows();
      ExecutorService runners = Executors.newFixedThreadPool(2);
      List<String> steppedBy = new CopyOnWriteArrayList<>();
      try (CuratorFramework admin = client(connect);
          CuratorFramework a = client(connect);
          CuratorFramework b = client(connect)) {
        ZkRoutingPublisher adminPublisher = ZkRoutingPublisher.builder(admin).build();
        adminPublisher.publish(from, ZkRoutingPublisher.NOTHING_PUBLISHED);
        // the leader ends its own session after its first step in killIn: deterministic, however
        // short the phase
        AtomicReference<String> killed = new AtomicReference<>();
        Map<String, CuratorFramework> clients = Map.of("a", a, "b", b);
        ZkMigrationCoordinator ca = coordinator(a, "a", stores, steppedBy, killIn, killed, clients);
        ZkMigrationCoordinator cb = coordinator(b, "b", stores, steppedBy, killIn, killed, clients);
        Future<MigrationState> ra = runners.submit(ca::run);
        Thread.sleep(300); // a joins first, so it leads
        Future<MigrationState> rb = runners.submit(cb::run);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (killed.get() == null && System.nanoTime() < deadline) {
          Thread.sleep(5);
        }
        assertNotNull(killed.get(), "the migration reached " + killIn + " with a leader");
        MigrationState end = (killed.get().equals("a") ? rb : ra).get(60, TimeUnit.SECONDS);
        assertEquals(Phase.DONE, end.phase());
        ca.close();
        cb.close();

        // every phase once, in order, as the plan numbers it
        List<Long> versions = new ArrayList<>();
        for (ZkRoutingPublisher.PublishedVersion v : adminPublisher.history(ENTITY)) {
          versions.add(v.version());
          if (v.version() > 1) {
            Phase p = MigrationPlan.FORWARD.get((int) (v.version() - 2));
            assertEquals(
                plan.routes(p).table().fingerprint(),
                v.fingerprint(),
                "version " + v.version() + " is " + p + " as the plan builds it");
          }
        }
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L), versions, "killed in " + killIn);
        // both led, the killed one first, unless the kill came after the last step
        String other = killed.get().equals("a") ? "b" : "a";
        assertTrue(steppedBy.contains(killed.get()), steppedBy.toString());
        if (killIn != Phase.DONE) {
          assertTrue(steppedBy.contains(other), "the standby took over: " + steppedBy);
        }
        // every row on its owner under the final table, and nowhere else
        RoutingTable last = adminPublisher.read(ENTITY);
        for (int i = 0; i < KEYS; i++) {
          byte[] key = bytes("user-" + i);
          String owner = last.routeCanonical(key).group().id();
          for (Map.Entry<String, MigrationStore> e : stores.entrySet()) {
            boolean has = e.getValue().fetch(List.of(key)).size() == 1;
            assertEquals(
                e.getKey().equals(owner), has, "user-" + i + " on " + e.getKey() + ", " + killIn);
          }
        }
      } finally {
        runners.shutdownNow();
      }
    }
  }

  private ZkMigrationCoordinator coordinator(
      CuratorFramework client,
      String name,
      Map<String, MigrationStore> stores,
      List<String> log,
      Phase killIn,
      AtomicReference<String> killed,
      Map<String, CuratorFramework> clients) {
    return ZkMigrationCoordinator.builder(client, plan)
        .migrationId(ID)
        .stores(stores)
        .publisher(ZkRoutingPublisher.builder(client).build())
        .batchSize(16)
        .goal(Phase.DONE)
        .participant(name)
        .idle(Duration.ofMillis(20))
        .onStep(
            s -> {
              if (log.isEmpty() || !log.get(log.size() - 1).equals(name)) {
                log.add(name);
              }
              if (s.phase() == killIn && killed.compareAndSet(null, name)) {
                try {
                  clients
                      .get(name)
                      .getZookeeperClient()
                      .getZooKeeper()
                      .getTestable()
                      .injectSessionExpiration();
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              }
            })
        .build();
  }

  @Test
  void aPausedFormerLeader_canNeitherSaveNorPublish() throws Exception {
    try (TestingCluster cluster = new TestingCluster(3)) {
      cluster.start();
      try (CuratorFramework a = client(cluster.getConnectString());
          CuratorFramework b = client(cluster.getConnectString())) {
        ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(a).build();
        publisher.publish(from, ZkRoutingPublisher.NOTHING_PUBLISHED);
        Map<String, MigrationStore> stores = storesWithRows();
        ZkMigrationStateStore statesA = ZkMigrationStateStore.of(a);
        MigrationCoordinator leaderA =
            MigrationCoordinator.builder(plan)
                .stores(stores)
                .stateStore(statesA)
                .migrationId(ID)
                .publisher(
                    r ->
                        publisher.publish(
                            r.table(),
                            publisher.publishedVersion(ENTITY),
                            new ZkRoutingPublisher.Guard(
                                statesA.statePath(ID), statesA.claimedVersion(ID))))
                .build();
        leaderA.target(Phase.DUAL_WRITE);
        while (leaderA.phase() != Phase.COPY) {
          leaderA.step();
        }
        // a standby takes over while a is paused: it claims the state
        ZkMigrationStateStore statesB = ZkMigrationStateStore.of(b);
        statesB.claim(ID);
        long publishedAtTakeover = publisher.publishedVersion(ENTITY);
        assertEquals(Phase.COPY, statesB.load(ID).phase());
        MigrationStateStore.ConflictException save =
            assertThrows(
                MigrationStateStore.ConflictException.class,
                () -> statesA.save(leaderA.state().withStep("late")));
        assertTrue(save.getMessage().contains("another coordinator"), save.getMessage());
        // a resumes and tries to go on: its copy steps cannot be saved, its publish is refused
        RuntimeException refused =
            assertThrows(
                RuntimeException.class,
                () -> {
                  while (leaderA.step()) {
                    // until it fails
                  }
                });
        assertTrue(
            refused instanceof MigrationStateStore.ConflictException
                || refused instanceof ZkRoutingPublisher.GuardException,
            refused.toString());
        assertEquals(
            publishedAtTakeover,
            publisher.publishedVersion(ENTITY),
            "nothing a published after b's claim took effect");
        // and a guarded publish with a's stale claim is refused outright
        ZkRoutingPublisher.GuardException guard =
            assertThrows(
                ZkRoutingPublisher.GuardException.class,
                () ->
                    publisher.publish(
                        plan.routes(Phase.DUAL_WRITE).table(),
                        publisher.publishedVersion(ENTITY),
                        new ZkRoutingPublisher.Guard(
                            statesA.statePath(ID), statesA.claimedVersion(ID))));
        assertTrue(guard.getMessage().contains("another holder took over"), guard.getMessage());
        assertInstanceOf(Phase.class, statesB.load(ID).phase());
      }
    }
  }
}
