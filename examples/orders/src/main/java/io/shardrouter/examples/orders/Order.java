package io.shardrouter.examples.orders;

/**
 * One order of a user of a tenant. Orders are placed by {@code (tenant, user_id)}: every order of a
 * user lives on the user's replica group, in the month bucket of its creation time.
 *
 * @param tenant the tenant the user belongs to
 * @param userId the user, the partition key within the tenant
 * @param orderId unique per order; the tie-breaker of the sort order
 * @param createdAtMillis when it was placed, ms since the epoch (UTC)
 * @param amountCents the amount, in cents
 */
public record Order(
    String tenant, String userId, String orderId, long createdAtMillis, long amountCents) {
  /** The user it belongs to: the key the orders table routes. */
  public User user() {
    return new User(tenant, userId);
  }
}
