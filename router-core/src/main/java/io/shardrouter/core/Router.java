package io.shardrouter.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes keys of one entity through the current {@link RoutingTable}, held behind one volatile
 * reference: {@code route(key)} is a volatile read, the strategy's arithmetic and an array load.
 *
 * <p>{@link #update} publishes a new table with one atomic swap. It refuses a lower version ({@link
 * StaleRoutingVersionException}), accepts the same version only with the same content (then it
 * changes nothing), refuses another entity or key type, and tells listeners after the swap. A
 * refused update leaves the current table in place: the router keeps serving its last good table. A
 * request that needs several routes consistent with one another reads {@link #table()} once and
 * routes through that snapshot.
 *
 * <p><b>Thread-safety:</b> safe for any number of routing and updating threads; no locks.
 *
 * <p><b>Stability:</b> stable.
 *
 * <p><b>Allocation:</b> none on {@code route}.
 *
 * @since 0.1
 */
public final class Router {
  private static final Logger LOG = LoggerFactory.getLogger(Router.class);
  private static final VarHandle TABLE;

  static {
    try {
      TABLE = MethodHandles.lookup().findVarHandle(Router.class, "table", RoutingTable.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @SuppressWarnings("FieldMayBeFinal") // written through TABLE
  private volatile RoutingTable table;

  private final CopyOnWriteArrayList<RoutingListener> listeners = new CopyOnWriteArrayList<>();

  private Router(RoutingTable initial) {
    this.table = Objects.requireNonNull(initial, "initial routing table");
  }

  /** A router serving {@code initial}. */
  public static Router create(RoutingTable initial) {
    return new Router(initial);
  }

  /** The current table: read it once per request and route through it for a consistent view. */
  public RoutingTable table() {
    return table;
  }

  /** The version of the current table. */
  public long version() {
    return table.version();
  }

  /** <b>Allocation:</b> none. */
  public Route route(String key) {
    return table.route(key);
  }

  /**
   * Route of an integer key of a {@code long} or an {@code int} entity, as {@link
   * RoutingTable#route(long)}: the key is the number, and the entity's key type decides its bytes;
   * on an {@code int} entity a value outside the {@code int} range is refused, never truncated.
   *
   * <p><b>Allocation:</b> none.
   */
  public Route route(long key) {
    return table.route(key);
  }

  /**
   * Route of an integer key of an {@code int} or a {@code long} entity, as {@link
   * RoutingTable#route(int)}: {@code route(42)} on an entity with {@code long} keys routes the
   * {@code long} key 42, as {@code route(42L)} does.
   *
   * <p><b>Allocation:</b> none.
   */
  public Route route(int key) {
    return table.route(key);
  }

  /** <b>Allocation:</b> none. */
  public Route route(UUID key) {
    return table.route(key);
  }

  /** <b>Allocation:</b> none. */
  public Route route(Instant key) {
    return table.route(key);
  }

  /** <b>Allocation:</b> none. */
  public Route route(String part0, String part1) {
    return table.route(part0, part1);
  }

  /**
   * Route of a {@code (string, long)} or {@code (string, int)} key, as {@link
   * RoutingTable#route(String, long)}. <b>Allocation:</b> none.
   */
  public Route route(String part0, long part1) {
    return table.route(part0, part1);
  }

  /**
   * Route of a key of two integer parts, each {@code long} or {@code int}, as {@link
   * RoutingTable#route(long, long)}. <b>Allocation:</b> none.
   */
  public Route route(long part0, long part1) {
    return table.route(part0, part1);
  }

  /** <b>Allocation:</b> none. */
  public Route route(CompositeKey key) {
    return table.route(key);
  }

  /** Route of a key given as canonical bytes. <b>Allocation:</b> none. */
  public Route routeCanonical(byte[] canonical) {
    return table.routeCanonical(canonical);
  }

  /**
   * Publishes {@code next}. Returns true when it was swapped in, false when it is the current
   * version with the same content (a repeated delivery, which changes nothing).
   *
   * @throws StaleRoutingVersionException when {@code next} is older, or the same version with other
   *     content
   * @throws InvalidRoutingTableException when {@code next} routes another entity (one violation at
   *     {@code entity}: one router per entity) or the entity with another key type (at {@code key}:
   *     a key type never changes under an entity)
   */
  public boolean update(RoutingTable next) {
    Objects.requireNonNull(next, "next routing table");
    while (true) {
      RoutingTable prev = table;
      if (!prev.entity().equals(next.entity())) {
        throw refused(
            prev,
            next,
            new InvalidRoutingTableException(
                new Violation(
                    "entity",
                    "routing table for entity '"
                        + next.entity()
                        + "' (version "
                        + next.version()
                        + ") cannot replace the table of entity '"
                        + prev.entity()
                        + "'; use one router per entity")));
      }
      if (!prev.keyType().equals(next.keyType())) {
        throw refused(
            prev,
            next,
            new InvalidRoutingTableException(
                new Violation(
                    "key",
                    "routing table '"
                        + next.entity()
                        + "' version "
                        + next.version()
                        + " changes the key type from "
                        + prev.keyType()
                        + " to "
                        + next.keyType()
                        + "; keys would change meaning: route the new key type as a new entity")));
      }
      if (next.version() < prev.version()) {
        throw refused(
            prev,
            next,
            new StaleRoutingVersionException(prev.entity(), prev.version(), next.version(), false));
      }
      if (next.version() == prev.version()) {
        if (next.fingerprint().equals(prev.fingerprint())) {
          return false;
        }
        throw refused(
            prev,
            next,
            new StaleRoutingVersionException(prev.entity(), prev.version(), next.version(), true));
      }
      if (TABLE.compareAndSet(this, prev, next)) {
        if (LOG
            .isInfoEnabled()) { // the arguments box and allocate: build them only when the line is
          // written
          LOG.info(
              "routing table '{}' swapped: version {} -> {} (strategy {}, {} partitions, {} groups, fingerprint {})",
              next.entity(),
              prev.version(),
              next.version(),
              next.strategy().type(),
              next.partitionCount(),
              next.groups().size(),
              next.fingerprint().substring(0, 12));
        }
        for (RoutingListener l : listeners) {
          try {
            l.onUpdate(prev, next);
          } catch (RuntimeException e) {
            LOG.warn(
                "routing listener {} failed on version {} -> {}; the swap stands",
                l,
                prev.version(),
                next.version(),
                e);
          }
        }
        return true;
      }
    }
  }

  /** Tells the listeners that {@code next} was refused; returns {@code reason} to throw. */
  private RoutingException refused(RoutingTable prev, RoutingTable next, RoutingException reason) {
    for (RoutingListener l : listeners) {
      try {
        l.onRefused(prev, next, reason);
      } catch (RuntimeException e) {
        LOG.warn("routing listener {} failed on a refused version {}", l, next.version(), e);
      }
    }
    return reason;
  }

  public void addListener(RoutingListener listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
  }

  public void removeListener(RoutingListener listener) {
    listeners.remove(listener);
  }

  @Override
  public String toString() {
    return "Router{" + table + "}";
  }
}
