package io.shardrouter.examples.orders;

import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.jdbc.OutboxEvent;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.query.Attempt;
import io.shardrouter.query.CursorCodec;
import io.shardrouter.query.Page;
import io.shardrouter.query.PageRequest;
import io.shardrouter.query.Pager;
import io.shardrouter.query.PartitionSet;
import io.shardrouter.query.ScatterGather;
import io.shardrouter.query.ScatterResult;
import io.shardrouter.query.Target;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import javax.sql.DataSource;

/**
 * The orders DAO: places an order and its event in one transaction on the user's group, lists a
 * user's recent orders across month buckets, and a month's orders across every group, both with
 * signed cursors.
 *
 * <p>Thread-safe: share one per service.
 */
public final class OrderDao {
  /** Months a user's recent orders are looked for in, newest first. */
  public static final int RECENT_MONTHS = 12;

  private final Router orders;
  private final ShardedDataSource db;
  private final ScatterGather scatter;
  private final Executor jdbc;
  private final Pager<Order, OrderKey> newestFirst;
  private final Pager<Order, OrderKey> oldestFirst;

  /**
   * A DAO routing with {@code orders}, connecting through {@code db}, fanning out with {@code
   * scatter} and running blocking JDBC calls on {@code jdbc}; cursors are signed with {@code
   * cursorKey} (at least 32 bytes, the same in every instance of the service).
   */
  public OrderDao(
      Router orders, ShardedDataSource db, ScatterGather scatter, Executor jdbc, byte[] cursorKey) {
    this.orders = orders;
    this.db = db;
    this.scatter = scatter;
    this.jdbc = jdbc;
    CursorCodec codec = CursorCodec.signed(cursorKey);
    this.newestFirst = Pager.of(OrderKey.NEWEST_FIRST, codec);
    this.oldestFirst = Pager.of(OrderKey.OLDEST_FIRST, codec);
  }

  /** {@code year * 12 + month - 1} of {@code millis} in UTC. */
  public static int monthBucket(long millis) {
    YearMonth m = YearMonth.from(Instant.ofEpochMilli(millis).atOffset(ZoneOffset.UTC));
    return bucket(m);
  }

  static int bucket(YearMonth m) {
    return m.getYear() * 12 + m.getMonthValue() - 1;
  }

  // --- README: order-dao begins
  /** Places an order, with its event, in one transaction; false when it was placed before. */
  public boolean place(Order order) throws SQLException {
    Route route = orders.route(order.tenant(), order.userId()); // the user's group
    try (Connection c = db.primary(route).getConnection()) { // writes go to the primary
      c.setAutoCommit(false);
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO orders (tenant, user_id, order_id, created_at, month_bucket,"
                  + " amount_cents) VALUES (?, ?, ?, ?, ?, ?)")) {
        OutboxEvent placed =
            new OutboxEvent(
                "order-placed:" + order.orderId(),
                order.userId(),
                "order-placed",
                "{\"order_id\":\"" + order.orderId() + "\",\"cents\":" + order.amountCents() + "}",
                order.createdAtMillis());
        boolean first = OrdersSchema.OUTBOX.append(c, placed); // false on a retried request
        if (first) {
          insert.setString(1, order.tenant());
          insert.setString(2, order.userId());
          insert.setString(3, order.orderId());
          insert.setLong(4, order.createdAtMillis());
          insert.setInt(5, monthBucket(order.createdAtMillis()));
          insert.setLong(6, order.amountCents());
          insert.executeUpdate();
        }
        c.commit(); // the order and its event, or neither
        return first;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    }
  }

  /** A page of the user's orders, newest first, over the last months; cursor null to start. */
  public Page<Order> recent(String tenant, String userId, YearMonth now, int limit, String cursor) {
    RoutingTable table = orders.table(); // one routing snapshot for the whole request
    Route route = table.route(tenant, userId);
    PageRequest<Order, OrderKey> page =
        newestFirst.request(
            cursor, "user=" + tenant + "/" + userId + ";to=" + now, limit, table.version());
    List<Target> buckets = new ArrayList<>();
    for (int i = 0; i < RECENT_MONTHS; i++) {
      buckets.add(Target.of("orders@" + bucket(now.minusMonths(i)), route));
    }
    ScatterResult<Order> result =
        scatter
            .fanOut(buckets, attempt -> userBucket(attempt, tenant, userId, page, limit))
            .label("recent orders")
            .run();
    return newestFirst.page(page, result); // the top `limit` of all buckets, and the next cursor
  }

  // --- README: order-dao ends

  /** A page of every order of {@code month}, across every group, oldest first. */
  public Page<Order> month(YearMonth month, int limit, String cursor) {
    RoutingTable table = orders.table();
    PageRequest<Order, OrderKey> page =
        oldestFirst.request(cursor, "month=" + month, limit, table.version());
    List<Target> groups = Target.perGroup(table, PartitionSet.all(table.partitionCount()));
    ScatterResult<Order> result =
        scatter
            .fanOut(groups, attempt -> monthOfGroup(attempt, page, limit))
            .label("orders of a month")
            .allowScatter()
            .deadline(Duration.ofSeconds(5))
            .run();
    return oldestFirst.page(page, result);
  }

  /** The user's orders in the bucket {@code orders@<bucket>} after the cursor, newest first. */
  private CompletableFuture<List<Order>> userBucket(
      Attempt attempt, String tenant, String userId, PageRequest<Order, OrderKey> page, int limit) {
    int bucket = Integer.parseInt(attempt.target().name().substring("orders@".length()));
    return select(attempt, true, tenant, userId, bucket, page.after().orElse(null), limit);
  }

  /** Every order of the page's month on the attempt's group after the cursor, oldest first. */
  private CompletableFuture<List<Order>> monthOfGroup(
      Attempt attempt, PageRequest<Order, OrderKey> page, int limit) {
    int bucket = bucket(YearMonth.parse(page.filter().substring("month=".length())));
    return select(attempt, false, null, null, bucket, page.after().orElse(null), limit);
  }

  /**
   * Runs one page's query on the attempt's replica, on the JDBC executor: one user's orders of a
   * bucket newest first ({@code ofUser}), or all orders of a bucket oldest first.
   */
  private CompletableFuture<List<Order>> select(
      Attempt attempt,
      boolean ofUser,
      String tenant,
      String userId,
      int bucket,
      OrderKey after,
      int limit) {
    DataSource replica =
        db.member(attempt.target().group().orElseThrow(), attempt.replica().orElseThrow());
    String cmp = ofUser ? "<" : ">";
    String sql =
        "SELECT tenant, user_id, order_id, created_at, amount_cents FROM orders WHERE "
            + (ofUser ? "tenant = ? AND user_id = ? AND month_bucket = ?" : "month_bucket = ?")
            + (after == null
                ? ""
                : " AND (created_at " + cmp + " ? OR (created_at = ? AND order_id " + cmp + " ?))")
            + (ofUser
                ? " ORDER BY created_at DESC, order_id DESC"
                : " ORDER BY created_at, order_id")
            + " LIMIT ?";
    return CompletableFuture.supplyAsync(
        () -> {
          try (Connection c = replica.getConnection();
              PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            if (ofUser) {
              ps.setString(i++, tenant);
              ps.setString(i++, userId);
            }
            ps.setInt(i++, bucket);
            if (after != null) {
              ps.setLong(i++, after.createdAtMillis());
              ps.setLong(i++, after.createdAtMillis());
              ps.setString(i++, after.orderId());
            }
            ps.setInt(i, limit);
            List<Order> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                rows.add(
                    new Order(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getLong(4),
                        rs.getLong(5)));
              }
            }
            return rows;
          } catch (SQLException e) {
            throw new CompletionException(e);
          }
        },
        jdbc);
  }
}
