/**
 * Benchmarks of router-core outside the per-key hot path: publishing a table with {@code
 * Router.update} ({@link io.shardrouter.bench.core.RouterUpdateBenchmark}) and decoding routing
 * documents and snapshots ({@link io.shardrouter.bench.core.DecodeBenchmark}).
 */
package io.shardrouter.bench.core;
