/**
 * Benchmarks of the hash family's hot paths: the floor F ({@link
 * io.shardrouter.bench.hash.FloorBenchmark}), the route paths of {@code hash_mod} and {@code jump}
 * for every key type, through {@code RoutingTable.route} and {@code Router.route}, and the ways to
 * hash a {@code String} key ({@link io.shardrouter.bench.hash.StringHashBenchmark}).
 */
package io.shardrouter.bench.hash;
