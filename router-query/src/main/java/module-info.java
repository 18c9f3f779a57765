/**
 * ShardRouter cross-partition queries: scatter-gather with deadlines, partial results, retries and
 * hedging; top-K merge; signed composite cursors; aggregate merges ({@code docs/queries.md}).
 */
module io.shardrouter.query {
  // @NullMarked and @Nullable on the API (docs/architecture.md, "Nullness"); a compiler that reads
  // this module sees them, and nothing needs them at run time.
  requires static transitive org.jspecify;
  requires transitive io.shardrouter.core;

  exports io.shardrouter.query;
}
