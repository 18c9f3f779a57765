package io.shardrouter.core;

import java.util.ArrayList;
import java.util.List;

/** Builders of small routing tables and documents for router-core's tests. */
final class Tables {
  private Tables() {}

  /**
   * A table of {@code partitions} byte-sum partitions, placed round-robin over {@code groups}
   * groups.
   */
  static RoutingTable table(long version, int partitions, int groups) {
    return table(version, new ByteSumStrategy(partitions), KeyType.STRING, groups);
  }

  /**
   * A table of entity {@code orders} over {@code strategy} for keys of {@code keyType}, its
   * partitions placed round-robin over {@code groups} groups.
   */
  static RoutingTable table(long version, PartitionStrategy strategy, KeyType keyType, int groups) {
    RoutingTable.Builder b =
        RoutingTable.builder()
            .version(version)
            .entity("orders")
            .keyType(keyType)
            .strategy(strategy);
    List<String> placement = new ArrayList<>();
    for (int g = 0; g < groups; g++) {
      b.group(ReplicaGroup.of("g" + g, "db" + g + ":5432", "db" + g + "r:5432"));
    }
    for (int p = 0; p < strategy.partitionCount(); p++) {
      placement.add("g" + (p % groups));
    }
    return b.placement(placement).build();
  }

  /** The minimal document of the foundation issue, with the test strategy. */
  static String document() {
    return """
        {"format": 1, "routing_version": 7, "entity": "orders", "key": {"type": "string"},
         "strategy": {"type": "test_byte_sum", "partitions": 8},
         "groups": [{"id": "g0", "primary": "db0:5432"},
                    {"id": "g1", "primary": "db1:5432", "replicas": ["db1r:5432"], "labels": {"region": "eu"}}],
         "placement": ["g0","g0","g0","g0","g1","g1","g1","g1"]}
        """;
  }
}
