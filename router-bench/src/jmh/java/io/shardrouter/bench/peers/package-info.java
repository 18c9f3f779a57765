/**
 * The algorithms ShardRouter is compared with, written here from their published descriptions
 * ({@link io.shardrouter.bench.peers.LampingVeach}, {@link io.shardrouter.bench.peers.KetamaRing},
 * {@link io.shardrouter.bench.peers.SortedTokenRing}) or taken from a benchmark-only dependency
 * (Guava's {@code Hashing.consistentHash}), and {@link io.shardrouter.bench.peers.PeerBenchmark},
 * which measures them in the same run as the library's route paths.
 *
 * <p>These are benchmark baselines, not library code: nothing outside router-bench uses them.
 */
package io.shardrouter.bench.peers;
