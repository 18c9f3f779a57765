package io.shardrouter.lookup;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import java.util.Set;

/**
 * The {@link StrategyFactory} of {@link BroadcastStrategy} ({@code "type": "broadcast"}),
 * registered through {@code META-INF/services}: it takes no parameters.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable (the document format it reads).
 *
 * @since 0.1
 */
public final class BroadcastStrategyFactory implements StrategyFactory {
  /** The factory that {@code ServiceLoader} creates. */
  public BroadcastStrategyFactory() {}

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
