package io.shardrouter.examples.springorders;

import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.jdbc.JdbcStoreException;
import io.shardrouter.jdbc.ShardedTable;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A customer's orders, sharded by customer: {@code POST /customers/{customer}/orders} places one,
 * {@code GET /customers/{customer}/orders} lists them. The rows of one customer live on the group
 * the routing table names for the customer; the starter's {@link ShardedTable} routes, fences and
 * retries, so this class holds no routing code.
 */
@RestController
@RequestMapping("/customers/{customer}/orders")
class OrderController {
  private final ShardedTable<String> orders;
  private final Router router;

  OrderController(ShardedTable<String> orders, Router router) {
    this.orders = orders;
    this.router = router;
  }

  /**
   * An order to place: its id among the customer's orders, what was bought, the price in cents, and
   * its sequence (1 for a new order; a retried request sends the same one).
   */
  record PlaceOrder(String id, String item, long cents, Long sequence) {}

  /** What placing did, and where the order went. */
  record Placed(String customer, String id, String outcome, String group, long version) {}

  /** One stored order. */
  record Order(String id, String item, long cents, long sequence) {}

  @PostMapping
  ResponseEntity<Placed> place(
      @PathVariable("customer") String customer, @RequestBody PlaceOrder order) {
    if (order.id() == null || order.id().isBlank()) {
      throw new IllegalArgumentException("an order needs an id, e.g. {\"id\": \"order-1\", ...}");
    }
    if (order.cents() < 0) {
      throw new IllegalArgumentException("cents must be >= 0, got " + order.cents());
    }
    long sequence = order.sequence() == null ? 1 : order.sequence();
    ShardedTable.Outcome outcome =
        orders.write(customer, order.id(), sequence, order.item(), order.cents());
    Route route = router.route(customer);
    Placed placed =
        new Placed(
            customer, order.id(), outcome.name(), route.group().id(), orders.status().version());
    return ResponseEntity.status(
            outcome == ShardedTable.Outcome.WRITTEN ? HttpStatus.CREATED : HttpStatus.OK)
        .body(placed);
  }

  @GetMapping
  List<Order> list(@PathVariable("customer") String customer) {
    return orders.read(
        customer, r -> new Order(r.id(), r.getString("item"), r.getLong("cents"), r.sequence()));
  }

  @ExceptionHandler(IllegalArgumentException.class)
  ResponseEntity<Map<String, String>> badRequest(IllegalArgumentException e) {
    return ResponseEntity.badRequest().body(Map.of("error", e.getMessage()));
  }

  @ExceptionHandler(JdbcStoreException.class)
  ResponseEntity<Map<String, String>> unavailable(JdbcStoreException e) {
    return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
        .body(Map.of("error", e.getMessage()));
  }
}
