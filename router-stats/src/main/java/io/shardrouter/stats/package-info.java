/**
 * Route statistics, the shard-key analysis and the rebalance advisor.
 *
 * <p>Start from {@link io.shardrouter.stats.RouteStats}: opt-in per-partition counters and sampled
 * hot keys for one router, read as a {@link io.shardrouter.stats.StatsSnapshot} per {@link
 * io.shardrouter.stats.RouteStats.Window}, merged across a fleet, judged by {@link
 * io.shardrouter.stats.Skew}. {@link io.shardrouter.stats.KeyAnalysis} judges a shard key on a key
 * sample before it is used; {@link io.shardrouter.stats.RebalanceAdvisor} proposes the next routing
 * table from measured load: hot ranges split, hot keys isolated on partitions of their own,
 * partitions moved. See {@code docs/observability.md}.
 */
package io.shardrouter.stats;
