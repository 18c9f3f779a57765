package io.shardrouter.bench;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.hash.HashModStrategy;
import io.shardrouter.hash.JumpBack2HashStrategy;
import io.shardrouter.hash.JumpBackHashStrategy;
import io.shardrouter.hash.JumpHashStrategy;
import io.shardrouter.hash.StableHash;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the routing tables the benchmarks route through, with {@link RoutingTable#builder()}.
 *
 * <ul>
 *   <li>{@code hash_mod}: the setup docs/architecture.md §1 recommends: {@value
 *       #HASH_MOD_PARTITIONS} logical partitions by xxh3-64, placed round-robin over N replica
 *       groups. N changes only the placement, so the route cost should not depend on it.
 *   <li>{@code jump}: jump consistent hash over N partitions, partition p on group p. Its cost
 *       grows with ln N (the number of jumps).
 * </ul>
 */
public final class BenchTables {
  /** Logical partitions of the {@code hash_mod} tables. */
  public static final int HASH_MOD_PARTITIONS = 16_384;

  private BenchTables() {}

  /**
   * The strategy named {@code strategy} ({@code hash_mod}, {@code jump}, {@code jump_back} or
   * {@code jump_back2}) for N = {@code groups}.
   */
  public static PartitionStrategy strategy(String strategy, int groups) {
    return switch (strategy) {
      case HashModStrategy.TYPE -> HashModStrategy.of(StableHash.xxh3(), HASH_MOD_PARTITIONS);
      case JumpHashStrategy.TYPE -> JumpHashStrategy.of(StableHash.xxh3(), groups);
      case JumpBackHashStrategy.TYPE -> JumpBackHashStrategy.of(StableHash.xxh3(), groups);
      case JumpBack2HashStrategy.TYPE -> JumpBack2HashStrategy.of(StableHash.xxh3(), groups);
      default ->
          throw new IllegalArgumentException(
              "unknown strategy '"
                  + strategy
                  + "'; benchmarks know hash_mod, jump, jump_back, jump_back2");
    };
  }

  /** A version-1 table for keys of {@code keyType} over {@code groups} replica groups. */
  public static RoutingTable table(String strategy, int groups, KeyType keyType) {
    return table(strategy(strategy, groups), groups, keyType, 1);
  }

  /** A table of {@code strategy}'s partitions placed round-robin over {@code groups} groups. */
  public static RoutingTable table(
      PartitionStrategy strategy, int groups, KeyType keyType, long version) {
    RoutingTable.Builder b =
        RoutingTable.builder()
            .version(version)
            .entity("orders")
            .keyType(keyType)
            .strategy(strategy);
    List<ReplicaGroup> gs = new ArrayList<>(groups);
    for (int g = 0; g < groups; g++) {
      gs.add(ReplicaGroup.of("g" + g, "db" + g + ".example:5432", "db" + g + "-r1.example:5432"));
    }
    b.groups(gs);
    List<String> placement = new ArrayList<>(strategy.partitionCount());
    for (int p = 0; p < strategy.partitionCount(); p++) {
      placement.add("g" + (p % groups));
    }
    return b.placement(placement).build();
  }
}
