/**
 * ShardRouter hash strategies: {@code hash_mod}, {@code jump}, {@code jump_back} and the weighted
 * {@code ring}, the stable hash functions they are defined over, and salting for hot keys ({@code
 * docs/ring.md}, {@code docs/routing-spec.md}).
 */
module io.shardrouter.hash {
  requires static transitive org.jspecify; // @NullMarked, @Nullable: compile time only
  requires transitive io.shardrouter.core;
  requires zero.allocation.hashing;
  requires jdk.unsupported; // zero-allocation-hashing reads memory through sun.misc.Unsafe

  exports io.shardrouter.hash;
  // The ring balance and the tools behind `shardctl ring`: not API.
  exports io.shardrouter.hash.internal to
      io.shardrouter.cli;

  provides io.shardrouter.core.StrategyFactory with
      io.shardrouter.hash.internal.HashStrategyFactories.HashMod,
      io.shardrouter.hash.internal.HashStrategyFactories.Jump,
      io.shardrouter.hash.internal.HashStrategyFactories.JumpBack,
      io.shardrouter.hash.internal.RingStrategyFactory;
}
