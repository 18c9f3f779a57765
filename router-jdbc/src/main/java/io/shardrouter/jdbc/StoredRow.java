package io.shardrouter.jdbc;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One row of a {@link ShardedTable} as a read returns it: its id, its sequence, the routing version
 * it was written with, and its value columns by name, with the Java types the driver returns them
 * as (see {@link JdbcMigrationStore#row}).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class StoredRow {
  private final String table;
  private final List<String> columns;
  private final Object[] values;
  private final byte[] id;
  private final long sequence;
  private final long version;

  StoredRow(
      String table, List<String> columns, Object[] values, byte[] id, long sequence, long version) {
    this.table = table;
    this.columns = columns;
    this.values = values;
    this.id = id;
    this.sequence = sequence;
    this.version = version;
  }

  /** The row's id among the rows of its key (UTF-8 decoded). */
  public String id() {
    return new String(id, StandardCharsets.UTF_8);
  }

  /** The row's sequence: the newest write's. */
  public long sequence() {
    return sequence;
  }

  /** The routing version the row was written (or copied) with. */
  public long version() {
    return version;
  }

  /** The value columns, in table order. */
  public List<String> columns() {
    return columns;
  }

  /**
   * The value of {@code column}, or null.
   *
   * @throws IllegalArgumentException when the table has no such value column
   */
  public @Nullable Object get(String column) {
    int i = columns.indexOf(column);
    if (i < 0) {
      throw new IllegalArgumentException(
          "table '"
              + table
              + "' has no value column '"
              + column
              + "'; its value columns are "
              + columns);
    }
    return values[i];
  }

  /** The value of a text column, or null. */
  public @Nullable String getString(String column) {
    return as(column, String.class);
  }

  /**
   * The value of an integer column ({@code BIGINT}, {@code INT}, {@code SMALLINT}) as a long.
   *
   * @throws IllegalStateException when the value is null
   */
  public long getLong(String column) {
    return notNull(column, as(column, Number.class)).longValue();
  }

  /**
   * The value of an {@code INT} or {@code SMALLINT} column.
   *
   * @throws IllegalStateException when the value is null
   */
  public int getInt(String column) {
    return Math.toIntExact(getLong(column));
  }

  /** The value of a {@code DECIMAL} column, or null. */
  public @Nullable BigDecimal getBigDecimal(String column) {
    return as(column, BigDecimal.class);
  }

  /**
   * The value of a {@code BOOLEAN} column.
   *
   * @throws IllegalStateException when the value is null
   */
  public boolean getBoolean(String column) {
    return notNull(column, as(column, Boolean.class));
  }

  /**
   * The value of {@code column} as {@code type}, or null.
   *
   * @throws IllegalArgumentException when the column holds another type
   */
  public <T> @Nullable T as(String column, Class<T> type) {
    Object v = get(column);
    if (v == null || type.isInstance(v)) {
      return type.cast(v);
    }
    throw new IllegalArgumentException(
        "column '"
            + column
            + "' of table '"
            + table
            + "' holds a "
            + v.getClass().getSimpleName()
            + ", not a "
            + type.getSimpleName()
            + "; read it with get(column) or the getter of its type");
  }

  private <T> T notNull(String column, @Nullable T v) {
    if (v == null) {
      throw new IllegalStateException(
          "column '" + column + "' of table '" + table + "' is null in row '" + id() + "'");
    }
    return v;
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("StoredRow{").append(id()).append(" seq ").append(sequence);
    for (int i = 0; i < columns.size(); i++) {
      b.append(", ").append(columns.get(i)).append('=').append(values[i]);
    }
    return b.append('}').toString();
  }
}
