package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.core.metadata.RoutingSource;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.KillSession;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an instance does when ZooKeeper goes away: the failures listed in docs/fleet.md. */
class ZkOfflineTest {
  @TempDir Path lkg;
  private TestingServer server;
  private CuratorFramework admin;
  private ZkRoutingPublisher publisher;

  @BeforeEach
  void startServer() throws Exception {
    server = new TestingServer();
    admin = ZkTesting.client(server.getConnectString());
    publisher = ZkRoutingPublisher.builder(admin).build();
  }

  @AfterEach
  void stopServer() throws Exception {
    admin.close();
    server.close();
  }

  /** Runs an instance until it wrote its last-known-good copy of version 1, then stops it. */
  private Path lastKnownGoodOfVersion1(String entity) {
    publisher.publish(ZkTesting.table(entity, 1), RoutingPublisher.NOTHING_PUBLISHED);
    Path file = lkg.resolve(entity + ".lkg");
    try (CuratorFramework c = ZkTesting.client(server.getConnectString());
        ZkRoutingSource first =
            ZkRoutingSource.builder(c, entity).lastKnownGood(lkg).build().start(ZkTesting.WAIT)) {
      assertEquals(1, first.router().version());
      ZkTesting.await("the last-known-good copy", () -> Files.exists(file));
    }
    return file;
  }

  @Test
  void zooKeeperDownAtStart_servesLastKnownGood_thenCatchesUp() throws Exception {
    lastKnownGoodOfVersion1("offline");
    server.stop();
    try (CuratorFramework c = ZkTesting.client(server.getConnectString());
        ZkRoutingSource source =
            ZkRoutingSource.builder(c, "offline")
                .lastKnownGood(lkg)
                .instanceId("edge-1")
                .build()
                .start(Duration.ofMillis(300))) {
      Router router = source.router();
      assertEquals(ZkTesting.table("offline", 1), router.table());
      assertTrue(source.servingLastKnownGood());
      RoutingSource.Status status = source.status();
      assertEquals(1, status.version());
      assertTrue(!status.lastGoodAge().isNegative());

      server.restart();
      ZkTesting.await(
          "edge-1 in the census on version 1, read from ZooKeeper",
          () ->
              VersionCensus.of(admin, "offline").report().instances().stream()
                  .anyMatch(
                      e ->
                          e.instance().equals("edge-1")
                              && e.version() == 1
                              && !e.servingLastKnownGood()
                              && e.lastKnownGoodWrittenAt() != null));
      assertFalse(source.servingLastKnownGood());
      publisher.publish(ZkTesting.table("offline", 2), 1);
      assertTrue(source.awaitVersion(2, ZkTesting.WAIT));
      assertSame(router, source.router());
      assertFalse(source.servingLastKnownGood());
      ZkTesting.await(
          "the census entry of edge-1 on version 2",
          () ->
              VersionCensus.of(admin, "offline").report().instances().stream()
                  .anyMatch(e -> e.instance().equals("edge-1") && e.version() == 2));
    }
  }

  /**
   * The line that says the copy is served says why no table came from ZooKeeper, as the client sees
   * it: ZooKeeper is said not to answer only when it did not; when it answers and holds no table of
   * the entity, it says so; when it answers without the chroot of the connect string, the line
   * names the chroot, and what is published under it once it is created is read.
   */
  @Test
  void servingLastKnownGood_logSaysWhyNoTableCame() throws Exception {
    lastKnownGoodOfVersion1("why");
    String nothingThere = logOfStart(server.getConnectString(), "/elsewhere", source -> {});
    assertTrue(
        nothingThere.contains(
            "routing source 'why': ZooKeeper answers, but no table of 'why' was read from"
                + " /elsewhere/entities/why in time; routing with the last-known-good version 1"
                + " written at "),
        nothingThere);

    String chroot = server.getConnectString() + "/no-such-chroot";
    String missingChroot =
        logOfStart(
            chroot,
            "/shardrouter",
            source -> {
              try (CuratorFramework c = ZkTesting.client(chroot)) {
                admin.create().forPath("/no-such-chroot");
                ZkRoutingPublisher.builder(c)
                    .build()
                    .publish(ZkTesting.table("why", 2), RoutingPublisher.NOTHING_PUBLISHED);
              } catch (Exception e) {
                throw new AssertionError(e);
              }
              assertTrue(source.awaitVersion(2, ZkTesting.WAIT));
              assertFalse(source.servingLastKnownGood());
            });
    assertTrue(
        missingChroot.contains(
            "routing source 'why': ZooKeeper at "
                + server.getConnectString()
                + " answers, but the chroot /no-such-chroot of the connect string does not exist"
                + " (ZooKeeper does not create it); create it (zkCli.sh -server "
                + server.getConnectString()
                + " create /no-such-chroot) and this source reads what is published under it, or"
                + " connect without it; routing with the last-known-good version 1 written at "),
        missingChroot);

    server.stop();
    String down = logOfStart(server.getConnectString(), "/shardrouter", source -> {});
    assertTrue(
        down.contains(
            "routing source 'why': ZooKeeper did not answer in time; routing with the"
                + " last-known-good version 2 written at "),
        down);
    for (String log : List.of(nothingThere, missingChroot)) {
      assertFalse(log.contains("did not answer"), log);
    }
  }

  /**
   * What a source of entity {@code why} logs as it starts from its copy, connected to {@code
   * connect}; {@code then} runs while it is open.
   */
  private String logOfStart(String connect, String base, Consumer<ZkRoutingSource> then)
      throws Exception {
    PrintStream err = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
    try (CuratorFramework c = ZkTesting.client(connect);
        ZkRoutingSource source =
            ZkRoutingSource.builder(c, "why")
                .basePath(base)
                .lastKnownGood(lkg)
                .build()
                .start(Duration.ofMillis(1_500))) {
      assertTrue(source.servingLastKnownGood());
      then.accept(source);
    } finally {
      System.setErr(err);
    }
    String text = log.toString(StandardCharsets.UTF_8);
    err.print(text);
    return text;
  }

  @Test
  void lastKnownGoodTruncated_refused_waitsForZooKeeper() throws Exception {
    Path file = lastKnownGoodOfVersion1("truncated");
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(bytes, bytes.length - 7));
    assertRefusedThenServedFromZooKeeper("truncated", "is truncated or extended");
  }

  @Test
  void lastKnownGoodAltered_refused_waitsForZooKeeper() throws Exception {
    Path file = lastKnownGoodOfVersion1("altered");
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length - 3] ^= 0x10;
    Files.write(file, bytes);
    assertRefusedThenServedFromZooKeeper("altered", "was altered: CRC-32C");
  }

  private void assertRefusedThenServedFromZooKeeper(String entity, String why) throws Exception {
    server.stop();
    try (CuratorFramework c = ZkTesting.client(server.getConnectString());
        ZkRoutingSource source =
            ZkRoutingSource.builder(c, entity)
                .lastKnownGood(lkg)
                .build()
                .start(Duration.ofMillis(300))) {
      RoutingException e = source.status().lastError();
      assertInstanceOf(InvalidRoutingTableException.class, e);
      assertTrue(e.getMessage().contains(why), e.getMessage());
      assertTrue(e.getMessage().endsWith("the instance waits for ZooKeeper and writes a new copy"));
      assertEquals(RoutingSource.Status.NO_VERSION, source.status().version());
      RoutingException none =
          assertThrows(RoutingException.class, () -> source.awaitRouter(Duration.ofMillis(100)));
      assertTrue(none.getMessage().contains(why), none.getMessage());

      server.restart();
      Router router = source.awaitRouter(ZkTesting.WAIT);
      assertEquals(ZkTesting.table(entity, 1), router.table());
      assertFalse(source.servingLastKnownGood());
      ZkTesting.await("a new last-known-good copy", () -> source.status().lastError() == null);
    }
  }

  @Test
  void sessionExpired_keepsServing_censusNodeBack_thenUpdates() throws Exception {
    publisher.publish(ZkTesting.table("expiry", 1), RoutingPublisher.NOTHING_PUBLISHED);
    try (CuratorFramework c = ZkTesting.client(server.getConnectString());
        ZkRoutingSource source =
            ZkRoutingSource.builder(c, "expiry")
                .instanceId("node-1")
                .build()
                .start(ZkTesting.WAIT)) {
      Router router = source.router();
      RoutingTable v1 = router.table();
      VersionCensus census = VersionCensus.of(admin, "expiry");
      ZkTesting.await("node-1 in the census", () -> census.report().instances().size() == 1);
      long session = c.getZookeeperClient().getZooKeeper().getSessionId();

      KillSession.kill(c.getZookeeperClient().getZooKeeper());
      assertSame(v1, router.table(), "routing goes on with the same table");
      ZkTesting.await(
          "a new session",
          () -> {
            try {
              return c.getZookeeperClient().getZooKeeper().getSessionId() != session
                  && c.getZookeeperClient().isConnected();
            } catch (Exception e) {
              return false;
            }
          });
      ZkTesting.await("node-1 back in the census", () -> census.report().instances().size() == 1);

      publisher.publish(ZkTesting.table("expiry", 2), 1);
      assertTrue(source.awaitVersion(2, ZkTesting.WAIT));
      assertEquals(ZkTesting.table("expiry", 2), router.table());
    }
  }

  @Test
  void serverRestart_keepsServing_thenUpdates() throws Exception {
    publisher.publish(ZkTesting.table("restart", 1), RoutingPublisher.NOTHING_PUBLISHED);
    try (CuratorFramework c = ZkTesting.client(server.getConnectString());
        ZkRoutingSource source =
            ZkRoutingSource.builder(c, "restart")
                .lastKnownGood(lkg)
                .build()
                .start(ZkTesting.WAIT)) {
      Router router = source.router();
      server.stop();
      ZkTesting.await("the client to notice", () -> !c.getZookeeperClient().isConnected());
      assertEquals(1, router.version(), "routing goes on while ZooKeeper is away");
      assertEquals(1, source.status().version());
      server.restart();
      publisher.publish(ZkTesting.table("restart", 2), 1);
      assertTrue(source.awaitVersion(2, ZkTesting.WAIT));
      assertEquals(ZkTesting.table("restart", 2), router.table());
    }
  }
}
