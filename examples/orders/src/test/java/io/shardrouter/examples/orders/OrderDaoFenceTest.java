package io.shardrouter.examples.orders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.JdbcClaimStore;
import io.shardrouter.jdbc.JdbcMigrationStore;
import io.shardrouter.jdbc.JdbcStoreException;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.jdbc.ShardedTable;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MovedException;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.ReadRoute;
import io.shardrouter.query.ScatterGather;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.YearMonth;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The DAO's reads are fenced like its writes, at every isolation level: once the user's group
 * fences the user's partition past the table's routing version, {@code ordersOf}, {@code recent}
 * and {@code save} read and write nothing; the table waits for the version the fence names and,
 * when it never comes within the table's bound, the call fails with the fence's refusal as its
 * cause.
 */
class OrderDaoFenceTest {
  private static final byte[] CURSOR_KEY =
      "orders-example-cursor-key-of-32+bytes".getBytes(StandardCharsets.UTF_8);

  static Stream<Arguments> cases() {
    return Databases.all().flatMap(d -> Stream.of(Isolation.values()).map(i -> Arguments.of(d, i)));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void aFencedGroup_refusesReadsAndWritesOfAnOlderVersion(Databases database, Isolation isolation)
      throws Exception {
    List<String> endpoints = database.endpoints(5);
    RoutingTable table = OrdersRouting.orders(1, endpoints.subList(0, 4), endpoints.get(4));
    ExecutorService jdbc = Executors.newFixedThreadPool(2);
    try (ShardedDataSource db =
            ShardedDataSource.create(Databases.factory(), Router.create(table));
        ScatterGather scatter =
            ScatterGather.builder().maxConcurrency(4).deadline(Duration.ofSeconds(5)).build()) {
      JdbcClaimStore claims = JdbcClaimStore.create(db, OrdersSchema.CLAIMS_TABLE);
      for (ReplicaGroup g : table.groups()) {
        OrdersSchema.create(db.primary(g), claims);
      }
      try (ShardedTable<User> orders =
          OrdersSchema.ordersTable(
                  RoutingSource.fixed(table), Router.create(table), Databases.factory(), isolation)
              .retry(2, Duration.ofMillis(200))
              .build()) {
        OrderDao dao = new OrderDao(orders, scatter, jdbc, CURSOR_KEY);
        Order order = new Order("acme", "u1", "o-1", 1_790_000_000_000L, 1234);
        assertTrue(dao.place(order));
        assertEquals(List.of(new OrderRevision(order, 1)), dao.ordersOf("acme", "u1"));
        YearMonth month = YearMonth.of(2026, 9);
        assertEquals(List.of(order), dao.recent("acme", "u1", month, 10, null).rows());

        ReadRoute route = orders.routes().read(OrdersSchema.ORDER_KEYS.canonical(order.user()));
        JdbcMigrationStore store = orders.migrationStores(table).get(route.group().id());
        store.setFence(new Fence(route.partition(), 1, 2, Phase.CUT_OVER));

        assertRefused(() -> dao.ordersOf("acme", "u1"), route, isolation);
        assertRefused(() -> dao.recent("acme", "u1", month, 10, null), route, isolation);
        Order repriced = new Order("acme", "u1", "o-1", order.createdAtMillis(), 999);
        assertRefused(() -> dao.save(repriced, 2), route, isolation);
        // nothing was written: the group still holds revision 1
        store.clearFence(route.partition());
        assertEquals(List.of(new OrderRevision(order, 1)), dao.ordersOf("acme", "u1"));
        assertTrue(orders.status().movedRetries() >= 3, orders.status().toString());
      }
    } finally {
      jdbc.shutdownNow();
    }
  }

  private static void assertRefused(
      org.junit.jupiter.api.function.Executable call, ReadRoute route, Isolation isolation) {
    JdbcStoreException e = assertThrows(JdbcStoreException.class, call, "" + isolation);
    MovedException moved = assertInstanceOf(MovedException.class, e.getCause(), e.toString());
    assertEquals(2, moved.minVersion());
    assertEquals(route.group().id(), moved.groupId());
  }
}
