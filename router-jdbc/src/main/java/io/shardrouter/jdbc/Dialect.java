package io.shardrouter.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * The statements that differ between the databases this module speaks: H2 (2.x) and PostgreSQL (12
 * and later). Everything else this module writes is standard SQL that both accept.
 *
 * <ul>
 *   <li>{@link #upsert}: H2's {@code MERGE INTO ... KEY (...)}, PostgreSQL's {@code INSERT ... ON
 *       CONFLICT (...) DO UPDATE}; both replace the row with the given key in one atomic statement.
 *   <li>{@link #insertIfAbsent}: H2's plain {@code INSERT} (a duplicate key fails with SQL state
 *       {@value #UNIQUE_VIOLATION}, which {@link #isUniqueViolation} recognizes), PostgreSQL's
 *       {@code INSERT ... ON CONFLICT DO NOTHING} (no row inserted, no error).
 *   <li>{@link #rowHash64}: a 64-bit hash of a text expression in SQL (the first 8 bytes of its
 *       MD5, big-endian, as a signed {@code BIGINT}), the same value on both databases, so that the
 *       sum over rows is an order-independent checksum computed where the rows are.
 * </ul>
 *
 * <p>Identifiers are checked (plain names only: they are written into SQL text); values are always
 * bound parameters.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving: more databases may be added.
 *
 * @since 0.1
 */
public enum Dialect {
  /** H2 2.x, embedded or server. */
  H2,
  /** PostgreSQL 12 or later. */
  POSTGRESQL;

  /** The SQL state of a unique or primary-key violation, on both databases. */
  public static final String UNIQUE_VIOLATION = "23505";

  /**
   * The dialect of the database {@code connection} is connected to.
   *
   * @throws JdbcStoreException when the database is neither H2 nor PostgreSQL, or its metadata
   *     cannot be read
   */
  public static Dialect of(Connection connection) {
    String product;
    try {
      product = connection.getMetaData().getDatabaseProductName();
    } catch (SQLException e) {
      throw new JdbcStoreException("cannot read the database product name to choose a dialect", e);
    }
    return ofProductName(product);
  }

  /**
   * The dialect of the database behind {@code dataSource}, from one connection's metadata.
   *
   * @throws JdbcStoreException when no connection can be opened, or the database is neither H2 nor
   *     PostgreSQL
   */
  public static Dialect of(DataSource dataSource) {
    try (Connection c = dataSource.getConnection()) {
      return of(c);
    } catch (SQLException e) {
      throw new JdbcStoreException(
          "cannot open a connection to " + dataSource + " to choose a dialect", e);
    }
  }

  /**
   * The dialect for a JDBC database product name as {@code DatabaseMetaData} reports it.
   *
   * @throws JdbcStoreException when the product is neither H2 nor PostgreSQL
   */
  public static Dialect ofProductName(String product) {
    String p = product == null ? "" : product.toLowerCase(Locale.ROOT);
    if (p.equals("h2")) {
      return H2;
    }
    if (p.equals("postgresql")) {
      return POSTGRESQL;
    }
    throw new JdbcStoreException(
        "database product '"
            + product
            + "' has no dialect; router-jdbc speaks "
            + List.of(values())
            + ": connect to H2 or PostgreSQL");
  }

  /**
   * An atomic insert-or-replace of one row of {@code table}: the parameters are {@code columns} in
   * order; the row is identified by the first {@code keyColumns} of them.
   *
   * @throws IllegalArgumentException when a name is not a plain identifier, or {@code keyColumns}
   *     is not between 1 and the number of columns
   */
  public String upsert(String table, List<String> columns, int keyColumns) {
    checkShape(table, columns, keyColumns);
    String cols = String.join(", ", columns);
    String marks = marks(columns.size());
    List<String> keys = columns.subList(0, keyColumns);
    if (this == H2) {
      return "MERGE INTO "
          + table
          + " ("
          + cols
          + ") KEY ("
          + String.join(", ", keys)
          + ") VALUES ("
          + marks
          + ")";
    }
    List<String> sets = new ArrayList<>();
    for (String c : columns.subList(keyColumns, columns.size())) {
      sets.add(c + " = EXCLUDED." + c);
    }
    return "INSERT INTO "
        + table
        + " ("
        + cols
        + ") VALUES ("
        + marks
        + ") ON CONFLICT ("
        + String.join(", ", keys)
        + ") "
        + (sets.isEmpty() ? "DO NOTHING" : "DO UPDATE SET " + String.join(", ", sets));
  }

  /**
   * An insert of one row of {@code table} that does nothing when a row with the same key (the first
   * {@code keyColumns} columns) exists. Run it with {@link #executeInsertIfAbsent}: on H2 a present
   * row fails with {@link #UNIQUE_VIOLATION}, on PostgreSQL it inserts no row, and both come back
   * as false.
   *
   * @throws IllegalArgumentException when a name is not a plain identifier
   */
  public String insertIfAbsent(String table, List<String> columns, int keyColumns) {
    checkShape(table, columns, keyColumns);
    String insert =
        "INSERT INTO "
            + table
            + " ("
            + String.join(", ", columns)
            + ") VALUES ("
            + marks(columns.size())
            + ")";
    if (this == H2) {
      return insert;
    }
    return insert
        + " ON CONFLICT ("
        + String.join(", ", columns.subList(0, keyColumns))
        + ") DO NOTHING";
  }

  /**
   * Runs a statement made by {@link #insertIfAbsent}: true when it inserted the row, false when a
   * row with its key was there (on H2 the duplicate-key error is taken as that answer; it does not
   * abort the transaction on H2).
   *
   * @throws SQLException any other failure of the statement
   */
  public boolean executeInsertIfAbsent(PreparedStatement insert) throws SQLException {
    try {
      return insert.executeUpdate() == 1;
    } catch (SQLException e) {
      if (this == H2 && isUniqueViolation(e)) {
        return false;
      }
      throw e;
    }
  }

  /** True when {@code e} (or a driver exception it chains) is a unique-key violation. */
  public static boolean isUniqueViolation(SQLException e) {
    for (SQLException s = e; s != null; s = s.getNextException()) {
      if (UNIQUE_VIOLATION.equals(s.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  /**
   * An SQL expression of type {@code BIGINT}: the first 8 bytes (big-endian, signed) of the MD5 of
   * the UTF-8 text {@code textExpression}, the same value on H2 and PostgreSQL and in {@code
   * Checksums.rowHash64} in Java. {@code textExpression} is SQL text written by this module from
   * checked column names, never caller input.
   */
  String rowHash64(String textExpression) {
    if (this == H2) {
      return "CAST(SUBSTRING(HASH('MD5', CAST("
          + textExpression
          + " AS VARCHAR)) FROM 1 FOR 8) AS BIGINT)";
    }
    return "('x' || substr(md5(" + textExpression + "), 1, 16))::bit(64)::bigint";
  }

  /** The column type of bytes up to {@code max} long (a key), or unbounded when 0. */
  String binaryType(int max) {
    if (this == POSTGRESQL) {
      return "BYTEA";
    }
    return max > 0 ? "VARBINARY(" + max + ")" : "VARBINARY";
  }

  /**
   * The lock clause that keeps a row from changing until the transaction ends while other readers
   * may hold it too: PostgreSQL's {@code FOR SHARE}; H2 has no shared row lock, so {@code FOR
   * UPDATE} (its writers then take turns on that row).
   */
  String sharedLock() {
    return this == POSTGRESQL ? " FOR SHARE" : " FOR UPDATE";
  }

  /** The column type of unbounded text. */
  String textType() {
    return this == H2 ? "VARCHAR" : "TEXT";
  }

  private static void checkShape(String table, List<String> columns, int keyColumns) {
    SqlIdentifiers.check("table", table);
    if (columns.isEmpty() || keyColumns < 1 || keyColumns > columns.size()) {
      throw new IllegalArgumentException(
          "a row of table '"
              + table
              + "' needs at least one column and between 1 and "
              + columns.size()
              + " key columns, got "
              + keyColumns
              + " key columns of "
              + columns);
    }
    for (String c : columns) {
      SqlIdentifiers.check("column of table '" + table + "'", c);
    }
  }

  private static String marks(int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "?" : ", ?");
    }
    return b.toString();
  }
}
