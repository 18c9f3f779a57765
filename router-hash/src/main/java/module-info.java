/**
 * ShardRouter hash strategies: {@code hash_mod}, {@code jump}, {@code jump_back}, {@code
 * jump_back2} and the weighted {@code ring}, the stable hash functions they are defined over, and
 * salting for hot keys ({@code docs/ring.md}, {@code docs/routing-spec.md}).
 */
module io.shardrouter.hash {
  requires static transitive org.jspecify; // @NullMarked, @Nullable: compile time only
  requires transitive io.shardrouter.core;
  requires zero.allocation.hashing;
  requires jdk.unsupported; // zero-allocation-hashing reads memory through sun.misc.Unsafe

  exports io.shardrouter.hash;

  provides io.shardrouter.core.StrategyFactory with
      io.shardrouter.hash.HashModStrategyFactory,
      io.shardrouter.hash.JumpHashStrategyFactory,
      io.shardrouter.hash.JumpBackHashStrategyFactory,
      io.shardrouter.hash.JumpBack2HashStrategyFactory,
      io.shardrouter.hash.RingStrategyFactory;
}
