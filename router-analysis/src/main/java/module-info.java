/**
 * ShardRouter key analysis and rebalance advisor: judges a key choice on a key sample before it is
 * used (an HTML and JSON report with a checklist) and proposes the next routing table from measured
 * load ({@code docs/observability.md}). It reaches range splits and key isolation through the
 * strategies' capabilities in {@code io.shardrouter.core} ({@link
 * io.shardrouter.core.SplittableRanges}, {@link io.shardrouter.core.DedicatedPartitions}), never
 * through a strategy module.
 */
module io.shardrouter.analysis {
  // @NullMarked and @Nullable on the API (docs/architecture.md, "Nullness"); a compiler that reads
  // this module sees them, and nothing needs them at run time.
  requires static transitive org.jspecify;
  requires transitive io.shardrouter.core;
  requires transitive io.shardrouter.stats;

  exports io.shardrouter.analysis;
}
