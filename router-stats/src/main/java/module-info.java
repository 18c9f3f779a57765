/**
 * ShardRouter load visibility: opt-in route statistics (per-partition counters, sampled hot keys
 * with error bounds, sliding windows, mergeable snapshots), the shard-key analysis and the
 * rebalance advisor ({@code docs/observability.md}).
 */
module io.shardrouter.stats {
  requires transitive io.shardrouter.core;
  requires io.shardrouter.lookup;
  requires io.shardrouter.range;

  exports io.shardrouter.stats;
}
