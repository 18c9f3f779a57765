/**
 * Route statistics.
 *
 * <p>Start from {@link io.shardrouter.stats.RouteStats}: opt-in per-partition counters and sampled
 * hot keys for one router, read as a {@link io.shardrouter.stats.StatsSnapshot} per {@link
 * io.shardrouter.stats.RouteStats.Window}, merged across a fleet, judged by {@link
 * io.shardrouter.stats.Skew}. A {@link io.shardrouter.stats.KeySample} gives the same statistics
 * for a sample of keys. The shard-key analysis and the rebalance advisor, which read them, are in
 * router-analysis ({@code io.shardrouter.analysis}). See {@code docs/observability.md}.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.stats;

import org.jspecify.annotations.NullMarked;
