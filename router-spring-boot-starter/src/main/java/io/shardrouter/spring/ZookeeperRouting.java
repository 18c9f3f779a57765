package io.shardrouter.spring;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.zookeeper.ZkRoutingSource;
import java.time.Duration;
import java.util.Objects;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

/**
 * The ZooKeeper routing source from {@code shardrouter.routing.zookeeper.*}. Only this class names
 * router-zookeeper's and Curator's types, and it is used only when they are on the class path.
 */
final class ZookeeperRouting {
  static final String PREFIX = "shardrouter.routing.zookeeper.";

  private ZookeeperRouting() {}

  /** A started Curator client for the connect string, session and connection timeouts. */
  static CuratorFramework client(ShardRouterProperties.Zookeeper zk) {
    positive(zk.sessionTimeout(), "session-timeout");
    positive(zk.connectionTimeout(), "connection-timeout");
    CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString(zk.connect())
            .sessionTimeoutMs(Math.toIntExact(zk.sessionTimeout().toMillis()))
            .connectionTimeoutMs(Math.toIntExact(zk.connectionTimeout().toMillis()))
            .retryPolicy(new ExponentialBackoffRetry(1000, 3))
            .build();
    client.start();
    return client;
  }

  /**
   * A started source of {@code zk.entity()} on {@code client}: it has waited up to the startup wait
   * for a table.
   */
  static ZkRoutingSource source(ShardRouterProperties.Zookeeper zk, CuratorFramework client) {
    if (zk.entity() == null || zk.entity().isBlank()) {
      throw new InvalidShardRouterPropertyException(
          PREFIX + "entity",
          "it is not set, and a ZooKeeper routing source reads the tables of one entity",
          "set it to the routing document's entity, e.g. " + PREFIX + "entity=orders");
    }
    positive(zk.startupWait(), "startup-wait");
    ZkRoutingSource.Builder b = ZkRoutingSource.builder(client, zk.entity());
    apply(() -> b.basePath(zk.basePath()), zk.basePath() != null, "base-path");
    apply(() -> b.instanceId(zk.instanceId()), zk.instanceId() != null, "instance-id");
    if (zk.lastKnownGood() != null) {
      b.lastKnownGood(zk.lastKnownGood());
    }
    return b.build().start(zk.startupWait());
  }

  /**
   * The router {@code source} keeps up to date, once it has a table.
   *
   * @throws InvalidShardRouterPropertyException when the start found no table
   */
  static Router router(RoutingSource source, ShardRouterProperties.Zookeeper zk) {
    if (!(source instanceof ZkRoutingSource z)) {
      throw new IllegalStateException(
          "the RoutingSource bean is a "
              + source.getClass().getName()
              + ", not the ZkRoutingSource "
              + PREFIX
              + "connect configures, so the router it keeps up to date is unknown here; define a"
              + " Router bean beside it");
    }
    try {
      return z.awaitRouter(Duration.ZERO);
    } catch (RoutingException e) {
      throw new InvalidShardRouterPropertyException(
          PREFIX + "entity",
          "no routing table of entity '"
              + zk.entity()
              + "' arrived from ZooKeeper at '"
              + zk.connect()
              + "' within "
              + PREFIX
              + "startup-wait ("
              + zk.startupWait().toMillis()
              + "ms): "
              + e.getMessage(),
          "publish the entity's table first (shardctl zk publish, or ZkRoutingPublisher), check "
              + PREFIX
              + "connect, entity and base-path, or raise "
              + PREFIX
              + "startup-wait",
          e);
    }
  }

  private static void apply(Runnable set, boolean present, String name) {
    if (!present) {
      return;
    }
    try {
      set.run();
    } catch (IllegalArgumentException e) {
      throw new InvalidShardRouterPropertyException(
          PREFIX + name,
          Objects.requireNonNullElse(e.getMessage(), e.toString()),
          "fix " + PREFIX + name,
          e);
    }
  }

  private static void positive(Duration d, String name) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new InvalidShardRouterPropertyException(
          PREFIX + name, "it must be a positive duration, got " + d, "set it to e.g. 10s");
    }
  }
}
