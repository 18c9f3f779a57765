package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Phase;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One coordinator leading a migration of empty stores: a failed step retried after its back-off, a
 * rollback requested through the goal znode, a rollback refused once the migration is DONE, and the
 * election left on close.
 */
class ZkMigrationLeadTest {
  /** Generous, yet below the 30 s a back-off may grow to. */
  private static final long RUN_SECONDS = 25;

  private static TestingServer server;
  private static CuratorFramework client;
  private ExecutorService runner;

  @BeforeAll
  static void startServer() throws Exception {
    server = new TestingServer();
    client = ZkTesting.client(server.getConnectString());
  }

  @AfterAll
  static void stopServer() throws Exception {
    client.close();
    server.close();
  }

  @BeforeEach
  void startRunner() {
    runner = Executors.newSingleThreadExecutor();
  }

  @AfterEach
  void stopRunner() {
    runner.shutdownNow();
  }

  private static Map<String, MigrationStore> stores() {
    Map<String, MigrationStore> stores = new LinkedHashMap<>();
    for (int g = 0; g < 5; g++) {
      stores.put("g" + g, MigrationStore.inMemory("g" + g));
    }
    return stores;
  }

  private static ZkMigrationCoordinator.Builder coordinator(
      String entity, String id, Phase goal, Consumer<MigrationState> onStep) {
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    RoutingTable from = ZkTesting.table(entity, 1, 16, 4, 0);
    if (publisher.publishedVersion(entity) == ZkRoutingPublisher.NOTHING_PUBLISHED) {
      publisher.publish(from, ZkRoutingPublisher.NOTHING_PUBLISHED);
    }
    MigrationPlan plan = MigrationPlan.between(from, ZkTesting.table(entity, 2, 16, 5, 0));
    return ZkMigrationCoordinator.builder(client, plan)
        .migrationId(id)
        .stores(stores())
        .publisher(publisher)
        .goal(goal)
        .participant("solo")
        .idle(Duration.ofMillis(20))
        .onStep(onStep);
  }

  @Test
  void aStepThatFails_isRetriedAfterAShortBackOff_andTheMigrationFinishes() throws Exception {
    AtomicInteger gateCalls = new AtomicInteger();
    List<Boolean> leadingAtSteps = new CopyOnWriteArrayList<>();
    ZkMigrationCoordinator[] self = new ZkMigrationCoordinator[1];
    try (ZkMigrationCoordinator c =
        coordinator("retried", "retried-m", Phase.DONE, s -> leadingAtSteps.add(self[0].leading()))
            .gate(
                version -> {
                  if (gateCalls.incrementAndGet() <= 2) {
                    throw new IllegalStateException("not every process is on " + version + " yet");
                  }
                })
            .build()) {
      self[0] = c;
      assertEquals("solo", c.participant());
      Future<MigrationState> run = runner.submit(c::run);
      MigrationState end = run.get(RUN_SECONDS, TimeUnit.SECONDS);
      assertEquals(Phase.DONE, end.phase());
      assertEquals(3, gateCalls.get(), "refused twice, then passed");
      assertFalse(leadingAtSteps.isEmpty());
      assertFalse(leadingAtSteps.contains(false), "it leads at every step: " + leadingAtSteps);
      assertFalse(c.leading(), "a finished migration leaves the election");
    }
  }

  @Test
  void rollbackGoal_setWhileWaitingAtTheGoal_rollsTheMigrationBack() throws Exception {
    ZkMigrationCoordinator.Builder b =
        coordinator(
            "rolled",
            "rolled-m",
            Phase.DUAL_WRITE,
            s -> {
              if (s.phase() == Phase.DUAL_WRITE) {
                ZkMigrationCoordinator.requestGoal(
                    client, "/shardrouter", "rolled-m", Phase.ROLLED_BACK);
              }
            });
    try (ZkMigrationCoordinator c = b.build()) {
      MigrationState end = runner.submit(c::run).get(RUN_SECONDS, TimeUnit.SECONDS);
      assertEquals(Phase.ROLLED_BACK, end.phase());
    }
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    RoutingTable now = publisher.read("rolled");
    RoutingTable from = ZkTesting.table("rolled", 1, 16, 4, 0);
    for (int i = 0; i < 100; i++) {
      byte[] key = ("k" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      assertEquals(
          from.routeCanonical(key).group().id(),
          now.routeCanonical(key).group().id(),
          "rolled back: k" + i + " routes as before the migration");
    }
  }

  @Test
  void rollbackGoal_afterDone_isRefused_theMigrationStaysDone() throws Exception {
    try (ZkMigrationCoordinator c =
        coordinator("finished", "finished-m", Phase.DONE, s -> {}).build()) {
      assertEquals(Phase.DONE, runner.submit(c::run).get(RUN_SECONDS, TimeUnit.SECONDS).phase());
    }
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    long published = publisher.publishedVersion("finished");
    ZkMigrationCoordinator.requestGoal(client, "/shardrouter", "finished-m", Phase.ROLLED_BACK);
    try (ZkMigrationCoordinator again =
        coordinator("finished", "finished-m", Phase.DONE, s -> {}).build()) {
      MigrationState end = runner.submit(again::run).get(RUN_SECONDS, TimeUnit.SECONDS);
      assertEquals(Phase.DONE, end.phase());
    }
    assertEquals(published, publisher.publishedVersion("finished"), "nothing rolled back");
  }

  @Test
  void close_whileLeading_leavesTheElection_andRunSaysItWasClosed() throws Exception {
    CountDownLatch atGoal = new CountDownLatch(1);
    ZkMigrationCoordinator c =
        coordinator(
                "closed",
                "closed-m",
                Phase.COPY,
                s -> {
                  if (s.phase() == Phase.COPY) {
                    atGoal.countDown();
                  }
                })
            .idle(Duration.ofSeconds(2))
            .build();
    Future<MigrationState> run = runner.submit(c::run);
    assertTrue(atGoal.await(RUN_SECONDS, TimeUnit.SECONDS));
    assertTrue(c.leading());
    c.close();
    assertFalse(c.leading(), "close leaves the election at once");
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> run.get(RUN_SECONDS, TimeUnit.SECONDS));
    assertInstanceOf(IllegalStateException.class, e.getCause());
    assertEquals("coordinator solo of migration 'closed-m' was closed", e.getCause().getMessage());
    assertFalse(c.leading());
  }

  @Test
  void save_withoutAClaim_overAStateAnotherStoreWrote_claimsItAndSaves() {
    ZkMigrationStateStore first = ZkMigrationStateStore.of(client);
    first.claim("unclaimed-m");
    first.save(MigrationState.planned("unclaimed-m", "p", 1).enter(Phase.COPY, 2));
    first.save(MigrationState.planned("unclaimed-m", "p", 1).enter(Phase.DUAL_WRITE, 3));
    ZkMigrationStateStore second = ZkMigrationStateStore.of(client);
    second.save(MigrationState.planned("unclaimed-m", "p", 1).enter(Phase.VERIFY, 4));
    assertEquals(Phase.VERIFY, ZkMigrationStateStore.of(client).load("unclaimed-m").phase());
    assertThrows(
        io.shardrouter.migrate.MigrationStateStore.ConflictException.class,
        () -> first.save(MigrationState.planned("unclaimed-m", "p", 1).enter(Phase.CANARY, 5)),
        "the first store was superseded");
  }
}
