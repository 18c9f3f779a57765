/**
 * ShardRouter lookup strategies: {@code lookup} directories with a fallback strategy, {@code
 * routable_id}, {@code broadcast}, index tables and uniqueness claims ({@code docs/lookup.md}).
 */
module io.shardrouter.lookup {
  requires transitive io.shardrouter.core;

  exports io.shardrouter.lookup;

  provides io.shardrouter.core.StrategyFactory with
      io.shardrouter.lookup.LookupStrategyFactory,
      io.shardrouter.lookup.RoutableIdStrategyFactory,
      io.shardrouter.lookup.BroadcastStrategyFactory;
}
