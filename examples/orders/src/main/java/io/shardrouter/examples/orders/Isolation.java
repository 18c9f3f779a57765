package io.shardrouter.examples.orders;

import java.sql.Connection;
import java.util.Arrays;
import java.util.Locale;

/**
 * The isolation level the orders service runs its transactions at ({@link
 * OrdersSchema#ordersTable}); the orders table runs a transaction the database rolled back to keep
 * that level (a serialization failure) again.
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
}
