package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationState;
import io.shardrouter.migrate.MigrationStateStore;
import io.shardrouter.migrate.Phase;
import java.nio.charset.StandardCharsets;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

/** The migration's znodes: state claims and saves, goals, and each bad input named. */
class ZkMigrationControlTest {
  private final MigrationPlan plan =
      MigrationPlan.between(
          ZkTesting.table("orders", 1, 16, 4, 0), ZkTesting.table("orders", 2, 16, 5, 0));

  @Test
  void state_claimSaveLoad_andASecondClaimSupersedesTheFirst() throws Exception {
    try (TestingServer zk = new TestingServer();
        CuratorFramework client = ZkTesting.client(zk.getConnectString())) {
      ZkMigrationStateStore first = ZkMigrationStateStore.of(client);
      assertNull(first.load("m"));
      first.claim("m");
      assertNull(first.load("m"), "a claim alone saves no state");
      first.save(MigrationState.planned("m", "p", 1).enter(Phase.COPY, 2));
      assertEquals(Phase.COPY, first.load("m").phase());
      ZkMigrationStateStore second = ZkMigrationStateStore.of(client);
      second.claim("m");
      assertThrows(
          MigrationStateStore.ConflictException.class,
          () -> first.save(MigrationState.planned("m", "p", 1)));
      second.save(MigrationState.planned("m", "p", 1).enter(Phase.DUAL_WRITE, 3));
      assertEquals(Phase.DUAL_WRITE, ZkMigrationStateStore.of(client).load("m").phase());
      assertEquals("/shardrouter/migrations/m/state", first.statePath("m"));
    }
  }

  @Test
  void badInputs_refusedWithWhatAndWhere() throws Exception {
    try (TestingServer zk = new TestingServer();
        CuratorFramework client = ZkTesting.client(zk.getConnectString())) {
      ZkMigrationStateStore states = ZkMigrationStateStore.of(client);
      IllegalArgumentException id =
          assertThrows(IllegalArgumentException.class, () -> states.load("a/b"));
      assertTrue(id.getMessage().contains("migration id 'a/b'"), id.getMessage());
      client
          .create()
          .creatingParentsIfNeeded()
          .forPath(
              "/shardrouter/migrations/bad/state", "{not json".getBytes(StandardCharsets.UTF_8));
      IllegalStateException corrupt =
          assertThrows(IllegalStateException.class, () -> states.load("bad"));
      assertTrue(
          corrupt.getMessage().contains("/shardrouter/migrations/bad/state"), corrupt.getMessage());
      assertTrue(corrupt.getMessage().contains("delete the znode"), corrupt.getMessage());

      IllegalArgumentException goal =
          assertThrows(
              IllegalArgumentException.class,
              () -> ZkMigrationCoordinator.requestGoal(client, "/shardrouter", "m", Phase.PLANNED));
      assertTrue(goal.getMessage().contains("neither a forward phase"), goal.getMessage());
      assertNull(ZkMigrationCoordinator.goal(client, "/shardrouter", "m"));
      ZkMigrationCoordinator.requestGoal(client, "/shardrouter", "m", Phase.ROLLBACK_WINDOW);
      ZkMigrationCoordinator.requestGoal(client, "/shardrouter", "m", Phase.DONE); // again: set
      assertEquals(Phase.DONE, ZkMigrationCoordinator.goal(client, "/shardrouter", "m"));
      client
          .setData()
          .forPath("/shardrouter/migrations/m/goal", "soon".getBytes(StandardCharsets.UTF_8));
      IllegalStateException badGoal =
          assertThrows(
              IllegalStateException.class,
              () -> ZkMigrationCoordinator.goal(client, "/shardrouter", "m"));
      assertTrue(badGoal.getMessage().contains("'soon', not a phase"), badGoal.getMessage());

      IllegalStateException noId =
          assertThrows(
              IllegalStateException.class,
              () ->
                  ZkMigrationCoordinator.builder(client, plan)
                      .publisher(ZkRoutingPublisher.builder(client).build())
                      .build());
      assertTrue(noId.getMessage().contains("migrationId"), noId.getMessage());
      IllegalStateException noPublisher =
          assertThrows(
              IllegalStateException.class,
              () -> ZkMigrationCoordinator.builder(client, plan).migrationId("m").build());
      assertTrue(noPublisher.getMessage().contains("publisher"), noPublisher.getMessage());
      assertThrows(
          IllegalArgumentException.class,
          () -> ZkMigrationCoordinator.builder(client, plan).goal(Phase.PLANNED));
      assertThrows(
          IllegalArgumentException.class,
          () -> ZkMigrationCoordinator.builder(client, plan).batchSize(0));
    }
  }
}
