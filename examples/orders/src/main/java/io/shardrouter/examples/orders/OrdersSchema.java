package io.shardrouter.examples.orders;

import io.shardrouter.jdbc.JdbcClaimStore;
import io.shardrouter.jdbc.Outbox;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * The tables of the orders service on every group, in SQL that H2 and PostgreSQL both accept.
 *
 * <pre>
 * users  (tenant, user_id, email, PRIMARY KEY (tenant, user_id))
 * orders (tenant, user_id, order_id, created_at, month_bucket, amount_cents,
 *         PRIMARY KEY (tenant, user_id, order_id))
 *   INDEX (tenant, user_id, month_bucket, created_at, order_id)   -- a user's recent orders
 *   INDEX (month_bucket, created_at, order_id)                    -- a month across users
 * email_claims                                                    -- JdbcClaimStore
 * order_events                                                    -- Outbox
 * </pre>
 *
 * A user's orders sit with the user (one group, one transaction); {@code month_bucket} is {@code
 * year * 12 + month - 1} of {@code created_at} in UTC.
 */
public final class OrdersSchema {
  /** The outbox of order and user events. */
  public static final Outbox OUTBOX = Outbox.create("order_events");

  /** The claim table of e-mail addresses. */
  public static final String CLAIMS_TABLE = "email_claims";

  private OrdersSchema() {}

  /** Creates the tables on one group's primary, when missing. */
  public static void create(DataSource primary, JdbcClaimStore claims) throws SQLException {
    try (Connection c = primary.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE IF NOT EXISTS users (tenant VARCHAR(64) NOT NULL,"
              + " user_id VARCHAR(64) NOT NULL, email VARCHAR(320) NOT NULL,"
              + " PRIMARY KEY (tenant, user_id))");
      s.execute(
          "CREATE TABLE IF NOT EXISTS orders (tenant VARCHAR(64) NOT NULL,"
              + " user_id VARCHAR(64) NOT NULL, order_id VARCHAR(64) NOT NULL,"
              + " created_at BIGINT NOT NULL, month_bucket INT NOT NULL,"
              + " amount_cents BIGINT NOT NULL, PRIMARY KEY (tenant, user_id, order_id))");
      s.execute(
          "CREATE INDEX IF NOT EXISTS orders_by_user"
              + " ON orders (tenant, user_id, month_bucket, created_at, order_id)");
      s.execute(
          "CREATE INDEX IF NOT EXISTS orders_by_month ON orders (month_bucket, created_at, order_id)");
    }
    OUTBOX.createTable(primary);
    claims.createTable(primary);
  }
}
