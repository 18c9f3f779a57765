/**
 * Hash-family strategies: a key's canonical bytes are hashed by a pinned {@link
 * io.shardrouter.hash.StableHash} to a 64-bit routing point, and the point picks the partition.
 *
 * <ul>
 *   <li>{@link io.shardrouter.hash.StableHash#byName}: the hash functions by name ({@code xxh3-64},
 *       {@code murmur3-64}, {@code blake2b-64}); start here to hash bytes stably.
 *   <li>{@link io.shardrouter.hash.HashModStrategy} ({@code hash_mod}) and {@link
 *       io.shardrouter.hash.JumpHashStrategy} ({@code jump}).
 *   <li>{@link io.shardrouter.hash.RingStrategy} ({@code ring}): the weighted consistent-hash ring,
 *       with persisted tokens or tokens derived from node names ({@link
 *       io.shardrouter.hash.RingStrategy.Mode}); {@link io.shardrouter.hash.RingAllocator} cuts its
 *       tokens, {@link io.shardrouter.hash.RingBalance} reports on its balance, and its {@link
 *       io.shardrouter.core.ExactMovement} pieces make {@link io.shardrouter.core.MovementReport}
 *       exact between two rings ({@code docs/ring.md}).
 *   <li>{@link io.shardrouter.hash.Salting}: bucket suffixes that spread a hot key's writes.
 * </ul>
 *
 * <p>Strategies register through {@code META-INF/services/io.shardrouter.core.StrategyFactory}.
 */
@NullMarked
package io.shardrouter.hash;

import org.jspecify.annotations.NullMarked;
