/**
 * A consumer of ShardRouter on the module path: it reads only what the modules export, and adds a
 * strategy of its own ({@code rendezvous}) through the public strategy SPI.
 */
module io.shardrouter.consumercheck {
  requires io.shardrouter.core;
  requires io.shardrouter.hash;

  exports io.shardrouter.consumercheck.strategy;

  provides io.shardrouter.core.StrategyFactory with
      io.shardrouter.consumercheck.strategy.RendezvousStrategyFactory;
}
