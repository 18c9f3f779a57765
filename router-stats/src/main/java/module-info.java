/**
 * ShardRouter load visibility: opt-in route statistics (per-partition counters, sampled hot keys
 * with error bounds, sliding windows, mergeable snapshots) and their skew ({@code
 * docs/observability.md}). The shard-key analysis and the rebalance advisor are in {@code
 * io.shardrouter.analysis}.
 */
module io.shardrouter.stats {
  // @NullMarked and @Nullable on the API (docs/architecture.md, "Nullness"); a compiler that reads
  // this module sees them, and nothing needs them at run time.
  requires static transitive org.jspecify;
  requires transitive io.shardrouter.core;

  exports io.shardrouter.stats;
  // The JSON reading of the statistics file, which the analysis's capacity and report files share:
  // not API.
  exports io.shardrouter.stats.internal to
      io.shardrouter.analysis;
}
