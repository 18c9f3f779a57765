package io.shardrouter.migrate;

/**
 * How a new routing version reaches the routers: the coordinator calls {@link #publish} once per
 * phase change, and again (with the same routes) after a restart, so it must accept a repeated
 * version. The default ({@link MigrationCoordinator.Builder#routers}) updates routers in this
 * process; a ZooKeeper publisher writes the document with the migration state.
 *
 * <p><b>Stability:</b> evolving.
 */
@FunctionalInterface
public interface RoutingPublisher {
  /**
   * Makes {@code routes} (and {@code routes.table()}) the current version.
   *
   * @param routes the routes of the new version
   */
  void publish(MigrationRoutes routes);
}
