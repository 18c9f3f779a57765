/**
 * ShardRouter range strategies: {@code range} over ordered keys with pruning, split and merge,
 * {@code time_buckets}, and the compact range document ({@code docs/format.md} §6).
 */
module io.shardrouter.range {
  requires static transitive org.jspecify; // @NullMarked, @Nullable: compile time only
  requires transitive io.shardrouter.core;

  exports io.shardrouter.range;

  provides io.shardrouter.core.StrategyFactory with
      io.shardrouter.range.RangeStrategyFactory,
      io.shardrouter.range.TimeBucketedStrategyFactory;
  provides io.shardrouter.core.metadata.DocumentReader with
      io.shardrouter.range.RangeDocumentReader;
}
