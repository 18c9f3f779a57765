package io.shardrouter.jdbc;

import io.shardrouter.migrate.Row;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The SQL of a {@link JdbcMigrationStore}'s row table, for one layout: {@code row_key}, {@code
 * row_id}, the value (one {@code row_value} column of bytes, or the caller's value columns), {@code
 * routed_version}, {@code seq} and {@code part}; primary key {@code (row_key, row_id)}, and an
 * index on {@code (part, row_key, row_id)} that scans of one partition read. Both key columns are
 * binary, so they order as unsigned bytes on H2 and PostgreSQL, which is the store order of
 * router-migrate.
 */
final class RowTable {
  private static final String KEY = "row_key = ? AND row_id = ?";
  private static final List<String> PART_INDEX = List.of("part", "row_key", "row_id");

  final String table;

  /** The value columns, or empty for the single {@code row_value} column. */
  final List<String> valueColumns;

  private final Dialect dialect;
  private final List<String> columns;
  final String select;
  final String scanFirst;
  final String scanSameKey;
  final String scanAfterKey;
  final String partFirst;
  final String partSameKey;
  final String partAfterKey;
  final String partRows;
  final String restamp;
  final String storedSequence;
  final String delete;
  final String upsert;
  final String updateIfNewer;
  final String insert;

  RowTable(String table, List<String> valueColumns, Dialect dialect) {
    this.table = SqlIdentifiers.check("migration store table", table);
    for (String c : valueColumns) {
      SqlIdentifiers.check("value column of table '" + table + "'", c);
      if (List.of("row_key", "row_id", "routed_version", "seq", "part").contains(c)) {
        throw new IllegalArgumentException(
            "value column '"
                + c
                + "' of table '"
                + table
                + "' is one of the store's own columns (row_key, row_id, routed_version, seq,"
                + " part); name the value columns only");
      }
    }
    this.valueColumns = List.copyOf(valueColumns);
    this.dialect = dialect;
    List<String> cols = new ArrayList<>(List.of("row_key", "row_id"));
    cols.addAll(valueColumns.isEmpty() ? List.of("row_value") : valueColumns);
    cols.addAll(List.of("routed_version", "seq", "part"));
    this.columns = List.copyOf(cols);
    String list = String.join(", ", columns);
    this.select = "SELECT " + list + " FROM " + table;
    this.scanFirst = select + " ORDER BY row_key, row_id LIMIT ?";
    // Keyset pagination after (k, i) as two range scans of the primary key, which both databases
    // run from the index (a single "row_key > ? OR (row_key = ? AND row_id > ?)" is not, on H2).
    this.scanSameKey = select + " WHERE row_key = ? AND row_id > ? ORDER BY row_id LIMIT ?";
    this.scanAfterKey = select + " WHERE row_key > ? ORDER BY row_key, row_id LIMIT ?";
    // The same pages within one stored partition, through the index on (part, row_key, row_id):
    // ordered by all three columns, so that H2 too reads the index in order and stops at the limit
    // (ordered by (row_key, row_id) alone it reads the whole partition and sorts it). The rest of
    // the cursor's key is a range of the primary key.
    this.partFirst = select + " WHERE part = ? ORDER BY part, row_key, row_id LIMIT ?";
    this.partSameKey =
        select + " WHERE part = ? AND row_key = ? AND row_id > ? ORDER BY row_id LIMIT ?";
    this.partAfterKey =
        select + " WHERE part = ? AND row_key > ? ORDER BY part, row_key, row_id LIMIT ?";
    this.partRows = select + " WHERE part = ?";
    this.restamp = "UPDATE " + table + " SET part = ? WHERE " + KEY + " AND routed_version < ?";
    this.storedSequence = "SELECT seq FROM " + table + " WHERE " + KEY;
    this.delete = "DELETE FROM " + table + " WHERE " + KEY;
    this.insert = "INSERT INTO " + table + " (" + list + ") VALUES (" + marks(columns.size()) + ")";
    List<String> sets = new ArrayList<>();
    List<String> excluded = new ArrayList<>();
    for (String c : columns.subList(2, columns.size())) {
      sets.add(c + " = ?");
      excluded.add(c + " = EXCLUDED." + c);
    }
    this.updateIfNewer =
        "UPDATE " + table + " SET " + String.join(", ", sets) + " WHERE " + KEY + " AND seq < ?";
    this.upsert =
        "INSERT INTO "
            + table
            + " AS d ("
            + list
            + ") VALUES ("
            + marks(columns.size())
            + ") ON CONFLICT (row_key, row_id) DO UPDATE SET "
            + String.join(", ", excluded)
            + " WHERE d.seq < EXCLUDED.seq";
  }

  /** The statement that creates the table of the single-value layout. */
  String createGeneric() {
    return "CREATE TABLE IF NOT EXISTS "
        + table
        + " (row_key "
        + dialect.binaryType(1024)
        + " NOT NULL, row_id "
        + dialect.binaryType(1024)
        + " NOT NULL, row_value "
        + dialect.binaryType(0)
        + " NOT NULL, routed_version BIGINT NOT NULL, seq BIGINT NOT NULL, part INT NOT NULL,"
        + " PRIMARY KEY (row_key, row_id))";
  }

  /** The name of the index {@link #createPartIndex()} creates. */
  String partIndexName() {
    return table + "_by_part";
  }

  /**
   * The statement that creates the index scans by partition read: {@code (part, row_key, row_id)}.
   */
  String createPartIndex() {
    return "CREATE INDEX IF NOT EXISTS "
        + partIndexName()
        + " ON "
        + table
        + " (part, row_key, row_id)";
  }

  /**
   * True when the database reports an index of this table whose first three columns are {@code
   * part, row_key, row_id} (under any name: a service may have created it itself).
   */
  boolean hasPartIndex(Connection c) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    String name =
        md.storesUpperCaseIdentifiers()
            ? table.toUpperCase(Locale.ROOT)
            : md.storesLowerCaseIdentifiers() ? table.toLowerCase(Locale.ROOT) : table;
    Map<String, TreeMap<Integer, String>> indexes = new HashMap<>();
    try (ResultSet rs = md.getIndexInfo(c.getCatalog(), c.getSchema(), name, false, true)) {
      while (rs.next()) {
        String index = rs.getString("INDEX_NAME");
        String column = rs.getString("COLUMN_NAME");
        if (index != null && column != null) {
          indexes
              .computeIfAbsent(index, k -> new TreeMap<>())
              .put((int) rs.getShort("ORDINAL_POSITION"), column.toLowerCase(Locale.ROOT));
        }
      }
    }
    for (TreeMap<Integer, String> columns : indexes.values()) {
      List<String> leading = new ArrayList<>(columns.values());
      if (leading.size() >= 3 && leading.subList(0, 3).equals(PART_INDEX)) {
        return true;
      }
    }
    return false;
  }

  /** A query that reads no row but fails when a column is missing. */
  String probe() {
    return select + " WHERE 1 = 0";
  }

  /** The columns, in statement order. */
  List<String> columns() {
    return columns;
  }

  /** Reads the row at the result set's cursor (a {@link #select} row). */
  Row read(ResultSet rs) throws SQLException {
    byte[] value;
    int at = 3;
    if (valueColumns.isEmpty()) {
      value = rs.getBytes(at++);
    } else {
      Object[] vs = new Object[valueColumns.size()];
      for (int i = 0; i < vs.length; i++) {
        vs[i] = rs.getObject(at++);
      }
      value = ColumnValues.encode(valueColumns, vs);
    }
    return Row.of(
        rs.getBytes(1),
        rs.getBytes(2),
        value,
        rs.getLong(at),
        rs.getLong(at + 1),
        rs.getInt(at + 2));
  }

  /** Binds the value, version, sequence and partition of {@code r} from parameter {@code at}. */
  int bindRest(PreparedStatement ps, int at, Row r) throws SQLException {
    if (valueColumns.isEmpty()) {
      ps.setBytes(at++, r.value());
    } else {
      for (Object v : ColumnValues.decode(valueColumns, r.value())) {
        ps.setObject(at++, v);
      }
    }
    ps.setLong(at++, r.version());
    ps.setLong(at++, r.sequence());
    ps.setInt(at++, r.partition());
    return at;
  }

  /** Binds {@code r} as a whole row (an {@link #insert} or {@link #upsert}). */
  void bindRow(PreparedStatement ps, Row r) throws SQLException {
    ps.setBytes(1, r.key());
    ps.setBytes(2, r.id());
    bindRest(ps, 3, r);
  }

  /** Binds {@code r} to {@link #updateIfNewer}. */
  void bindUpdate(PreparedStatement ps, Row r) throws SQLException {
    int at = bindRest(ps, 1, r);
    ps.setBytes(at++, r.key());
    ps.setBytes(at++, r.id());
    ps.setLong(at, r.sequence());
  }

  /**
   * Writes {@code r} when its sequence is higher than the stored row's (or there is none), in the
   * caller's transaction: PostgreSQL's conditional upsert; on H2 an update, then an insert when no
   * row was there, again when another transaction inserted an older row in between.
   *
   * @return true when the row was written
   */
  boolean writeIfNewer(Connection c, Row r) throws SQLException {
    if (dialect == Dialect.POSTGRESQL) {
      try (PreparedStatement up = c.prepareStatement(upsert)) {
        bindRow(up, r);
        return up.executeUpdate() == 1;
      }
    }
    try (PreparedStatement up = c.prepareStatement(updateIfNewer);
        PreparedStatement in = c.prepareStatement(insert);
        PreparedStatement seq = c.prepareStatement(storedSequence)) {
      for (int attempt = 0; ; attempt++) {
        bindUpdate(up, r);
        if (up.executeUpdate() == 1) {
          return true;
        }
        bindRow(in, r);
        if (dialect.executeInsertIfAbsent(in)) {
          return true;
        }
        // A row is there: it is newer or equal (nothing to do), or another transaction inserted an
        // older one between our update and our insert (update again). Under REPEATABLE READ or
        // SERIALIZABLE a row committed after this transaction's snapshot is one the insert meets
        // but neither the update nor the select sees: the write can be neither applied nor judged
        // superseded, so the transaction must run again (answering "superseded" lost the write).
        long stored = storedSequence(seq, r);
        if (stored >= r.sequence()) {
          return false;
        }
        if (stored == 0 || attempt == 3) {
          throw new SQLTransactionRollbackException(
              "row ("
                  + HexFormat.of().formatHex(r.key())
                  + ", "
                  + HexFormat.of().formatHex(r.id())
                  + ") of table '"
                  + table
                  + "' was written by a concurrent transaction that this one cannot see (its"
                  + " snapshot is older: REPEATABLE READ or SERIALIZABLE): roll back and retry the"
                  + " transaction",
              "40001");
        }
      }
    }
  }

  /** The sequence stored under {@code r}'s (key, id), 0 when there is no row. */
  static long storedSequence(PreparedStatement seq, Row r) throws SQLException {
    seq.setBytes(1, r.key());
    seq.setBytes(2, r.id());
    try (ResultSet rs = seq.executeQuery()) {
      return rs.next() ? rs.getLong(1) : 0;
    }
  }

  /** Runs a scan statement ({@link #scanFirst}, {@link #scanSameKey}, {@link #scanAfterKey}). */
  void select(
      Connection c,
      String sql,
      byte @Nullable [] key,
      byte @Nullable [] id,
      int limit,
      List<Row> into)
      throws SQLException {
    selectPart(c, sql, -1, key, id, limit, into);
  }

  /**
   * Runs a scan statement of one stored partition ({@link #partFirst}, {@link #partSameKey}, {@link
   * #partAfterKey}), or, with {@code part} -1, of the whole table ({@link #select}).
   */
  void selectPart(
      Connection c,
      String sql,
      int part,
      byte @Nullable [] key,
      byte @Nullable [] id,
      int limit,
      List<Row> into)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      int i = 1;
      if (part >= 0) {
        ps.setInt(i++, part);
      }
      if (key != null) {
        ps.setBytes(i++, key);
      }
      if (id != null) {
        ps.setBytes(i++, id);
      }
      ps.setInt(i, limit);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          into.add(read(rs));
        }
      }
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
