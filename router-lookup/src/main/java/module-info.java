/**
 * ShardRouter lookup strategies: {@code lookup} directories with a fallback strategy, {@code
 * routable_id}, {@code broadcast}, index tables and uniqueness claims ({@code docs/lookup.md}).
 */
module io.shardrouter.lookup {
  // @NullMarked and @Nullable on the API (docs/architecture.md, "Nullness"); a compiler that reads
  // this module sees them, and nothing needs them at run time.
  requires static transitive org.jspecify;
  requires transitive io.shardrouter.core;

  exports io.shardrouter.lookup;

  provides io.shardrouter.core.StrategyFactory with
      io.shardrouter.lookup.LookupStrategyFactory,
      io.shardrouter.lookup.RoutableIdStrategyFactory,
      io.shardrouter.lookup.BroadcastStrategyFactory;
}
