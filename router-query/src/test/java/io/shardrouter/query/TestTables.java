package io.shardrouter.query;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import java.util.ArrayList;
import java.util.List;

/**
 * Small routing tables for router-query's tests, which see router-core only (no hash strategies).
 */
final class TestTables {
  private TestTables() {}

  /**
   * {@code partitions} partitions placed round-robin on groups g0..g(groups-1), each with two
   * replicas.
   */
  static RoutingTable table(long version, int partitions, int groups) {
    return table(version, partitions, groups, KeyType.STRING);
  }

  static RoutingTable table(long version, int partitions, int groups, KeyType keyType) {
    RoutingTable.Builder b =
        RoutingTable.builder()
            .version(version)
            .entity("orders")
            .keyType(keyType)
            .strategy(new ByteSum(partitions));
    for (int g = 0; g < groups; g++) {
      b.group(
          ReplicaGroup.of("g" + g, "db" + g + ":5432", "db" + g + "a:5432", "db" + g + "b:5432"));
    }
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      placement.add("g" + (p % groups));
    }
    return b.placement(placement).build();
  }

  /** partition = (sum of the canonical bytes, unsigned) mod P; not registered anywhere. */
  static final class ByteSum implements PartitionStrategy {
    private final int partitions;

    ByteSum(int partitions) {
      this.partitions = partitions;
    }

    @Override
    public String type() {
      return "test_byte_sum";
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
      return Spec.object().put("type", type()).put("partitions", partitions).build();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ByteSum s && s.partitions == partitions;
    }

    @Override
    public int hashCode() {
      return partitions;
    }
  }
}
