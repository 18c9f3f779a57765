package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.RoutingPublisher;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

class VersionCensusTest {
  @Test
  void census_instancesOnDifferentVersions_oneDies_convergenceAwaited() throws Exception {
    try (TestingServer server = new TestingServer();
        CuratorFramework admin = ZkTesting.client(server.getConnectString());
        CuratorFramework ca = ZkTesting.client(server.getConnectString());
        CuratorFramework cb = ZkTesting.client(server.getConnectString());
        CuratorFramework cc = ZkTesting.client(server.getConnectString())) {
      ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(admin).build();
      publisher.publish(ZkTesting.table("orders", 12), RoutingPublisher.NOTHING_PUBLISHED);
      VersionCensus census = VersionCensus.of(admin, "orders");
      try (ZkRoutingSource a = source(ca, "a");
          ZkRoutingSource b = source(cb, "b");
          ZkRoutingSource c = source(cc, "c")) {
        CensusReport all12 = census.awaitConvergence(12, 1.0, ZkTesting.WAIT);
        assertEquals(Map.of(12L, 3), all12.counts());

        // c is held inside its swap to 13: its census entry still says 12
        CountDownLatch cInSwap = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        c.router()
            .addListener(
                (before, after) -> {
                  cInSwap.countDown();
                  try {
                    release.await(20, TimeUnit.SECONDS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
        publisher.publish(ZkTesting.table("orders", 13), 12);
        assertTrue(cInSwap.await(20, TimeUnit.SECONDS));
        CensusReport split = census.awaitConvergence(13, 0.6, ZkTesting.WAIT);
        assertEquals(List.of(13L, 12L), List.copyOf(split.counts().keySet()));
        assertEquals(
            List.of("routing_version=v13: 66.7% (2 of 3)", "routing_version=v12: 33.3% (1 of 3)"),
            split.distributionLines());
        assertEquals("c (v12)", split.describeStragglers(13));
        assertEquals(13, split.newestVersion());

        ConvergenceTimeoutException late =
            assertThrows(
                ConvergenceTimeoutException.class,
                () -> census.awaitConvergence(13, 1.0, Duration.ofMillis(200)));
        assertEquals(
            "version 13 of 'orders' reached 66.7% of 3 live instances within PT0.2S, 100.0%"
                + " required; stragglers: c (v12); check their logs and their ZooKeeper connection"
                + " before cutting over",
            late.getMessage());
        assertEquals("c", late.report().instances().get(2).instance());

        // b stops: its session ends and its ephemeral node goes with it (a crashed process's
        // session expires after the session timeout, with the same effect)
        b.close();
        cb.close();
        ZkTesting.await("b gone from the census", () -> census.report().instances().size() == 2);
        assertEquals("a", census.report().instances().get(0).instance());

        release.countDown();
        CensusReport converged = census.awaitConvergence(13, 1.0, ZkTesting.WAIT);
        assertEquals(Map.of(13L, 2), converged.counts());
        assertEquals(1.0, converged.share(13));
        assertEquals("none", converged.describeStragglers(13));
        CensusReport.Entry entry = converged.instances().get(0);
        assertEquals(ZkTesting.table("orders", 13).fingerprint(), entry.fingerprint());
        assertTrue(entry.since() != null && !entry.servingLastKnownGood());
      }
    }
  }

  @Test
  void awaitConvergence_badArguments_andNoInstances() throws Exception {
    try (TestingServer server = new TestingServer();
        CuratorFramework admin = ZkTesting.client(server.getConnectString())) {
      VersionCensus census = VersionCensus.of(admin, "empty");
      assertEquals(
          "fraction must be in (0, 1] (1 = every live instance), got 0.0",
          assertThrows(
                  IllegalArgumentException.class,
                  () -> census.awaitConvergence(1, 0, Duration.ofSeconds(1)))
              .getMessage());
      assertEquals(
          "fraction must be in (0, 1] (1 = every live instance), got 1.5",
          assertThrows(
                  IllegalArgumentException.class,
                  () -> census.awaitConvergence(1, 1.5, Duration.ofSeconds(1)))
              .getMessage());
      assertEquals(
          "version must be >= 0, got -3",
          assertThrows(
                  IllegalArgumentException.class,
                  () -> census.awaitConvergence(-3, 1, Duration.ofSeconds(1)))
              .getMessage());
      assertTrue(census.report().instances().isEmpty());
      ConvergenceTimeoutException e =
          assertThrows(
              ConvergenceTimeoutException.class,
              () -> census.awaitConvergence(1, 1, Duration.ofMillis(50)));
      assertTrue(e.getMessage().contains("of 0 live instances"), e.getMessage());
    }
  }

  private static ZkRoutingSource source(CuratorFramework client, String instance) {
    return ZkRoutingSource.builder(client, "orders")
        .instanceId(instance)
        .build()
        .start(ZkTesting.WAIT);
  }
}
