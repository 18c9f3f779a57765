/**
 * The orders service: an example of a service on sharded JDBC databases through ShardRouter's
 * public API only.
 *
 * <p>Start from {@link io.shardrouter.examples.orders.OrderDao} (place an order with its event; a
 * user's recent orders; a month's orders across groups) and {@link
 * io.shardrouter.examples.orders.UserRegistry} (registration under a unique e-mail address). The
 * routing documents are built by {@link io.shardrouter.examples.orders.OrdersRouting}, the tables
 * by {@link io.shardrouter.examples.orders.OrdersSchema}. The guide is {@code
 * docs/orders-example.md}.
 */
package io.shardrouter.examples.orders;
