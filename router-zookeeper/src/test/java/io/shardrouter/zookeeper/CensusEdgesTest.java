package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingException;
import io.shardrouter.core.metadata.RoutingPublisher;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The census report's order and lines, and awaitConvergence's edges: version 0, waits, interrupts.
 */
class CensusEdgesTest {
  private static TestingServer server;
  private static CuratorFramework client;

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

  private static CensusReport.Entry entry(String id, long version) {
    return new CensusReport.Entry(
        id, version, version < 0 ? null : "f" + version, Instant.EPOCH, false, null);
  }

  @Test
  void report_instancesById_versionZeroIsAVersion_noTableIsNone() {
    CensusReport r =
        new CensusReport(
            "e",
            Instant.EPOCH,
            List.of(entry("b", 0), entry("c", -1), entry("a", 3), entry("d", 0)));
    List<String> ids = new ArrayList<>();
    for (CensusReport.Entry e : r.instances()) {
      ids.add(e.instance());
    }
    assertEquals(List.of("a", "b", "c", "d"), ids);
    assertEquals(
        List.of(
            "routing_version=v3: 25.0% (1 of 4)",
            "routing_version=v0: 50.0% (2 of 4)", "routing_version=none: 25.0% (1 of 4)"),
        r.distributionLines());
  }

  @Test
  void heartbeatOnly_aChangeThatCannotBeRead_isNotOnlyAHeartbeat() {
    Stat stat = new Stat();
    ChildData before = new ChildData("/c/x", stat, "garbage".getBytes(StandardCharsets.UTF_8));
    ChildData after = new ChildData("/c/x", stat, "rubbish".getBytes(StandardCharsets.UTF_8));
    assertFalse(VersionCensus.heartbeatOnly(CuratorCacheListener.Type.NODE_CHANGED, before, after));
  }

  @Test
  void awaitConvergence_versionZeroIsAVersion_timesOutOnAnEmptyCensus() {
    VersionCensus census = VersionCensus.of(client, "nobody");
    ConvergenceTimeoutException e =
        assertThrows(
            ConvergenceTimeoutException.class,
            () -> census.awaitConvergence(0, 1.0, Duration.ZERO));
    assertTrue(e.getMessage().contains("nobody"), e.getMessage());
  }

  @Test
  void awaitConvergence_timeout_namesTheShareReachedAndTheStragglers() throws Exception {
    io.shardrouter.zookeeper.internal.ZnodePaths paths =
        io.shardrouter.zookeeper.internal.ZnodePaths.of(
            io.shardrouter.zookeeper.internal.ZnodePaths.DEFAULT_BASE, "half");
    client.create().creatingParentsIfNeeded().forPath(paths.census("a"), entry("a", 3).toBytes());
    client.create().forPath(paths.census("b"), entry("b", 1).toBytes());
    ConvergenceTimeoutException e =
        assertThrows(
            ConvergenceTimeoutException.class,
            () -> VersionCensus.of(client, "half").awaitConvergence(3, 0.75, Duration.ZERO));
    assertTrue(
        e.getMessage()
            .startsWith(
                "version 3 of 'half' reached 50.0% of 2 live instances within PT0S, 75.0%"
                    + " required; stragglers: b (v1"),
        e.getMessage());
    assertEquals(2, e.report().instances().size());
  }

  @Test
  void awaitConvergence_interruptedWhileWaiting_saysSo_andKeepsTheInterrupt() throws Exception {
    VersionCensus census = VersionCensus.of(client, "waited-on");
    AtomicReference<RuntimeException> thrown = new AtomicReference<>();
    AtomicBoolean keptInterrupt = new AtomicBoolean();
    Thread waiter =
        new Thread(
            () -> {
              try {
                census.awaitConvergence(5, 1.0, ZkTesting.WAIT);
              } catch (RuntimeException e) {
                thrown.set(e);
              }
              keptInterrupt.set(Thread.currentThread().isInterrupted());
            },
            "census-waiter");
    waiter.start();
    ZkTesting.await("the waiter waiting", () -> waiter.getState() == Thread.State.TIMED_WAITING);
    waiter.interrupt();
    waiter.join(ZkTesting.WAIT.toMillis());
    assertFalse(waiter.isAlive());
    assertTrue(thrown.get() instanceof RoutingException, String.valueOf(thrown.get()));
    // almost always interrupted in its wait; rarely in the re-read the wait's bound makes
    assertTrue(
        thrown
                .get()
                .getMessage()
                .equals("interrupted while awaiting convergence of 'waited-on' on version 5")
            || thrown.get().getMessage().startsWith("interrupted while listing "),
        thrown.get().getMessage());
    assertTrue(keptInterrupt.get(), "the interrupt is kept");
  }

  @Test
  void awaitConvergence_waitsForTheFleetToCatchUp() throws Exception {
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    publisher.publish(ZkTesting.table("catching-up", 1), RoutingPublisher.NOTHING_PUBLISHED);
    VersionCensus census = VersionCensus.of(client, "catching-up");
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "catching-up")
            .instanceId("i1")
            .build()
            .start(ZkTesting.WAIT)) {
      census.awaitConvergence(1, 1.0, ZkTesting.WAIT);
      AtomicReference<Object> result = new AtomicReference<>();
      Thread waiter =
          new Thread(
              () -> {
                try {
                  result.set(census.awaitConvergence(2, 1.0, ZkTesting.WAIT));
                } catch (RuntimeException e) {
                  result.set(e);
                }
              },
              "census-waiter");
      waiter.start();
      // publish only once the waiter waits (or has already given up, which fails below)
      ZkTesting.await(
          "the waiter waiting",
          () -> result.get() != null || waiter.getState() == Thread.State.TIMED_WAITING);
      publisher.publish(ZkTesting.table("catching-up", 2), 1);
      waiter.join(ZkTesting.WAIT.toMillis() * 2);
      assertFalse(waiter.isAlive());
      assertTrue(result.get() instanceof CensusReport, String.valueOf(result.get()));
      assertEquals(Map.of(2L, 1), ((CensusReport) result.get()).counts());
      assertNull(source.status().lastError());
    }
  }
}
