package io.shardrouter.zookeeper;

import io.shardrouter.zookeeper.internal.ZnodePaths;
import java.io.IOException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.apache.zookeeper.CreateMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One instance's ephemeral census node, kept by Curator's {@code PersistentNode}: created when the
 * session is there, created again after a lost session, deleted on {@link #close()}.
 */
final class Census {
  private static final Logger LOG = LoggerFactory.getLogger(Census.class);

  private final CuratorFramework client;
  private final String path;
  private final String instance;
  private PersistentNode node;

  Census(CuratorFramework client, ZnodePaths paths, String instance) {
    this.client = client;
    this.path = paths.census(instance);
    this.instance = instance;
  }

  String instance() {
    return instance;
  }

  synchronized void start(CensusReport.Entry entry) {
    node = new PersistentNode(client, CreateMode.EPHEMERAL, false, path, entry.toBytes());
    node.start();
  }

  synchronized void update(CensusReport.Entry entry) {
    if (node == null) {
      return;
    }
    try {
      node.setData(entry.toBytes());
    } catch (IllegalStateException e) {
      // not created yet (no session so far): start over with the new data, created on connection
      close();
      start(entry);
    } catch (Exception e) {
      LOG.warn(
          "census node {} not updated to version {}; it is written again when the session returns: {}",
          path,
          entry.version(),
          e.toString());
    }
  }

  synchronized void close() {
    if (node != null) {
      try {
        node.close();
      } catch (IOException e) {
        LOG.warn("census node {} not closed cleanly: {}", path, e.toString());
      }
      node = null;
    }
  }
}
