package io.shardrouter.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The DAO example of README.md, compiled and run so that it cannot rot. */
class ReadmeExampleTest {

  /** Stands in for a connection pool: records which endpoint each statement went to. */
  static final class Db {
    final List<String> log = new ArrayList<>();

    void execute(String endpoint, String sql) {
      log.add(endpoint + " " + sql);
    }
  }

  // --- README example begins
  static final class OrderDao {
    private final Router router; // one per entity, shared by all threads
    private final Db db;
    private final AtomicLong reads = new AtomicLong();

    OrderDao(Router router, Db db) {
      this.router = router;
      this.db = db;
    }

    void insert(String orderId, String json) {
      Route route = router.route(orderId); // no allocation, no lock
      String primary = route.primary().endpoint(); // writes go to the group's primary
      db.execute(
          primary,
          "INSERT INTO orders_p"
              + route.partition()
              + " VALUES ('"
              + orderId
              + "', '"
              + json
              + "', "
              + route.version()
              + ")");
    }

    void find(String orderId) {
      Route route = router.route(orderId);
      String replica = route.group().readReplica(reads.incrementAndGet()).endpoint();
      db.execute(
          replica, "SELECT * FROM orders_p" + route.partition() + " WHERE id = '" + orderId + "'");
    }
  }

  // --- README example ends

  @Test
  void daoExample_writesToPrimaryAndReadsFromReplica() {
    String doc =
        """
        {"format": 1, "routing_version": 7, "entity": "orders", "key": {"type": "string"},
         "strategy": {"type": "jump", "hash": "xxh3-64", "partitions": 8},
         "groups": [{"id": "g0", "primary": "db0:5432"},
                    {"id": "g1", "primary": "db1:5432", "replicas": ["db1r:5432"], "labels": {"region": "eu"}}],
         "placement": ["g0","g0","g0","g0","g1","g1","g1","g1"]}
        """;
    Router router = Router.create(RoutingDocuments.read(doc));
    Db db = new Db();
    OrderDao dao = new OrderDao(router, db);
    dao.insert("order-1", "{}");
    dao.find("order-1");
    Route route = router.route("order-1");
    int p = JumpHash.bucket(StableHash.xxh3().hashString("order-1"), 8);
    assertEquals(p, route.partition());
    String primary = p < 4 ? "db0:5432" : "db1:5432";
    String replica = p < 4 ? "db0:5432" : "db1r:5432";
    assertTrue(db.log.get(0).startsWith(primary + " INSERT INTO orders_p" + p), db.log.toString());
    assertTrue(db.log.get(0).endsWith(", 7)"), db.log.toString());
    assertTrue(db.log.get(1).startsWith(replica + " SELECT"), db.log.toString());
  }
}
