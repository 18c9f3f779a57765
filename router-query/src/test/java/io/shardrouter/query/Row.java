package io.shardrouter.query;

import java.util.Comparator;

/**
 * A row of the newest-K example of {@code docs/queries.md}: {@code (created_at, order_id)}, with
 * order_id unique. Prints like a Python tuple.
 */
record Row(long createdAt, long orderId) {

  /** Ascending by (created_at, order_id): the seed's tuple order. */
  static final Comparator<Row> ASCENDING =
      Comparator.comparingLong(Row::createdAt).thenComparingLong(Row::orderId);

  static final SortKeyCodec<Row> CODEC =
      SortKeyCodec.of(
          (k, out) -> out.putLong(k.createdAt()).putLong(k.orderId()),
          in -> new Row(in.getLong(), in.getLong()));

  /** Both columns descending, the seed's {@code merge(..., reverse=True)}. */
  static final SortOrder<Row, Row> NEWEST_FIRST =
      SortOrder.of("created_at,order_id", SortOrder.Direction.DESC, r -> r, ASCENDING, CODEC);

  static Row of(long createdAt, long orderId) {
    return new Row(createdAt, orderId);
  }

  @Override
  public String toString() {
    return "(" + createdAt + ", " + orderId + ")";
  }
}
