package io.shardrouter.hash;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import java.util.Set;

/**
 * The {@link StrategyFactory} of {@link JumpBack2HashStrategy} ({@code "type": "jump_back2"}),
 * registered through {@code META-INF/services}: reads {@code hash}, {@code seed} and {@code
 * partitions}, and reports every problem with its path. Code builds the strategy with {@link
 * JumpBack2HashStrategy#of} instead.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable (the document format it reads).
 *
 * @since 0.1
 */
public final class JumpBack2HashStrategyFactory implements StrategyFactory {
  /** The factory that {@code ServiceLoader} creates. */
  public JumpBack2HashStrategyFactory() {}

  @Override
  public String type() {
    return JumpBack2HashStrategy.TYPE;
  }

  @Override
  public Set<String> parameterNames() {
    return HashStrategyFactories.PARAMETERS;
  }

  @Override
  public PartitionStrategy create(StrategyParameters params) {
    return HashStrategyFactories.create(params, JumpBack2HashStrategy::of);
  }
}
