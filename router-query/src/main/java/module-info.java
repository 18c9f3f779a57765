/**
 * ShardRouter cross-partition queries: scatter-gather with deadlines, partial results, retries and
 * hedging; top-K merge; signed composite cursors; aggregate merges ({@code docs/queries.md}).
 */
module io.shardrouter.query {
  requires transitive io.shardrouter.core;

  exports io.shardrouter.query;
}
