package io.shardrouter.examples.orders;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.List;

/**
 * The routing documents of the orders service, for a list of group endpoints (JDBC URLs).
 *
 * <ul>
 *   <li>{@code orders}: keys {@code [tenant, user_id]}; a {@code lookup} strategy on the first part
 *       that gives tenant {@value #BIG_TENANT} a dedicated partition on a group of its own, and
 *       sends every other tenant, all its users together, through {@code hash_mod} of the tenant
 *       over {@value #PARTITIONS} partitions (docs/routing-spec.md §4.4) on the shared groups
 *       ({@link #sharedGroupOf}: round-robin on the first four; each further group takes whole
 *       partitions from all of them, so growing by one group moves about 1/(n+1) of the partitions
 *       and nothing else).
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
      placement.append('"').append(groupId(sharedGroupOf(p, shared.size()))).append("\", ");
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

  /**
   * The shared group (from 0) of partition {@code p} when there are {@code n} shared groups:
   * round-robin over the first {@code min(n, 4)}; then group {@code k} (4, 5, ...) takes the
   * partitions with {@code p % (k + 1) == k}.
   */
  public static int sharedGroupOf(int p, int n) {
    int g = p % Math.min(n, 4);
    for (int k = 4; k < n; k++) {
      if (p % (k + 1) == k) {
        g = k;
      }
    }
    return g;
  }

  /** The canonical bytes of the orders key {@code [tenant, userId]}, as the table routes them. */
  public static byte[] key(String tenant, String userId) {
    return CompositeKey.of(tenant, userId).toBytes();
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
          .append("\", \"primary\": ")
          .append(Spec.of(endpoints.get(i))) // quoted and escaped as JSON
          .append("}");
    }
    return b.toString();
  }
}
