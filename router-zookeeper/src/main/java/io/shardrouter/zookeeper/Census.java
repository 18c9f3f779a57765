package io.shardrouter.zookeeper;

import io.shardrouter.zookeeper.internal.ZnodePaths;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.apache.zookeeper.CreateMode;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One instance's ephemeral census node, kept by Curator's {@code PersistentNode}: created when the
 * session is there, created again after a lost session, deleted on {@link #close()}. With a
 * heartbeat, the node's data is written again every period with the time of writing, on a thread of
 * its own (a long table decode on the source's thread does not delay it); one small background
 * {@code setData} per period.
 */
final class Census {
  private static final Logger LOG = LoggerFactory.getLogger(Census.class);

  /** How long {@link #close()} waits for ZooKeeper to delete the node. */
  static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

  private final CuratorFramework client;
  private final String path;
  private final String instance;
  private final Clock clock;
  private final Duration heartbeatEvery;

  /** Null before {@link #start} and after {@link #close()}. */
  private @Nullable PersistentNode node;

  private CensusReport.@Nullable Entry last;
  private @Nullable ScheduledExecutorService heartbeat;

  /**
   * The census node of {@code instance}; {@code heartbeatEvery} zero for none (census format 1).
   */
  Census(
      CuratorFramework client,
      ZnodePaths paths,
      String instance,
      Clock clock,
      Duration heartbeatEvery) {
    this.client = client;
    this.path = paths.census(instance);
    this.instance = instance;
    this.clock = clock;
    this.heartbeatEvery = heartbeatEvery;
  }

  String instance() {
    return instance;
  }

  /** Creates the node with {@code entry} and starts the heartbeat. */
  synchronized void start(CensusReport.Entry entry) {
    createNode(entry);
    if (!heartbeatEvery.isZero() && heartbeat == null) {
      heartbeat =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "shardrouter-zk-census-" + instance);
                t.setDaemon(true);
                return t;
              });
      long ms = heartbeatEvery.toMillis();
      heartbeat.scheduleWithFixedDelay(this::beat, ms, ms, TimeUnit.MILLISECONDS);
    }
  }

  /** Writes {@code entry} now. */
  synchronized void update(CensusReport.Entry entry) {
    PersistentNode n = node;
    if (n == null) {
      return;
    }
    write(n, entry);
  }

  /** Writes the last entry again with the time of now: the heartbeat. */
  synchronized void beat() {
    PersistentNode n = node;
    CensusReport.Entry entry = last;
    if (n != null && entry != null) {
      write(n, entry);
    }
  }

  private void createNode(CensusReport.Entry entry) {
    last = entry;
    node = new PersistentNode(client, CreateMode.EPHEMERAL, false, path, stamped(entry));
    node.start();
  }

  private void write(PersistentNode n, CensusReport.Entry entry) {
    last = entry;
    try {
      n.setData(stamped(entry));
    } catch (IllegalStateException e) {
      // not created yet (no session so far): start over with the new data, created on connection
      closeNode();
      createNode(entry);
    } catch (Exception e) {
      LOG.warn(
          "census node {} not updated to version {}; it is written again when the session returns: {}",
          path,
          entry.version(),
          e.toString());
    }
  }

  private byte[] stamped(CensusReport.Entry entry) {
    return (heartbeatEvery.isZero() ? entry : entry.withHeartbeat(clock.instant(), heartbeatEvery))
        .toBytes();
  }

  /**
   * Stops the heartbeat and deletes the node before it returns while ZooKeeper answers; when it
   * does not answer within {@link #CLOSE_WAIT}, returns anyway (a shutdown must not hang on it) and
   * the node goes when the session ends.
   */
  void close() {
    ScheduledExecutorService h;
    PersistentNode n;
    synchronized (this) {
      h = heartbeat;
      heartbeat = null;
      n = node;
      node = null;
    }
    if (h != null) {
      h.shutdownNow();
    }
    if (n == null) {
      return;
    }
    Thread closing = new Thread(() -> closeNode(n), "shardrouter-zk-census-close-" + instance);
    closing.setDaemon(true);
    closing.start();
    try {
      closing.join(CLOSE_WAIT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (closing.isAlive()) {
      LOG.warn(
          "census node {} not deleted within {} (ZooKeeper does not answer); it goes when the"
              + " session ends",
          path,
          CLOSE_WAIT);
    }
  }

  private void closeNode() {
    closeNode(node);
    node = null;
  }

  private void closeNode(@Nullable PersistentNode n) {
    if (n != null) {
      try {
        n.close();
      } catch (IOException | RuntimeException e) {
        LOG.warn("census node {} not closed cleanly: {}", path, e.toString());
      }
    }
  }
}
