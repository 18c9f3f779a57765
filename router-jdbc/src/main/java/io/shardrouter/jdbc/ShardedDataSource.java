package io.shardrouter.jdbc;

import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingListener;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.migrate.MigrationPlan;
import io.shardrouter.migrate.MigrationRoutes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service's connections, chosen by the routing table: one {@link DataSource} per endpoint of
 * every replica group the tracked routers route to, made by the caller's {@link Factory}. Writes
 * take {@link #primary(Route)}, reads {@link #replica(Route, long)}.
 *
 * <p>When a tracked router swaps in a table that adds a group (or gives a group a new endpoint),
 * the new endpoint's data source is made before the next call asks for it; when no tracked table
 * names an endpoint any more, its data source is closed through {@link Factory#close} at the next
 * update after that (so a request routed with the previous version, still in flight when the new
 * one arrived, finishes on its group; a write there meets the group's fence if a migration moved
 * its keys away). A table published by a migration (with router-migrate's {@code transition}
 * extension, docs/format.md §8) names the groups of both its source and its target table, so the
 * group a migration moves keys to is open from its first phase, and the one it empties is closed
 * when the migration's last version no longer names it. Several routers (orders, claims, an index)
 * over the same groups share one data source per endpoint.
 *
 * <p><b>Thread-safety:</b> safe for any number of threads. Lookups read one volatile map; updates
 * rebuild it under a lock that lookups never take.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ShardedDataSource implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ShardedDataSource.class);
  private static final String TRANSITION = "transition";

  private final Factory factory;
  private final List<Router> routers = new CopyOnWriteArrayList<>();
  private final List<RoutingTable> tables = new CopyOnWriteArrayList<>();
  private final RoutingListener listener = (previous, current) -> refresh();
  private final ReentrantLock updates = new ReentrantLock();
  private volatile Map<String, DataSource> byEndpoint = Map.of();
  private volatile boolean closed;
  private Map<String, ReplicaGroup> previous = Map.of(); // guarded by updates
  private List<RoutingTable> refreshedFor = List.of(); // guarded by updates

  private ShardedDataSource(Factory factory) {
    this.factory = Objects.requireNonNull(factory, "factory");
  }

  /**
   * Data sources for every endpoint of {@code routers}' current tables, made by {@code factory},
   * kept in step with their updates.
   */
  public static ShardedDataSource create(Factory factory, Router... routers) {
    ShardedDataSource s = new ShardedDataSource(factory);
    for (Router r : routers) {
      s.track(r);
    }
    return s;
  }

  /**
   * Also serves the groups of {@code router}: makes data sources for its endpoints now and follows
   * its updates.
   *
   * @return this
   */
  public ShardedDataSource track(Router router) {
    Objects.requireNonNull(router, "router");
    checkOpen();
    routers.add(router);
    router.addListener(listener);
    refresh();
    return this;
  }

  /**
   * Also serves the groups of {@code table}, a fixed table no router serves (yet): e.g. the target
   * table of a migration, whose new groups the coordinator needs before its first phase is
   * published, or the next version a service's own listener opens before it switches its routes.
   * Its data sources stay open until {@link #untrack(RoutingTable)} or {@link #close()}. A table
   * with router-migrate's {@code transition} extension also opens the groups of its target table.
   *
   * @return this
   * @throws JdbcStoreException when the factory fails for one of its endpoints: then the table is
   *     not tracked and no data source was made for it
   */
  public ShardedDataSource track(RoutingTable table) {
    Objects.requireNonNull(table, "table");
    checkOpen();
    tables.add(table);
    try {
      refresh();
    } catch (RuntimeException e) {
      tables.remove(table);
      throw e;
    }
    return this;
  }

  /**
   * Stops serving the groups of a table given to {@link #track(RoutingTable)} (the first one equal
   * to it): a data source no tracked table or router names any more is closed at the update after
   * the next one, as when a router moves on. A table that is not tracked is ignored.
   *
   * @return this
   */
  public ShardedDataSource untrack(RoutingTable table) {
    if (tables.remove(table)) {
      refresh();
    }
    return this;
  }

  /** The data source of the primary of {@code route}'s group: where its writes go. */
  public DataSource primary(Route route) {
    return primary(route.group());
  }

  /** The data source of the primary of {@code group}. */
  public DataSource primary(ReplicaGroup group) {
    return sourceOf(group, group.primary());
  }

  /**
   * The data source for a read of {@code route}: one of its group's replicas chosen by {@code hint}
   * (e.g. a counter), or the primary when the group has no replica.
   */
  public DataSource replica(Route route, long hint) {
    ReplicaGroup group = route.group();
    return sourceOf(group, group.readReplica(hint));
  }

  /**
   * The data source for a read from {@code group}: one of its replicas chosen by {@code hint}, or
   * the primary when the group has no replica.
   */
  public DataSource replica(ReplicaGroup group, long hint) {
    return sourceOf(group, group.readReplica(hint));
  }

  /**
   * The data source of one member of {@code group}, e.g. the replica a scatter-gather attempt
   * names, so that a retry or hedge reads from another one.
   */
  public DataSource member(ReplicaGroup group, Replica member) {
    return sourceOf(group, member);
  }

  /** The endpoints with a data source now, sorted. */
  public Set<String> endpoints() {
    return new TreeSet<>(byEndpoint.keySet());
  }

  private DataSource sourceOf(ReplicaGroup group, Replica member) {
    DataSource ds = byEndpoint.get(member.endpoint());
    if (ds == null) {
      checkOpen();
      // A router swaps its table before it tells its listeners: a call routed with the new table
      // can get here before this object's listener has run. Catch up with the routers now.
      refresh();
      ds = byEndpoint.get(member.endpoint());
    }
    if (ds == null) {
      checkOpen();
      throw new JdbcStoreException(
          "replica group '"
              + group.id()
              + "' endpoint '"
              + member.endpoint()
              + "' is in no routing table this ShardedDataSource tracks (it tracks "
              + endpoints()
              + "); track the router that routes to it");
    }
    return ds;
  }

  /**
   * Rebuilds the endpoint map from the tracked routers' current tables and the tracked tables. When
   * the factory fails, the data sources made in this refresh are closed again and nothing changes.
   * Tables already refreshed for (the same instances) change nothing, so a lookup that catches up
   * before the listener runs does not cut short the grace of the previous version's endpoints.
   */
  private void refresh() {
    updates.lock();
    try {
      if (closed) {
        return;
      }
      List<RoutingTable> current = new ArrayList<>(tables);
      for (Router r : routers) {
        current.add(r.table());
      }
      if (sameInstances(current, refreshedFor)) {
        return;
      }
      Map<String, ReplicaGroup> wanted = new HashMap<>();
      for (RoutingTable t : current) {
        List<ReplicaGroup> groups = new ArrayList<>(t.groups());
        MigrationPlan plan = t.extension(TRANSITION) == null ? null : MigrationRoutes.of(t).plan();
        if (plan != null) {
          // A phase of a migration also routes to the groups of its target table (a finished
          // migration's last table has no plan: it is the target).
          groups.addAll(plan.to().groups());
        }
        for (ReplicaGroup g : groups) {
          for (Replica m : g.members()) {
            wanted.putIfAbsent(m.endpoint(), g);
          }
        }
      }
      Map<String, ReplicaGroup> named = new HashMap<>(wanted);
      // Requests routed with the previous tables may still be in flight: their endpoints stay open
      // until the next version.
      previous.forEach(wanted::putIfAbsent);
      Map<String, DataSource> old = byEndpoint;
      Map<String, DataSource> next = new HashMap<>();
      Map<String, DataSource> made = new HashMap<>();
      try {
        for (Map.Entry<String, ReplicaGroup> e : wanted.entrySet()) {
          DataSource ds = old.get(e.getKey());
          if (ds == null) {
            ds = make(e.getValue(), e.getKey());
            made.put(e.getKey(), ds);
          }
          next.put(e.getKey(), ds);
        }
      } catch (RuntimeException e) {
        made.forEach(this::closeQuietly);
        throw e;
      }
      previous = named;
      refreshedFor = current;
      byEndpoint = Map.copyOf(next);
      for (Map.Entry<String, DataSource> e : old.entrySet()) {
        if (!next.containsKey(e.getKey())) {
          closeQuietly(e.getKey(), e.getValue());
        }
      }
    } finally {
      updates.unlock();
    }
  }

  private static boolean sameInstances(List<RoutingTable> a, List<RoutingTable> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i) != b.get(i)) {
        return false;
      }
    }
    return true;
  }

  private DataSource make(ReplicaGroup group, String endpoint) {
    Replica member = null;
    for (Replica m : group.members()) {
      if (m.endpoint().equals(endpoint)) {
        member = m;
      }
    }
    if (member == null) { // refresh() names each endpoint with a group that has it
      throw new IllegalStateException(
          "endpoint '" + endpoint + "' is no member of replica group '" + group.id() + "'");
    }
    DataSource ds = factory.create(group, member);
    if (ds == null) {
      throw new JdbcStoreException(
          "Factory "
              + factory
              + " returned null for endpoint '"
              + endpoint
              + "' of replica group '"
              + group.id()
              + "'; it must return the endpoint's data source");
    }
    LOG.info("data source for replica group '{}' endpoint '{}' created", group.id(), endpoint);
    return ds;
  }

  private void closeQuietly(String endpoint, DataSource ds) {
    try {
      factory.close(ds);
      LOG.info(
          "data source for endpoint '{}' closed: {}",
          endpoint,
          closed ? "the sharded data source is closed" : "no tracked routing table names it");
    } catch (Exception e) {
      LOG.warn("closing the data source of endpoint '{}' failed", endpoint, e);
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("this ShardedDataSource is closed");
    }
  }

  /** Stops following the routers and closes every data source through the factory. */
  @Override
  public void close() {
    updates.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      tables.clear();
      for (Router r : routers) {
        r.removeListener(listener);
      }
      Map<String, DataSource> old = byEndpoint;
      byEndpoint = Map.of();
      old.forEach(this::closeQuietly);
    } finally {
      updates.unlock();
    }
  }

  @Override
  public String toString() {
    return "ShardedDataSource" + endpoints();
  }

  /**
   * Makes the service's {@link DataSource} (its connection pool) for one member of a replica group,
   * from the endpoint the routing table gives it, and closes it when the group leaves the routing
   * table. {@link ShardedDataSource} calls it once per endpoint.
   *
   * <p>For example, with HikariCP: {@code (group, replica) -> new HikariDataSource(configFor(
   * replica.endpoint()))}; with H2's pool: {@code (group, replica) ->
   * JdbcConnectionPool.create(replica.endpoint(), "sa", "")}.
   *
   * <p><b>Thread-safety:</b> called from the thread that updates the router, one call at a time per
   * {@link ShardedDataSource}.
   *
   * <p><b>Stability:</b> stable SPI.
   *
   * @since 0.1
   */
  @FunctionalInterface
  public interface Factory {

    /**
     * The data source of {@code replica}, a member of {@code group} (its primary or one of its
     * replicas).
     */
    DataSource create(ReplicaGroup group, Replica replica);

    /**
     * Closes a data source this factory made, once no routing table the {@link ShardedDataSource}
     * tracks names its endpoint. By default closes it when it is {@link AutoCloseable} (HikariCP's
     * pool is); override for pools with another shutdown call (H2's {@code
     * JdbcConnectionPool.dispose()}).
     *
     * @throws Exception whatever closing throws; it is logged and does not stop the update
     */
    default void close(DataSource dataSource) throws Exception {
      if (dataSource instanceof AutoCloseable c) {
        c.close();
      }
    }
  }
}
