package io.shardrouter.lookup.internal;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import io.shardrouter.lookup.BroadcastStrategy;
import java.util.Set;

/** The {@link StrategyFactory} of {@code broadcast}: no parameters. */
public final class BroadcastStrategyFactory implements StrategyFactory {
  @Override
  public String type() {
    return BroadcastStrategy.TYPE;
  }

  @Override
  public Set<String> parameterNames() {
    return Set.of();
  }

  @Override
  public PartitionStrategy create(StrategyParameters params) {
    return BroadcastStrategy.INSTANCE;
  }
}
