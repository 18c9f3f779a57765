/**
 * The key analysis and the rebalance advisor.
 *
 * <p>{@link io.shardrouter.analysis.KeyAnalysis} judges a key choice on a {@link
 * io.shardrouter.stats.KeySample} before it is used, as an {@link
 * io.shardrouter.analysis.AnalysisReport} (HTML and JSON); {@link
 * io.shardrouter.analysis.RebalanceAdvisor} proposes the next routing table from measured load (a
 * {@link io.shardrouter.stats.StatsSnapshot}): hot ranges split, hot keys isolated on partitions of
 * their own, partitions moved. See {@code docs/observability.md}.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.analysis;

import org.jspecify.annotations.NullMarked;
