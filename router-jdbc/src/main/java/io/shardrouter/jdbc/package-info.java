/**
 * ShardRouter on JDBC databases: the service's connections chosen by the routing table, and the
 * tables a sharded service keeps beside its data on every replica group.
 *
 * <p>Start from:
 *
 * <ul>
 *   <li>{@link io.shardrouter.jdbc.ShardedTable} — one business table sharded over the replica
 *       groups: built from a {@code RoutingSource} and a pool factory, it owns the router, the
 *       migration routes, the pools and a {@link io.shardrouter.jdbc.JdbcMigrationStore} per group,
 *       follows every published version in one listener (pools, stores, then routes; a failed
 *       update shows in its status and fails the next call), and writes (with the caller's
 *       statements in the same transaction, dual writes, bounded retries), writes batches and reads
 *       a key's rows through the fences. Keys become bytes through a {@link
 *       io.shardrouter.jdbc.KeyEncoding}; rows come back as {@link io.shardrouter.jdbc.StoredRow}s.
 *       The guide is {@code docs/sharded-table.md}.
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
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.jdbc;

import org.jspecify.annotations.NullMarked;
