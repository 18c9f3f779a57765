package io.shardrouter.hash;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import java.util.Set;

/**
 * The {@link StrategyFactory} of {@link HashModStrategy} ({@code "type": "hash_mod"}), registered
 * through {@code META-INF/services}: reads {@code hash}, {@code seed} and {@code partitions}, and
 * reports every problem with its path. Code builds the strategy with {@link HashModStrategy#of}
 * instead.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable (the document format it reads).
 *
 * @since 0.1
 */
public final class HashModStrategyFactory implements StrategyFactory {
  /** The factory that {@code ServiceLoader} creates. */
  public HashModStrategyFactory() {}

  @Override
  public String type() {
    return HashModStrategy.TYPE;
  }

  @Override
  public Set<String> parameterNames() {
    return HashStrategyFactories.PARAMETERS;
  }

  @Override
  public PartitionStrategy create(StrategyParameters params) {
    return HashStrategyFactories.create(params, HashModStrategy::of);
  }
}
