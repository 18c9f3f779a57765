package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.ReadLimits;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.core.metadata.RoutingSource;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ZkRoutingSourceTest {
  private static TestingServer server;
  private static CuratorFramework client;
  private static ZkRoutingPublisher publisher;

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

  @Test
  void start_nothingPublished_noTableThenFirstPublishThenUpdates() {
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "watched").build().start(Duration.ofMillis(200))) {
      assertEquals(RoutingSource.Status.NO_VERSION, source.status().version());
      IllegalStateException none = assertThrows(IllegalStateException.class, source::router);
      assertTrue(
          none.getMessage()
              .startsWith(
                  "routing source of 'watched' has no table yet: nothing read from ZooKeeper under"
                      + " /shardrouter/entities/watched and no last-known-good copy kept"),
          none.getMessage());
      assertThrows(RoutingException.class, () -> source.awaitRouter(Duration.ofMillis(50)));

      RoutingTable v1 = ZkTesting.table("watched", 1);
      publisher.publish(v1, RoutingPublisher.NOTHING_PUBLISHED);
      Router router = source.awaitRouter(ZkTesting.WAIT);
      assertEquals(v1, router.table());

      Router mine = Router.create(ZkTesting.table("watched", 0));
      source.subscribe(mine);
      assertEquals(1, mine.version(), "a subscriber gets the current table at once");

      RoutingTable v2 = ZkTesting.table("watched", 2);
      publisher.publish(v2, 1);
      assertTrue(source.awaitVersion(2, ZkTesting.WAIT));
      assertSame(router, source.router(), "one router, swapped in place");
      assertEquals(v2, router.table());
      assertEquals(2, mine.version());
      RoutingSource.Status status = source.status();
      assertTrue(status.healthy(), status::toString);
      assertEquals(2, status.version());
      assertEquals(v2.fingerprint(), status.fingerprint());
      assertTrue(status.lastGoodAge().compareTo(Duration.ofSeconds(5)) < 0);
    }
  }

  @Test
  void watch_mergedEvents_landsOnTheNewest() throws Exception {
    publisher.publish(ZkTesting.table("merged", 1), RoutingPublisher.NOTHING_PUBLISHED);
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "merged").build().start(ZkTesting.WAIT)) {
      Router router = source.router();
      CountDownLatch inSwap = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      List<Long> seen = new CopyOnWriteArrayList<>();
      router.addListener(
          (before, after) -> {
            seen.add(after.version());
            inSwap.countDown();
            try {
              release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      publisher.publish(ZkTesting.table("merged", 2), 1);
      assertTrue(inSwap.await(20, TimeUnit.SECONDS));
      // the source's thread is held inside the swap to 2 while versions 3 to 9 are published
      for (long v = 3; v <= 9; v++) {
        publisher.publish(ZkTesting.table("merged", v), v - 1);
      }
      release.countDown();
      assertTrue(source.awaitVersion(9, ZkTesting.WAIT));
      assertEquals(
          List.of(2L, 9L), seen, "versions 3 to 8 are skipped, never applied out of order");
      assertEquals(ZkTesting.table("merged", 9), router.table());
    }
  }

  @Test
  void tableOverTheReadLimits_refused_lastGoodTableKeepsServing() throws Exception {
    RoutingTable v1 = ZkTesting.randomTable("limited", 1, 64, 8, 1);
    publisher.publish(v1, RoutingPublisher.NOTHING_PUBLISHED);
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "limited")
            .readLimits(ReadLimits.defaults().withMaxPartitions(100))
            .build()
            .start(ZkTesting.WAIT)) {
      Router router = source.router();
      publisher.publish(ZkTesting.randomTable("limited", 2, 4096, 8, 2), 1);
      ZkTesting.await("the large table refused", () -> source.status().lastError() != null);
      RoutingException e = source.status().lastError();
      assertInstanceOf(InvalidRoutingTableException.class, e);
      assertTrue(e.getMessage().contains("over the limit of 100 partitions"), e.getMessage());
      assertEquals(v1, router.table());
      assertEquals(1, source.status().version());
    }
  }

  @Test
  void corruptChunk_refused_lastGoodTableKeepsServing_thenNextVersionApplies() throws Exception {
    RoutingTable v1 = ZkTesting.randomTable("corrupt", 1, 4096, 8, 1);
    publisher.publish(v1, RoutingPublisher.NOTHING_PUBLISHED);
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "corrupt").build().start(ZkTesting.WAIT)) {
      Router router = source.router();
      int znode = ZkTesting.manifestZnodeVersion(client, "corrupt");
      ZkTesting.publishDamaged(
          client, ZkTesting.randomTable("corrupt", 2, 4096, 8, 2), znode, 512, 700, false);
      ZkTesting.await("the damaged chunk refused", () -> source.status().lastError() != null);
      RoutingException e = source.status().lastError();
      Violation v = assertInstanceOf(InvalidRoutingTableException.class, e).violations().get(0);
      assertEquals("snapshot", v.path(), e::getMessage);
      assertTrue(
          v.message().startsWith("chunk 1 of blob /shardrouter/entities/corrupt/blobs/"),
          e::getMessage);
      assertTrue(v.message().contains("the chunk is damaged: publish the version again"));
      assertEquals(v1, router.table());
      assertEquals(1, source.status().version());

      RoutingTable v3 = ZkTesting.randomTable("corrupt", 3, 4096, 8, 3);
      publisher.publish(v3, 2);
      assertTrue(source.awaitVersion(3, ZkTesting.WAIT));
      assertEquals(v3, router.table());
      assertNull(source.status().lastError());
    }
  }

  @Test
  void snapshotChecksumMismatch_refused_lastGoodKept() throws Exception {
    RoutingTable v1 = ZkTesting.table("checksum", 1);
    publisher.publish(v1, RoutingPublisher.NOTHING_PUBLISHED);
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "checksum").build().start(ZkTesting.WAIT)) {
      int znode = ZkTesting.manifestZnodeVersion(client, "checksum");
      ZkTesting.publishDamaged(client, ZkTesting.table("checksum", 2), znode, 1 << 16, -1, true);
      ZkTesting.await("the checksum mismatch refused", () -> source.status().lastError() != null);
      String m = source.status().lastError().getMessage();
      assertTrue(
          m.contains("\n  snapshot: snapshot of blob /shardrouter/entities/checksum/blobs/"), m);
      assertTrue(m.contains("its manifest (version 2) says"), m);
      assertEquals(v1, source.router().table());
    }
  }

  @Test
  void tableTheRouterRefuses_keyTypeChange_lastGoodKept() {
    RoutingTable v1 = ZkTesting.table("retyped", 1);
    publisher.publish(v1, RoutingPublisher.NOTHING_PUBLISHED);
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "retyped").build().start(ZkTesting.WAIT)) {
      String longKeys =
          RoutingDocuments.write(ZkTesting.table("retyped", 2))
              .replace("\"type\" : \"string\"", "\"type\" : \"long\"");
      publisher.publish(RoutingDocuments.read(longKeys), 1);
      ZkTesting.await("the key type change refused", () -> source.status().lastError() != null);
      InvalidRoutingTableException e =
          assertInstanceOf(InvalidRoutingTableException.class, source.status().lastError());
      assertEquals("key", e.violations().get(0).path(), e::getMessage);
      assertTrue(e.getMessage().contains("changes the key type from"), e::getMessage);
      assertEquals(v1, source.router().table());
      assertTrue(!source.status().healthy());
    }
  }

  @Test
  void subscribe_otherEntity_refused() {
    publisher.publish(ZkTesting.table("mine", 1), RoutingPublisher.NOTHING_PUBLISHED);
    try (ZkRoutingSource source =
        ZkRoutingSource.builder(client, "mine").build().start(ZkTesting.WAIT)) {
      Router other = Router.create(ZkTesting.table("theirs", 1));
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> source.subscribe(other));
      assertEquals(
          "router of entity 'theirs' cannot subscribe to the ZooKeeper source of entity 'mine';"
              + " use one source per entity",
          e.getMessage());
      publisher.publish(ZkTesting.table("mine", 2), 1);
      ZkTesting.await("version 2 applied", () -> source.router().version() == 2);
      assertEquals(1, other.version(), "a refused router is not subscribed");
    }
  }

  @Test
  void start_misuse_saysWhatToDo() {
    CuratorFramework latent =
        CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(10));
    try (ZkRoutingSource s = ZkRoutingSource.builder(latent, "misuse").build()) {
      assertEquals(
          "start the CuratorFramework before the routing source of 'misuse'",
          assertThrows(IllegalStateException.class, () -> s.start(Duration.ZERO)).getMessage());
    }
    try (ZkRoutingSource s =
        ZkRoutingSource.builder(client, "misuse").build().start(Duration.ZERO)) {
      assertEquals(
          "routing source of 'misuse' is already started",
          assertThrows(IllegalStateException.class, () -> s.start(Duration.ZERO)).getMessage());
    }
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> ZkRoutingSource.builder(client, "a/b"));
    assertEquals(
        "entity 'a/b' has the character U+002F at index 1, which a znode name cannot; use letters,"
            + " digits, '-', '_' or '.'",
        bad.getMessage());
  }
}
