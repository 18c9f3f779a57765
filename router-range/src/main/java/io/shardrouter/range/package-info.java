/**
 * Range strategies: keys kept in order, partitions as left-closed, right-open ranges {@code [start,
 * end)}.
 *
 * <p>Start from {@link io.shardrouter.range.RangeStrategy} (type {@code range}) and its {@link
 * io.shardrouter.range.RangeStrategy#prune pruning} of a {@link io.shardrouter.range.KeyRange} to a
 * {@link io.shardrouter.core.PartitionSet}. {@link io.shardrouter.range.KeyOrder} is the order of
 * the keys of each key type. {@link io.shardrouter.range.RangeSplits#split} and {@code merge}
 * change ranges into the next routing table, and {@link io.shardrouter.core.MovementReport} says
 * which key ranges move (a range strategy is an {@link io.shardrouter.core.ExactMovement}); {@link
 * io.shardrouter.range.SplitPoints} suggests where to split from a key sample and {@link
 * io.shardrouter.range.HotTail} warns when the last range takes the writes.
 *
 * <p>Time: {@link io.shardrouter.range.TimeBuckets} cuts time into calendar buckets (hour, day,
 * week, month, in a zone) named by a template such as {@code metrics_{yyyyMM}}, with a retention
 * period; {@link io.shardrouter.range.TimeBucketedStrategy} (type {@code time_buckets}) routes the
 * business key with any strategy and carries the buckets, and {@link
 * io.shardrouter.range.TimeBucketRoutes} gives a key's route with its bucket and the (group,
 * bucket) pairs a time window visits.
 *
 * <p>{@link io.shardrouter.range.RangeDocumentReader} reads the compact range document as it is
 * ({@code docs/format.md} §6.3).
 */
@NullMarked
package io.shardrouter.range;

import org.jspecify.annotations.NullMarked;
