package io.shardrouter.consumercheck;

import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;

/**
 * Builds a routing table from a document (the {@code jump} strategy comes from router-hash,
 * found by its type name), routes keys through a {@link Router}, and exits non-zero when a route
 * is out of range, not repeatable, or a group is never used.
 */
public final class ConsumerCheck {
  private ConsumerCheck() {}

  static final String DOCUMENT =
      """
      {"format": 1, "routing_version": 7, "entity": "orders", "key": {"type": "string"},
       "strategy": {"type": "jump", "hash": "xxh3-64", "partitions": 4},
       "groups": [{"id": "orders-01", "primary": {"endpoint": "db-1:5432"}, "replicas": []},
                  {"id": "orders-02", "primary": {"endpoint": "db-2:5432"}, "replicas": []}],
       "placement": ["orders-01", "orders-02", "orders-01", "orders-02"]}
      """;

  public static void main(String[] args) {
    RoutingTable table = RoutingDocuments.read(DOCUMENT);
    Router router = Router.create(table);
    boolean[] groupUsed = new boolean[2];
    for (int i = 0; i < 1000; i++) {
      String key = "order-" + i;
      Route route = router.route(key);
      if (route.partition() < 0 || route.partition() >= 4 || route.version() != 7) {
        throw new AssertionError(key + " routed to " + route);
      }
      if (route.partition() != router.route(key).partition()) {
        throw new AssertionError(key + " routed twice to different partitions");
      }
      groupUsed[route.group().id().equals("orders-01") ? 0 : 1] = true;
    }
    if (!groupUsed[0] || !groupUsed[1]) {
      throw new AssertionError("1000 keys did not reach both groups");
    }
    System.out.println("consumer-check: order-1 -> " + router.route("order-1"));
  }
}
