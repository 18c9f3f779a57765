package io.shardrouter.spring;

import io.micrometer.core.instrument.MeterRegistry;
import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.core.metadata.RoutingFileSource;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.KeyEncoding;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.jdbc.ShardedTable;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.curator.framework.CuratorFramework;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Spring Boot auto-configuration of a {@link ShardedTable} from the {@code shardrouter.*} settings
 * ({@link ShardRouterProperties}): the routing source (a routing file, or ZooKeeper with
 * router-zookeeper), the {@link Router} it keeps up to date, a HikariCP pool per replica group
 * member (a {@link ShardedDataSource.Factory}), the table and its {@link ShardedDataSource}; its
 * meters and Actuator contributors come from {@link ShardRouterObservabilityAutoConfiguration}.
 * Each bean backs off when the application defines one of its type, so any piece can be replaced;
 * everything closes with the context. {@code shardrouter.enabled=false} turns it all off.
 *
 * <p>A setting that cannot work fails the start with the setting's name, what is wrong and what to
 * do, all members without JDBC settings at once; the guide is {@code docs/spring-boot.md}.
 *
 * <p><b>Thread-safety:</b> configuration only; the beans are thread-safe.
 *
 * <p><b>Stability:</b> evolving: bean names and types are part of the contract.
 *
 * @since 0.1
 */
@AutoConfiguration
@ConditionalOnClass(ShardedTable.class)
@ConditionalOnBooleanProperty(name = "shardrouter.enabled", matchIfMissing = true)
@EnableConfigurationProperties(ShardRouterProperties.class)
public class ShardRouterAutoConfiguration {
  private static final String TABLE = "shardrouter.table.";

  /** For Spring. */
  public ShardRouterAutoConfiguration() {}

  /**
   * Types the {@code shardedTable} bean with its key class ({@code ShardedTable<String>}), so that
   * an injection of a table of another key class fails the start: see {@link TableKeyClass}.
   */
  @Bean
  static TableKeyClass shardRouterTableKeyClass() {
    return new TableKeyClass();
  }

  /**
   * One HikariCP pool per replica group member, from {@code shardrouter.groups}; HikariCP's meters
   * go to the application's meter registry when it has one.
   */
  @Bean
  @ConditionalOnMissingBean
  ShardedDataSource.Factory shardRouterPools(
      ShardRouterProperties properties, ObjectProvider<MeterRegistry> registry) {
    return new HikariPools(properties.groups(), registry.getIfUnique());
  }

  /**
   * How keys become bytes: {@code shardrouter.table.key-type}, or the routing table's key type when
   * it is not set.
   */
  @Bean
  @ConditionalOnMissingBean({KeyEncoding.class, ShardedTable.class})
  KeyEncoding<?> shardRouterKeyEncoding(ShardRouterProperties properties, Router router) {
    return keyEncoding(properties.table(), router.table());
  }

  /**
   * The sharded table, following the router the routing source keeps up to date (not a router of
   * its own: each version is swapped, and logged, once), from its current table on. Typed with its
   * key class ({@code ShardedTable<String>}) by {@link TableKeyClass} where that is known before
   * the table is made.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  ShardedTable<?> shardedTable(
      ShardRouterProperties properties,
      RoutingSource routingSource,
      Router router,
      ShardedDataSource.Factory pools,
      KeyEncoding<?> keys) {
    return build(properties.table(), routingSource, router, pools, keys);
  }

  /** The table's pools: a data source per group member, e.g. for queries across groups. */
  @Bean(destroyMethod = "") // the table closes its pools
  @ConditionalOnMissingBean
  @ConditionalOnSingleCandidate(ShardedTable.class)
  ShardedDataSource shardRouterDataSources(ShardedTable<?> shardedTable) {
    return shardedTable.pools();
  }

  // ---- the routing source

  /** A routing file: the router is read from it, then the file is polled. */
  @Configuration(proxyBeanMethods = false)
  @Conditional(RoutingConditions.OnFile.class)
  static class FileRoutingConfiguration {
    /**
     * The router of the routing file: the table {@link TableKeyClass} read from it to type the
     * table bean, when the file has not changed since ({@link FileTableHandoff}), else the file
     * read again.
     */
    @Bean
    @ConditionalOnMissingBean
    Router shardRouter(
        ShardRouterProperties properties,
        org.springframework.beans.factory.ObjectProvider<FileTableHandoff> handoff) {
      Path file = properties.routing().file();
      FileTableHandoff read = handoff.getIfAvailable();
      RoutingTable table = read == null ? null : read.take(file);
      return Router.create(table != null ? table : readFile(file));
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    RoutingSource shardRouterRoutingSource(
        ShardRouterProperties properties, Router router, Environment environment) {
      RoutingConditions.requireNoZookeeperSettings(environment);
      Duration poll = properties.routing().pollInterval();
      if (poll == null || poll.isNegative() || poll.isZero()) {
        throw new InvalidShardRouterPropertyException(
            "shardrouter.routing.poll-interval",
            "it must be a positive duration, got " + poll,
            "set it to how often the routing file is read again, e.g. 1s");
      }
      return RoutingFileSource.of(properties.routing().file(), router).start(poll);
    }
  }

  /** ZooKeeper: a Curator client, the source, and the router the source keeps up to date. */
  @Configuration(proxyBeanMethods = false)
  @Conditional(RoutingConditions.OnZookeeper.class)
  static class ZookeeperRoutingConfiguration {
    @Bean(name = "shardRouterCuratorFramework", destroyMethod = "close")
    @ConditionalOnMissingBean(name = "shardRouterCuratorFramework")
    CuratorFramework shardRouterCuratorFramework(ShardRouterProperties properties) {
      return ZookeeperRouting.client(properties.routing().zookeeper());
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    RoutingSource shardRouterRoutingSource(
        ShardRouterProperties properties,
        @Qualifier("shardRouterCuratorFramework") CuratorFramework client) {
      return ZookeeperRouting.source(properties.routing().zookeeper(), client);
    }

    @Bean
    @ConditionalOnMissingBean
    Router shardRouter(ShardRouterProperties properties, RoutingSource routingSource) {
      return ZookeeperRouting.router(routingSource, properties.routing().zookeeper());
    }
  }

  /** No usable routing source and none defined by the application: the start fails, saying why. */
  @Configuration(proxyBeanMethods = false)
  @Conditional(RoutingConditions.OnUnusable.class)
  @ConditionalOnMissingBean({RoutingSource.class, ShardedTable.class})
  static class NoRoutingConfiguration {
    @Bean
    RoutingSource shardRouterRoutingSource(ApplicationContext context) {
      InvalidShardRouterPropertyException e =
          RoutingConditions.unusable(context.getEnvironment(), context.getClassLoader());
      if (e == null) {
        throw new IllegalStateException(
            "the routing settings changed while the context started; set exactly one of "
                + RoutingConditions.FILE
                + " and "
                + RoutingConditions.CONNECT);
      }
      throw e;
    }
  }

  // ---- building

  /** The I/O failure behind {@code e}: an {@code UncheckedIOException} is made with one. */
  private static Throwable ioCause(UncheckedIOException e) {
    return Objects.requireNonNullElse(e.getCause(), e);
  }

  /** The table read from the routing file at start. */
  static RoutingTable readFile(Path file) {
    String property = RoutingConditions.FILE;
    try {
      return RoutingDocuments.read(file);
    } catch (UncheckedIOException e) {
      throw new InvalidShardRouterPropertyException(
          property,
          "cannot read the routing file '"
              + file.toAbsolutePath()
              + "': "
              + ioCause(e).getClass().getSimpleName()
              + " "
              + ioCause(e).getMessage(),
          "set it to the path of a routing document or snapshot",
          e);
    } catch (InvalidRoutingTableException e) {
      throw new InvalidShardRouterPropertyException(
          property,
          "the routing file '" + file.toAbsolutePath() + "' is refused: " + e.getMessage(),
          "fix every listed violation ('shardctl validate " + file + "' lists them)",
          e);
    } catch (RoutingException e) {
      throw new InvalidShardRouterPropertyException(
          property,
          "the routing file '" + file.toAbsolutePath() + "' cannot be read: " + e.getMessage(),
          "set it to the path of a routing document or snapshot",
          e);
    }
  }

  /** The encoding {@code table.keyType()} names, or the routing table's when it names none. */
  static KeyEncoding<?> keyEncoding(ShardRouterProperties.Table table, RoutingTable routing) {
    String property = TABLE + "key-type";
    KeyType routed = routing.keyType();
    String name = table.keyType();
    if (name == null || name.isBlank()) {
      KeyTypeSetting derived = KeyTypeSetting.named(routed.toString());
      if (derived == null) {
        throw new InvalidShardRouterPropertyException(
            property,
            "routing table '"
                + routing.entity()
                + "' routes keys of type "
                + routed
                + ", for which no key-type setting makes an encoding",
            "define a KeyEncoding bean that makes each key's parts: KeyEncoding.composite(key ->"
                + " CompositeKey.of(...its "
                + routed.parts().size()
                + " parts...), "
                + routed.parts().stream()
                    .map(k -> "Kind." + k.name())
                    .collect(java.util.stream.Collectors.joining(", "))
                + ")"); // every single-valued key type has an encoding of its own
      }
      return derived.encoding();
    }
    KeyTypeSetting named = keyTypeSetting(name, "the routing table's (" + routed + ")");
    if (!named.encoding().keyType().equals(routed)) {
      throw new InvalidShardRouterPropertyException(
          property,
          "it is '"
              + name
              + "' but routing table '"
              + routing.entity()
              + "' routes keys of type "
              + routed,
          "set it to '" + routed + "', or leave it out to take the routing table's");
    }
    return named.encoding();
  }

  /**
   * The key type the {@code key-type} setting {@code name} names, refused when it names none;
   * {@code otherwise} is what leaving the setting out takes.
   */
  private static KeyTypeSetting keyTypeSetting(String name, String otherwise) {
    KeyTypeSetting named = KeyTypeSetting.named(name);
    if (named == null) {
      throw new InvalidShardRouterPropertyException(
          TABLE + "key-type",
          "'" + name + "' is not a key type",
          "set it to one of [string, long, int, uuid, timestamp, bytes], or leave it out to take "
              + otherwise);
    }
    return named;
  }

  /** The JDBC isolation level {@code name} names. */
  static int isolation(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    switch (n) {
      case "read-committed":
        return Connection.TRANSACTION_READ_COMMITTED;
      case "repeatable-read":
        return Connection.TRANSACTION_REPEATABLE_READ;
      case "serializable":
        return Connection.TRANSACTION_SERIALIZABLE;
      default:
        throw new InvalidShardRouterPropertyException(
            TABLE + "isolation",
            "'" + name + "' is not an isolation level the table's fences hold at",
            "set it to one of [read-committed, repeatable-read, serializable]");
    }
  }

  /** The table of {@code t}, checked setting by setting before the builder sees it. */
  static ShardedTable<?> build(
      ShardRouterProperties.Table t,
      RoutingSource source,
      Router router,
      ShardedDataSource.Factory pools,
      KeyEncoding<?> keys) {
    if (t.name() == null || t.name().isBlank()) {
      throw new InvalidShardRouterPropertyException(
          TABLE + "name",
          "it is not set",
          "set it to the name of the SQL table the rows go to, the same on every group, e.g. "
              + TABLE
              + "name=orders");
    }
    if (t.columns().isEmpty()) {
      throw new InvalidShardRouterPropertyException(
          TABLE + "columns",
          "no value columns are listed for table '" + t.name() + "'",
          "list them in the order writes give their values, e.g. "
              + TABLE
              + "columns=customer,cents (beside the bookkeeping columns row_key, row_id,"
              + " routed_version, seq and part)");
    }
    checkKeyTypeAgrees(t, keys);
    int isolation = isolation(t.isolation());
    if (t.retryAttempts() < 1) {
      throw new InvalidShardRouterPropertyException(
          TABLE + "retry-attempts",
          "it must be >= 1, got " + t.retryAttempts(),
          "set it to the most attempts of one call, e.g. 20");
    }
    positive(t.retryMaxWait(), "retry-max-wait", "the longest one call retries, e.g. 10s");
    if (t.updateRetryInterval() == null || t.updateRetryInterval().isNegative()) {
      throw new InvalidShardRouterPropertyException(
          TABLE + "update-retry-interval",
          "it must be a duration >= 0, got " + t.updateRetryInterval(),
          "set it to how long after a failed routing update a call tries it again, e.g. 1s");
    }
    if (pools instanceof HikariPools hikari) {
      hikari.check(router.table());
    }
    ShardedTable.Builder<?> b = builder(t, keys);
    return b.routing(source, router)
        .pools(pools)
        .isolation(isolation)
        .retry(t.retryAttempts(), t.retryMaxWait())
        .updateRetryInterval(t.updateRetryInterval())
        .createTables(t.createTables())
        .build();
  }

  /**
   * A {@code key-type} setting beside the application's own {@link KeyEncoding} bean must name the
   * bean's key type: the bean decides, and a setting that says otherwise would be silently wrong.
   */
  private static void checkKeyTypeAgrees(ShardRouterProperties.Table t, KeyEncoding<?> keys) {
    String name = t.keyType();
    if (name == null || name.isBlank()) {
      return;
    }
    KeyTypeSetting named = keyTypeSetting(name, "the KeyEncoding's (" + keys.keyType() + ")");
    if (!named.encoding().keyType().equals(keys.keyType())) {
      throw new InvalidShardRouterPropertyException(
          TABLE + "key-type",
          "it is '"
              + name
              + "' but the application's KeyEncoding bean encodes keys of type "
              + keys.keyType()
              + ", and the bean decides",
          "remove the setting, or make the KeyEncoding bean and the setting name the same key"
              + " type");
    }
  }

  private static <K> ShardedTable.Builder<K> builder(
      ShardRouterProperties.Table t, KeyEncoding<K> keys) {
    List<String> columns = t.columns();
    try {
      return ShardedTable.builder(t.name(), keys, columns.toArray(new String[0]));
    } catch (IllegalArgumentException e) {
      boolean column = e.getMessage() != null && e.getMessage().contains("value column");
      throw new InvalidShardRouterPropertyException(
          TABLE + (column ? "columns" : "name"),
          Objects.requireNonNullElse(e.getMessage(), e.toString()),
          column
              ? "list each value column once, as a plain SQL identifier"
              : "set it to the table's plain SQL name",
          e);
    }
  }

  private static void positive(Duration d, String name, String what) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new InvalidShardRouterPropertyException(
          TABLE + name, "it must be a positive duration, got " + d, "set it to " + what);
    }
  }
}
