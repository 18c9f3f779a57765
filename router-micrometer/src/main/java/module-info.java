/**
 * ShardRouter metrics for Micrometer: a {@code MeterBinder} per router ({@code
 * docs/observability.md}).
 */
module io.shardrouter.micrometer {
  requires transitive io.shardrouter.core;
  requires transitive io.shardrouter.stats;
  requires transitive micrometer.core;

  exports io.shardrouter.micrometer;
}
