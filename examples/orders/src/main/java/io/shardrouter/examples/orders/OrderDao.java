package io.shardrouter.examples.orders;

import io.shardrouter.core.PartitionSet;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.jdbc.JdbcMigrationStore;
import io.shardrouter.jdbc.Outbox;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.migrate.MigrationRouter;
import io.shardrouter.migrate.MigrationStore.ApplyResult;
import io.shardrouter.migrate.MigrationStore.ReadResult;
import io.shardrouter.migrate.MigrationStore.WriteOrigin;
import io.shardrouter.migrate.MovedException;
import io.shardrouter.migrate.ReadRoute;
import io.shardrouter.migrate.Row;
import io.shardrouter.migrate.WriteRoute;
import io.shardrouter.query.Page;
import io.shardrouter.query.PageRequest;
import io.shardrouter.query.Pager;
import io.shardrouter.query.ScatterGather;
import io.shardrouter.query.ScatterResult;
import io.shardrouter.query.Target;
import io.shardrouter.query.TargetCall;
import io.shardrouter.query.TargetOutcome;
import java.nio.charset.StandardCharsets;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * The orders DAO: places and changes orders (each with its event, in one transaction on the user's
 * group), reads a user's orders and a page of their recent orders across month buckets, and a
 * month's orders across every group, with signed cursors.
 *
 * <p>Routes come from a {@link MigrationRouter}, so the DAO keeps working while router-migrate
 * reshards the orders table under it: a write goes where the route of the current phase says (to
 * two groups during a dual write), the fence of each group is checked inside the write's own
 * transaction, and a write the fence refuses throws {@link MovedException}: retry it (with the same
 * revision) once the router has a newer version. Reads of a user's orders are fenced the same way:
 * the fence check and the rows come from one transaction on one connection, so a process on an old
 * version never reads a group that has stopped receiving the user's writes. Outside a migration the
 * routes are the plain table's. A scan across groups ({@link #month}) reads the groups of the
 * current table and is exact outside a migration's cut-over and rollback window, when a moved
 * partition's newest rows are only on its new group.
 *
 * <p>Transactions run at the DAO's {@link Isolation} level (read committed unless given). Under
 * {@code REPEATABLE READ} and {@code SERIALIZABLE} the database may roll a transaction back to keep
 * the level (a serialization failure, {@link Isolation#serializationFailure}): nothing of it was
 * committed, so the caller runs the same call again, as after a {@link MovedException}.
 *
 * <p>Thread-safe: share one per service.
 */
public final class OrderDao {
  /** Months a user's recent orders are looked for in, newest first. */
  public static final int RECENT_MONTHS = 12;

  private final MigrationRouter orders;
  private final ShardedDataSource db;
  private final ScatterGather scatter;
  private final Executor jdbc;
  private final Pager<Order, OrderKey> newestFirst;
  private final Pager<Order, OrderKey> oldestFirst;
  private final Isolation isolation;
  private final ConcurrentMap<DataSource, JdbcMigrationStore> stores = new ConcurrentHashMap<>();
  private final LongAdder canaryMismatches = new LongAdder();

  /**
   * A DAO routing with {@code orders}, connecting through {@code db} (which must know the groups of
   * every table a migration moves between), fanning out with {@code scatter} and running blocking
   * JDBC calls on {@code jdbc}; cursors are signed with {@code cursorKey} (at least 32 bytes, the
   * same in every instance of the service). Transactions run at {@code READ COMMITTED}.
   */
  public OrderDao(
      MigrationRouter orders,
      ShardedDataSource db,
      ScatterGather scatter,
      Executor jdbc,
      byte[] cursorKey) {
    this(orders, db, scatter, jdbc, cursorKey, Isolation.READ_COMMITTED);
  }

  /**
   * The same DAO with its transactions at {@code isolation}; a connection it sets to another level
   * than {@code READ COMMITTED} goes back to its pool at {@code READ COMMITTED}.
   */
  public OrderDao(
      MigrationRouter orders,
      ShardedDataSource db,
      ScatterGather scatter,
      Executor jdbc,
      byte[] cursorKey,
      Isolation isolation) {
    this.orders = orders;
    this.db = db;
    this.scatter = scatter;
    this.jdbc = jdbc;
    this.newestFirst = Pager.signed(OrderKey.NEWEST_FIRST, cursorKey);
    this.oldestFirst = Pager.signed(OrderKey.OLDEST_FIRST, cursorKey);
    this.isolation = isolation;
  }

  /** The isolation level of the DAO's transactions. */
  public Isolation isolation() {
    return isolation;
  }

  /** Compared canary reads whose two groups answered differently (the source's answer was used). */
  public long canaryMismatches() {
    return canaryMismatches.sum();
  }

  /** {@code year * 12 + month - 1} of {@code millis} in UTC. */
  public static int monthBucket(long millis) {
    YearMonth m = YearMonth.from(Instant.ofEpochMilli(millis).atOffset(ZoneOffset.UTC));
    return bucket(m);
  }

  static int bucket(YearMonth m) {
    return m.getYear() * 12 + m.getMonthValue() - 1;
  }

  /**
   * The migration store of a group's orders table (the DAO's way to write rows with fences), one
   * per data source: a group whose pool was closed and opened again gets a store on the new one.
   */
  JdbcMigrationStore store(ReplicaGroup group) {
    DataSource primary = db.primary(group);
    return stores.computeIfAbsent(primary, ds -> OrdersSchema.ordersStore(group.id(), ds));
  }

  /** Places an order (revision 1) with its event; false when it was placed before. */
  public boolean place(Order order) throws SQLException {
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
  /**
   * Writes revision {@code revision} of an order; the first revision also appends its event. False
   * when this revision (or a newer one) was written before: a retried request changes nothing.
   *
   * @throws MovedException when a group's fence refused the write: retry with a newer routing
   *     version
   */
  public boolean save(Order order, long revision) throws SQLException {
    byte[] key = OrdersRouting.key(order.tenant(), order.userId()); // [tenant, user_id]
    return save(order, revision, orders.write(key)); // one group, or two while keys move
  }

  /** Writes revision {@code revision} along {@code route}: its first group, then its second. */
  boolean save(Order order, long revision, WriteRoute route) throws SQLException {
    Row row =
        store(route.first())
            .row(
                OrdersRouting.key(order.tenant(), order.userId()),
                order.orderId().getBytes(StandardCharsets.UTF_8),
                route.version(), // the routing version the write is fenced with
                revision, // newer revisions win; a retry of the same one applies once
                route.partition(),
                order.tenant(),
                order.userId(),
                order.orderId(),
                order.createdAtMillis(),
                monthBucket(order.createdAtMillis()),
                order.amountCents());
    boolean written = write(route.first(), row, revision == 1 ? placed(order) : null);
    if (route.dual()) {
      write(route.second(), row, null); // the other copy, while keys move
    }
    return written;
  }

  /** Writes the row, and the event when there is one, in one transaction on the group's primary. */
  private boolean write(ReplicaGroup group, Row row, Outbox.Event event) throws SQLException {
    try (Connection c = db.primary(group).getConnection()) {
      begin(c); // auto-commit off, at the DAO's isolation level
      try {
        ApplyResult r = store(group).apply(c, List.of(row), WriteOrigin.CLIENT); // checks the fence
        if (r.refused()) {
          c.rollback();
          throw new MovedException(group.id(), r.refusedBy(), row.version(), orders.routes());
        }
        boolean written = r.applied() == 1;
        if (written && event != null) {
          OrdersSchema.OUTBOX.append(c, event);
        }
        c.commit(); // the order and its event, or neither
        return written;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      } finally {
        end(c);
      }
    }
  }

  /**
   * Every order of a user with its revision, in order id order, from the group the read route names
   * (during a canary, a share of users is read from the new group and, when the plan compares
   * reads, from the source too, whose answer is returned).
   *
   * @throws MovedException when the group's fence has passed the route's version: retry
   */
  public List<OrderRevision> ordersOf(String tenant, String userId) throws SQLException {
    byte[] key = OrdersRouting.key(tenant, userId);
    ReadRoute route = orders.read(key);
    List<OrderRevision> rows = ordersOf(route.group(), route, key);
    if (route.compareWith() == null) {
      return rows;
    }
    List<OrderRevision> source = ordersOf(route.compareWith(), route, key); // fenced as well
    if (!rows.equals(source)) {
      canaryMismatches.increment();
    }
    return source;
  }

  /** A key's orders on one group: the fence check and the rows in one transaction. */
  private List<OrderRevision> ordersOf(ReplicaGroup group, ReadRoute route, byte[] key)
      throws SQLException {
    JdbcMigrationStore store = store(group);
    try (Connection c = db.primary(group).getConnection()) {
      begin(c);
      try {
        ReadResult r = store.read(c, route.version(), route.partition(), key); // fence, then rows
        if (r.refused()) {
          c.rollback();
          throw new MovedException(group.id(), r.refusedBy(), route.version(), orders.routes());
        }
        c.commit();
        List<OrderRevision> out = new ArrayList<>();
        for (Row row : r.rows()) {
          List<Object> v = store.values(row); // tenant, user_id, order_id, created_at, ...
          Order o =
              new Order(
                  (String) v.get(0),
                  (String) v.get(1),
                  (String) v.get(2),
                  ((Number) v.get(3)).longValue(),
                  ((Number) v.get(5)).longValue());
          out.add(new OrderRevision(o, row.sequence()));
        }
        return out;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      } finally {
        end(c);
      }
    }
  }

  // --- README: order-dao ends

  /**
   * A page of the user's orders, newest first, over the last months; cursor null to start. Each
   * month bucket is read in a transaction that checks the group's fence first, as {@link #ordersOf}
   * does.
   *
   * @throws MovedException when the group's fence has passed the route's version: retry
   */
  public Page<Order> recent(String tenant, String userId, YearMonth now, int limit, String cursor) {
    byte[] key = OrdersRouting.key(tenant, userId);
    ReadRoute route = orders.read(key); // one snapshot per request
    PageRequest<Order, OrderKey> page =
        newestFirst.request(
            cursor, "user=" + tenant + "/" + userId + ";to=" + now, limit, route.version());
    List<Target> buckets = new ArrayList<>();
    for (int i = 0; i < RECENT_MONTHS; i++) {
      buckets.add(
          Target.of(
              "orders@" + bucket(now.minusMonths(i)),
              PartitionSet.of(route.partition()),
              route.group(),
              route.version()));
    }
    Fenced fenced = new Fenced(route, key);
    ScatterResult<Order> result =
        scatter
            .fanOut(buckets, attempt -> userBucket(attempt, fenced, tenant, userId, page, limit))
            .label("recent orders")
            .run();
    for (TargetOutcome<Order> failed : result.failures()) {
      Throwable cause = failed.cause().orElse(null);
      while (cause instanceof CompletionException && cause.getCause() != null) {
        cause = cause.getCause();
      }
      if (cause instanceof MovedException moved) {
        throw moved; // a bucket's group refused the route's version: the whole page is retried
      }
    }
    return newestFirst.page(page, result); // the top `limit` of all buckets, and the next cursor
  }

  /** A page of every order of {@code month}, across every group, oldest first. */
  public Page<Order> month(YearMonth month, int limit, String cursor) {
    RoutingTable table = orders.routes().table();
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

  /** The route and key a read of one user's rows is fenced with. */
  private record Fenced(ReadRoute route, byte[] key) {}

  /** The user's orders in the bucket {@code orders@<bucket>} after the cursor, newest first. */
  private CompletableFuture<List<Order>> userBucket(
      TargetCall.Attempt attempt,
      Fenced fenced,
      String tenant,
      String userId,
      PageRequest<Order, OrderKey> page,
      int limit) {
    int bucket = Integer.parseInt(attempt.target().name().substring("orders@".length()));
    return select(attempt, fenced, tenant, userId, bucket, page.after().orElse(null), limit);
  }

  /** Every order of the page's month on the attempt's group after the cursor, oldest first. */
  private CompletableFuture<List<Order>> monthOfGroup(
      TargetCall.Attempt attempt, PageRequest<Order, OrderKey> page, int limit) {
    int bucket = bucket(YearMonth.parse(page.filter().substring("month=".length())));
    return select(attempt, null, null, null, bucket, page.after().orElse(null), limit);
  }

  /**
   * Runs one page's query on the attempt's replica, on the JDBC executor: one user's orders of a
   * bucket newest first ({@code fenced} not null: after the group's fence check, in the same
   * transaction), or all orders of a bucket oldest first.
   */
  private CompletableFuture<List<Order>> select(
      TargetCall.Attempt attempt,
      Fenced fenced,
      String tenant,
      String userId,
      int bucket,
      OrderKey after,
      int limit) {
    boolean ofUser = fenced != null;
    ReplicaGroup group = attempt.target().group().orElseThrow();
    DataSource replica = db.member(group, attempt.replica().orElseThrow());
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
          try (Connection c = replica.getConnection()) {
            begin(c);
            try {
              if (ofUser) {
                ReadRoute route = fenced.route();
                ReadResult check =
                    store(group).read(c, route.version(), route.partition(), fenced.key());
                if (check.refused()) {
                  throw new MovedException(
                      group.id(), check.refusedBy(), route.version(), orders.routes());
                }
              }
              List<Order> rows = new ArrayList<>();
              try (PreparedStatement ps = c.prepareStatement(sql)) {
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
              }
              c.commit();
              return rows;
            } catch (SQLException | RuntimeException e) {
              c.rollback();
              throw e;
            } finally {
              end(c);
            }
          } catch (SQLException e) {
            throw new CompletionException(e);
          }
        },
        jdbc);
  }

  /** Starts a transaction on {@code c}: auto-commit off, at the DAO's isolation level. */
  private void begin(Connection c) throws SQLException {
    c.setAutoCommit(false);
    if (isolation != Isolation.READ_COMMITTED) {
      c.setTransactionIsolation(isolation.level());
    }
  }

  /** Gives {@code c} back as the pool's other users expect it: at {@code READ COMMITTED}. */
  private void end(Connection c) throws SQLException {
    if (isolation != Isolation.READ_COMMITTED && !c.isClosed()) {
      c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
    }
  }
}
