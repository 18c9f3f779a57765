package io.shardrouter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Events written with their business rows in one transaction on the row's group, published once
 * each by the relay, which resumes after a failing publisher and after a crash.
 */
class OutboxTest {
  private final Outbox outbox = Outbox.create("order_events");

  private record Setup(Router router, ShardedDataSource sources) implements AutoCloseable {
    @Override
    public void close() {
      sources.close();
    }
  }

  private Setup setup(TestDatabase db) throws Exception {
    TestDatabase.Cluster cluster = db.open(3);
    Router router = Router.create(cluster.table("orders", 1, 12));
    ShardedDataSource sources = ShardedDataSource.create(cluster.factory(), router);
    for (var g : router.table().groups()) {
      outbox.createTable(sources.primary(g));
      try (Connection c = sources.primary(g).getConnection();
          Statement s = c.createStatement()) {
        s.execute("CREATE TABLE orders (order_id VARCHAR(64) PRIMARY KEY, amount BIGINT)");
      }
    }
    return new Setup(router, sources);
  }

  /** Inserts an order and its event in one transaction; rolls back both when {@code fail}. */
  private boolean placeOrder(Setup s, String orderId, boolean fail) throws Exception {
    Route route = s.router.route(orderId);
    try (Connection c = s.sources.primary(route).getConnection()) {
      c.setAutoCommit(false);
      try (PreparedStatement ps =
          c.prepareStatement("INSERT INTO orders (order_id, amount) VALUES (?, ?)")) {
        ps.setString(1, orderId);
        ps.setLong(2, 100);
        ps.executeUpdate();
        boolean appended =
            outbox.append(
                c,
                new Outbox.Event(
                    "order-created:" + orderId, orderId, "order-created", "{\"amount\":100}", 7));
        if (fail) {
          c.rollback();
          return false;
        }
        c.commit();
        return appended;
      } catch (Exception e) {
        c.rollback();
        throw e;
      }
    }
  }

  private static long count(Setup s, String sql) throws Exception {
    long n = 0;
    for (var g : s.router.table().groups()) {
      try (Connection c = s.sources.primary(g).getConnection();
          Statement st = c.createStatement();
          ResultSet rs = st.executeQuery(sql)) {
        rs.next();
        n += rs.getLong(1);
      }
    }
    return n;
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void eventCommitsAndRollsBackWithItsRow_appendIsIdempotent(TestDatabase db) throws Exception {
    try (Setup s = setup(db)) {
      assertTrue(placeOrder(s, "o-1", false));
      assertFalse(placeOrder(s, "o-2", true));
      assertEquals(1, count(s, "SELECT COUNT(*) FROM orders"));
      assertEquals(1, count(s, "SELECT COUNT(*) FROM order_events"));
      Route route = s.router.route("o-1");
      try (Connection c = s.sources.primary(route).getConnection()) {
        c.setAutoCommit(false);
        assertFalse(
            outbox.append(
                c, new Outbox.Event("order-created:o-1", "o-1", "order-created", "{}", 8)),
            "a retried request appends nothing");
        c.commit();
      }
      assertEquals(1, count(s, "SELECT COUNT(*) FROM order_events"));
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void relay_publishesEachEventOnce_resumesAfterFailures(TestDatabase db) throws Exception {
    long seed = Long.getLong("shardrouter.test.seed", new SplittableRandom().nextLong(1L << 32));
    SplittableRandom random = new SplittableRandom(seed);
    try (Setup s = setup(db)) {
      int orders = 60;
      for (int i = 0; i < orders; i++) {
        placeOrder(s, "o-" + i, false);
      }
      List<String> published = new ArrayList<>();
      int[] failuresLeft = {5};
      OutboxRelay.Publisher flaky =
          (group, event) -> {
            if (failuresLeft[0] > 0 && random.nextInt(8) == 0) {
              failuresLeft[0]--;
              throw new IllegalStateException("broker unavailable");
            }
            published.add(event.eventId());
          };
      OutboxRelay relay = OutboxRelay.create(s.router, s.sources, outbox, flaky);
      int runs = 0;
      while (count(s, "SELECT COUNT(*) FROM order_events WHERE published_at IS NULL") > 0) {
        relay.runOnce(1 + random.nextInt(7));
        assertTrue(++runs < 500, "seed " + seed + ": the relay makes progress");
      }
      assertEquals(orders, published.size(), "seed " + seed + ": each event published once");
      assertEquals(orders, new LinkedHashSet<>(published).size(), "seed " + seed);
      assertEquals(0, relay.runOnce(10), "nothing is published twice");
    }
  }

  @ParameterizedTest
  @MethodSource("io.shardrouter.jdbc.TestDatabase#all")
  void crashBetweenPublishAndMark_republishesThatEventWithItsId(TestDatabase db) throws Exception {
    try (Setup s = setup(db)) {
      placeOrder(s, "o-a", false);
      Set<String> consumed = new LinkedHashSet<>();
      List<String> deliveries = new ArrayList<>();
      OutboxRelay.Publisher crashing =
          (group, event) -> {
            deliveries.add(event.eventId());
            consumed.add(event.eventId());
            throw new Error("the process dies after the broker took the event");
          };
      OutboxRelay dying = OutboxRelay.create(s.router, s.sources, outbox, crashing);
      assertThrows(Error.class, () -> dying.runOnce(10));
      OutboxRelay.Publisher healthy =
          (group, event) -> {
            deliveries.add(event.eventId());
            consumed.add(event.eventId());
          };
      assertEquals(1, OutboxRelay.create(s.router, s.sources, outbox, healthy).runOnce(10));
      assertEquals(List.of("order-created:o-a", "order-created:o-a"), deliveries);
      assertEquals(Set.of("order-created:o-a"), consumed, "the consumer applies it once by id");
      assertThrows(IllegalArgumentException.class, () -> dying.runOnce(0));
    }
  }
}
