package io.shardrouter.jdbc;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingSource;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A routing source a test pushes versions to, as a file or ZooKeeper source would deliver them. */
final class PushSource implements RoutingSource {
  private final List<Router> routers = new CopyOnWriteArrayList<>();
  private volatile RoutingTable current;
  private volatile RoutingException lastError;
  private volatile boolean delivered = true;

  PushSource(RoutingTable initial) {
    this.current = initial;
  }

  /**
   * A source of {@code entity}'s entity that has delivered no table yet (ZooKeeper that has not
   * answered, with no last-known-good copy): its status has no version until the first {@link
   * #push}.
   */
  static PushSource undelivered(RoutingTable entity) {
    PushSource s = new PushSource(entity);
    s.delivered = false;
    return s;
  }

  /** Delivers {@code table} to every subscribed router; a refusal shows in the status. */
  synchronized void push(RoutingTable table) {
    try {
      for (Router r : routers) {
        r.update(table);
      }
      if (table.version() > current.version()) {
        current = table;
      }
      lastError = null;
      delivered = true;
    } catch (RoutingException e) {
      lastError = e;
    }
  }

  RoutingTable current() {
    return current;
  }

  /** The routers the source keeps up to date. */
  List<Router> subscribers() {
    return List.copyOf(routers);
  }

  @Override
  public synchronized void subscribe(Router router) {
    if (!router.table().entity().equals(current.entity())) {
      throw new IllegalArgumentException(
          "router of entity '"
              + router.table().entity()
              + "' cannot subscribe to a source of entity '"
              + current.entity()
              + "'");
    }
    if (delivered && current.version() > router.version()) {
      router.update(current);
    }
    if (!routers.contains(router)) {
      routers.add(router);
    }
  }

  @Override
  public void unsubscribe(Router router) {
    routers.remove(router);
  }

  @Override
  public Status status() {
    if (!delivered) {
      return new Status(Status.NO_VERSION, null, null, lastError);
    }
    return new Status(current.version(), current.fingerprint(), Duration.ZERO, lastError);
  }

  @Override
  public void close() {}
}
