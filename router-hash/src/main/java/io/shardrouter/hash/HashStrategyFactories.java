package io.shardrouter.hash;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyParameters;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * What the three factories of the hash strategies share: the parameters {@code hash}, {@code seed}
 * and {@code partitions}, read and checked the same way for each.
 */
final class HashStrategyFactories {
  static final Set<String> PARAMETERS = Set.of("hash", "seed", "partitions");

  private HashStrategyFactories() {}

  /** Reads the hash and the partition count, reports every broken rule, then builds or throws. */
  static PartitionStrategy create(
      StrategyParameters params, BiFunction<StableHash, Integer, PartitionStrategy> constructor) {
    StableHash hash = StableHash.fromParameters(params);
    int partitions = params.requiredInt("partitions", 1, RoutingTable.MAX_PARTITIONS);
    if (hash == null || params.hasViolations()) {
      throw params.refusal();
    }
    return constructor.apply(hash, partitions);
  }
}
