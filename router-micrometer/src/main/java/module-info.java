/**
 * ShardRouter metrics for Micrometer: a {@code MeterBinder} per router, and one per router-jdbc
 * {@code ShardedTable} when router-jdbc is present ({@code docs/observability.md}).
 */
module io.shardrouter.micrometer {
  // @NullMarked and @Nullable on the API (docs/architecture.md, "Nullness"); a compiler that reads
  // this module sees them, and nothing needs them at run time.
  requires static transitive org.jspecify;
  requires transitive io.shardrouter.core;
  requires transitive io.shardrouter.stats;
  requires transitive micrometer.core;
  requires static io.shardrouter.jdbc;

  exports io.shardrouter.micrometer;
}
