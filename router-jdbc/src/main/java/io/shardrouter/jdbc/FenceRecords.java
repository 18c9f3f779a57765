package io.shardrouter.jdbc;

import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The fence table of a {@link JdbcMigrationStore}: one record per fenced partition, and a lock
 * record (part -1) that client writes hold shared for their transaction ({@link #refusing}) and
 * fence changes hold exclusively ({@link #set}, {@link #clear}), so that no fence changes between a
 * write's check and its commit.
 */
final class FenceRecords {
  private static final int LOCK_PART = -1;
  private static final List<String> COLUMNS =
      List.of("part", "base_version", "min_version", "phase");

  private final String groupId;
  private final DataSource primary;
  private final String table;
  private final Dialect dialect;

  FenceRecords(String groupId, DataSource primary, String table, Dialect dialect) {
    this.groupId = groupId;
    this.primary = primary;
    this.table = table;
    this.dialect = dialect;
  }

  /** Creates the table and its lock record when missing, through {@code c}. */
  void create(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE IF NOT EXISTS "
              + table
              + " (part INT NOT NULL PRIMARY KEY, base_version BIGINT NOT NULL,"
              + " min_version BIGINT NOT NULL, phase VARCHAR(32) NOT NULL)");
    }
    try (PreparedStatement ps = c.prepareStatement(dialect.insertIfAbsent(table, COLUMNS, 1))) {
      ps.setInt(1, LOCK_PART);
      ps.setLong(2, 0);
      ps.setLong(3, 0);
      ps.setString(4, "LOCK");
      dialect.executeInsertIfAbsent(ps);
    }
  }

  /**
   * In the write's transaction {@code c}: holds the lock record shared until it ends, then returns
   * the first fence that refuses one of {@code rows}, or null.
   */
  Fence refusing(Connection c, List<Row> rows) throws SQLException {
    lock(c, dialect.sharedLock());
    List<Fence> fences = read(c);
    for (Row r : rows) {
      for (Fence f : fences) {
        if (f.refuses(r)) {
          return f;
        }
      }
    }
    return null;
  }

  /**
   * In the read's transaction {@code c}: holds the lock record shared until it ends, then returns
   * the first fence that refuses a read routed with {@code (version, partition)}, or null.
   */
  Fence refusing(Connection c, long version, int partition) throws SQLException {
    lock(c, dialect.sharedLock());
    for (Fence f : read(c)) {
      if (f.refuses(version, partition)) {
        return f;
      }
    }
    return null;
  }

  /** Creates or replaces the record of {@code fence.partition()}, under the exclusive lock. */
  void set(Fence fence) {
    change(
        "set the fence of partition " + fence.partition(),
        c -> {
          try (PreparedStatement ps = c.prepareStatement(dialect.upsert(table, COLUMNS, 1))) {
            ps.setInt(1, fence.partition());
            ps.setLong(2, fence.baseVersion());
            ps.setLong(3, fence.minVersion());
            ps.setString(4, fence.phase().name());
            ps.executeUpdate();
          }
        });
  }

  /** Removes the record of {@code partition}, under the exclusive lock. */
  void clear(int partition) {
    if (partition < 0) {
      throw new IllegalArgumentException("fence partition must be >= 0, got " + partition);
    }
    change(
        "clear the fence of partition " + partition,
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement("DELETE FROM " + table + " WHERE part = ?")) {
            ps.setInt(1, partition);
            ps.executeUpdate();
          }
        });
  }

  /** The fence records, in partition order, read through {@code c}. */
  List<Fence> read(Connection c) throws SQLException {
    List<Fence> out = new ArrayList<>();
    try (PreparedStatement ps =
            c.prepareStatement(
                "SELECT part, base_version, min_version, phase FROM "
                    + table
                    + " WHERE part >= 0 ORDER BY part");
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(new Fence(rs.getInt(1), rs.getLong(2), rs.getLong(3), phase(rs.getString(4))));
      }
    }
    return out;
  }

  /** A change of fence records. */
  private interface Change {
    void run(Connection c) throws SQLException;
  }

  private void change(String what, Change change) {
    try (Connection c = primary.getConnection()) {
      c.setAutoCommit(false);
      try {
        lock(c, " FOR UPDATE");
        change.run(c);
        c.commit();
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new JdbcStoreException(
          "cannot " + what + " in fence table '" + table + "' of replica group '" + groupId + "'",
          e);
    }
  }

  private void lock(Connection c, String clause) throws SQLException {
    try (PreparedStatement lock =
        c.prepareStatement("SELECT part FROM " + table + " WHERE part = ?" + clause)) {
      lock.setInt(1, LOCK_PART);
      try (ResultSet rs = lock.executeQuery()) {
        if (!rs.next()) {
          throw new JdbcStoreException(
              "fence table '"
                  + table
                  + "' of replica group '"
                  + groupId
                  + "' has no lock record (part -1); call createTables() first");
        }
      }
    }
  }

  private Phase phase(String stored) {
    try {
      return Phase.valueOf(stored);
    } catch (IllegalArgumentException e) {
      throw new JdbcStoreException(
          "fence table '"
              + table
              + "' of replica group '"
              + groupId
              + "' holds phase '"
              + stored
              + "', expected one of "
              + List.of(Phase.values())
              + "; fence records are written only by the migration: fix or delete the row");
    }
  }
}
