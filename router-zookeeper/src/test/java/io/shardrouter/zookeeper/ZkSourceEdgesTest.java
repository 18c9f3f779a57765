package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.zookeeper.internal.Chunks;
import io.shardrouter.zookeeper.internal.Manifest;
import io.shardrouter.zookeeper.internal.ZnodePaths;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A routing source's less travelled paths: refusals it reports, subscribers that leave, what
 * closing does to its thread, its census node and the caller's interrupt, and its default id.
 */
class ZkSourceEdgesTest {
  private static TestingServer server;
  private static CuratorFramework client;
  private static ZkRoutingPublisher publisher;

  @TempDir Path dir;

  @BeforeAll
  static void startServer() throws Exception {
    server = new TestingServer();
    client = ZkTesting.client(server.getConnectString());
    publisher = ZkRoutingPublisher.builder(client).build();
  }

  @AfterAll
  static void stopServer() throws Exception {
    client.close();
    server.close();
  }

  /** The parents a first publish creates, for a hand-made first publish. */
  private static void parents(String entity) throws Exception {
    ZnodePaths paths = ZnodePaths.of(ZnodePaths.DEFAULT_BASE, entity);
    client.create().creatingParentsIfNeeded().forPath(paths.versions());
    client.create().creatingParentsIfNeeded().forPath(paths.blobs());
  }

  @Test
  void awaitRouter_noTableInTime_carriesTheRefusalAsItsCause() throws Exception {
    parents("refused-first");
    ZkTesting.publishDamaged(client, ZkTesting.table("refused-first", 1), -1, 512, 100, false);
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "refused-first").build().start(Duration.ofMillis(100))) {
      ZkTesting.await("the damaged table refused", () -> source.status().lastError() != null);
      RoutingException last = source.status().lastError();
      RoutingException e =
          assertThrows(RoutingException.class, () -> source.awaitRouter(Duration.ofMillis(50)));
      assertSame(last, e.getCause());
      assertTrue(e.getMessage().startsWith("routing source of 'refused-first' has no table yet"));
    }
  }

  /** Points the manifest at {@code table} without recording its version, as only a hand could. */
  private static void replaceManifest(RoutingTable table) throws Exception {
    ZnodePaths paths = ZnodePaths.of(ZnodePaths.DEFAULT_BASE, table.entity());
    byte[] snapshot = RoutingDocuments.writeSnapshot(table);
    int chunkBytes = 1 << 16;
    List<byte[]> chunks = Chunks.split(snapshot, chunkBytes);
    List<Integer> crcs = new ArrayList<>();
    for (byte[] c : chunks) {
      crcs.add(Chunks.crc32c(c));
    }
    String blob = ZnodePaths.versionName(table.version()) + "-by-hand";
    Manifest m =
        new Manifest(
            table.entity(),
            table.version(),
            table.fingerprint(),
            blob,
            chunkBytes,
            snapshot.length,
            Chunks.crc32c(snapshot),
            crcs,
            Instant.now(),
            "hand");
    List<CuratorOp> ops = new ArrayList<>();
    ops.add(client.transactionOp().create().forPath(paths.blob(blob)));
    for (int i = 0; i < chunks.size(); i++) {
      ops.add(client.transactionOp().create().forPath(paths.chunk(blob, i), chunks.get(i)));
    }
    ops.add(client.transactionOp().setData().forPath(paths.manifest(), m.toBytes()));
    client.transaction().forOperations(ops);
  }

  @Test
  void sameVersionOtherContent_underTheManifest_refusedByTheRouter_tableKept() throws Exception {
    RoutingTable v2 = ZkTesting.table("swapped", 2);
    publisher.publish(v2, RoutingPublisher.NOTHING_PUBLISHED);
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "swapped").build().start(ZkTesting.WAIT)) {
      assertEquals(v2, source.router().table());
      replaceManifest(ZkTesting.table("swapped", 2, 64, 4, 3));
      ZkTesting.await("the swapped table refused", () -> source.status().lastError() != null);
      assertEquals(
          "routing table 'swapped' version 2 cannot replace version 2 with different content;"
              + " publish it as version 3",
          source.status().lastError().getMessage());
      assertEquals(v2, source.router().table());
    }
  }

  @Test
  void chunksGoneUnderAManifest_reportedAsGone_afterItsRetries() throws Exception {
    RoutingTable v1 = ZkTesting.table("gone", 1);
    parents("gone");
    ZkTesting.publishDamaged(client, v1, -1, 256, -1, false);
    ZnodePaths paths = ZnodePaths.of(ZnodePaths.DEFAULT_BASE, "gone");
    String blob = client.getChildren().forPath(paths.blobs()).get(0);
    client.delete().forPath(paths.chunk(blob, 0));
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "gone").build().start(Duration.ofMillis(100))) {
      ZkTesting.await("the gone chunk reported", () -> source.status().lastError() != null);
      assertEquals(
          "chunk "
              + paths.chunk(blob, 0)
              + " of version 1 is gone; the version was pruned while it was read",
          source.status().lastError().getMessage());
      assertEquals(RoutingPublisher.NOTHING_PUBLISHED, source.status().version());
    }
  }

  @Test
  void subscribers_unsubscribedOneStaysBehind_sameVersionOtherContentLeftAlone() {
    publisher.publish(ZkTesting.table("subs", 1), RoutingPublisher.NOTHING_PUBLISHED);
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "subs").build().start(ZkTesting.WAIT)) {
      Router leaving = Router.create(ZkTesting.table("subs", 0));
      Router staying = Router.create(ZkTesting.table("subs", 0));
      RoutingTable ownV1 = ZkTesting.table("subs", 1, 64, 4, 3);
      Router sameVersion = Router.create(ownV1);
      source.subscribe(leaving);
      source.subscribe(staying);
      source.subscribe(sameVersion);
      assertEquals(1, leaving.version());
      assertSame(ownV1, sameVersion.table(), "a subscriber already at the version keeps its table");
      source.unsubscribe(leaving);
      publisher.publish(ZkTesting.table("subs", 2), 1);
      assertTrue(source.awaitVersion(2, ZkTesting.WAIT));
      assertEquals(2, staying.version());
      assertEquals(1, leaving.version(), "an unsubscribed router is not updated");
      assertFalse(source.awaitVersion(3, Duration.ofMillis(50)), "version 3 never came");
      Thread.currentThread().interrupt();
      try {
        assertFalse(source.awaitVersion(3, ZkTesting.WAIT), "an interrupted wait gives up");
        assertTrue(Thread.currentThread().isInterrupted(), "and keeps the interrupt");
      } finally {
        Thread.interrupted();
      }
    }
  }

  private static Thread thread(String name) {
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().equals(name)) {
        return t;
      }
    }
    return null;
  }

  @Test
  void close_whileASwapHangs_interruptsTheDaemonThread_andKeepsTheCallersInterrupt()
      throws Exception {
    publisher.publish(ZkTesting.table("hung", 1), RoutingPublisher.NOTHING_PUBLISHED);
    ZkRoutingSource source = ZkRoutingSource.builder(client, "hung").build().start(ZkTesting.WAIT);
    CountDownLatch inSwap = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    source
        .router()
        .addListener(
            (before, after) -> {
              inSwap.countDown();
              try {
                new CountDownLatch(1).await(60, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                interrupted.countDown();
              }
            });
    publisher.publish(ZkTesting.table("hung", 2), 1);
    assertTrue(inSwap.await(20, TimeUnit.SECONDS));
    Thread worker = thread("shardrouter-zk-source-hung");
    assertNotNull(worker);
    assertTrue(worker.isDaemon(), "a source's thread does not keep the JVM alive");

    source.close();
    assertTrue(
        interrupted.await(20, TimeUnit.SECONDS), "close interrupts a thread that does not stop");

    publisher.publish(ZkTesting.table("hung", 3), 2);
    ZkRoutingSource second = ZkRoutingSource.builder(client, "hung").build().start(ZkTesting.WAIT);
    CountDownLatch secondInSwap = new CountDownLatch(1);
    CountDownLatch secondInterrupted = new CountDownLatch(1);
    second
        .router()
        .addListener(
            (before, after) -> {
              secondInSwap.countDown();
              try {
                new CountDownLatch(1).await(60, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                secondInterrupted.countDown();
              }
            });
    publisher.publish(ZkTesting.table("hung", 4), 3);
    assertTrue(secondInSwap.await(20, TimeUnit.SECONDS));
    Thread.currentThread().interrupt();
    try {
      second.close();
      assertTrue(Thread.currentThread().isInterrupted(), "close keeps its caller's interrupt");
    } finally {
      Thread.interrupted();
    }
    assertTrue(secondInterrupted.await(20, TimeUnit.SECONDS));
  }

  @Test
  void census_lastKnownGoodTimeWrittenAtOnce_nodeGoneWhenCloseReturns() throws Exception {
    publisher.publish(ZkTesting.table("counted", 1), RoutingPublisher.NOTHING_PUBLISHED);
    ZnodePaths paths = ZnodePaths.of(ZnodePaths.DEFAULT_BASE, "counted");
    VersionCensus census = VersionCensus.of(client, "counted");
    ZkRoutingSource source =
        ZkRoutingSource.builder(client, "counted")
            .instanceId("lkg-1")
            .lastKnownGood(dir)
            .heartbeat(Duration.ofHours(1))
            .build()
            .start(ZkTesting.WAIT);
    try {
      ZkTesting.await("the copy written", () -> source.lastKnownGoodWrittenAt() != null);
      ZkTesting.await(
          "the census showing when the copy was written",
          () -> {
            List<CensusReport.Entry> in = census.report().instances();
            return in.size() == 1
                && source.lastKnownGoodWrittenAt().equals(in.get(0).lastKnownGoodWrittenAt());
          });
      Thread beat = thread("shardrouter-zk-census-lkg-1");
      assertNotNull(beat);
      assertTrue(beat.isDaemon(), "the heartbeat thread does not keep the JVM alive");
    } finally {
      source.close();
    }
    assertNull(client.checkExists().forPath(paths.census("lkg-1")), "gone when close returns");

    ZkRoutingSource interruptedClose =
        ZkRoutingSource.builder(client, "counted")
            .instanceId("lkg-2")
            .build()
            .start(ZkTesting.WAIT);
    Thread.currentThread().interrupt();
    try {
      interruptedClose.close();
      assertTrue(Thread.currentThread().isInterrupted(), "close keeps its caller's interrupt");
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void defaultInstanceId_isThisHostAndPid() throws Exception {
    String host = System.getenv("HOSTNAME");
    if (host == null || host.isBlank()) {
      host = System.getenv("COMPUTERNAME");
    }
    if (host == null || host.isBlank()) {
      host = java.net.InetAddress.getLocalHost().getHostName();
    }
    String id = ZkRoutingSource.defaultInstanceId();
    String pid = Long.toString(ProcessHandle.current().pid());
    assertEquals(host.replace('/', '_') + ":" + pid, id);
    assertEquals(id, ZnodePaths.checkName("instance", id));
  }

  @Test
  void heartbeat_from100msToOneHour_orZero() {
    ZkRoutingSource.Builder b = ZkRoutingSource.builder(client, "beats");
    b.heartbeat(Duration.ofMillis(100)).heartbeat(Duration.ofHours(1)).heartbeat(Duration.ZERO);
    for (Duration bad :
        List.of(Duration.ofMillis(99), Duration.ofHours(1).plusMillis(1), Duration.ofMillis(-1))) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> b.heartbeat(bad));
      assertEquals(
          "heartbeat must be between 100 ms and 1 hour, or zero to turn it off, got " + bad,
          e.getMessage());
    }
  }
}
