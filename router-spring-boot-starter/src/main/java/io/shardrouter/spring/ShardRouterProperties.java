package io.shardrouter.spring;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code shardrouter.*} settings of {@link ShardRouterAutoConfiguration}: where routing tables
 * come from, each replica group member's JDBC settings, and the sharded table. Every key under
 * {@code shardrouter} must be one of these: an unknown key fails the start, so a misspelt setting
 * is never silently ignored. The table of every setting is in {@code docs/spring-boot.md}.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param enabled whether the auto-configuration makes any bean (default true)
 * @param routing where routing tables come from: a file or ZooKeeper, exactly one
 * @param groups JDBC settings per replica group, keyed by a group's id or by one member's endpoint
 *     (in brackets when it has characters other than lowercase letters, digits and '-')
 * @param table the sharded table: its name, value columns, key type, isolation level and retries
 * @since 0.1
 */
@ConfigurationProperties(prefix = "shardrouter", ignoreUnknownFields = false)
public record ShardRouterProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue Routing routing,
    Map<String, Group> groups,
    @DefaultValue Table table) {

  /** Normalizes absent groups to none, sorted by key. */
  public ShardRouterProperties {
    groups =
        groups == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(groups));
  }

  /**
   * Where routing tables come from: set {@code file} or {@code zookeeper.connect}, not both.
   *
   * @param file a routing document or snapshot on disk; read at start and again every {@code
   *     pollInterval} when its bytes change (write it atomically: a temporary file, then a rename)
   * @param pollInterval how often the file is read again (default 1s)
   * @param zookeeper the ZooKeeper source, which needs router-zookeeper on the class path
   */
  public record Routing(
      Path file, @DefaultValue("1s") Duration pollInterval, @DefaultValue Zookeeper zookeeper) {}

  /**
   * Routing tables published to ZooKeeper by router-zookeeper's publisher ({@code shardctl zk
   * publish}).
   *
   * @param connect the ensemble's connect string, e.g. 'zk1:2181,zk2:2181'
   * @param entity the entity whose tables are read (the routing document's 'entity')
   * @param basePath the path everything lives under (default '/shardrouter')
   * @param sessionTimeout the ZooKeeper session timeout (default 60s)
   * @param connectionTimeout how long the client waits to connect (default 15s)
   * @param startupWait how long the start waits for a table from ZooKeeper before it serves the
   *     last-known-good copy, or fails when there is none (default 10s)
   * @param lastKnownGood a directory for a last-known-good copy of every table applied, served when
   *     ZooKeeper does not answer at start (default: none kept)
   * @param instanceId this instance's name in the version census, unique in the fleet (default: not
   *     registered)
   */
  public record Zookeeper(
      String connect,
      String entity,
      String basePath,
      @DefaultValue("60s") Duration sessionTimeout,
      @DefaultValue("15s") Duration connectionTimeout,
      @DefaultValue("10s") Duration startupWait,
      Path lastKnownGood,
      String instanceId) {}

  /**
   * The JDBC settings of one replica group, or of one member of it, for its HikariCP pool.
   *
   * @param url the JDBC URL; may be left out when the member's endpoint in the routing document is
   *     itself a JDBC URL, and must be when settings keyed by a group id serve several endpoints
   * @param username the user name
   * @param password the password
   * @param driverClassName the JDBC driver class (default: found from the URL)
   * @param maximumPoolSize the most connections in the pool (default 10); size it for two
   *     connections per concurrent call of the table
   * @param minimumIdle the fewest idle connections kept (default: the maximum pool size)
   * @param connectionTimeout how long a call waits for a connection (default 30s)
   * @param idleTimeout how long a connection may sit idle above the minimum (default 10m)
   * @param maxLifetime the longest a connection lives (default 30m)
   * @param dataSourceProperties properties handed to the driver's data source
   */
  public record Group(
      String url,
      String username,
      String password,
      String driverClassName,
      Integer maximumPoolSize,
      Integer minimumIdle,
      Duration connectionTimeout,
      Duration idleTimeout,
      Duration maxLifetime,
      Map<String, String> dataSourceProperties) {

    /** Normalizes absent data source properties to none. */
    public Group {
      dataSourceProperties =
          dataSourceProperties == null ? Map.of() : Map.copyOf(dataSourceProperties);
    }

    /** The settings, with the password masked. */
    @Override
    public String toString() {
      return "Group[url="
          + url
          + ", username="
          + username
          + ", password="
          + (password == null ? null : "******")
          + ", maximumPoolSize="
          + maximumPoolSize
          + "]";
    }
  }

  /**
   * The sharded table: one SQL table, the same on every group, with its value columns beside the
   * five bookkeeping columns ({@code docs/sharded-table.md}).
   *
   * @param name the SQL table's name
   * @param columns the value columns, in the order a write gives their values
   * @param keyType how keys are encoded: 'string', 'long', 'int', 'uuid', 'timestamp' or 'bytes'
   *     (default: the routing table's key type; a composite key type needs a 'KeyEncoding' bean)
   * @param isolation the transactions' isolation level: 'read-committed' (the default),
   *     'repeatable-read' or 'serializable'
   * @param retryAttempts the most attempts of one call after a fence's refusal or a serialization
   *     failure (default 20)
   * @param retryMaxWait the longest one call retries (default 10s)
   * @param updateRetryInterval how long after a failed routing update a call tries it again
   *     (default 1s)
   * @param createTables whether opening a group creates the fence table and checks the table's
   *     columns (default true)
   */
  public record Table(
      String name,
      List<String> columns,
      String keyType,
      @DefaultValue("read-committed") String isolation,
      @DefaultValue("20") int retryAttempts,
      @DefaultValue("10s") Duration retryMaxWait,
      @DefaultValue("1s") Duration updateRetryInterval,
      @DefaultValue("true") boolean createTables) {

    /** Normalizes absent columns to none. */
    public Table {
      columns = columns == null ? List.of() : List.copyOf(columns);
    }
  }
}
