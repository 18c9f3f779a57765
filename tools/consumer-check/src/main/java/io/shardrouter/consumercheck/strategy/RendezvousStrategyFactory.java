package io.shardrouter.consumercheck.strategy;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import java.util.Set;

/**
 * Builds {@link RendezvousStrategy} from {@code {"type": "rendezvous", "partitions": P, "seed":
 * S}} ({@code seed} optional, 0 by default). Registered through {@code provides} in module-info and
 * {@code META-INF/services} for the class path.
 */
public final class RendezvousStrategyFactory implements StrategyFactory {
  @Override
  public String type() {
    return RendezvousStrategy.TYPE;
  }

  @Override
  public Set<String> parameterNames() {
    return Set.of("partitions", "seed");
  }

  @Override
  public PartitionStrategy create(StrategyParameters params) {
    int partitions = params.requiredInt("partitions", 1, RendezvousStrategy.MAX_PARTITIONS);
    long seed = params.optionalLong("seed", Long.MIN_VALUE, Long.MAX_VALUE, 0);
    params.throwIfViolations();
    return new RendezvousStrategy(partitions, seed);
  }
}
