package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.hash.HashModStrategy;
import io.shardrouter.hash.JumpHashStrategy;
import io.shardrouter.hash.StableHash;
import java.nio.file.Path;
import java.util.List;

/** Strategies, documents and assertions shared by router-lookup's tests. */
final class Fixtures {
  /** docs/examples, seen from the module's base directory where tests run. */
  static final Path EXAMPLES = Path.of("..", "docs", "examples");

  static final Path TENANTS = EXAMPLES.resolve("lookup-tenants.json");

  private Fixtures() {}

  static PartitionStrategy hashMod(int partitions) {
    return HashModStrategy.of(StableHash.byName("xxh3-64", 0), partitions);
  }

  static PartitionStrategy jump(int partitions) {
    return JumpHashStrategy.of(StableHash.byName("xxh3-64", 0), partitions);
  }

  static RoutingTable read(String json) {
    return RoutingDocuments.read(json);
  }

  /** Reads {@code json}, expects it refused, and returns the violations. */
  static List<Violation> refused(String json) {
    return assertThrows(InvalidRoutingTableException.class, () -> read(json)).violations();
  }

  /**
   * Asserts a violation at exactly {@code path} whose message contains every one of {@code parts}.
   */
  static void assertViolation(List<Violation> violations, String path, String... parts) {
    for (Violation v : violations) {
      if (v.path().equals(path) && containsAll(v.message(), parts)) {
        return;
      }
    }
    throw new AssertionError(
        "expected a violation at '"
            + path
            + "' containing "
            + List.of(parts)
            + ", got "
            + violations);
  }

  private static boolean containsAll(String message, String... parts) {
    for (String p : parts) {
      if (!message.contains(p)) {
        return false;
      }
    }
    return true;
  }

  /**
   * A document for entity "orders" with {@code key} (a key object), {@code strategy} (a strategy
   * object), groups g0 (region eu), g1 (region us), g2 (region eu) and {@code partitions} placement
   * entries round-robin over g0, g1.
   */
  static String document(String key, String strategy, int partitions) {
    StringBuilder placement = new StringBuilder();
    for (int p = 0; p < partitions; p++) {
      placement.append(p == 0 ? "" : ", ").append(p % 2 == 0 ? "\"g0\"" : "\"g1\"");
    }
    return "{\"format\": 1, \"routing_version\": 3, \"entity\": \"orders\", \"key\": "
        + key
        + ",\n \"strategy\": "
        + strategy
        + ",\n \"groups\": [{\"id\": \"g0\", \"primary\": \"db0:5432\", \"labels\": {\"region\": \"eu\"}},"
        + " {\"id\": \"g1\", \"primary\": \"db1:5432\", \"labels\": {\"region\": \"us\"}},"
        + " {\"id\": \"g2\", \"primary\": \"db2:5432\", \"labels\": {\"region\": \"eu\"}}],\n \"placement\": ["
        + placement
        + "]}";
  }

  /**
   * A table of {@code keyType} keys for {@code entity}: hash_mod over {@code partitions},
   * round-robin over groups g0..g3.
   */
  static RoutingTable hashModTable(String entity, KeyType keyType, int partitions) {
    RoutingTable.Builder b =
        RoutingTable.builder()
            .version(1)
            .entity(entity)
            .keyType(keyType)
            .strategy(hashMod(partitions));
    java.util.List<String> placement = new java.util.ArrayList<>();
    for (int g = 0; g < 4; g++) {
      b.group(io.shardrouter.core.ReplicaGroup.of("g" + g, "db" + g + ":5432"));
    }
    for (int p = 0; p < partitions; p++) {
      placement.add("g" + p % 4);
    }
    return b.placement(placement).build();
  }
}
