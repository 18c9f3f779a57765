package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingPublisher;
import io.shardrouter.zookeeper.internal.EntityStore;
import io.shardrouter.zookeeper.internal.Manifest;
import io.shardrouter.zookeeper.internal.Pruner;
import io.shardrouter.zookeeper.internal.ZnodePaths;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a publish leaves in ZooKeeper when another writer gets in between its read of the manifest
 * and its commit (made deterministic by a clock that, asked for the publish time, lets the other
 * writer in), and what pruning deletes and keeps.
 */
class ZkPublishEdgesTest {
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

  /** A clock that runs {@code meanwhile} the first time a publisher asks it for the time. */
  private static Clock interloping(Runnable meanwhile) {
    return new Clock() {
      private boolean ran;

      @Override
      public ZoneId getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        if (!ran) {
          ran = true;
          meanwhile.run();
        }
        return Instant.parse("2026-12-01T00:00:00Z");
      }
    };
  }

  private static ZkRoutingPublisher staging(Clock clock) {
    return ZkRoutingPublisher.builder(client)
        .chunkBytes(256)
        .transactionBytes(512)
        .clock(clock)
        .build();
  }

  private static Set<String> blobs(String entity) throws Exception {
    return new TreeSet<>(
        client.getChildren().forPath(ZnodePaths.of(ZnodePaths.DEFAULT_BASE, entity).blobs()));
  }

  private static Set<String> versions(String entity) throws Exception {
    return new TreeSet<>(
        client.getChildren().forPath(ZnodePaths.of(ZnodePaths.DEFAULT_BASE, entity).versions()));
  }

  @Test
  void publishOnTopOfWhateverIsPublished_publishesOnce_thenNothingToDo() {
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    assertTrue(publisher.publish(ZkTesting.table("ontop", 3)));
    assertTrue(publisher.publish(ZkTesting.table("ontop", 4)));
    assertEquals(4, publisher.publishedVersion("ontop"));
    assertFalse(publisher.publish(ZkTesting.table("ontop", 4)), "already published");
    assertEquals(ZkTesting.table("ontop", 4), publisher.read("ontop"));
  }

  @Test
  void sameTablePublishedMeanwhile_isNotAConflict_andTheStagedChunksGo() throws Exception {
    ZkRoutingPublisher other = ZkRoutingPublisher.builder(client).build();
    RoutingTable v1 = ZkTesting.table("meanwhile-same", 1);
    RoutingTable v2 = ZkTesting.randomTable("meanwhile-same", 2, 1024, 8, 11);
    other.publish(v1, RoutingPublisher.NOTHING_PUBLISHED);
    ZkRoutingPublisher late = staging(interloping(() -> assertTrue(other.publish(v2, 1))));
    assertFalse(late.publish(v2, 1), "the table it offered is the one published");
    assertEquals(v2, other.read("meanwhile-same"));
    assertEquals(2, blobs("meanwhile-same").size(), "the blobs of versions 1 and 2 only");
  }

  @Test
  void otherTablePublishedMeanwhile_conflictNamesIt_andTheStagedChunksGo() throws Exception {
    ZkRoutingPublisher other = ZkRoutingPublisher.builder(client).build();
    other.publish(ZkTesting.table("meanwhile-other", 1), RoutingPublisher.NOTHING_PUBLISHED);
    RoutingTable theirs = ZkTesting.table("meanwhile-other", 2, 64, 4, 3);
    ZkRoutingPublisher late = staging(interloping(() -> assertTrue(other.publish(theirs, 1))));
    PublishConflictException e =
        assertThrows(
            PublishConflictException.class,
            () -> late.publish(ZkTesting.randomTable("meanwhile-other", 2, 1024, 8, 12), 1));
    assertEquals(
        "routing table 'meanwhile-other' version 2 was not published: it was prepared on top of"
            + " version 1, but version 2 (fingerprint "
            + theirs.fingerprint().substring(0, 12)
            + ") is published now; read version 2, redo the change on top of it and publish it as"
            + " version 3",
        e.getMessage());
    assertEquals(1, e.getSuppressed().length);
    assertInstanceOf(KeeperException.class, e.getSuppressed()[0]);
    assertEquals(theirs, other.read("meanwhile-other"));
    assertEquals(2, blobs("meanwhile-other").size(), "the blobs of versions 1 and 2 only");
  }

  @Test
  void guardMovedOrDeletedMeanwhile_refusedNamingIt_nothingPublished_noChunksLeft()
      throws Exception {
    String guard = "/guards/g1";
    client.create().creatingParentsIfNeeded().forPath(guard);
    ZkRoutingPublisher seed = ZkRoutingPublisher.builder(client).build();
    seed.publish(ZkTesting.table("guarded", 1), RoutingPublisher.NOTHING_PUBLISHED);
    RoutingTable v2 = ZkTesting.randomTable("guarded", 2, 1024, 8, 13);

    ZkRoutingPublisher bumped =
        staging(
            interloping(
                () -> {
                  try {
                    client.setData().forPath(guard, new byte[] {1});
                  } catch (Exception x) {
                    throw new IllegalStateException(x);
                  }
                }));
    ZkRoutingPublisher.GuardException e =
        assertThrows(
            ZkRoutingPublisher.GuardException.class,
            () -> bumped.publish(v2, 1, new ZkRoutingPublisher.Guard(guard, 0)));
    assertEquals(
        "version 2 of 'guarded' was not published: /guards/g1 is at version 1, not 0 as this"
            + " publisher's holder last wrote it; another holder took over",
        e.getMessage());
    assertEquals(1, e.getSuppressed().length);
    assertInstanceOf(KeeperException.BadVersionException.class, e.getSuppressed()[0]);
    assertEquals(1, seed.publishedVersion("guarded"));
    assertEquals(1, blobs("guarded").size(), "the staged chunks of version 2 are gone");

    ZkRoutingPublisher deleted =
        staging(
            interloping(
                () -> {
                  try {
                    client.delete().forPath(guard);
                  } catch (Exception x) {
                    throw new IllegalStateException(x);
                  }
                }));
    e =
        assertThrows(
            ZkRoutingPublisher.GuardException.class,
            () -> deleted.publish(v2, 1, new ZkRoutingPublisher.Guard(guard, 1)));
    assertEquals(
        "version 2 of 'guarded' was not published: /guards/g1 is at version none (deleted), not 1"
            + " as this publisher's holder last wrote it; another holder took over",
        e.getMessage());
    assertEquals(1, seed.publishedVersion("guarded"));
    assertEquals(1, blobs("guarded").size());

    // a guard that still holds does not stop the publish
    client.create().forPath(guard);
    assertTrue(staging(Clock.systemUTC()).publish(v2, 1, new ZkRoutingPublisher.Guard(guard, 0)));
    assertEquals(v2, seed.read("guarded"));
  }

  @Test
  void contentOverTheLimitPast64KiB_refused_theWholeLengthCounts() throws Exception {
    RoutingTable big = ZkTesting.randomTable("toolarge-wide", 1, 16384, 16, 7);
    int content = RoutingDocuments.writeCompact(big).length;
    assertTrue(content > 1 << 16, content + " bytes of content, over 64 KiB");
    ZkRoutingPublisher tight =
        ZkRoutingPublisher.builder(client).readableContentBytes(content - 1).build();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> tight.publish(big, RoutingPublisher.NOTHING_PUBLISHED));
    assertTrue(
        e.getMessage().contains("its snapshot content is " + content + " bytes, over the "),
        e.getMessage());
    assertEquals(RoutingPublisher.NOTHING_PUBLISHED, tight.publishedVersion("toolarge-wide"));
  }

  @Test
  void prune_deletesLeftoverBlobsUpToThePublishedVersion_keepsNewerAndForeignOnes()
      throws Exception {
    String entity = "leftovers";
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    publisher.publish(ZkTesting.table(entity, 0), RoutingPublisher.NOTHING_PUBLISHED);
    publisher.publish(ZkTesting.table(entity, 1), 0);
    publisher.publish(ZkTesting.table(entity, 2), 1);
    Set<String> published = blobs(entity);
    assertEquals(3, published.size());
    ZnodePaths paths = ZnodePaths.of(ZnodePaths.DEFAULT_BASE, entity);
    String atZero = ZnodePaths.versionName(0) + "-lost";
    String atCurrent = ZnodePaths.versionName(2) + "-lost";
    String staging = ZnodePaths.versionName(3) + "-staging";
    String foreign = "not-a-version";
    for (String b : List.of(atZero, atCurrent, staging, foreign)) {
      client.create().forPath(paths.blob(b));
      client.create().forPath(paths.chunk(b, 0), new byte[] {1, 2, 3});
    }

    EntityStore store = new EntityStore(client, ZnodePaths.DEFAULT_BASE, entity);
    assertEquals(0, new Pruner(store, 10).prune(), "no version is beyond the newest 10");
    Set<String> expected = new TreeSet<>(published);
    expected.add(staging);
    expected.add(foreign);
    assertEquals(expected, blobs(entity));

    assertEquals(1, new Pruner(store, 2).prune(), "version 0 goes");
    assertEquals(Set.of(ZnodePaths.versionName(1), ZnodePaths.versionName(2)), versions(entity));
    assertEquals(4, blobs(entity).size(), "versions 1 and 2, the staging and the foreign one");
  }

  @Test
  void prune_neverDeletesThePublishedVersion_evenWithANewerVersionNodeBeside() throws Exception {
    String entity = "newer-node";
    ZkRoutingPublisher publisher = ZkRoutingPublisher.builder(client).build();
    publisher.publish(ZkTesting.table(entity, 1), RoutingPublisher.NOTHING_PUBLISHED);
    publisher.publish(ZkTesting.table(entity, 2), 1);
    Manifest published = new EntityStore(client, ZnodePaths.DEFAULT_BASE, entity).manifestOf(2);
    ZnodePaths paths = ZnodePaths.of(ZnodePaths.DEFAULT_BASE, entity);
    Manifest newer =
        new Manifest(
            entity,
            5,
            published.fingerprint(),
            ZnodePaths.versionName(5) + "-x",
            published.chunkBytes(),
            published.snapshotBytes(),
            published.crc32c(),
            published.chunkCrc32c(),
            published.publishedAt(),
            "hand");
    client.create().forPath(paths.version(5), newer.toBytes());

    EntityStore store = new EntityStore(client, ZnodePaths.DEFAULT_BASE, entity);
    assertEquals(1, new Pruner(store, 1).prune(), "only version 1 goes");
    assertEquals(Set.of(ZnodePaths.versionName(2), ZnodePaths.versionName(5)), versions(entity));
    assertEquals(ZkTesting.table(entity, 2), publisher.read(entity));
    assertEquals(ZkTesting.table(entity, 2), publisher.read(entity, 2));
  }

  @Test
  void builder_edgesAccepted_andKeepingOneVersionKeepsThePublishedOne() {
    ZkRoutingPublisher.Builder b = ZkRoutingPublisher.builder(client);
    b.chunkBytes(1).chunkBytes(768 << 10).transactionBytes(1).transactionBytes(768 << 10);
    assertThrows(IllegalArgumentException.class, () -> b.transactionBytes(0));
    assertThrows(IllegalArgumentException.class, () -> b.transactionBytes((768 << 10) + 1));
    assertThrows(IllegalArgumentException.class, () -> b.chunkBytes((768 << 10) + 1));
    ZkRoutingPublisher one = b.keepVersions(1).build();
    assertTrue(one.publish(ZkTesting.table("keep-one", 1), RoutingPublisher.NOTHING_PUBLISHED));
    assertTrue(one.publish(ZkTesting.table("keep-one", 2), 1));
    List<Long> kept = new java.util.ArrayList<>();
    for (ZkRoutingPublisher.PublishedVersion v : one.history("keep-one")) {
      kept.add(v.version());
    }
    assertEquals(List.of(2L), kept);
    assertEquals(ZkTesting.table("keep-one", 2), one.read("keep-one"));
  }
}
