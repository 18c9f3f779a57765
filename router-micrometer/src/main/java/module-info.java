/**
 * ShardRouter metrics for Micrometer: a {@code MeterBinder} per router, and one per router-jdbc
 * {@code ShardedTable} when router-jdbc is present ({@code docs/observability.md}).
 */
module io.shardrouter.micrometer {
  requires transitive io.shardrouter.core;
  requires transitive io.shardrouter.stats;
  requires transitive micrometer.core;
  requires static io.shardrouter.jdbc;

  exports io.shardrouter.micrometer;
}
