/**
 * ShardRouter on JDBC databases: the service's connections chosen by the routing table, and the
 * tables a sharded service keeps beside its data on every replica group.
 *
 * <p>Start from:
 *
 * <ul>
 *   <li>{@link io.shardrouter.jdbc.ShardedDataSource} — a {@code DataSource} per replica member of
 *       every group the tracked routers route to (primary for writes, replicas for reads), built by
 *       the caller's {@link io.shardrouter.jdbc.ShardedDataSource.Factory} and rebuilt when a
 *       routing update adds or removes a group.
 *   <li>{@link io.shardrouter.jdbc.Dialect} — the few statements that differ between H2 and
 *       PostgreSQL: upsert ({@code MERGE} or {@code INSERT ... ON CONFLICT}), insert-if-absent, an
 *       order-independent checksum in SQL.
 *   <li>{@link io.shardrouter.jdbc.JdbcClaimStore} — the store of router-lookup's uniqueness claims
 *       as one table per group.
 *   <li>{@link io.shardrouter.jdbc.Outbox} and {@link io.shardrouter.jdbc.OutboxRelay} — events
 *       written in the same transaction as the business row on its own group, and published once
 *       each by a resumable relay.
 * </ul>
 *
 * The guide is {@code docs/orders-example.md}.
 */
package io.shardrouter.jdbc;
