/**
 * ShardRouter range strategies: {@code range} over ordered keys with pruning, split and merge,
 * {@code time_buckets}, and the compact range document ({@code docs/format.md} §6).
 */
module io.shardrouter.range {
  requires static transitive org.jspecify; // @NullMarked, @Nullable: compile time only
  requires transitive io.shardrouter.core;

  exports io.shardrouter.range;
  // Split points and hot-tail detection, behind `shardctl split-point`: not API. The rebalance
  // advisor reaches them through RangeStrategy's io.shardrouter.core.SplittableRanges.
  exports io.shardrouter.range.internal to
      io.shardrouter.cli;

  provides io.shardrouter.core.StrategyFactory with
      io.shardrouter.range.internal.RangeStrategyFactory,
      io.shardrouter.range.internal.TimeBucketedStrategyFactory;
  provides io.shardrouter.core.DocumentReader with
      io.shardrouter.range.internal.RangeDocumentReader;
}
