package io.shardrouter.consumercheck;

import io.shardrouter.consumercheck.strategy.RendezvousStrategy;
import io.shardrouter.core.InvalidRoutingTableException;
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
    ownStrategy();
  }

  static final String RENDEZVOUS =
      """
      {"format": 1, "routing_version": 3, "entity": "devices", "key": {"type": "string"},
       "strategy": {"type": "rendezvous", "partitions": 6, "seed": 11},
       "groups": [{"id": "g0", "primary": "db-0:5432"}, {"id": "g1", "primary": "db-1:5432"}],
       "placement": ["g0", "g1", "g0", "g1", "g0", "g1"]}
      """;

  /**
   * A strategy written here with the public SPI only ({@code rendezvous}, found by ServiceLoader
   * through this module's {@code provides}): it routes, its bad parameters are refused with their
   * paths, and a binary snapshot of its table reads back equal.
   */
  static void ownStrategy() {
    RoutingTable table = RoutingDocuments.read(RENDEZVOUS);
    if (!(table.strategy() instanceof RendezvousStrategy)) {
      throw new AssertionError("rendezvous built as " + table.strategy());
    }
    Router router = Router.create(table);
    int[] perPartition = new int[6];
    for (int i = 0; i < 6000; i++) {
      perPartition[router.route("device-" + i).partition()]++;
    }
    for (int p = 0; p < 6; p++) {
      if (perPartition[p] < 800 || perPartition[p] > 1200) {
        throw new AssertionError("partition " + p + " got " + perPartition[p] + " of 6000 keys");
      }
    }
    RoutingTable back = RoutingDocuments.read(RoutingDocuments.writeSnapshot(table));
    if (!back.equals(table) || !back.fingerprint().equals(table.fingerprint())) {
      throw new AssertionError("the snapshot reads back as " + back);
    }
    String[][] refusals = {
      {"\"partitions\": 0, \"seed\": 11", "strategy.partitions"},
      {"\"partitions\": 6, \"seed\": \"x\"", "strategy.seed"},
      {"\"partitions\": 6, \"weight\": 1", "strategy.weight"}
    };
    for (String[] refusal : refusals) {
      String doc = RENDEZVOUS.replace("\"partitions\": 6, \"seed\": 11", refusal[0]);
      try {
        RoutingDocuments.read(doc);
        throw new AssertionError("accepted " + refusal[0]);
      } catch (InvalidRoutingTableException e) {
        String path = e.violations().get(0).path();
        if (!path.equals(refusal[1])) {
          throw new AssertionError(
              refusal[0] + " refused at " + path + ", not " + refusal[1] + ": " + e.getMessage());
        }
        System.out.println("consumer-check: refused " + refusal[0] + " at " + path);
      }
    }
    System.out.println(
        "consumer-check: rendezvous device-1 -> "
            + router.route("device-1")
            + ", snapshot of "
            + RoutingDocuments.writeSnapshot(table).length
            + " bytes reads back equal");
  }
}
