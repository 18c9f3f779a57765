/**
 * Queries that cross partitions: what a service needs when a query lacks the shard key and must fan
 * out, and the merge rules that keep the answer correct (global top K, paging, partial aggregates;
 * {@code docs/queries.md}).
 *
 * <p>Start from {@link io.shardrouter.query.ScatterGather}: configure it once (concurrency,
 * per-target timeout, deadline, retry budget, hedging, {@link
 * io.shardrouter.query.ScatterGather.Builder#scatterLimit(int) scatter limit}, {@link
 * io.shardrouter.query.FanOutAudit audit}), then send a {@link io.shardrouter.query.TargetCall} to
 * a list of {@link io.shardrouter.query.Target}s (built from a {@link
 * io.shardrouter.core.PartitionSet} and a routing table, or named by the caller) and get a {@link
 * io.shardrouter.query.ScatterResult} that says which targets are missing and why.
 *
 * <p>To merge the answers: {@link io.shardrouter.query.TopK} for the global top K under a {@link
 * io.shardrouter.query.SortOrder}; {@link io.shardrouter.query.Pager} for paging with opaque,
 * optionally signed cursors ({@link io.shardrouter.query.Pager#signed}); and {@link
 * io.shardrouter.query.PartialAggregate} for count, sum, min, max and average.
 *
 * <p>Errors are {@link io.shardrouter.core.RoutingException}s: {@link
 * io.shardrouter.query.IncompleteResultException}, {@link
 * io.shardrouter.query.ScatterRefusedException} and {@link
 * io.shardrouter.query.InvalidCursorException}. See {@code docs/queries.md}.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.query;

import org.jspecify.annotations.NullMarked;
