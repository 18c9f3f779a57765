/**
 * ShardRouter online resharding: the plan between two routing tables, the phases as routing
 * versions, write and read routes per phase, fencing, the store and state-store SPIs, the
 * crash-safe coordinator and the in-memory store ({@code docs/migration.md}). The deterministic
 * simulation behind {@code shardctl migrate} lives in the internal package.
 */
module io.shardrouter.migrate {
  // @NullMarked and @Nullable on the API (docs/architecture.md, "Nullness"); a compiler that reads
  // this module sees them, and nothing needs them at run time.
  requires static transitive org.jspecify;
  requires transitive io.shardrouter.core;

  exports io.shardrouter.migrate;
  exports io.shardrouter.migrate.internal.simulation to
      io.shardrouter.cli;
}
