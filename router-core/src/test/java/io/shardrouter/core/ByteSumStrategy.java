package io.shardrouter.core;

import java.util.Set;

/**
 * A strategy for router-core's own tests, which cannot see router-hash: partition = (sum of the
 * canonical bytes, unsigned) mod P. Registered only through {@link #REGISTRY}, never the class
 * path.
 */
final class ByteSumStrategy implements PartitionStrategy {
  static final String TYPE = "test_byte_sum";
  static final StrategyRegistry REGISTRY = StrategyRegistry.of(new Factory());

  private final int partitions;

  ByteSumStrategy(int partitions) {
    this.partitions = partitions;
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public int partitionCount() {
    return partitions;
  }

  @Override
  public int partitionOf(byte[] canonical, int offset, int length) {
    long sum = 0;
    for (int i = 0; i < length; i++) {
      sum += canonical[offset + i] & 0xFF;
    }
    return (int) (sum % partitions);
  }

  @Override
  public Spec toSpec() {
    return Spec.object().put("type", TYPE).put("partitions", partitions).build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ByteSumStrategy s && s.partitions == partitions;
  }

  @Override
  public int hashCode() {
    return partitions;
  }

  static final class Factory implements StrategyFactory {
    @Override
    public String type() {
      return TYPE;
    }

    @Override
    public Set<String> parameterNames() {
      return Set.of("partitions");
    }

    @Override
    public PartitionStrategy create(StrategyParameters params) {
      int p = params.requiredInt("partitions", 1, RoutingTable.MAX_PARTITIONS);
      params.throwIfViolations();
      return new ByteSumStrategy(p);
    }
  }
}
