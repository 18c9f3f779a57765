/**
 * JMH benchmarks of ShardRouter's hot paths, the CI guard that defends the docs/architecture.md §6
 * budget, and the generator of {@code docs/benchmarks.md}.
 *
 * <p>Start from {@link io.shardrouter.bench.Budget}: it lists every guarded path, its target as a
 * ratio to the floor F (XXH3-64 over the key's canonical bytes, measured in the same run) and the
 * margin the guard allows. The benchmarks live in packages that mirror the measured code: {@code
 * bench.hash} (the floor, hash strategies' route paths, ways to hash a {@code String}), {@code
 * bench.core} ({@code Router.update}, document and snapshot decoding) and {@code bench.peers} (the
 * algorithms we compare against). {@link io.shardrouter.bench.KeySet} builds the Zipf-distributed
 * key arrays every route benchmark indexes with {@code i++ & MASK}.
 *
 * <p>Run the guard with {@code java -cp router-bench/target/benchmarks.jar
 * io.shardrouter.bench.BenchGuard}, the suite with {@code java -jar
 * router-bench/target/benchmarks.jar}; see {@code router-bench/README.md}.
 */
package io.shardrouter.bench;
