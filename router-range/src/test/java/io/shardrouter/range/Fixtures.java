package io.shardrouter.range;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.ArrayList;
import java.util.List;

/** Small range tables and documents for router-range's tests. */
final class Fixtures {
  private Fixtures() {}

  /**
   * Seed 000's example: long keys in [0, 1000) on g0 and [1000, 2000) on g1, then [2000, +∞) on g2
   * when {@code open}.
   */
  static RoutingTable seed000(boolean open) {
    RangeStrategy s =
        open
            ? RangeStrategy.of(KeyType.LONG, List.of(0L, 1000L, 2000L), null)
            : RangeStrategy.of(KeyType.LONG, List.of(0L, 1000L), 2000L);
    return table(s, "orders", 1);
  }

  /** A table for {@code strategy} with partition p on group {@code g<p>}. */
  static RoutingTable table(RangeStrategy strategy, String entity, long version) {
    List<ReplicaGroup> groups = new ArrayList<>();
    List<String> placement = new ArrayList<>();
    for (int p = 0; p < strategy.partitionCount(); p++) {
      groups.add(ReplicaGroup.of("g" + p, "db" + p + ":5432"));
      placement.add("g" + p);
    }
    return RoutingTable.builder()
        .version(version)
        .entity(entity)
        .keyType(strategy.keyType())
        .strategy(strategy)
        .groups(groups)
        .placement(placement)
        .build();
  }

  /**
   * A format-1 document with {@code key} and the range strategy of {@code rangesJson}, every
   * partition on g0.
   */
  static String document(String key, String rangesJson, int partitions) {
    StringBuilder placement = new StringBuilder();
    for (int p = 0; p < partitions; p++) {
      placement.append(p == 0 ? "" : ", ").append("\"g0\"");
    }
    return "{\"format\": 1, \"routing_version\": 1, \"entity\": \"e\", \"key\": "
        + key
        + ",\n"
        + " \"strategy\": {\"type\": \"range\", \"ranges\": "
        + rangesJson
        + "},\n"
        + " \"groups\": [{\"id\": \"g0\", \"primary\": \"db0:5432\"}], \"placement\": ["
        + placement
        + "]}";
  }

  static RoutingTable read(String json) {
    return RoutingDocuments.read(json);
  }

  /** Reads {@code json}, expects it refused, and returns the violations. */
  static List<Violation> refused(String json) {
    return assertThrows(InvalidRoutingTableException.class, () -> RoutingDocuments.read(json))
        .violations();
  }

  /**
   * Fails unless {@code vs} has a violation at {@code path} whose message contains {@code message}.
   */
  static void assertViolation(List<Violation> vs, String path, String message) {
    for (Violation v : vs) {
      if (v.path().equals(path) && v.message().contains(message)) {
        return;
      }
    }
    throw new AssertionError(
        "expected a violation at '" + path + "' containing '" + message + "', got " + vs);
  }

  /**
   * The moves of a range movement report as {@code [start, end) from -> to}, a key range in no
   * range of a table shown as {@code (no range)}.
   */
  static List<String> shifts(MovementReport m) {
    List<String> out = new ArrayList<>();
    for (MovementReport.Move mv : m.moves()) {
      out.add(
          mv.keys()
              + " "
              + (mv.fromGroup() == null ? "(no range)" : mv.fromGroup())
              + " -> "
              + (mv.toGroup() == null ? "(no range)" : mv.toGroup()));
    }
    return out;
  }
}
