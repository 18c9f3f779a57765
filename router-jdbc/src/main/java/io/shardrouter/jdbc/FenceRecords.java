package io.shardrouter.jdbc;

import io.shardrouter.migrate.Fence;
import io.shardrouter.migrate.Phase;
import io.shardrouter.migrate.Row;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * The fence table of a {@link JdbcMigrationStore}: one record per fenced partition, and a lock
 * record (part -1) that client writes and reads hold shared for their transaction ({@link
 * #refusing}) and fence changes hold exclusively ({@link #set}, {@link #clear}), so that no fence
 * changes between a client's check and its commit.
 *
 * <p>Every fence change also updates the lock record: its {@code min_version} counts the changes
 * (an epoch). That update is what makes the check hold under {@code REPEATABLE READ} and {@code
 * SERIALIZABLE}: a transaction whose snapshot predates a fence change cannot take the lock record
 * (PostgreSQL: SQL state 40001, "could not serialize access due to concurrent update"; H2: 40001,
 * "Deadlock detected"), where a lock record that was only locked, never updated, would be locked
 * happily and the fence rows then read from the stale snapshot. A transaction whose snapshot
 * follows the change sees the new fence rows, since they were committed with the new epoch.
 */
final class FenceRecords {
  private static final int LOCK_PART = -1;
  private static final List<String> COLUMNS =
      List.of("part", "base_version", "min_version", "phase");

  /**
   * The SQL states of a locking read that failed because the transaction cannot see or lock the
   * lock record's latest version: serialization failure (both databases; H2 reports it as a
   * deadlock), PostgreSQL's deadlock, and H2's concurrent update.
   */
  private static final Set<String> CONFLICTS = Set.of("40001", "40P01", "90131");

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
   * Checks, through {@code c}, that the table exists with its lock record, creating nothing.
   *
   * @throws JdbcStoreException naming the statements {@link #create} would run
   */
  void check(Connection c) {
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT part, base_version, min_version, phase FROM " + table + " WHERE part = ?")) {
      ps.setInt(1, LOCK_PART);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          throw new JdbcStoreException(
              "fence table '"
                  + table
                  + "' of replica group '"
                  + groupId
                  + "' has no lock record: insert it, 'INSERT INTO "
                  + table
                  + " (part, base_version, min_version, phase) VALUES ("
                  + LOCK_PART
                  + ", 0, 0, 'LOCK')', or let the store create it (createTables)");
        }
      }
    } catch (SQLException e) {
      throw new JdbcStoreException(
          "fence table '"
              + table
              + "' of replica group '"
              + groupId
              + "' cannot be read: create it as 'CREATE TABLE "
              + table
              + " (part INT NOT NULL PRIMARY KEY, base_version BIGINT NOT NULL, min_version BIGINT"
              + " NOT NULL, phase VARCHAR(32) NOT NULL)' with its lock record ("
              + LOCK_PART
              + ", 0, 0, 'LOCK'), or let the store create both (createTables)",
          e);
    }
  }

  /** The first fence of {@code fences} that refuses one of {@code rows} (rows first), or null. */
  static @Nullable Fence refusing(List<Fence> fences, List<Row> rows) {
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
   * The first fence of {@code fences} that refuses a read routed with {@code (version, partition)},
   * or null.
   */
  static @Nullable Fence refusing(List<Fence> fences, long version, int partition) {
    for (Fence f : fences) {
      if (f.refuses(version, partition)) {
        return f;
      }
    }
    return null;
  }

  /**
   * In the client's transaction {@code c}: holds the lock record shared until it ends, reads the
   * fences, and returns the one {@code refusal} picks (null when none refuses).
   *
   * <p>When the transaction cannot take the lock record because its snapshot predates a fence
   * change ({@link #CONFLICTS}: {@code REPEATABLE READ} or {@code SERIALIZABLE}), its own view of
   * the fences is stale and the database has aborted it (PostgreSQL) or will not let it lock (H2):
   * the current fences are then read on a connection of the store's data source, and the one {@code
   * refusal} picks is returned, or, when none refuses, the failure is thrown as a {@link
   * SQLTransactionRollbackException} that says to retry the transaction. Either way nothing was
   * written through {@code c} by this call.
   *
   * @throws SQLTransactionRollbackException when the snapshot was stale and no current fence
   *     refuses: roll back and retry the transaction
   * @throws SQLException any other failure
   */
  @Nullable Fence refusing(Connection c, Function<List<Fence>, @Nullable Fence> refusal)
      throws SQLException {
    List<Fence> seen;
    try {
      lockShared(c);
      seen = read(c);
    } catch (SQLException e) {
      if (!isConflict(e)) {
        throw e;
      }
      return refusingAfterConflict(e, refusal);
    }
    return refusal.apply(seen);
  }

  private @Nullable Fence refusingAfterConflict(
      SQLException conflict, Function<List<Fence>, @Nullable Fence> refusal) throws SQLException {
    List<Fence> current;
    try {
      current = StoreTransaction.run(primary, this::read, fences -> true);
    } catch (SQLException | RuntimeException e) {
      SQLTransactionRollbackException retry =
          retry(
              conflict,
              "; the current fences could not be read on another connection either ("
                  + e.getMessage()
                  + ")");
      retry.addSuppressed(e);
      throw retry;
    }
    Fence refusing = refusal.apply(current);
    if (refusing != null) {
      return refusing;
    }
    throw retry(conflict, "; no current fence refuses this call");
  }

  private SQLTransactionRollbackException retry(SQLException conflict, String detail) {
    return new SQLTransactionRollbackException(
        "cannot check the fences of replica group '"
            + groupId
            + "' (table '"
            + table
            + "') in this transaction: it conflicts with a concurrent one (under REPEATABLE READ"
            + " or SERIALIZABLE, a fence change committed after its snapshot)"
            + detail
            + ": roll back and retry the transaction ("
            + conflict.getMessage()
            + ")",
        conflict.getSQLState(),
        conflict.getErrorCode(),
        conflict);
  }

  /** True when {@code e} (or an exception it chains) is one of {@link #CONFLICTS}. */
  static boolean isConflict(SQLException e) {
    for (SQLException s = e; s != null; s = s.getNextException()) {
      if (CONFLICTS.contains(s.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  /** Creates or replaces the record of {@code fence.partition()}, under the exclusive lock. */
  void set(Fence fence) {
    change(
        "set the fence of partition " + fence.partition(),
        c -> {
          if (fence.equals(stored(c, fence.partition()))) {
            return false; // unchanged: roll back the epoch too, open snapshots stay valid
          }
          try (PreparedStatement ps = c.prepareStatement(dialect.upsert(table, COLUMNS, 1))) {
            ps.setInt(1, fence.partition());
            ps.setLong(2, fence.baseVersion());
            ps.setLong(3, fence.minVersion());
            ps.setString(4, fence.phase().name());
            ps.executeUpdate();
          }
          return true;
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
            return ps.executeUpdate() > 0;
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

  /** The stored fence of {@code partition}, or null when it has none. */
  private @Nullable Fence stored(Connection c, int partition) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT part, base_version, min_version, phase FROM " + table + " WHERE part = ?")) {
      ps.setInt(1, partition);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next()
            ? new Fence(rs.getInt(1), rs.getLong(2), rs.getLong(3), phase(rs.getString(4)))
            : null;
      }
    }
  }

  /** A change of fence records: true when it changed one (committed), false to roll back. */
  private interface Change {
    boolean run(Connection c) throws SQLException;
  }

  /**
   * Runs {@code change} in a transaction of the store's own (at {@code READ COMMITTED}, so that it
   * waits for the clients holding the lock record instead of failing when one of them commits),
   * after taking the lock record exclusively by advancing its epoch.
   */
  private void change(String what, Change change) {
    try {
      StoreTransaction.run(
          primary,
          c -> {
            advanceEpoch(c);
            return change.run(c);
          },
          changed -> changed);
    } catch (SQLException e) {
      throw new JdbcStoreException(
          "cannot " + what + " in fence table '" + table + "' of replica group '" + groupId + "'",
          e);
    }
  }

  /**
   * Locks the lock record exclusively by updating it: its {@code min_version} counts fence changes.
   * The update, not only the lock, is what a client transaction whose snapshot is older than this
   * change trips over.
   */
  private void advanceEpoch(Connection c) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "UPDATE " + table + " SET min_version = min_version + 1 WHERE part = ?")) {
      ps.setInt(1, LOCK_PART);
      if (ps.executeUpdate() != 1) {
        throw noLockRecord();
      }
    }
  }

  private JdbcStoreException noLockRecord() {
    return new JdbcStoreException(
        "fence table '"
            + table
            + "' of replica group '"
            + groupId
            + "' has no lock record (part -1); call createTables() first");
  }

  /** Takes the lock record with the dialect's shared lock, until the transaction ends. */
  private void lockShared(Connection c) throws SQLException {
    try (PreparedStatement lock =
        c.prepareStatement(
            "SELECT part FROM " + table + " WHERE part = ?" + dialect.sharedLock())) {
      lock.setInt(1, LOCK_PART);
      try (ResultSet rs = lock.executeQuery()) {
        if (!rs.next()) {
          throw noLockRecord();
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
