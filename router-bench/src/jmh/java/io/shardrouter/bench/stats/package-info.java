/** Benchmarks of route statistics: the cost of recording a route. */
package io.shardrouter.bench.stats;
