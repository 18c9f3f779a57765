package io.shardrouter.core.metadata;

import io.shardrouter.core.RoutingTable;

/**
 * The writing side of a {@link RoutingSource}: publishes a new routing table for its entity with
 * compare-and-set on the version the caller read, so that of two publishers working from the same
 * version exactly one wins.
 *
 * <p>The rules are the {@link io.shardrouter.core.Router#update} rules applied to what is
 * published: a version at or below the published one is refused, except the same version with the
 * same content, which changes nothing (a retry after a lost reply).
 *
 * <p>Implemented by {@link RoutingFilePublisher} (a file that {@link RoutingFileSource}s read) and
 * by router-zookeeper's {@code ZkRoutingPublisher}; router-migrate's {@code
 * MigrationCoordinator.PhasePublisher.to} publishes a migration's phases through either.
 *
 * <p><b>Thread-safety:</b> implementations are safe for any number of threads.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface RoutingPublisher {
  /** The expected version to give {@link #publish} when nothing was published for the entity. */
  long NOTHING_PUBLISHED = -1;

  /**
   * The version currently published for {@code entity}, or {@link #NOTHING_PUBLISHED}.
   *
   * @throws io.shardrouter.core.RoutingException when the store cannot be read
   */
  long publishedVersion(String entity);

  /**
   * Publishes {@code table} on top of {@code expectedVersion}, the version the caller read with
   * {@link #publishedVersion} (or {@link #NOTHING_PUBLISHED}). Returns true when {@code table} was
   * published, false when exactly this table (same version, same fingerprint) already is.
   *
   * @throws PublishConflictException when the published version is not {@code expectedVersion}
   *     (another publisher won: the message names its version), or {@code table}'s version is not
   *     above it
   * @throws io.shardrouter.core.RoutingException when the store cannot be written
   */
  boolean publish(RoutingTable table, long expectedVersion);
}
