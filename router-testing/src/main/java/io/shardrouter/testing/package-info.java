/**
 * The published contract test of a partition strategy and its fixtures (the router-testing
 * artifact, a test-scope dependency of every strategy module and of a strategy written outside the
 * project): start from {@link io.shardrouter.testing.PartitionStrategyContract}, the abstract test
 * each strategy's test extends; {@link io.shardrouter.testing.KeyGenerators} makes seeded random
 * keys, {@link io.shardrouter.testing.ReferenceEncoding} writes canonical key bytes with plain JDK
 * code, independently of router-core's encoders, and {@link io.shardrouter.testing.Strategies}
 * hides a strategy's optional capabilities.
 *
 * <p>Randomness is always a seeded {@link java.util.SplittableRandom}; every assertion message
 * carries the seed, and {@code -Dshardrouter.test.seed=N} reruns a test with seed N.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.testing;

import org.jspecify.annotations.NullMarked;
