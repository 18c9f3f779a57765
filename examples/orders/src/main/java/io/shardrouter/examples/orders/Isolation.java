package io.shardrouter.examples.orders;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.Arrays;
import java.util.Locale;

/**
 * The isolation level the orders service runs its transactions at ({@link OrderDao}), and what a
 * transaction that the database rolled back to keep that level (a serialization failure) looks
 * like, so that callers retry it.
 */
public enum Isolation {
  /** {@code READ COMMITTED}: each statement sees what was committed before it started. */
  READ_COMMITTED(Connection.TRANSACTION_READ_COMMITTED),
  /** {@code REPEATABLE READ}: one snapshot for the whole transaction (PostgreSQL, H2). */
  REPEATABLE_READ(Connection.TRANSACTION_REPEATABLE_READ),
  /** {@code SERIALIZABLE}: as if the transactions ran one at a time. */
  SERIALIZABLE(Connection.TRANSACTION_SERIALIZABLE);

  private final int level;

  Isolation(int level) {
    this.level = level;
  }

  /** The JDBC level ({@code Connection.TRANSACTION_*}). */
  public int level() {
    return level;
  }

  /** The option spelling: {@code read-committed}, {@code repeatable-read}, {@code serializable}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The level an option names ({@link #label()}, case-insensitive; {@code _} for {@code -} too).
   *
   * @throws IllegalArgumentException when it names none
   */
  public static Isolation parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT).replace('_', '-');
    for (Isolation i : values()) {
      if (i.label().equals(t)) {
        return i;
      }
    }
    throw new IllegalArgumentException(
        "isolation '"
            + text
            + "' is not one of "
            + Arrays.stream(values()).map(Isolation::label).toList());
  }

  /**
   * True when {@code e} (or an exception chained to it) says the database rolled the transaction
   * back to keep its isolation level, so that running it again may succeed: a {@link
   * SQLTransactionRollbackException}, SQL state {@code 40001} (serialization failure; H2 also
   * reports a deadlock so), {@code 40P01} (PostgreSQL's deadlock) or {@code 90131} (H2's concurrent
   * update of a row under {@code REPEATABLE READ}).
   */
  public static boolean serializationFailure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLTransactionRollbackException) {
        return true;
      }
      if (t instanceof SQLException s) {
        for (SQLException n = s; n != null; n = n.getNextException()) {
          String state = n.getSQLState();
          if ("40001".equals(state) || "40P01".equals(state) || "90131".equals(state)) {
            return true;
          }
        }
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }
}
