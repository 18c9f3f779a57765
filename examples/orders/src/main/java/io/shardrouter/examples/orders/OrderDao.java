package io.shardrouter.examples.orders;

import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.jdbc.Outbox;
import io.shardrouter.jdbc.ShardedTable;
import io.shardrouter.jdbc.ShardedTable.InTransaction;
import io.shardrouter.jdbc.ShardedTable.Outcome;
import io.shardrouter.jdbc.ShardedTable.Write;
import io.shardrouter.jdbc.StoredRow;
import io.shardrouter.query.Page;
import io.shardrouter.query.PageRequest;
import io.shardrouter.query.Pager;
import io.shardrouter.query.ScatterGather;
import io.shardrouter.query.ScatterResult;
import io.shardrouter.query.Target;
import io.shardrouter.query.TargetCall;
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
 * The orders DAO: places and changes orders (each with its event, in one transaction on the user's
 * group), reads a user's orders and a page of their recent orders across month buckets, and a
 * month's orders across every group, with signed cursors.
 *
 * <p>The orders table is a router-jdbc {@link ShardedTable}, which follows the routing source and
 * keeps the DAO working while router-migrate reshards the table under it: a write goes where the
 * route of the current phase says (and to the second group during a dual write), each group's fence
 * is checked inside the write's own transaction, and a write a fence refuses is retried (with the
 * same revision) once the table has the version the fence names. Reads of a user's orders are
 * fenced the same way: the fence check and the rows come from one transaction on one connection, so
 * a process on an old version never reads a group that has stopped receiving the user's writes. A
 * scan across groups ({@link #month}) reads the groups of the current table and is exact outside a
 * migration's cut-over and rollback window, when a moved partition's newest rows are only on its
 * new group.
 *
 * <p>Transactions run at the table's isolation level; a transaction the database rolls back to keep
 * the level (a serialization failure) is run again by the table. A call whose retries are spent
 * throws router-jdbc's {@code JdbcStoreException}, with the last refusal or failure as its cause.
 *
 * <p>Thread-safe: share one per service.
 */
public final class OrderDao {
  /** Months a user's recent orders are looked for in, newest first. */
  public static final int RECENT_MONTHS = 12;

  private static final String COLUMNS = "tenant, user_id, order_id, created_at, amount_cents";

  private final ShardedTable<User> orders;
  private final ScatterGather scatter;
  private final Executor jdbc;
  private final Pager<Order, OrderKey> newestFirst;
  private final Pager<Order, OrderKey> oldestFirst;

  /**
   * A DAO over the sharded {@code orders} table ({@link OrdersSchema#ordersTable}), fanning out
   * with {@code scatter} and running blocking JDBC calls of fan-outs on {@code jdbc}; cursors are
   * signed with {@code cursorKey} (at least 32 bytes, the same in every instance of the service).
   */
  public OrderDao(
      ShardedTable<User> orders, ScatterGather scatter, Executor jdbc, byte[] cursorKey) {
    this.orders = orders;
    this.scatter = scatter;
    this.jdbc = jdbc;
    this.newestFirst = Pager.signed(OrderKey.NEWEST_FIRST, cursorKey);
    this.oldestFirst = Pager.signed(OrderKey.OLDEST_FIRST, cursorKey);
  }

  /** The orders table: its routes, status and retry counters. */
  public ShardedTable<User> table() {
    return orders;
  }

  /** Compared canary reads whose two groups answered differently (the source's answer was used). */
  public long canaryMismatches() {
    return orders.status().canaryMismatches();
  }

  /** {@code year * 12 + month - 1} of {@code millis} in UTC. */
  public static int monthBucket(long millis) {
    YearMonth m = YearMonth.from(Instant.ofEpochMilli(millis).atOffset(ZoneOffset.UTC));
    return bucket(m);
  }

  static int bucket(YearMonth m) {
    return m.getYear() * 12 + m.getMonthValue() - 1;
  }

  /** Places an order (revision 1) with its event; false when it was placed before. */
  public boolean place(Order order) {
    return save(order, 1);
  }

  private static Outbox.Event placed(Order order) {
    return new Outbox.Event(
        "order-placed:" + order.orderId(),
        order.userId(),
        "order-placed",
        "{\"order_id\":\"" + order.orderId() + "\",\"cents\":" + order.amountCents() + "}",
        order.createdAtMillis());
  }

  // --- README: order-dao begins
  /** Writes an order's revision, with its event on the first; false when written before. */
  public boolean save(Order order, long revision) {
    Write<User> row = new Write<>(order.user(), order.orderId(), revision, columns(order));
    InTransaction event = revision == 1 ? c -> OrdersSchema.OUTBOX.append(c, placed(order)) : null;
    return orders.write(row, event) == Outcome.WRITTEN; // fenced; retried when keys moved
  }

  /** Every order of a user with its revision, in order id order; fenced as a write is. */
  public List<OrderRevision> ordersOf(String tenant, String userId) {
    return orders.read(new User(tenant, userId), OrderDao::revision);
  }

  static List<Object> columns(Order o) { // OrdersSchema.ORDER_COLUMNS' values
    long at = o.createdAtMillis();
    return List.of(o.tenant(), o.userId(), o.orderId(), at, monthBucket(at), o.amountCents());
  }

  private static OrderRevision revision(StoredRow r) { // values by column name
    Order o =
        new Order(
            r.getString("tenant"),
            r.getString("user_id"),
            r.getString("order_id"),
            r.getLong("created_at"),
            r.getLong("amount_cents"));
    return new OrderRevision(o, r.sequence()); // the revision is the row's sequence
  }

  // --- README: order-dao ends

  /**
   * A page of the user's orders, newest first, over the last {@value #RECENT_MONTHS} months; cursor
   * null to start. One query on the user's group, after its fence check in the same transaction
   * ({@link ShardedTable#query}).
   */
  public Page<Order> recent(String tenant, String userId, YearMonth now, int limit, String cursor) {
    User user = new User(tenant, userId);
    PageRequest<Order, OrderKey> page =
        newestFirst.request(
            cursor,
            "user=" + tenant + "/" + userId + ";to=" + now,
            limit,
            orders.routes().version());
    OrderKey after = page.after().orElse(null);
    String sql =
        "SELECT "
            + COLUMNS
            + " FROM orders WHERE tenant = ? AND user_id = ? AND month_bucket BETWEEN ? AND ?"
            + (after == null ? "" : " AND (created_at < ? OR (created_at = ? AND order_id < ?))")
            + " ORDER BY created_at DESC, order_id DESC LIMIT ?";
    List<Order> rows =
        orders.query(
            user,
            c -> {
              try (PreparedStatement ps = c.prepareStatement(sql)) {
                int i = 1;
                ps.setString(i++, tenant);
                ps.setString(i++, userId);
                ps.setInt(i++, bucket(now.minusMonths(RECENT_MONTHS - 1)));
                ps.setInt(i++, bucket(now));
                i = bindAfter(ps, i, after);
                ps.setInt(i, page.fetchLimit()); // K + 1: the extra row says a next page exists
                return orders(ps);
              }
            });
    return newestFirst.page(page, List.of(rows));
  }

  /** A page of every order of {@code month}, across every group, oldest first. */
  public Page<Order> month(YearMonth month, int limit, String cursor) {
    RoutingTable table = orders.routes().table();
    PageRequest<Order, OrderKey> page =
        oldestFirst.request(cursor, "month=" + month, limit, table.version());
    List<Target> groups = Target.perGroup(table, PartitionSet.all(table.partitionCount()));
    ScatterResult<Order> result =
        scatter
            .fanOut(groups, attempt -> monthOfGroup(attempt, page))
            .label("orders of a month")
            .allowScatter()
            .deadline(Duration.ofSeconds(5))
            .run();
    return oldestFirst.page(page, result);
  }

  /** Every order of the page's month on the attempt's replica after the cursor, oldest first. */
  private CompletableFuture<List<Order>> monthOfGroup(
      TargetCall.Attempt attempt, PageRequest<Order, OrderKey> page) {
    int bucket = bucket(YearMonth.parse(page.filter().substring("month=".length())));
    OrderKey after = page.after().orElse(null);
    DataSource replica =
        orders
            .pools()
            .member(attempt.target().group().orElseThrow(), attempt.replica().orElseThrow());
    String sql =
        "SELECT "
            + COLUMNS
            + " FROM orders WHERE month_bucket = ?"
            + (after == null ? "" : " AND (created_at > ? OR (created_at = ? AND order_id > ?))")
            + " ORDER BY created_at, order_id LIMIT ?";
    return CompletableFuture.supplyAsync(
        () -> {
          try (Connection c = replica.getConnection();
              PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setInt(1, bucket);
            ps.setInt(bindAfter(ps, 2, after), page.fetchLimit());
            return orders(ps);
          } catch (SQLException e) {
            throw new CompletionException(e);
          }
        },
        jdbc);
  }

  /** Binds the cursor's position from parameter {@code i}; the next parameter's index. */
  private static int bindAfter(PreparedStatement ps, int i, OrderKey after) throws SQLException {
    if (after == null) {
      return i;
    }
    ps.setLong(i++, after.createdAtMillis());
    ps.setLong(i++, after.createdAtMillis());
    ps.setString(i++, after.orderId());
    return i;
  }

  /** The orders a query of {@link #COLUMNS} returns, in its order. */
  private static List<Order> orders(PreparedStatement ps) throws SQLException {
    List<Order> rows = new ArrayList<>();
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        rows.add(
            new Order(
                rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4), rs.getLong(5)));
      }
    }
    return rows;
  }
}
