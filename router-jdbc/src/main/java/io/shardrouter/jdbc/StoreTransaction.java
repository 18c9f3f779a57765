package io.shardrouter.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Predicate;
import javax.sql.DataSource;

/**
 * A transaction a store of this package runs on a connection of its own {@link DataSource}, at
 * {@code READ COMMITTED} whatever level the pool hands connections out at, and with the connection
 * given back as it came (auto-commit mode and isolation level restored).
 *
 * <p>Why {@code READ COMMITTED}: the fence check's shared lock on the lock record is followed by a
 * read of the fence rows, and under {@code READ COMMITTED} each statement reads the latest
 * committed rows, so the check always sees the fences the lock protects; under {@code REPEATABLE
 * READ} or {@code SERIALIZABLE} a store's own batch would instead fail with a serialization failure
 * whenever a fence changed while it waited for the lock, and a fence change whenever another one
 * committed while it waited.
 */
final class StoreTransaction {
  private StoreTransaction() {}

  /** The work of one transaction. */
  interface Work<T> {
    T run(Connection c) throws SQLException;
  }

  /**
   * Runs {@code work} in one transaction on a connection of {@code source}, at {@code READ
   * COMMITTED}; commits when {@code commit} accepts its result, rolls back otherwise and on any
   * failure.
   *
   * @throws SQLException when the work, the commit or the connection fails
   */
  static <T> T run(DataSource source, Work<T> work, Predicate<? super T> commit)
      throws SQLException {
    try (Connection c = source.getConnection()) {
      boolean autoCommit = c.getAutoCommit();
      int isolation = c.getTransactionIsolation();
      boolean setIsolation = isolation != Connection.TRANSACTION_READ_COMMITTED;
      T result;
      try {
        if (setIsolation) {
          c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        }
        if (autoCommit) {
          c.setAutoCommit(false);
        }
        result = work.run(c);
        if (commit.test(result)) {
          c.commit();
        } else {
          c.rollback();
        }
      } catch (SQLException | RuntimeException | Error e) {
        try {
          if (!c.getAutoCommit()) {
            c.rollback();
          }
        } catch (SQLException | RuntimeException cleanup) {
          e.addSuppressed(cleanup);
        }
        try {
          restore(c, autoCommit, setIsolation, isolation);
        } catch (SQLException | RuntimeException cleanup) {
          e.addSuppressed(cleanup);
        }
        throw e;
      }
      restore(c, autoCommit, setIsolation, isolation);
      return result;
    }
  }

  private static void restore(Connection c, boolean autoCommit, boolean setIsolation, int isolation)
      throws SQLException {
    if (autoCommit) {
      c.setAutoCommit(true);
    }
    if (setIsolation) {
      c.setTransactionIsolation(isolation);
    }
  }
}
