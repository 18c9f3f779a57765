package io.shardrouter.testing;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import org.jspecify.annotations.Nullable;

/**
 * Strategies for tests of code that asks a strategy for its optional capabilities ({@code
 * ExactMovement}, {@code BatchPartitions}, {@code SplittableRanges}, ...): the same routes with
 * every capability hidden, so the test reaches the code's path for a strategy without them.
 */
public final class Strategies {
  private Strategies() {}

  /**
   * {@code strategy} with only {@link PartitionStrategy}'s own methods: the same type, key type,
   * partitions, routes, shares and spec, and no capability interface.
   */
  public static PartitionStrategy withoutCapabilities(PartitionStrategy strategy) {
    return new PartitionsOnly(strategy);
  }

  /**
   * {@code table} with its strategy replaced by {@link #withoutCapabilities(PartitionStrategy)}.
   */
  public static RoutingTable withoutCapabilities(RoutingTable table) {
    return table.toBuilder().strategy(withoutCapabilities(table.strategy())).build();
  }

  private record PartitionsOnly(PartitionStrategy s) implements PartitionStrategy {
    @Override
    public String type() {
      return s.type();
    }

    @Override
    public @Nullable KeyType keyType() {
      return s.keyType();
    }

    @Override
    public int partitionCount() {
      return s.partitionCount();
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return s.partitionOf(canonical, offset, length);
    }

    @Override
    public double shareOf(int partition) {
      return s.shareOf(partition);
    }

    @Override
    public Spec toSpec() {
      return s.toSpec();
    }
  }
}
