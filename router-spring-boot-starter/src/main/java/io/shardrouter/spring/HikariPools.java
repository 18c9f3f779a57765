package io.shardrouter.spring;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * Makes one HikariCP pool per replica group member from {@code shardrouter.groups}: the member's
 * endpoint in the routing document is looked up first as a key of its own (settings of exactly that
 * member), then the group's id (settings of every member of the group). The JDBC URL is the
 * settings' {@code url}, or the endpoint itself when it is one ({@code jdbc:...}).
 *
 * <p>Pools are named {@code shardrouter-<group>} (the primary) and {@code
 * shardrouter-<group>-replica-<n>}; with a meter registry, HikariCP's own {@code hikaricp.*} meters
 * are bound under those names.
 *
 * <p><b>Thread-safety:</b> {@link ShardedDataSource} calls it one call at a time; safe anyway.
 */
final class HikariPools implements ShardedDataSource.Factory {
  private static final Pattern UNIFORM_KEY = Pattern.compile("[a-z0-9-]+");
  private static final String TRANSITION = "transition";

  private final Map<String, ShardRouterProperties.Group> groups;
  private final @Nullable MeterRegistry registry;
  private final Set<String> livePoolNames = ConcurrentHashMap.newKeySet();

  /** Pools from {@code groups}, with HikariCP's meters in {@code registry} when it is not null. */
  HikariPools(Map<String, ShardRouterProperties.Group> groups, @Nullable MeterRegistry registry) {
    this.groups = Map.copyOf(Objects.requireNonNull(groups, "groups"));
    this.registry = registry;
  }

  /** The JDBC URL and settings of one member, and the key they were found under. */
  record Resolved(String key, String url, ShardRouterProperties.Group settings) {}

  @Override
  public DataSource create(ReplicaGroup group, Replica member) {
    Resolved r = resolve(group, member);
    String name = poolName(group, member);
    HikariConfig c;
    try {
      c = config(r, name);
    } catch (RuntimeException e) {
      livePoolNames.remove(name);
      throw new InvalidShardRouterPropertyException(
          property(r.key(), null),
          "the settings of replica group '"
              + group.id()
              + "' (endpoint '"
              + member.endpoint()
              + "') are refused by HikariCP: "
              + e.getMessage(),
          "fix the setting HikariCP names under " + property(r.key(), null),
          e);
    }
    try {
      return new HikariDataSource(c);
    } catch (RuntimeException e) {
      livePoolNames.remove(name);
      Throwable why = e.getCause() != null ? e.getCause() : e;
      boolean connecting = why instanceof SQLException; // else a driver or a setting HikariCP took
      throw new InvalidShardRouterPropertyException(
          property(r.key(), "url"),
          "replica group '"
              + group.id()
              + "' (endpoint '"
              + member.endpoint()
              + (connecting ? "') cannot be reached at " : "') gets no pool for ")
              + masked(r.url())
              + ": "
              + why.getMessage(),
          connecting
              ? "check that the database is up and takes connections at that URL with the user"
                  + " and password set under "
                  + property(r.key(), null)
                  + ", or fix the settings"
              : "check that the JDBC driver of that URL is on the class path (or set "
                  + property(r.key(), "driver-class-name")
                  + ") and the settings under "
                  + property(r.key(), null),
          e);
    }
  }

  private HikariConfig config(Resolved r, String name) {
    HikariConfig c = new HikariConfig();
    c.setJdbcUrl(r.url());
    ShardRouterProperties.Group s = r.settings();
    if (s.username() != null) {
      c.setUsername(s.username());
    }
    if (s.password() != null) {
      c.setPassword(s.password());
    }
    if (s.driverClassName() != null) {
      c.setDriverClassName(s.driverClassName());
    }
    if (s.maximumPoolSize() != null) {
      c.setMaximumPoolSize(s.maximumPoolSize());
    }
    if (s.minimumIdle() != null) {
      c.setMinimumIdle(s.minimumIdle());
    }
    if (s.connectionTimeout() != null) {
      c.setConnectionTimeout(s.connectionTimeout().toMillis());
    }
    if (s.idleTimeout() != null) {
      c.setIdleTimeout(s.idleTimeout().toMillis());
    }
    if (s.maxLifetime() != null) {
      c.setMaxLifetime(s.maxLifetime().toMillis());
    }
    s.dataSourceProperties().forEach(c::addDataSourceProperty);
    c.setPoolName(name);
    if (registry != null) {
      c.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry));
    }
    c.validate();
    return c;
  }

  @Override
  public void close(DataSource dataSource) {
    if (dataSource instanceof HikariDataSource h) {
      livePoolNames.remove(h.getPoolName());
      h.close();
    }
  }

  /**
   * A pool name no open pool has: {@code shardrouter-<group>} or {@code
   * shardrouter-<group>-replica-<n>}, with {@code #2}, {@code #3}... while a pool of a previous
   * version with the same name is still open (its meters would be removed with it).
   */
  private String poolName(ReplicaGroup group, Replica member) {
    int index = group.members().indexOf(member);
    String base = "shardrouter-" + group.id() + (index <= 0 ? "" : "-replica-" + index);
    String name = base;
    for (int n = 2; !livePoolNames.add(name); n++) {
      name = base + "#" + n;
    }
    return name;
  }

  /**
   * The settings of {@code member} of {@code group}.
   *
   * @throws InvalidShardRouterPropertyException naming the setting to add or fix
   */
  Resolved resolve(ReplicaGroup group, Replica member) {
    String endpoint = member.endpoint();
    ShardRouterProperties.Group byEndpoint = groups.get(endpoint);
    if (byEndpoint != null) {
      return checked(group, member, endpoint, byEndpoint, byEndpoint.url());
    }
    ShardRouterProperties.Group byId = groups.get(group.id());
    if (byId == null && endpoint.startsWith("jdbc:")) {
      // the endpoint is the URL: a key for the group's other settings is all that is missing
      throw new InvalidShardRouterPropertyException(
          property(group.id(), "username"),
          "replica group '"
              + group.id()
              + "' has no settings: no key of shardrouter.groups is its id (its member's endpoint,"
              + " a JDBC URL, is the URL; the keys are "
              + groups.keySet()
              + ")",
          "set "
              + property(group.id(), "username")
              + " (and password), or any other setting of the group, so that it is configured on"
              + " purpose; the URL is taken from the endpoint");
    }
    if (byId == null) {
      throw new InvalidShardRouterPropertyException(
          property(group.id(), "url"),
          "replica group '"
              + group.id()
              + "' (member endpoint '"
              + endpoint
              + "') has no JDBC settings: no key of shardrouter.groups is its id or its endpoint"
              + " (the keys are "
              + groups.keySet()
              + ")",
          "set "
              + property(group.id(), "url")
              + " (with username and password) for the whole group, or "
              + property(endpoint, "url")
              + " for this member; a key with characters other than lowercase letters, digits"
              + " and '-' must be written in brackets");
    }
    if (byId.url() == null) {
      return checked(group, member, group.id(), byId, null);
    }
    Set<String> endpoints = new LinkedHashSet<>();
    for (Replica m : group.members()) {
      endpoints.add(m.endpoint());
    }
    if (endpoints.size() > 1) {
      throw new InvalidShardRouterPropertyException(
          property(group.id(), "url"),
          "replica group '"
              + group.id()
              + "' has "
              + endpoints.size()
              + " members "
              + endpoints
              + ", and one url cannot serve them all",
          "key each member's settings by its endpoint ("
              + property(endpoint, "url")
              + " and so on), or leave the url out when the endpoints are JDBC URLs");
    }
    return checked(group, member, group.id(), byId, byId.url());
  }

  private static Resolved checked(
      ReplicaGroup group,
      Replica member,
      String key,
      ShardRouterProperties.Group settings,
      @Nullable String url) {
    if (url == null) {
      if (!member.endpoint().startsWith("jdbc:")) {
        throw new InvalidShardRouterPropertyException(
            property(key, "url"),
            "replica group '"
                + group.id()
                + "' member endpoint '"
                + member.endpoint()
                + "' is not a JDBC URL and no url is set for it",
            "set " + property(key, "url") + " to the member's JDBC URL");
      }
      return new Resolved(key, member.endpoint(), settings);
    }
    if (!url.startsWith("jdbc:")) {
      throw new InvalidShardRouterPropertyException(
          property(key, "url"),
          "'" + url + "' is not a JDBC URL",
          "set it to the JDBC URL of replica group '"
              + group.id()
              + "' (endpoint '"
              + member.endpoint()
              + "'), starting with 'jdbc:'");
    }
    return new Resolved(key, url, settings);
  }

  /**
   * Every member of every group {@code table} names, with a migration's source and target groups:
   * each one's settings resolve, or all the problems are reported at once.
   *
   * @throws InvalidShardRouterPropertyException listing every member without usable settings
   */
  void check(RoutingTable table) {
    List<ReplicaGroup> all = new ArrayList<>(table.groups());
    MigrationPlan plan =
        table.extension(TRANSITION) == null ? null : MigrationRoutes.of(table).plan();
    if (plan != null) { // a phase of a migration; a finished one's last table has no plan
      all.addAll(plan.from().groups());
      all.addAll(plan.to().groups());
    }
    Map<String, InvalidShardRouterPropertyException> problems = new LinkedHashMap<>();
    Set<String> seen = new LinkedHashSet<>();
    for (ReplicaGroup g : all) {
      for (Replica m : g.members()) {
        if (seen.add(g.id() + "\u0000" + m.endpoint())) {
          try {
            resolve(g, m);
          } catch (InvalidShardRouterPropertyException e) {
            problems.putIfAbsent(e.property() + e.problem(), e); // one per group when they share it
          }
        }
      }
    }
    if (problems.size() == 1) {
      throw problems.values().iterator().next();
    }
    if (!problems.isEmpty()) {
      StringBuilder what = new StringBuilder();
      StringBuilder todo = new StringBuilder();
      for (InvalidShardRouterPropertyException e : problems.values()) {
        what.append(what.length() == 0 ? "" : "; ").append(e.problem());
        todo.append(todo.length() == 0 ? "" : "; ").append(e.action());
      }
      throw new InvalidShardRouterPropertyException(
          "shardrouter.groups",
          problems.size()
              + " members of routing table '"
              + table.entity()
              + "' version "
              + table.version()
              + " have no usable JDBC settings: "
              + what,
          todo.toString());
    }
  }

  /**
   * {@code url} for a message: a password in it ({@code password=...}, {@code user:secret@}) is
   * masked, as the settings print theirs.
   */
  static String masked(String url) {
    return url.replaceAll("(?i)(password=)[^&;]*", "$1******")
        .replaceAll("(//[^/:@]*:)[^/@]*@", "$1******@");
  }

  /** {@code shardrouter.groups.<key>.<setting>}, with the key in brackets when it needs them. */
  static String property(String key, @Nullable String setting) {
    String k = UNIFORM_KEY.matcher(key).matches() ? key : "[" + key + "]";
    return "shardrouter.groups." + k + (setting == null ? "" : "." + setting);
  }

  @Override
  public String toString() {
    return "HikariPools" + groups.keySet();
  }
}
