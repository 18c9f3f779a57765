package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.RoutingPublisher;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The census as an operator reads it while watchers start, die and reconnect: the default instance
 * id, the heartbeat that marks a killed process stale long before its session expires, the node a
 * closed source removes at once, the node back after a server restart, and an instance that started
 * from its last-known-good copy.
 */
@Timeout(120)
class CensusHeartbeatTest {
  @TempDir Path dir;

  @Test
  void defaultInstanceId_appearsInCensus_withHeartbeat() throws Exception {
    String id = ZkRoutingSource.defaultInstanceId();
    assertTrue(id.endsWith(":" + ProcessHandle.current().pid()), id);
    try (TestingServer server = new TestingServer();
        CuratorFramework admin = ZkTesting.client(server.getConnectString());
        CuratorFramework c = ZkTesting.client(server.getConnectString())) {
      publishFirst(admin, 3);
      try (ZkRoutingSource source =
          ZkRoutingSource.builder(c, "orders").instanceId(id).build().start(ZkTesting.WAIT)) {
        VersionCensus census = VersionCensus.of(admin, "orders");
        ZkTesting.await(
            id + " in the census on version 3",
            () -> census.report().instances().stream().anyMatch(e -> e.version() == 3));
        CensusReport.Entry e = census.report().instances().get(0);
        assertEquals(id, e.instance());
        assertEquals(ZkRoutingSource.DEFAULT_HEARTBEAT, e.heartbeatEvery());
        assertEquals(Duration.ofSeconds(15), e.staleAfter());
        assertNotNull(e.heartbeatAt());
        assertFalse(e.stale(census.report().takenAt()));
      }
    }
  }

  @Test
  void killedProcess_markedStaleWithinThreshold_ageGrows_untilSessionExpires() throws Exception {
    try (TestingServer server = new TestingServer();
        CuratorFramework admin = ZkTesting.client(server.getConnectString())) {
      VersionCensus census = publishFirst(admin, 1);
      Process child = child(server, "killed", 500, false);
      try {
        ZkTesting.await("killed in the census", () -> census.report().instances().size() == 1);
        Thread.sleep(2_000); // several heartbeats: a live process is not stale
        CensusReport alive = census.report();
        assertEquals(List.of(), alive.stale(), alive::toString);
        assertEquals(Duration.ofMillis(1_500), alive.instances().get(0).staleAfter());

        child.destroyForcibly().waitFor(20, TimeUnit.SECONDS); // kill -9: no close, session stays
        long killed = System.nanoTime();
        ZkTesting.await("killed marked stale", () -> census.report().stale().size() == 1);
        long toStale = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
        assertTrue(toStale < 1_500 + 1_000, "stale " + toStale + " ms after the kill");
        CensusReport first = census.report();
        Thread.sleep(500);
        CensusReport later = census.report();
        assertEquals(1, later.instances().size(), "ZooKeeper still holds the node");
        CensusReport.Entry e = later.instances().get(0);
        assertTrue(
            e.heartbeatAge(later.takenAt())
                    .compareTo(first.instances().get(0).heartbeatAge(first.takenAt()))
                > 0,
            "the age grows");
        assertTrue(
            later.describeStragglers(2).startsWith("killed (v1, stale: no heartbeat for "),
            later.describeStragglers(2));
        assertTrue(later.toString().endsWith("; 1 stale"), later::toString);
      } finally {
        child.destroyForcibly();
      }
    }
  }

  @Test
  void close_removesTheEntryAtOnce() throws Exception {
    try (TestingServer server = new TestingServer();
        CuratorFramework admin = ZkTesting.client(server.getConnectString());
        CuratorFramework c = ZkTesting.client(server.getConnectString())) {
      VersionCensus census = publishFirst(admin, 1);
      ZkRoutingSource source =
          ZkRoutingSource.builder(c, "orders").instanceId("leaving").build().start(ZkTesting.WAIT);
      ZkTesting.await("leaving in the census", () -> census.report().instances().size() == 1);
      source.close();
      assertEquals(List.of(), census.report().instances(), "gone when close() returns");
      assertTrue(c.getZookeeperClient().isConnected(), "the client and its session stay");
    }
  }

  @Test
  void sigterm_shutdownHookClosesSource_leavesNoEntry() throws Exception {
    try (TestingServer server = new TestingServer();
        CuratorFramework admin = ZkTesting.client(server.getConnectString())) {
      VersionCensus census = publishFirst(admin, 1);
      Process child = child(server, "terminated", 500, true);
      try {
        ZkTesting.await("terminated in the census", () -> census.report().instances().size() == 1);
        child.destroy(); // SIGTERM: the hook closes the source, not the client
        assertTrue(child.waitFor(20, TimeUnit.SECONDS));
        // the session outlives the process by a minute: only the hook's close() removed the node
        assertEquals(List.of(), census.report().instances());
      } finally {
        child.destroyForcibly();
      }
    }
  }

  @Test
  void serverRestart_instanceBackInCensus_logSaysReconnected() throws Exception {
    PrintStream err = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (TestingServer server = new TestingServer();
        CuratorFramework admin = ZkTesting.client(server.getConnectString());
        CuratorFramework c = ZkTesting.client(server.getConnectString())) {
      VersionCensus census = publishFirst(admin, 4);
      System.setErr(new PrintStream(tee(err, log), true, StandardCharsets.UTF_8));
      try (ZkRoutingSource source =
          ZkRoutingSource.builder(c, "orders")
              .instanceId("api-1")
              .heartbeat(Duration.ofMillis(300))
              .build()
              .start(ZkTesting.WAIT)) {
        ZkTesting.await("api-1 in the census", () -> census.report().instances().size() == 1);
        server.stop();
        ZkTesting.await("the client to notice", () -> !c.getZookeeperClient().isConnected());
        server.restart();
        ZkTesting.await(
            "api-1 back in the census, heartbeating",
            () -> {
              CensusReport r = census.report();
              return r.instances().size() == 1
                  && r.instances().get(0).version() == 4
                  && r.stale().isEmpty();
            });
        ZkTesting.await(
            "the reconnection logged", () -> text(log).contains("reconnected, serving version 4"));
        String out = text(log);
        assertTrue(
            out.contains(
                "routing source 'orders' (instance api-1): ZooKeeper connection SUSPENDED; still"
                    + " serving version 4"),
            out);
        assertTrue(
            out.contains(
                "routing source 'orders' (instance api-1): ZooKeeper connection RECONNECTED:"
                    + " reconnected, serving version 4; its census node is written again"),
            out);
        assertEquals(4, source.status().version());
      }
    } finally {
      System.setErr(err);
    }
  }

  @Test
  void startedFromLastKnownGood_reportsVersionAndAge_censusSaysSoUntilConfirmed() throws Exception {
    int port;
    Instant written;
    try (TestingServer first = new TestingServer();
        CuratorFramework c = ZkTesting.client(first.getConnectString())) {
      port = first.getPort();
      ZkRoutingPublisher.builder(c)
          .build()
          .publish(ZkTesting.table("orders", 6), RoutingPublisher.NOTHING_PUBLISHED);
      try (ZkRoutingSource once =
          ZkRoutingSource.builder(c, "orders").lastKnownGood(dir).build().start(ZkTesting.WAIT)) {
        ZkTesting.await("the copy", () -> once.lastKnownGoodWrittenAt() != null);
        written = once.lastKnownGoodWrittenAt();
        assertFalse(once.servingLastKnownGood());
      }
    }
    assertTrue(Files.exists(dir.resolve("orders.lkg")));
    Thread.sleep(300); // the copy ages

    String connect = "127.0.0.1:" + port; // nothing listens there now
    try (CuratorFramework c = ZkTesting.client(connect);
        ZkRoutingSource source =
            ZkRoutingSource.builder(c, "orders")
                .lastKnownGood(dir)
                .instanceId("edge-1")
                .heartbeat(Duration.ofMillis(300))
                .build()
                .start(Duration.ofMillis(300))) {
      assertTrue(source.servingLastKnownGood());
      assertEquals(6, source.status().version());
      assertEquals(written.toEpochMilli(), source.lastKnownGoodWrittenAt().toEpochMilli());
      assertTrue(source.status().lastGoodAge().toMillis() >= 300, source.status()::toString);

      // ZooKeeper is back but holds nothing for the entity: the copy is not confirmed
      try (TestingServer empty = new TestingServer(port, true);
          CuratorFramework admin = ZkTesting.client(connect)) {
        VersionCensus census = VersionCensus.of(admin, "orders");
        ZkTesting.await("edge-1 in the census", () -> census.report().instances().size() == 1);
        Thread.sleep(1_000); // heartbeats go on; the entry keeps saying last-known-good
        CensusReport r = census.report();
        CensusReport.Entry e = r.instances().get(0);
        assertTrue(e.servingLastKnownGood(), e::toString);
        assertEquals(6, e.version());
        assertEquals(written.toEpochMilli(), e.lastKnownGoodWrittenAt().toEpochMilli());
        assertTrue(e.lastKnownGoodAge(r.takenAt()).toMillis() >= 1_300, e::toString);
        assertFalse(e.stale(r.takenAt()), e::toString);

        publishFirst(admin, 6);
        ZkTesting.await(
            "edge-1 confirmed by ZooKeeper",
            () -> !census.report().instances().get(0).servingLastKnownGood());
        assertFalse(source.servingLastKnownGood());
        assertEquals(6, source.status().version());
        source.close(); // while ZooKeeper answers: the node goes at once
        assertEquals(List.of(), census.report().instances());
      }
    }
  }

  @Test
  void heartbeatOff_writesCensusFormat1_neverStale() throws Exception {
    try (TestingServer server = new TestingServer();
        CuratorFramework admin = ZkTesting.client(server.getConnectString());
        CuratorFramework c = ZkTesting.client(server.getConnectString())) {
      publishFirst(admin, 1);
      try (ZkRoutingSource source =
          ZkRoutingSource.builder(c, "orders")
              .instanceId("old-style")
              .heartbeat(Duration.ZERO)
              .build()
              .start(ZkTesting.WAIT)) {
        VersionCensus census = VersionCensus.of(admin, "orders");
        // the node is written when the source registers (version -1), then again with the version
        // it serves: wait for the second write, not just for the node
        ZkTesting.await(
            "old-style in the census at version 1",
            () ->
                census.report().instances().size() == 1
                    && census.report().instances().get(0).version() == 1);
        String text =
            new String(
                admin.getData().forPath("/shardrouter/entities/orders/census/old-style"),
                StandardCharsets.UTF_8);
        assertTrue(text.startsWith("instance=old-style\nversion=1\n"), text);
        CensusReport.Entry e = census.report().instances().get(0);
        assertNull(e.heartbeatAt());
        assertNull(e.heartbeatAge(Instant.now()));
        assertFalse(e.stale(Instant.now().plus(Duration.ofDays(1))));
      }
    }
  }

  @Test
  void awaitConvergence_wokenByChanges_notByHeartbeats() {
    CensusReport.Entry e =
        new CensusReport.Entry(
            "a", 3, "f3", Instant.EPOCH, false, null, Instant.EPOCH, Duration.ofSeconds(5));
    ChildData before = new ChildData("/c/a", new Stat(), e.toBytes());
    ChildData beat =
        new ChildData(
            "/c/a", new Stat(), e.withHeartbeat(Instant.now(), Duration.ofSeconds(5)).toBytes());
    ChildData swapped =
        new ChildData(
            "/c/a",
            new Stat(),
            new CensusReport.Entry(
                    "a", 4, "f4", Instant.now(), false, null, Instant.now(), Duration.ofSeconds(5))
                .toBytes());
    CuratorCacheListener.Type changed = CuratorCacheListener.Type.NODE_CHANGED;
    assertTrue(VersionCensus.heartbeatOnly(changed, before, beat));
    assertFalse(VersionCensus.heartbeatOnly(changed, before, swapped));
    assertFalse(VersionCensus.heartbeatOnly(CuratorCacheListener.Type.NODE_CREATED, null, beat));
    assertFalse(VersionCensus.heartbeatOnly(CuratorCacheListener.Type.NODE_DELETED, beat, null));
  }

  /** Publishes version {@code version} of "orders" as its first; the census of "orders". */
  private static VersionCensus publishFirst(CuratorFramework admin, long version) {
    ZkRoutingPublisher.builder(admin)
        .build()
        .publish(ZkTesting.table("orders", version), RoutingPublisher.NOTHING_PUBLISHED);
    return VersionCensus.of(admin, "orders");
  }

  private static Process child(
      TestingServer server, String instance, long heartbeatMs, boolean hook)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(CensusChild.class.getName());
    command.addAll(
        List.of(
            server.getConnectString(),
            "orders",
            instance,
            Long.toString(heartbeatMs),
            Boolean.toString(hook)));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      if (line.equals("ready")) {
        Thread drain =
            new Thread(
                () -> {
                  try {
                    while (out.readLine() != null) {
                      // keeps the pipe from filling
                    }
                  } catch (IOException e) {
                    // the process is gone
                  }
                });
        drain.setDaemon(true);
        drain.start();
        return p;
      }
      seen.append(line).append('\n');
    }
    p.waitFor(5, TimeUnit.SECONDS);
    throw new AssertionError("the child " + instance + " ended before it was ready:\n" + seen);
  }

  private static OutputStream tee(OutputStream a, OutputStream b) {
    return new OutputStream() {
      @Override
      public void write(int x) throws IOException {
        a.write(x);
        synchronized (b) {
          b.write(x);
        }
      }

      @Override
      public void write(byte[] bytes, int off, int len) throws IOException {
        a.write(bytes, off, len);
        synchronized (b) {
          b.write(bytes, off, len);
        }
      }
    };
  }

  private static String text(ByteArrayOutputStream log) {
    synchronized (log) {
      return log.toString(StandardCharsets.UTF_8);
    }
  }
}
