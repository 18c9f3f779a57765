package io.shardrouter.core.metadata;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import java.time.Duration;
import java.util.Objects;

/** {@link RoutingSource#fixed}: one table, given to every router that subscribes. */
final class FixedRoutingSource implements RoutingSource {
  private final RoutingTable table;

  FixedRoutingSource(RoutingTable table) {
    this.table = Objects.requireNonNull(table, "table");
  }

  @Override
  public void subscribe(Router router) {
    Objects.requireNonNull(router, "router");
    if (!router.table().entity().equals(table.entity())) {
      throw new IllegalArgumentException(
          "router of entity '"
              + router.table().entity()
              + "' cannot subscribe to the fixed routing source of entity '"
              + table.entity()
              + "'; use one source per entity");
    }
    if (table.version() > router.version()) {
      router.update(table);
    }
  }

  @Override
  public void unsubscribe(Router router) {
    // nothing is ever sent
  }

  @Override
  public Status status() {
    return new Status(table.version(), table.fingerprint(), Duration.ZERO, null);
  }

  @Override
  public void close() {
    // nothing to stop
  }

  @Override
  public String toString() {
    return "RoutingSource.fixed(" + table.entity() + " v" + table.version() + ")";
  }
}
