package io.shardrouter.migrate;

/**
 * How a migration phase's routing version reaches the routers: the coordinator calls {@link
 * #publish} once per phase change, and again (with the same routes) after a restart, so it must
 * accept a repeated version. The default ({@link MigrationCoordinator.Builder#routers}) updates
 * routers in this process; to reach a fleet, wrap a {@link
 * io.shardrouter.core.metadata.RoutingPublisher} (e.g. the ZooKeeper one) and publish {@code
 * routes.table()} on top of the version it last published, treating an equal version as done.
 *
 * <p><b>Stability:</b> evolving.
 */
@FunctionalInterface
public interface PhasePublisher {
  /**
   * Makes {@code routes} (and {@code routes.table()}) the current version.
   *
   * @param routes the routes of the new version
   */
  void publish(MigrationRoutes routes);
}
