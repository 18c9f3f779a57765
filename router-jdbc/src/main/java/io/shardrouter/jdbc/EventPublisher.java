package io.shardrouter.jdbc;

/**
 * Where an {@link OutboxRelay} sends the events it reads from each group's outbox: a message
 * broker, an index updater, a cache invalidator.
 *
 * <p><b>Stability:</b> stable SPI.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface EventPublisher {

  /**
   * Publishes {@code event}, read from the outbox of replica group {@code groupId}. Returning
   * normally means it was delivered; throwing leaves it (and the rest of the group's batch) in the
   * outbox for the next run. Deduplicate by {@link OutboxEvent#eventId()}: after a crash between a
   * publish and its mark, the relay publishes that event again.
   *
   * @throws Exception when it could not be delivered
   */
  void publish(String groupId, OutboxEvent event) throws Exception;
}
