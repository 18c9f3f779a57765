package io.shardrouter.examples.orders;

/**
 * A user of a tenant: the key the orders table routes, {@code [tenant, user_id]} (every order of a
 * user lives on the user's group; {@link OrdersSchema#ORDER_KEYS} gives its canonical bytes).
 *
 * @param tenant the tenant
 * @param userId the user within the tenant
 */
public record User(String tenant, String userId) {}
