package io.shardrouter.jdbc;

import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/**
 * A database call of this package failed: the message names the operation, the replica group and
 * the table, and the cause is the driver's {@link SQLException} with its SQL state.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public class JdbcStoreException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * A failure described by {@code message}, caused by {@code cause}.
   *
   * @param message what was being done, where, and what to check
   * @param cause the driver's exception
   */
  public JdbcStoreException(String message, SQLException cause) {
    super(message + ": " + cause.getMessage() + " (SQL state " + cause.getSQLState() + ")", cause);
  }

  /**
   * A failure described by {@code message} with no driver exception behind it.
   *
   * @param message what was wrong, where, and what to do
   */
  public JdbcStoreException(String message) {
    super(message);
  }

  /**
   * A failure described by {@code message}, caused by {@code cause}, which is not a driver
   * exception (a refusal by a fence, a routing update that could not be applied).
   *
   * @param message what was wrong, where, and what to do
   * @param cause what went wrong underneath
   */
  public JdbcStoreException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The SQL state of the driver's exception, or null when there was none. */
  public @Nullable String sqlState() {
    return getCause() instanceof SQLException e ? e.getSQLState() : null;
  }
}
