package io.shardrouter.examples.orders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.Router;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.JdbcClaimStore;
import io.shardrouter.jdbc.OutboxRelay;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.jdbc.ShardedTable;
import io.shardrouter.lookup.Claims;
import io.shardrouter.lookup.Normalizer;
import io.shardrouter.query.InvalidCursorException;
import io.shardrouter.query.Page;
import io.shardrouter.query.ScatterGather;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The orders service end to end on four shared groups and the big tenant's own: registration under
 * unique e-mail addresses, orders with their events, a user's recent orders across month buckets
 * and a month across every group, paged with signed cursors, and the outbox relayed once.
 */
class OrdersServiceTest {
  private static final YearMonth NOW = YearMonth.of(2026, 11);
  private static final byte[] CURSOR_KEY =
      "orders-example-cursor-key-of-32+bytes".getBytes(StandardCharsets.UTF_8);

  @ParameterizedTest
  @MethodSource("io.shardrouter.examples.orders.Databases#all")
  void theServiceOnFiveGroups(Databases database) throws Exception {
    long seed = Long.getLong("shardrouter.test.seed", new SplittableRandom().nextLong(1L << 32));
    SplittableRandom random = new SplittableRandom(seed);
    String at = "seed " + seed + " on " + database;
    List<String> endpoints = database.endpoints(5);
    Router orders =
        Router.create(OrdersRouting.orders(1, endpoints.subList(0, 4), endpoints.get(4)));
    Router claimRouter = Router.create(OrdersRouting.emailClaims(1, endpoints.subList(0, 4)));
    ExecutorService jdbc = Executors.newFixedThreadPool(4);
    try (ShardedDataSource db = ShardedDataSource.create(Databases.factory(), orders, claimRouter);
        ScatterGather scatter =
            ScatterGather.builder().maxConcurrency(8).deadline(Duration.ofSeconds(5)).build()) {
      JdbcClaimStore claimStore = JdbcClaimStore.create(db, OrdersSchema.CLAIMS_TABLE);
      for (var g : orders.table().groups()) {
        OrdersSchema.create(db.primary(g), claimStore);
      }
      UserRegistry users =
          new UserRegistry(
              orders,
              db,
              Claims.of(claimRouter, Normalizer.email(), claimStore, Duration.ofMinutes(1)));
      ShardedTable<User> ordersTable =
          OrdersSchema.ordersTable(
                  RoutingSource.fixed(orders.table()),
                  orders,
                  Databases.factory(),
                  Isolation.READ_COMMITTED)
              .build();
      OrderDao dao = new OrderDao(ordersTable, scatter, jdbc, CURSOR_KEY);

      assertTrue(users.register("acme", "u1", "Ann@Example.com").isPresent());
      assertFalse(
          users.register("globex", "u9", " ann@EXAMPLE.com").isPresent(),
          "an address is claimed once, whatever its spelling");
      assertEquals("u1", users.byEmail("ANN@example.com").orElseThrow().userId());
      assertTrue(users.register(OrdersRouting.BIG_TENANT, "b1", "boss@bigcorp.com").isPresent());
      assertEquals(
          OrdersRouting.BIG_TENANT,
          orders.route(OrdersRouting.BIG_TENANT, "b1").group().id(),
          "the big tenant has a group of its own");

      List<Order> placed = new ArrayList<>();
      String[][] owners = {{"acme", "u1"}, {"acme", "u2"}, {"globex", "u3"}, {"bigcorp", "b1"}};
      long base =
          NOW.minusMonths(5).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
      for (int i = 0; i < 240; i++) {
        String[] owner = owners[random.nextInt(owners.length)];
        long created = base + random.nextLong(Duration.ofDays(150).toMillis()) / 1000 * 1000;
        Order o = new Order(owner[0], owner[1], "o-" + i, created, 100 + random.nextInt(9900));
        assertTrue(dao.place(o), at);
        placed.add(o);
      }
      assertFalse(dao.place(placed.get(7)), "a retried order is placed once");

      List<Order> u1 = new ArrayList<>();
      String cursor = null;
      do {
        Page<Order> page = dao.recent("acme", "u1", NOW, 20, cursor);
        assertFalse(page.partial(), at);
        u1.addAll(page.rows());
        cursor = page.nextCursor().orElse(null);
      } while (cursor != null);
      List<Order> expected =
          placed.stream()
              .filter(o -> o.userId().equals("u1"))
              .sorted(OrderKey.NEWEST_FIRST.rows())
              .toList();
      assertEquals(expected, u1, at + ": every order of u1 once, newest first");

      YearMonth month = NOW.minusMonths(2);
      List<Order> inMonth = new ArrayList<>();
      cursor = null;
      do {
        Page<Order> page = dao.month(month, 25, cursor);
        inMonth.addAll(page.rows());
        cursor = page.nextCursor().orElse(null);
      } while (cursor != null);
      List<Order> expectedMonth =
          placed.stream()
              .filter(o -> OrderDao.monthBucket(o.createdAtMillis()) == OrderDao.bucket(month))
              .sorted(OrderKey.OLDEST_FIRST.rows())
              .toList();
      assertEquals(expectedMonth, inMonth, at + ": the month's orders across every group");

      String u1Cursor = dao.recent("acme", "u1", NOW, 5, null).nextCursor().orElseThrow();
      assertThrows(
          InvalidCursorException.class,
          () -> dao.recent("acme", "u2", NOW, 5, u1Cursor),
          "a cursor of one user is refused for another");

      Set<String> published = new HashSet<>();
      OutboxRelay relay =
          OutboxRelay.create(
              orders,
              db,
              OrdersSchema.OUTBOX,
              (group, event) -> assertTrue(published.add(event.eventId())));
      while (relay.runOnce(100) > 0) {
        // drain
      }
      assertEquals(placed.size() + 2, published.size(), at + ": every order and user event once");
      assertTrue(ordersTable.status().healthy(), ordersTable.status().toString());
      ordersTable.close();
    } finally {
      jdbc.shutdownNow();
    }
  }
}
