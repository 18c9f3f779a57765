package io.shardrouter.testing;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyRegistry;
import java.util.List;

/**
 * Runs {@link PartitionStrategyContract} against fake strategies built for a key type of every kind
 * and composite shape, so that the typed checks (keys of the strategy's key type through every
 * overload of that type, the JSON rebuilt for that key type) are checked against {@link
 * ReferenceEncoding}. The rules of keys of every kind are skipped here: no strategy routes keys of
 * every kind.
 */
class TypedPartitionStrategyContractTest extends PartitionStrategyContract {
  private static final StrategyRegistry REGISTRY =
      StrategyRegistry.of(new Fnv1aModStrategy.Factory());

  @Override
  protected List<PartitionStrategy> strategies() {
    return List.of(
        new Fnv1aModStrategy(1, KeyType.LONG),
        new Fnv1aModStrategy(3, KeyType.STRING),
        new Fnv1aModStrategy(7, KeyType.TIMESTAMP),
        new Fnv1aModStrategy(2, KeyType.INT),
        new Fnv1aModStrategy(5, KeyType.UUID_KEY),
        new Fnv1aModStrategy(10, KeyType.BYTES),
        new Fnv1aModStrategy(4, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.LONG)),
        new Fnv1aModStrategy(6, KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.STRING)),
        new Fnv1aModStrategy(8, KeyType.composite(KeyType.Kind.LONG, KeyType.Kind.LONG)),
        new Fnv1aModStrategy(
            64,
            KeyType.composite(
                KeyType.Kind.TIMESTAMP, KeyType.Kind.UUID, KeyType.Kind.BYTES, KeyType.Kind.INT)),
        new Fnv1aModStrategy(1000, KeyType.composite(KeyType.Kind.STRING)));
  }

  @Override
  protected StrategyRegistry registry() {
    return REGISTRY;
  }
}
