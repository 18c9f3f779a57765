/**
 * Shared test fixtures for every strategy module (shipped in router-core's test-jar): start from
 * {@link io.shardrouter.testing.PartitionStrategyContract}, the abstract test each strategy's test
 * extends; {@link io.shardrouter.testing.KeyGenerators} makes seeded random keys and {@link
 * io.shardrouter.testing.ReferenceEncoding} writes canonical key bytes with plain JDK code,
 * independently of {@code io.shardrouter.core.key}.
 *
 * <p>Randomness is always a seeded {@link java.util.SplittableRandom}; every assertion message
 * carries the seed, and {@code -Dshardrouter.test.seed=N} reruns a test with seed N.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.testing;

import org.jspecify.annotations.NullMarked;
