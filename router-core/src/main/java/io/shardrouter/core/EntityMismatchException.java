package io.shardrouter.core;

/**
 * A routing table (or a router) of another entity was offered where one entity's table is served:
 * {@link Router#update} with a table whose {@link RoutingTable#entity()} differs from the current
 * one, or a router subscribed to a routing source of another entity. The router keeps serving its
 * current table.
 *
 * <p>What to do: this is a wiring mistake, not bad data. Keep one router (and one source) per
 * entity, and hand each table to the router of its own entity.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class EntityMismatchException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final String expectedEntity;
  private final String offeredEntity;

  /**
   * A refusal of {@code offeredEntity} where {@code expectedEntity} is served, explained by {@code
   * message}.
   */
  public EntityMismatchException(String expectedEntity, String offeredEntity, String message) {
    super(message);
    this.expectedEntity = expectedEntity;
    this.offeredEntity = offeredEntity;
  }

  /** The entity that is served and stays served. */
  public String expectedEntity() {
    return expectedEntity;
  }

  /** The entity of the refused table or router. */
  public String offeredEntity() {
    return offeredEntity;
  }
}
