package io.shardrouter.spring;

import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.zookeeper.ZkRoutingSource;
import org.springframework.util.ClassUtils;

/**
 * Whether a routing source serves a last-known-good copy from disk rather than a table it read
 * (router-zookeeper's {@link ZkRoutingSource} after ZooKeeper did not answer at start). Works
 * without router-zookeeper on the class path: only {@link Zk} names its type.
 */
final class LastKnownGood {
  private static final boolean ZOOKEEPER =
      ClassUtils.isPresent(
          "io.shardrouter.zookeeper.ZkRoutingSource", LastKnownGood.class.getClassLoader());

  private LastKnownGood() {}

  /** True when {@code source} serves its last-known-good copy. */
  static boolean inUse(RoutingSource source) {
    return ZOOKEEPER && Zk.inUse(source);
  }

  /** Loaded only when router-zookeeper is present. */
  private static final class Zk {
    static boolean inUse(RoutingSource source) {
      return source instanceof ZkRoutingSource z && z.servingLastKnownGood();
    }
  }
}
