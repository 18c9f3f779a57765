package io.shardrouter.examples.orders;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.List;

/**
 * The routing documents of the orders service, for a list of group endpoints (JDBC URLs).
 *
 * <ul>
 *   <li>{@code orders}: keys {@code [tenant, user_id]}; a {@code lookup} strategy that gives tenant
 *       {@value #BIG_TENANT} a dedicated partition on a group of its own, and sends every other
 *       tenant's users through {@code hash_mod} over {@value #PARTITIONS} partitions placed
 *       round-robin on the shared groups.
 *   <li>{@code email_claims}: keys are normalized e-mail addresses; {@code hash_mod} over the same
 *       shared groups. The claim of an address lives where the address routes, not where its user
 *       does.
 * </ul>
 */
public final class OrdersRouting {
  /** The tenant with a group of its own. */
  public static final String BIG_TENANT = "bigcorp";

  /** Logical partitions of the shared groups. */
  public static final int PARTITIONS = 64;

  private OrdersRouting() {}

  /**
   * The {@code orders} table at {@code version}: shared groups {@code g1..gN} on {@code shared},
   * and group {@value #BIG_TENANT} on {@code bigTenant}.
   */
  public static RoutingTable orders(long version, List<String> shared, String bigTenant) {
    StringBuilder placement = new StringBuilder();
    for (int p = 0; p < PARTITIONS; p++) {
      placement.append('"').append(groupId(p % shared.size())).append("\", ");
    }
    placement.append('"').append(BIG_TENANT).append('"');
    return RoutingDocuments.read(
        "{\"format\": 1, \"routing_version\": "
            + version
            + ", \"entity\": \"orders\","
            + " \"key\": {\"type\": \"composite\", \"parts\": [\"string\", \"string\"]},"
            + " \"strategy\": {\"type\": \"lookup\", \"match\": \"first_part\", \"partitions\": "
            + (PARTITIONS + 1)
            + ", \"fallback\": {\"type\": \"hash_mod\", \"hash\": \"xxh3-64\", \"partitions\": "
            + PARTITIONS
            + "}, \"entries\": {\""
            + BIG_TENANT
            + "\": {\"partition\": "
            + PARTITIONS
            + ", \"dedicated\": true}}},"
            + " \"groups\": ["
            + groups(shared)
            + ", {\"id\": \""
            + BIG_TENANT
            + "\", \"primary\": \""
            + bigTenant
            + "\"}], \"placement\": ["
            + placement
            + "]}");
  }

  /** The {@code email_claims} table at {@code version} over the shared groups. */
  public static RoutingTable emailClaims(long version, List<String> shared) {
    StringBuilder placement = new StringBuilder();
    for (int p = 0; p < PARTITIONS; p++) {
      placement.append(p == 0 ? "\"" : ", \"").append(groupId(p % shared.size())).append('"');
    }
    return RoutingDocuments.read(
        "{\"format\": 1, \"routing_version\": "
            + version
            + ", \"entity\": \"email_claims\", \"key\": {\"type\": \"string\"},"
            + " \"strategy\": {\"type\": \"hash_mod\", \"hash\": \"xxh3-64\", \"partitions\": "
            + PARTITIONS
            + "}, \"groups\": ["
            + groups(shared)
            + "], \"placement\": ["
            + placement
            + "]}");
  }

  /** The id of the i-th shared group (from 0): {@code g1}, {@code g2}, ... */
  public static String groupId(int i) {
    return "g" + (i + 1);
  }

  private static String groups(List<String> endpoints) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < endpoints.size(); i++) {
      b.append(i == 0 ? "" : ", ")
          .append("{\"id\": \"")
          .append(groupId(i))
          .append("\", \"primary\": \"")
          .append(endpoints.get(i).replace("\\", "\\\\").replace("\"", "\\\""))
          .append("\"}");
    }
    return b.toString();
  }
}
