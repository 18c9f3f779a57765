package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertSame;

import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.testing.PartitionStrategyContract;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link BroadcastStrategy}: the strategy contract; a broadcast strategy has exactly one partition.
 */
class BroadcastStrategyContractTest extends PartitionStrategyContract {

  @Override
  protected List<PartitionStrategy> strategies() {
    return List.of(BroadcastStrategy.INSTANCE);
  }

  @Override
  protected boolean onePartitionOnly() {
    return true;
  }

  @Test
  void create_fromJson_theSingleton() {
    assertSame(
        BroadcastStrategy.INSTANCE,
        StrategyRegistry.defaultRegistry().create(BroadcastStrategy.INSTANCE.toSpec()));
  }
}
