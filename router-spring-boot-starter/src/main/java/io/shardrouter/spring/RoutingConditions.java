package io.shardrouter.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * Which routing source the settings choose: a file ({@code shardrouter.routing.file}), ZooKeeper
 * ({@code shardrouter.routing.zookeeper.connect}, with router-zookeeper on the class path), or
 * neither usable, which {@link #unusable} explains.
 */
final class RoutingConditions {
  static final String FILE = "shardrouter.routing.file";
  static final String CONNECT = "shardrouter.routing.zookeeper.connect";
  private static final String ZK_SOURCE = "io.shardrouter.zookeeper.ZkRoutingSource";
  private static final String CURATOR = "org.apache.curator.framework.CuratorFramework";

  private RoutingConditions() {}

  /** The ZooKeeper settings besides {@link #CONNECT}, which mean nothing without it. */
  static final List<String> ZOOKEEPER_ONLY =
      List.of(
          "shardrouter.routing.zookeeper.entity",
          "shardrouter.routing.zookeeper.base-path",
          "shardrouter.routing.zookeeper.session-timeout",
          "shardrouter.routing.zookeeper.connection-timeout",
          "shardrouter.routing.zookeeper.startup-wait",
          "shardrouter.routing.zookeeper.last-known-good",
          "shardrouter.routing.zookeeper.instance-id");

  /**
   * Refuses ZooKeeper settings next to a routing file: they would be ignored without a word (the
   * file is the source), which hides a configuration that meant ZooKeeper.
   */
  static void requireNoZookeeperSettings(Environment env) {
    List<String> set = new ArrayList<>();
    for (String name : ZOOKEEPER_ONLY) {
      if (setting(env, name) != null) {
        set.add(name);
      }
    }
    if (!set.isEmpty()) {
      throw new InvalidShardRouterPropertyException(
          set.get(0),
          (set.size() == 1 ? "it is set" : set + " are set")
              + ", but the routing source is the file '"
              + setting(env, FILE)
              + "' ("
              + FILE
              + "), and ZooKeeper settings take effect only with "
              + CONNECT,
          "remove them to follow the file, or set "
              + CONNECT
              + " and remove "
              + FILE
              + " to follow ZooKeeper");
    }
  }

  /** The value of {@code name}, or null when it is not set or set but empty. */
  static @Nullable String setting(Environment env, String name) {
    String v = Binder.get(env).bind(name, String.class).orElse(null);
    return v == null || v.isBlank() ? null : v;
  }

  /** True when {@code name} is set, empty or not ({@code shardrouter.routing.file=}). */
  static boolean present(Environment env, String name) {
    return Binder.get(env).bind(name, String.class).isBound();
  }

  private static boolean zookeeperOnClassPath(@Nullable ClassLoader loader) {
    return ClassUtils.isPresent(ZK_SOURCE, loader) && ClassUtils.isPresent(CURATOR, loader);
  }

  /** What is wrong with the routing settings, or null when they choose one usable source. */
  static @Nullable InvalidShardRouterPropertyException unusable(
      Environment env, @Nullable ClassLoader loader) {
    String file = setting(env, FILE);
    String connect = setting(env, CONNECT);
    if (file == null && present(env, FILE)) {
      return new InvalidShardRouterPropertyException(
          FILE, "it is set but empty", emptyFileAction(connect));
    }
    if (file != null && connect != null) {
      return new InvalidShardRouterPropertyException(
          FILE + " and " + CONNECT,
          "both are set ('" + file + "' and '" + connect + "'); a table follows one routing source",
          "remove one of them: keep "
              + FILE
              + " to follow a routing file, or "
              + CONNECT
              + " to follow ZooKeeper");
    }
    if (file == null && connect == null) {
      return new InvalidShardRouterPropertyException(
          FILE,
          "no routing source is configured: neither " + FILE + " nor " + CONNECT + " is set",
          "set "
              + FILE
              + "=/path/to/orders.json (a routing document, read again every"
              + " shardrouter.routing.poll-interval), or "
              + CONNECT
              + "=host:2181 with shardrouter.routing.zookeeper.entity (needs"
              + " io.shardrouter:router-zookeeper); or define RoutingSource and Router beans;"
              + " or set shardrouter.enabled=false to turn ShardRouter's auto-configuration off");
    }
    if (connect != null && !zookeeperOnClassPath(loader)) {
      return new InvalidShardRouterPropertyException(
          CONNECT,
          "it is set to '"
              + connect
              + "' but router-zookeeper is not on the class path (no "
              + ZK_SOURCE
              + " or "
              + CURATOR
              + ")",
          "add the dependency io.shardrouter:router-zookeeper (it brings Curator), or use "
              + FILE
              + " instead");
    }
    return null;
  }

  /**
   * What to do about {@code shardrouter.routing.file=}: give it a path, or remove it to follow
   * ZooKeeper at {@code connect} (null: not known to be set).
   */
  static String emptyFileAction(@Nullable String connect) {
    return "set it to the path of a routing document or snapshot, e.g. "
        + FILE
        + "=routing/orders.json, or remove it"
        + (connect != null
            ? " to follow ZooKeeper at '" + connect + "' (" + CONNECT + ")"
            : ": without it the table follows ZooKeeper ("
                + CONNECT
                + ") or the application's own RoutingSource and Router beans");
  }

  /** A routing file is set, and ZooKeeper is not. */
  static final class OnFile extends SpringBootCondition {
    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext c, AnnotatedTypeMetadata m) {
      boolean match =
          setting(c.getEnvironment(), FILE) != null && setting(c.getEnvironment(), CONNECT) == null;
      return new ConditionOutcome(match, FILE + (match ? " is set alone" : " is not set alone"));
    }
  }

  /** ZooKeeper is set, the file is not, and router-zookeeper is on the class path. */
  static final class OnZookeeper extends SpringBootCondition {
    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext c, AnnotatedTypeMetadata m) {
      boolean match =
          setting(c.getEnvironment(), CONNECT) != null
              && !present(c.getEnvironment(), FILE) // set but empty: unusable says so
              && zookeeperOnClassPath(c.getClassLoader());
      return new ConditionOutcome(
          match,
          CONNECT
              + (match ? " is set alone" : " is not set alone, or router-zookeeper is missing"));
    }
  }

  /** Neither source is usable: {@link #unusable} says why. */
  static final class OnUnusable extends SpringBootCondition {
    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext c, AnnotatedTypeMetadata m) {
      InvalidShardRouterPropertyException e = unusable(c.getEnvironment(), c.getClassLoader());
      return new ConditionOutcome(
          e != null,
          e == null
              ? "one routing source is configured"
              : Objects.requireNonNullElse(e.getMessage(), e.toString()));
    }
  }
}
