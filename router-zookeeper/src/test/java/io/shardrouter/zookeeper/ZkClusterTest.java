package io.shardrouter.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.PublishConflictException;
import io.shardrouter.core.metadata.RoutingPublisher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.zookeeper.client.FourLetterWordMain;
import org.junit.jupiter.api.Test;

/** A three-server ensemble whose leader is killed while versions are being published. */
class ZkClusterTest {
  private static final String ENTITY = "ensemble";
  private static final int WATCHERS = 3;
  private static final long LAST = 12;

  @Test
  void leaderKilledDuringPublish_everyWatcherConverges_noneAppliesAPartialTable() throws Exception {
    try (TestingCluster cluster = new TestingCluster(3)) {
      cluster.start();
      Map<Long, RoutingTable> published = new ConcurrentHashMap<>();
      List<String> problems = new CopyOnWriteArrayList<>();
      List<CuratorFramework> clients = new ArrayList<>();
      List<ZkRoutingSource> sources = new ArrayList<>();
      try (CuratorFramework admin = ZkTesting.client(cluster.getConnectString())) {
        // big enough to be staged in several transactions: the leader dies between them
        ZkRoutingPublisher publisher =
            ZkRoutingPublisher.builder(admin).chunkBytes(2048).transactionBytes(4096).build();
        publishUntilDone(publisher, table(1), published);
        for (int i = 0; i < WATCHERS; i++) {
          CuratorFramework c = ZkTesting.client(cluster.getConnectString());
          clients.add(c);
          ZkRoutingSource s =
              ZkRoutingSource.builder(c, ENTITY).instanceId("w" + i).build().start(ZkTesting.WAIT);
          s.router()
              .addListener(
                  (before, after) -> {
                    RoutingTable expected = published.get(after.version());
                    if (expected == null || !expected.equals(after)) {
                      problems.add("applied a table not published as version " + after.version());
                    }
                    if (after.version() <= before.version()) {
                      problems.add("went from " + before.version() + " to " + after.version());
                    }
                  });
          sources.add(s);
        }
        for (long v = 2; v <= LAST; v++) {
          if (v == 5) {
            InstanceSpec leader = leader(cluster);
            Thread killer =
                new Thread(
                    () -> {
                      try {
                        cluster.killServer(leader);
                      } catch (Exception e) {
                        problems.add("could not kill the leader: " + e);
                      }
                    });
            killer.start();
            publishUntilDone(publisher, table(v), published);
            killer.join();
          } else {
            publishUntilDone(publisher, table(v), published);
          }
        }
        for (ZkRoutingSource s : sources) {
          assertTrue(s.awaitVersion(LAST, ZkTesting.WAIT), () -> "stuck at " + s.status());
          assertEquals(table(LAST), s.router().table());
        }
        assertEquals(List.of(), problems);
        VersionCensus.of(admin, ENTITY).awaitConvergence(LAST, 1.0, ZkTesting.WAIT);
      } finally {
        for (ZkRoutingSource s : sources) {
          s.close();
        }
        for (CuratorFramework c : clients) {
          c.close();
        }
      }
    }
  }

  private static RoutingTable table(long version) {
    return ZkTesting.randomTable(ENTITY, version, 8192, 16, version);
  }

  /**
   * Publishes {@code table} on top of the version before it, retrying while the ensemble elects a
   * new leader: a publish whose reply was lost may have committed, which the retry sees as "this
   * exact table is published already".
   */
  private static void publishUntilDone(
      ZkRoutingPublisher publisher, RoutingTable table, Map<Long, RoutingTable> published) {
    published.put(table.version(), table);
    long expected = table.version() == 1 ? RoutingPublisher.NOTHING_PUBLISHED : table.version() - 1;
    long deadline = System.nanoTime() + ZkTesting.WAIT.toNanos();
    while (true) {
      try {
        publisher.publish(table, expected);
        return;
      } catch (PublishConflictException e) {
        throw e;
      } catch (RoutingException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
      }
    }
  }

  private static InstanceSpec leader(TestingCluster cluster) throws Exception {
    for (InstanceSpec spec : cluster.getInstances()) {
      String srvr = FourLetterWordMain.send4LetterWord("localhost", spec.getPort(), "srvr");
      if (srvr.contains("Mode: leader")) {
        return spec;
      }
    }
    throw new AssertionError("no leader among " + cluster.getInstances());
  }
}
