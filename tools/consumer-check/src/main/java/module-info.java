/** A consumer of ShardRouter on the module path: it reads only what the modules export. */
module io.shardrouter.consumercheck {
  requires io.shardrouter.core;
  requires io.shardrouter.hash;
}
