package io.shardrouter.hash.internal;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import io.shardrouter.hash.HashModStrategy;
import io.shardrouter.hash.JumpBackHashStrategy;
import io.shardrouter.hash.JumpHashStrategy;
import io.shardrouter.hash.StableHash;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The {@link StrategyFactory} of each hash strategy, registered through {@code META-INF/services}.
 */
public abstract class HashStrategyFactories implements StrategyFactory {
  private static final Set<String> PARAMETERS = Set.of("hash", "seed", "partitions");

  private final String type;
  private final BiFunction<StableHash, Integer, PartitionStrategy> constructor;

  public HashStrategyFactories(
      String type, BiFunction<StableHash, Integer, PartitionStrategy> constructor) {
    this.type = type;
    this.constructor = constructor;
  }

  @Override
  public String type() {
    return type;
  }

  @Override
  public Set<String> parameterNames() {
    return PARAMETERS;
  }

  @Override
  public PartitionStrategy create(StrategyParameters params) {
    StableHash hash = StableHash.fromParameters(params);
    int partitions = params.requiredInt("partitions", 1, RoutingTable.MAX_PARTITIONS);
    if (hash == null || params.hasViolations()) {
      throw params.refusal();
    }
    return constructor.apply(hash, partitions);
  }

  /** Factory of {@code hash_mod}. */
  public static final class HashMod extends HashStrategyFactories {
    public HashMod() {
      super(HashModStrategy.TYPE, HashModStrategy::of);
    }
  }

  /** Factory of {@code jump}. */
  public static final class Jump extends HashStrategyFactories {
    public Jump() {
      super(JumpHashStrategy.TYPE, JumpHashStrategy::of);
    }
  }

  /** Factory of {@code jump_back}. */
  public static final class JumpBack extends HashStrategyFactories {
    public JumpBack() {
      super(JumpBackHashStrategy.TYPE, JumpBackHashStrategy::of);
    }
  }
}
