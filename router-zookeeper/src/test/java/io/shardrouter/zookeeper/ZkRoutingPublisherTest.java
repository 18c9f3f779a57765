package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.zookeeper.internal.ZnodePaths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ZkRoutingPublisherTest {
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

  @Test
  void publish_thenRead_sameTableAndHistory() {
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    assertEquals(RoutingPublisher.NOTHING_PUBLISHED, publisher.publishedVersion("roundtrip"));
    RoutingTable v1 = ZkTesting.table("roundtrip", 1);
    assertTrue(publisher.publish(v1, RoutingPublisher.NOTHING_PUBLISHED));
    assertEquals(1, publisher.publishedVersion("roundtrip"));
    assertEquals(v1, publisher.read("roundtrip"));
    RoutingTable v2 = ZkTesting.table("roundtrip", 2);
    assertTrue(publisher.publish(v2, 1));
    assertEquals(v2, publisher.read("roundtrip"));
    assertEquals(v1, publisher.read("roundtrip", 1));
    List<ZkRoutingPublisher.PublishedVersion> history = publisher.history("roundtrip");
    assertEquals(2, history.size());
    assertEquals(1, history.get(0).version());
    assertEquals(v2.fingerprint(), history.get(1).fingerprint());
    assertEquals(
        "ZkRoutingPublisher{base "
            + ZnodePaths.DEFAULT_BASE
            + ", publisher pid-"
            + ProcessHandle.current().pid()
            + "}",
        publisher.toString());
  }

  @Test
  void publish_largeTable_manyChunks_stagedThenCommitted() throws Exception {
    ZkRoutingPublisher publisher =
        ZkRoutingPublisher.builder(client).chunkBytes(1024).transactionBytes(4096).build();
    RoutingTable big = ZkTesting.randomTable("staged", 1, 16384, 16, 7);
    assertTrue(publisher.publish(big, RoutingPublisher.NOTHING_PUBLISHED));
    ZkRoutingPublisher.PublishedVersion v = publisher.history("staged").get(0);
    assertTrue(v.chunks() > 4, "a snapshot of " + v.snapshotBytes() + " bytes in 1 KiB chunks");
    assertEquals(big, publisher.read("staged"));
    ZnodePaths paths = ZnodePaths.of(ZnodePaths.DEFAULT_BASE, "staged");
    assertEquals(1, client.getChildren().forPath(paths.blobs()).size());
  }

  @Test
  void publish_contentOverTheReadersLimit_refusedNamingTheLimitAndTheSize() throws Exception {
    RoutingTable big = ZkTesting.randomTable("toolarge", 1, 4096, 16, 7);
    int content = RoutingDocuments.writeCompact(big).length;
    ZkRoutingPublisher tight =
        ZkRoutingPublisher.builder(client).readableContentBytes(content - 1).build();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> tight.publish(big, RoutingPublisher.NOTHING_PUBLISHED));
    assertEquals(
        "table 'toolarge' version 1 is not published: its snapshot content is "
            + content
            + " bytes, over the "
            + (content - 1)
            + " bytes (ReadLimits.DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES) that every ZkRoutingSource reads, so"
            + " no instance could load it; shorten the directory's keys or split the directory"
            + " (docs/fleet.md, large tables)",
        e.getMessage());
    ZnodePaths paths = ZnodePaths.of(ZnodePaths.DEFAULT_BASE, "toolarge");
    assertNull(client.checkExists().forPath(paths.manifest()));
    // At the limit it is published.
    ZkRoutingPublisher exact =
        ZkRoutingPublisher.builder(client).readableContentBytes(content).build();
    assertTrue(exact.publish(big, RoutingPublisher.NOTHING_PUBLISHED));
  }

  @Test
  void publish_sameTableAgain_returnsFalse_otherContentSameVersion_refused() {
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    RoutingTable v1 = ZkTesting.table("again", 1);
    assertTrue(publisher.publish(v1, RoutingPublisher.NOTHING_PUBLISHED));
    assertFalse(publisher.publish(v1, RoutingPublisher.NOTHING_PUBLISHED), "a retried publish");
    assertFalse(publisher.publish(v1, 1));
    PublishConflictException e =
        assertThrows(
            PublishConflictException.class,
            () -> publisher.publish(ZkTesting.table("again", 1, 64, 4, 2), 1));
    assertEquals(
        "routing table 'again' version 1 cannot replace the published version 1 with different"
            + " content; publish it as version 2",
        e.getMessage());
  }

  @Test
  void publish_lowerVersion_refused() {
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    assertTrue(publisher.publish(ZkTesting.table("lower", 5), RoutingPublisher.NOTHING_PUBLISHED));
    PublishConflictException e =
        assertThrows(
            PublishConflictException.class,
            () -> publisher.publish(ZkTesting.table("lower", 4), 5));
    assertEquals(5, e.publishedVersion());
    assertEquals(4, e.offeredVersion());
    assertTrue(e.getMessage().contains("is older than the published version 5"), e.getMessage());
    assertEquals(5, publisher.publishedVersion("lower"));
  }

  @Test
  void publish_staleExpectedVersion_namesTheVersionThatWon() {
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    publisher.publish(ZkTesting.table("stale", 1), RoutingPublisher.NOTHING_PUBLISHED);
    publisher.publish(ZkTesting.table("stale", 2), 1);
    PublishConflictException e =
        assertThrows(
            PublishConflictException.class,
            () -> publisher.publish(ZkTesting.table("stale", 3), 1));
    assertTrue(
        e.getMessage()
            .startsWith(
                "routing table 'stale' version 3 was not published: it was prepared on top of"
                    + " version 1, but version 2 (fingerprint "),
        e.getMessage());
    assertTrue(e.getMessage().endsWith("publish it as version 3"), e.getMessage());
    assertEquals(2, e.publishedVersion());
  }

  @Test
  void publish_concurrentPublishers_exactlyOneWins() throws Exception {
    int publishers = 6;
    for (int round = 1; round <= 3; round++) {
      String entity = "race" + round;
      ZkRoutingPublisher seed = ZkRoutingPublisher.builder(client).build();
      seed.publish(ZkTesting.table(entity, 1), RoutingPublisher.NOTHING_PUBLISHED);
      ExecutorService pool = Executors.newFixedThreadPool(publishers);
      CountDownLatch go = new CountDownLatch(1);
      List<Future<Boolean>> results = new ArrayList<>();
      // each publisher offers version 2 with its own content, and a big one stages its chunks
      for (int i = 0; i < publishers; i++) {
        int shift = i;
        int chunk = i % 2 == 0 ? 256 : 64 << 10;
        results.add(
            pool.submit(
                () -> {
                  ZkRoutingPublisher p =
                      ZkRoutingPublisher.builder(client)
                          .chunkBytes(chunk)
                          .transactionBytes(chunk)
                          .publisherName("p" + shift)
                          .build();
                  go.await();
                  return p.publish(ZkTesting.table(entity, 2, 64, 8, shift + 1), 1);
                }));
      }
      go.countDown();
      int won = 0;
      List<String> lost = new ArrayList<>();
      for (Future<Boolean> f : results) {
        try {
          assertTrue(f.get());
          won++;
        } catch (java.util.concurrent.ExecutionException e) {
          PublishConflictException c = (PublishConflictException) e.getCause();
          assertEquals(2, c.publishedVersion(), c.getMessage());
          lost.add(c.getMessage());
        }
      }
      pool.shutdown();
      assertEquals(1, won, "winners in round " + round + "; losers: " + lost);
      assertEquals(publishers - 1, lost.size());
      for (String m : lost) {
        assertTrue(m.contains("but version 2 (fingerprint"), m);
      }
      RoutingTable published = seed.read(entity);
      assertEquals(2, published.version());
      // a loser's staged chunks are gone: only the blobs of versions 1 and 2 are left after a prune
      seed.publish(ZkTesting.table(entity, 3), 2);
      ZnodePaths paths = ZnodePaths.of(ZnodePaths.DEFAULT_BASE, entity);
      assertEquals(3, client.getChildren().forPath(paths.blobs()).size());
    }
  }

  @Test
  void publish_keepsLastK_prunesOlderWithTheirChunks() throws Exception {
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).keepVersions(3).build();
    long expected = RoutingPublisher.NOTHING_PUBLISHED;
    for (long v = 1; v <= 7; v++) {
      publisher.publish(ZkTesting.table("pruned", v), expected);
      expected = v;
    }
    List<Long> kept = new ArrayList<>();
    for (ZkRoutingPublisher.PublishedVersion p : publisher.history("pruned")) {
      kept.add(p.version());
    }
    assertEquals(List.of(5L, 6L, 7L), kept);
    ZnodePaths paths = ZnodePaths.of(ZnodePaths.DEFAULT_BASE, "pruned");
    assertEquals(3, client.getChildren().forPath(paths.blobs()).size());
    assertEquals(ZkTesting.table("pruned", 5), publisher.read("pruned", 5));
    RoutingException e = assertThrows(RoutingException.class, () -> publisher.read("pruned", 4));
    assertEquals(
        "version 4 of entity 'pruned' is not kept under /shardrouter/entities/pruned/versions;"
            + " kept: [5, 6, 7]",
        e.getMessage());
  }

  @Test
  void read_nothingPublished_saysSo() {
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    RoutingException e = assertThrows(RoutingException.class, () -> publisher.read("absent"));
    assertTrue(
        e.getMessage().startsWith("nothing is published for entity 'absent'"), e.getMessage());
  }

  @Test
  void builder_badSettings_sayWhatIsAllowed() {
    ZkRoutingPublisher.Builder b = ZkRoutingPublisher.builder(client);
    assertEquals(
        "chunkBytes must be in [1, 786432], got 0",
        assertThrows(IllegalArgumentException.class, () -> b.chunkBytes(0)).getMessage());
    assertEquals(
        "chunkBytes must be in [1, 786432], got 1048576",
        assertThrows(IllegalArgumentException.class, () -> b.chunkBytes(1 << 20)).getMessage());
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.keepVersions(0))
            .getMessage()
            .startsWith("keepVersions must be >= 1"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.transactionBytes(-1))
            .getMessage()
            .startsWith("transactionBytes must be in [1, "));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.basePath("shardrouter"))
            .getMessage()
            .startsWith("base path must be an absolute ZooKeeper path"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.publisherName(" "))
            .getMessage()
            .startsWith("publisher name must be a non-blank single line"));
    ZkRoutingPublisher p = b.build();
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> p.publish(ZkTesting.table("x", 1), -2))
            .getMessage()
            .startsWith("expected version must be >= 0, or -1"));
  }

  @Test
  void publish_otherBasePath_isSeparate() {
    ZkRoutingPublisher a = ZkRoutingPublisher.builder(client).basePath("/team-a/routing").build();
    a.publish(ZkTesting.table("based", 4), RoutingPublisher.NOTHING_PUBLISHED);
    assertEquals(4, a.publishedVersion("based"));
    assertEquals(
        RoutingPublisher.NOTHING_PUBLISHED,
        ZkRoutingPublisher.builder(client).build().publishedVersion("based"));
  }
}
