package io.shardrouter.examples.orders;

import io.shardrouter.core.CompositeKey;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Router;
import io.shardrouter.core.metadata.RoutingSource;
import io.shardrouter.jdbc.Dialect;
import io.shardrouter.jdbc.JdbcClaimStore;
import io.shardrouter.jdbc.JdbcMigrationStore;
import io.shardrouter.jdbc.KeyEncoding;
import io.shardrouter.jdbc.Outbox;
import io.shardrouter.jdbc.ShardedDataSource;
import io.shardrouter.jdbc.ShardedTable;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;

/**
 * The tables of the orders service on every group, in SQL that H2 and PostgreSQL both accept.
 *
 * <pre>
 * users  (tenant, user_id, email, PRIMARY KEY (tenant, user_id))
 * orders (row_key, row_id, tenant, user_id, order_id, created_at, month_bucket, amount_cents,
 *         routed_version, seq, part, PRIMARY KEY (row_key, row_id))
 *   INDEX (tenant, user_id, month_bucket, created_at, order_id)   -- a user's recent orders
 *   INDEX (month_bucket, created_at, order_id)                    -- a month across users
 * email_claims                                                    -- JdbcClaimStore
 * order_events                                                    -- Outbox
 * </pre>
 *
 * A user's orders sit with the user (one group, one transaction); {@code month_bucket} is {@code
 * year * 12 + month - 1} of {@code created_at} in UTC. The orders table carries the five columns a
 * {@link JdbcMigrationStore} keeps beside the service's own: {@code row_key} (the canonical bytes
 * of {@code [tenant, user_id]}, which the table routes), {@code row_id} (the order id's UTF-8
 * bytes), {@code routed_version}, {@code seq} (the order's revision) and {@code part}; so the same
 * table is queried with plain SQL and resharded online by router-migrate.
 */
public final class OrdersSchema {
  /** The outbox of order and user events. */
  public static final Outbox OUTBOX = Outbox.create("order_events");

  /** The claim table of e-mail addresses. */
  public static final String CLAIMS_TABLE = "email_claims";

  /** The orders table. */
  public static final String ORDERS_TABLE = "orders";

  /** The orders table's own columns, in the order {@link #ordersStore} takes their values. */
  public static final List<String> ORDER_COLUMNS =
      List.of("tenant", "user_id", "order_id", "created_at", "month_bucket", "amount_cents");

  // --- README: orders-table begins
  /** The orders key {@code [tenant, user_id]}, as the orders routing table routes it. */
  public static final KeyEncoding<User> ORDER_KEYS =
      KeyEncoding.composite(
          u -> CompositeKey.of(u.tenant(), u.userId()), KeyType.Kind.STRING, KeyType.Kind.STRING);

  /**
   * The orders table of a service, to build: it follows {@code router}, which {@code source} keeps
   * up to date (the router the source was made with; for a source that has none of its own, the
   * router it is to deliver to), opens a pool per group member with {@code pools}, and runs its
   * transactions at {@code isolation}; a call a fence refused, or that failed to serialize, is
   * retried for up to 30 s (the time a process of the fleet may take to learn a version).
   */
  public static ShardedTable.Builder<User> ordersTable(
      RoutingSource source, Router router, ShardedDataSource.Factory pools, Isolation isolation) {
    return ShardedTable.builder(ORDERS_TABLE, ORDER_KEYS, ORDER_COLUMNS.toArray(String[]::new))
        .routing(source, router)
        .pools(pools)
        .isolation(isolation.level())
        .retry(1_000, Duration.ofSeconds(30));
  }

  // --- README: orders-table ends

  private OrdersSchema() {}

  /** The migration store of group {@code groupId} over its orders table. */
  public static JdbcMigrationStore ordersStore(String groupId, DataSource primary) {
    return JdbcMigrationStore.create(groupId, primary, ORDERS_TABLE, ORDER_COLUMNS);
  }

  /** Creates the tables on one group's primary, when missing. */
  public static void create(DataSource primary, JdbcClaimStore claims) throws SQLException {
    String binary = binaryType(primary);
    try (Connection c = primary.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE IF NOT EXISTS users (tenant VARCHAR(64) NOT NULL,"
              + " user_id VARCHAR(64) NOT NULL, email VARCHAR(320) NOT NULL,"
              + " PRIMARY KEY (tenant, user_id))");
      s.execute(
          "CREATE TABLE IF NOT EXISTS orders (row_key "
              + binary
              + " NOT NULL, row_id "
              + binary
              + " NOT NULL, tenant VARCHAR(64) NOT NULL,"
              + " user_id VARCHAR(64) NOT NULL, order_id VARCHAR(64) NOT NULL,"
              + " created_at BIGINT NOT NULL, month_bucket INT NOT NULL,"
              + " amount_cents BIGINT NOT NULL, routed_version BIGINT NOT NULL,"
              + " seq BIGINT NOT NULL, part INT NOT NULL, PRIMARY KEY (row_key, row_id))");
      s.execute(
          "CREATE INDEX IF NOT EXISTS orders_by_user"
              + " ON orders (tenant, user_id, month_bucket, created_at, order_id)");
      s.execute(
          "CREATE INDEX IF NOT EXISTS orders_by_month ON orders (month_bucket, created_at, order_id)");
    }
    OUTBOX.createTable(primary);
    claims.createTable(primary);
    ordersStore("schema-check", primary).createTables();
  }

  private static String binaryType(DataSource primary) {
    return Dialect.of(primary) == Dialect.POSTGRESQL ? "BYTEA" : "VARBINARY(512)";
  }
}
