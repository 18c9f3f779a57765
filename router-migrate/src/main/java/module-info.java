/**
 * ShardRouter online resharding: the plan between two routing tables, the phases as routing
 * versions, write and read routes per phase, fencing, the store and state-store SPIs, the
 * crash-safe coordinator, the in-memory store and the deterministic simulation ({@code
 * docs/migration.md}).
 */
module io.shardrouter.migrate {
  requires transitive io.shardrouter.core;

  exports io.shardrouter.migrate;
}
