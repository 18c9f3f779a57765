package io.shardrouter.examples.orders;

import io.shardrouter.query.SortKeyCodec;
import io.shardrouter.query.SortOrder;
import java.util.Comparator;

/**
 * The sort key of orders, {@code (created_at, order_id)}: a total order, since order ids are
 * unique.
 *
 * @param createdAtMillis creation time
 * @param orderId the tie-breaker
 */
public record OrderKey(long createdAtMillis, String orderId) {
  private static final Comparator<OrderKey> ASCENDING =
      Comparator.comparingLong(OrderKey::createdAtMillis).thenComparing(OrderKey::orderId);
  private static final SortKeyCodec<OrderKey> CODEC =
      SortKeyCodec.of(
          (k, out) -> out.putLong(k.createdAtMillis()).putString(k.orderId()),
          in -> new OrderKey(in.getLong(), in.getString()));

  /** Newest first: a user's recent orders. */
  public static final SortOrder<Order, OrderKey> NEWEST_FIRST =
      SortOrder.of("created_at,order_id", SortOrder.Direction.DESC, OrderKey::of, ASCENDING, CODEC);

  /** Oldest first: a month's orders across users. */
  public static final SortOrder<Order, OrderKey> OLDEST_FIRST =
      SortOrder.of("created_at,order_id", SortOrder.Direction.ASC, OrderKey::of, ASCENDING, CODEC);

  /** The sort key of {@code order}. */
  public static OrderKey of(Order order) {
    return new OrderKey(order.createdAtMillis(), order.orderId());
  }
}
