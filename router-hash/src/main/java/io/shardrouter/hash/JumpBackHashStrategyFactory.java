package io.shardrouter.hash;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import java.util.Set;

/**
 * The {@link StrategyFactory} of {@link JumpBackHashStrategy} ({@code "type": "jump_back"}),
 * registered through {@code META-INF/services}: reads {@code hash}, {@code seed} and {@code
 * partitions}, and reports every problem with its path. Code builds the strategy with {@link
 * JumpBackHashStrategy#of} instead.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable (the document format it reads).
 *
 * @since 0.1
 */
public final class JumpBackHashStrategyFactory implements StrategyFactory {
  /** The factory that {@code ServiceLoader} creates. */
  public JumpBackHashStrategyFactory() {}

  @Override
  public String type() {
    return JumpBackHashStrategy.TYPE;
  }

  @Override
  public Set<String> parameterNames() {
    return HashStrategyFactories.PARAMETERS;
  }

  @Override
  public PartitionStrategy create(StrategyParameters params) {
    return HashStrategyFactories.create(params, JumpBackHashStrategy::of);
  }
}
