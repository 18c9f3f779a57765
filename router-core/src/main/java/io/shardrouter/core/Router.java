package io.shardrouter.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes keys of one entity through the current {@link RoutingTable}, held behind one volatile
 * reference: {@code route(key)} (one method per key shape, declared once on {@link KeyRouter}) is a
 * volatile read, the strategy's arithmetic and an array load.
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
public final class Router extends KeyRouter {
  private static final Logger LOG = LoggerFactory.getLogger(Router.class);
  private static final VarHandle EDGE;

  static {
    try {
      EDGE = MethodHandles.lookup().findVarHandle(Router.class, "edge", KeyEdge.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  // the current table's key edge (its table is edge.table): a route is one volatile read and the
  // edge's work
  @SuppressWarnings("FieldMayBeFinal") // written through EDGE
  private volatile KeyEdge edge;

  private final CopyOnWriteArrayList<RoutingListener> listeners = new CopyOnWriteArrayList<>();

  private Router(RoutingTable initial) {
    this.edge = Objects.requireNonNull(initial, "initial routing table").edge();
  }

  /** A router serving {@code initial}. */
  public static Router create(RoutingTable initial) {
    return new Router(initial);
  }

  @Override
  KeyEdge edge() {
    return edge;
  }

  /** The current table: read it once per request and route through it for a consistent view. */
  @Override
  public RoutingTable table() {
    return edge.table;
  }

  /** The version of the current table. */
  public long version() {
    return edge.table.version();
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
      KeyEdge current = edge;
      RoutingTable prev = current.table;
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
      if (EDGE.compareAndSet(this, current, next.edge())) {
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
    return "Router{" + edge.table + "}";
  }
}
