/**
 * ShardRouter on JDBC databases: per-group data sources from the routing table, the H2 and
 * PostgreSQL dialects, router-migrate's store with fences checked inside each write's transaction,
 * a claim store for router-lookup, and an outbox per group with its relay ({@code
 * docs/orders-example.md}).
 */
module io.shardrouter.jdbc {
  // @NullMarked and @Nullable on the API (docs/architecture.md, "Nullness"); a compiler that reads
  // this module sees them, and nothing needs them at run time.
  requires static transitive org.jspecify;
  requires transitive io.shardrouter.core;
  requires transitive io.shardrouter.migrate;
  requires transitive io.shardrouter.lookup;
  requires transitive java.sql;
  requires org.slf4j;

  exports io.shardrouter.jdbc;
}
