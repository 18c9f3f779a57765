package io.shardrouter.jdbc;

import io.shardrouter.migrate.ApplyResult;
import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.Part;
import io.shardrouter.migrate.PartStats;
import io.shardrouter.migrate.Row;
import io.shardrouter.migrate.ScanPage;
import io.shardrouter.migrate.WriteOrigin;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * router-migrate's {@link MigrationStore} on the primary of one replica group, for H2 and
 * PostgreSQL: the rows in one table keyed by the routing key's canonical bytes, the group's fence
 * records in a second one, and every client write checked against the fences in its own
 * transaction, so that a fenced write fails inside the database.
 *
 * <p>The tables ({@link #createTables}):
 *
 * <ul>
 *   <li>{@code <table>(row_key PRIMARY KEY, row_value, routed_version, seq, part)}: a row's key and
 *       value bytes, the routing version and partition it was written with, and its sequence;
 *   <li>{@code <table>_fence(part PRIMARY KEY, base_version, min_version, phase)}: one record per
 *       fenced partition, and a lock record (part -1) that every client write holds shared (H2:
 *       exclusively) for its transaction and that {@link #setFence}/{@link #clearFence} hold
 *       exclusively for theirs. A fence set while a write is open waits for it; a write that starts
 *       after reads the new fence.
 * </ul>
 *
 * <p>Scans use keyset pagination ({@code WHERE row_key > ? ORDER BY row_key LIMIT ?}): a cursor is
 * the last key examined and survives restarts. Keys order as unsigned bytes on both databases. A
 * batch is applied in one transaction: a row is written only when its sequence is higher than the
 * stored one ({@code MERGE ... WHEN MATCHED AND seq < ?} on H2, {@code INSERT ... ON CONFLICT DO
 * UPDATE ... WHERE seq < EXCLUDED.seq} on PostgreSQL). Row counts and checksums stream the part's
 * rows from one query: the checksum is a sum of {@link Row#digest()}, which SQL cannot compute, and
 * part membership is the source strategy's, which only Java has.
 *
 * <p><b>Thread-safety:</b> safe for concurrent use; each call takes its own connection.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class JdbcMigrationStore implements MigrationStore {
  private static final int IN_LIST = 200;
  private static final List<String> COLUMNS =
      List.of("row_key", "row_value", "routed_version", "seq", "part");
  private static final String SELECT_COLUMNS = "row_key, row_value, routed_version, seq, part";

  private final String groupId;
  private final DataSource primary;
  private final String table;
  private final FenceRecords fences;
  private final Dialect dialect;
  private final String upsert;

  private JdbcMigrationStore(String groupId, DataSource primary, String table) {
    this.groupId = Objects.requireNonNull(groupId, "groupId");
    this.primary = Objects.requireNonNull(primary, "primary");
    this.table = SqlIdentifiers.check("migration store table", table);
    this.dialect = Dialect.of(primary);
    this.fences = new FenceRecords(groupId, primary, table + "_fence", dialect);
    this.upsert =
        dialect.upsertIfNewer(
            table,
            COLUMNS,
            List.of(dialect.binaryType(0), dialect.binaryType(0), "BIGINT", "BIGINT", "INT"),
            "seq");
  }

  /**
   * The store of group {@code groupId} in {@code table} (and {@code <table>_fence}) on {@code
   * primary}, the group's primary. Opens one connection to learn the dialect.
   *
   * @throws IllegalArgumentException when {@code table} is not a plain SQL identifier of at most 42
   *     characters
   * @throws JdbcStoreException when the database cannot be reached or is neither H2 nor PostgreSQL
   */
  public static JdbcMigrationStore create(String groupId, DataSource primary, String table) {
    if (table != null && table.length() > 42) {
      throw new IllegalArgumentException(
          "migration store table '"
              + table
              + "' is longer than 42 characters; its fence table adds '_fence': choose a shorter"
              + " name");
    }
    return new JdbcMigrationStore(groupId, primary, table);
  }

  /** Creates both tables and the fence lock record when they are missing. */
  public void createTables() {
    try (Connection c = primary.getConnection();
        java.sql.Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE IF NOT EXISTS "
              + table
              + " (row_key "
              + dialect.binaryType(1024)
              + " NOT NULL PRIMARY KEY, row_value "
              + dialect.binaryType(0)
              + " NOT NULL, routed_version BIGINT NOT NULL, seq BIGINT NOT NULL, part INT NOT NULL)");
      fences.create(c);
    } catch (SQLException e) {
      throw failure("create tables '" + table + "' and '" + table + "_fence'", e);
    }
  }

  @Override
  public String groupId() {
    return groupId;
  }

  @Override
  public ScanPage scan(Part part, byte[] cursor, int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("scan limit must be >= 1, got " + limit);
    }
    String sql =
        "SELECT "
            + SELECT_COLUMNS
            + " FROM "
            + table
            + (cursor == null ? "" : " WHERE row_key > ?")
            + " ORDER BY row_key LIMIT ?";
    List<Row> rows = new ArrayList<>();
    byte[] last = cursor;
    int examined = 0;
    try (Connection c = primary.getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      int i = 1;
      if (cursor != null) {
        ps.setBytes(i++, cursor);
      }
      ps.setInt(i, limit);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          examined++;
          Row r = row(rs);
          last = r.key();
          if (part.contains(r.key())) {
            rows.add(r);
          }
        }
      }
    } catch (SQLException e) {
      throw failure("scan part '" + part.id() + "'", e);
    }
    return new ScanPage(rows, last, examined < limit);
  }

  @Override
  public PartStats stats(Part part) {
    PartStats stats = PartStats.EMPTY;
    try (Connection c = primary.getConnection()) {
      boolean auto = c.getAutoCommit();
      c.setAutoCommit(false); // PostgreSQL streams with a fetch size only inside a transaction
      try (PreparedStatement ps =
          c.prepareStatement("SELECT " + SELECT_COLUMNS + " FROM " + table)) {
        ps.setFetchSize(1000);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            Row r = row(rs);
            if (part.contains(r.key())) {
              stats = stats.plus(r);
            }
          }
        }
        c.commit();
      } finally {
        c.setAutoCommit(auto);
      }
    } catch (SQLException e) {
      throw failure("count and checksum part '" + part.id() + "'", e);
    }
    return stats;
  }

  @Override
  public ApplyResult apply(List<Row> rows, WriteOrigin origin) {
    Objects.requireNonNull(origin, "origin");
    if (rows.isEmpty()) {
      return new ApplyResult(0, 0, 0, null);
    }
    try (Connection c = primary.getConnection()) {
      c.setAutoCommit(false);
      try {
        if (origin == WriteOrigin.CLIENT) {
          Fence refusing = fences.refusing(c, rows);
          if (refusing != null) {
            c.rollback();
            return ApplyResult.refused(refusing);
          }
        }
        int applied = 0;
        int duplicates = 0;
        int superseded = 0;
        try (PreparedStatement up = c.prepareStatement(upsert);
            PreparedStatement seq =
                c.prepareStatement("SELECT seq FROM " + table + " WHERE row_key = ?")) {
          for (Row r : rows) {
            if (upsertOne(up, r)) {
              applied++;
            } else if (storedSequence(seq, r.key()) == r.sequence()) {
              duplicates++;
            } else {
              superseded++;
            }
          }
        }
        c.commit();
        return new ApplyResult(applied, duplicates, superseded, null);
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw failure("apply a batch of " + rows.size() + " " + origin + " rows", e);
    }
  }

  private boolean upsertOne(PreparedStatement up, Row r) throws SQLException {
    up.setBytes(1, r.key());
    up.setBytes(2, r.value());
    up.setLong(3, r.version());
    up.setLong(4, r.sequence());
    up.setInt(5, r.partition());
    for (int attempt = 0; ; attempt++) {
      try {
        return up.executeUpdate() == 1;
      } catch (SQLException e) {
        // H2: another transaction inserted the key between our MERGE's look and its insert.
        if (dialect != Dialect.H2 || !Dialect.isUniqueViolation(e) || attempt == 3) {
          throw e;
        }
      }
    }
  }

  private static long storedSequence(PreparedStatement seq, byte[] key) throws SQLException {
    seq.setBytes(1, key);
    try (ResultSet rs = seq.executeQuery()) {
      return rs.next() ? rs.getLong(1) : 0;
    }
  }

  @Override
  public List<Row> fetch(List<byte[]> keys) {
    Map<ByteBuffer, Row> found = new HashMap<>();
    try (Connection c = primary.getConnection()) {
      for (int from = 0; from < keys.size(); from += IN_LIST) {
        List<byte[]> chunk = keys.subList(from, Math.min(keys.size(), from + IN_LIST));
        StringBuilder sql =
            new StringBuilder("SELECT ")
                .append(SELECT_COLUMNS)
                .append(" FROM ")
                .append(table)
                .append(" WHERE row_key IN (");
        for (int i = 0; i < chunk.size(); i++) {
          sql.append(i == 0 ? "?" : ", ?");
        }
        try (PreparedStatement ps = c.prepareStatement(sql.append(')').toString())) {
          for (int i = 0; i < chunk.size(); i++) {
            ps.setBytes(i + 1, chunk.get(i));
          }
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              Row r = row(rs);
              found.put(ByteBuffer.wrap(r.key()), r);
            }
          }
        }
      }
    } catch (SQLException e) {
      throw failure("fetch " + keys.size() + " rows by key", e);
    }
    List<Row> out = new ArrayList<>(found.size());
    for (byte[] k : keys) {
      Row r = found.get(ByteBuffer.wrap(k));
      if (r != null) {
        out.add(r);
      }
    }
    return out;
  }

  @Override
  public void setFence(Fence fence) {
    Objects.requireNonNull(fence, "fence");
    fences.set(fence);
  }

  @Override
  public void clearFence(int partition) {
    fences.clear(partition);
  }

  @Override
  public List<Fence> fences() {
    try (Connection c = primary.getConnection()) {
      return fences.read(c);
    } catch (SQLException e) {
      throw failure("read the fences", e);
    }
  }

  @Override
  public void deleteRows(List<byte[]> keys) {
    if (keys.isEmpty()) {
      return;
    }
    try (Connection c = primary.getConnection()) {
      c.setAutoCommit(false);
      try (PreparedStatement ps =
          c.prepareStatement("DELETE FROM " + table + " WHERE row_key = ?")) {
        for (byte[] k : keys) {
          ps.setBytes(1, k);
          ps.addBatch();
        }
        ps.executeBatch();
        c.commit();
      } catch (SQLException e) {
        c.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw failure("delete " + keys.size() + " rows", e);
    }
  }

  private static Row row(ResultSet rs) throws SQLException {
    return Row.of(rs.getBytes(1), rs.getBytes(2), rs.getLong(3), rs.getLong(4), rs.getInt(5));
  }

  private JdbcStoreException failure(String what, SQLException e) {
    return new JdbcStoreException(
        "cannot " + what + " in table '" + table + "' of replica group '" + groupId + "'", e);
  }

  @Override
  public String toString() {
    return "JdbcMigrationStore{" + groupId + ", " + table + ", " + dialect + "}";
  }
}
