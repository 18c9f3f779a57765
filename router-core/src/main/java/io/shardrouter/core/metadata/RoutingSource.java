package io.shardrouter.core.metadata;

import io.shardrouter.core.Router;

/**
 * Where routing tables of one entity come from (a file, a configuration service): a source keeps
 * every subscribed {@link Router} on the newest good table it has, and reports how it is doing.
 *
 * <p>A source never routes to a guessed place: a table it cannot read, verify or apply is refused,
 * shows in {@link #status()} as the last error, and every subscribed router keeps serving its last
 * good table.
 *
 * <p><b>Thread-safety:</b> implementations are safe for any number of threads.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface RoutingSource extends AutoCloseable {
  /**
   * Keeps {@code router} up to date from now on: it is given the source's current good table at
   * once when that table is newer than the router's, then every new version the source applies.
   * Subscribing the same router twice changes nothing.
   *
   * @throws IllegalArgumentException when the router routes another entity than the source's: a
   *     wiring mistake, one source per entity
   */
  void subscribe(Router router);

  /** Stops updating {@code router}; a router that is not subscribed is ignored. */
  void unsubscribe(Router router);

  /** What the source serves now, how old it is, and why it last refused a table. */
  RoutingSourceStatus status();

  /** Stops watching for new tables; subscribed routers keep the table they have. */
  @Override
  void close();
}
