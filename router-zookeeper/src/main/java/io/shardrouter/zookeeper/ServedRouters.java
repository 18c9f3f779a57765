package io.shardrouter.zookeeper;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The routers a {@link ZkRoutingSource} keeps up to date: its own router, created with the first
 * table, and the subscribed ones; and a wait for a version to arrive.
 */
final class ServedRouters {
  private static final Logger LOG = LoggerFactory.getLogger(ServedRouters.class);

  private final String entity;
  private final List<Router> subscribers = new CopyOnWriteArrayList<>();
  private final Object applied = new Object();
  private volatile @Nullable Router router;

  ServedRouters(String entity) {
    this.entity = entity;
  }

  /** The source's own router, or null before the first table. */
  @Nullable Router router() {
    return router;
  }

  /**
   * Swaps {@code table} in (or creates the router with it); then gives it to every subscriber
   * behind it. With {@code onlyFirst}, does nothing when there is a router already.
   *
   * @return false when {@code onlyFirst} and there was a router
   * @throws RoutingException when the source's router refuses the table
   */
  boolean apply(RoutingTable table, boolean onlyFirst) {
    synchronized (applied) {
      Router r = router;
      if (r == null) {
        router = Router.create(table);
      } else if (onlyFirst) {
        return false;
      } else {
        r.update(table);
      }
      for (Router s : subscribers) {
        try {
          if (s.version() < table.version()) {
            s.update(table);
          }
        } catch (RoutingException e) {
          LOG.warn(
              "subscribed router {} refused version {}: {}", s, table.version(), e.getMessage());
        }
      }
      applied.notifyAll();
      return true;
    }
  }

  void subscribe(Router subscriber) {
    Objects.requireNonNull(subscriber, "router");
    if (!subscriber.table().entity().equals(entity)) {
      throw new IllegalArgumentException(
          "router of entity '"
              + subscriber.table().entity()
              + "' cannot subscribe to the ZooKeeper source of entity '"
              + entity
              + "'; use one source per entity");
    }
    synchronized (applied) {
      if (subscriber == router || subscribers.contains(subscriber)) {
        return;
      }
      subscribers.add(subscriber);
      Router r = router;
      if (r != null && r.version() > subscriber.version()) {
        subscriber.update(r.table());
      }
    }
  }

  void unsubscribe(Router subscriber) {
    subscribers.remove(subscriber);
  }

  /** Waits up to {@code timeout} until the router routes with {@code version} or newer. */
  boolean awaitVersion(long version, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (applied) {
      while (router == null || router.version() < version) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(applied, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
      return true;
    }
  }
}
