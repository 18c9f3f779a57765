package io.shardrouter.lookup;

import io.shardrouter.core.Route;
import org.jspecify.annotations.Nullable;

/**
 * Where the caller's DAO keeps uniqueness claim records: a table on every partition (or one with a
 * partition column) whose key is the claimed value, on the database the {@link Route} names ({@code
 * route.primary()}). Every method is one atomic statement of that database; {@link Claims} builds
 * the claim protocol out of them and never holds a lock.
 *
 * <p>For example in SQL, with {@code claims_p<partition>(value PRIMARY KEY, owner, token, state,
 * expires_at)}:
 *
 * <ul>
 *   <li>{@link #insertIfAbsent}: {@code INSERT ... ON CONFLICT (value) DO NOTHING}, true when one
 *       row was inserted;
 *   <li>{@link #find}: {@code SELECT ... WHERE value = ?};
 *   <li>{@link #replace}: {@code UPDATE ... SET ... WHERE value = ? AND token = ? AND state = ? AND
 *       owner = ? AND expires_at = ?}, true when one row was updated;
 *   <li>{@link #delete}: {@code DELETE ... WHERE value = ? AND token = ? AND state = ?}, true when
 *       one row was deleted.
 * </ul>
 *
 * <p><b>Thread-safety:</b> implementations must be safe for concurrent use; each method must be
 * atomic.
 *
 * <p><b>Stability:</b> stable SPI.
 *
 * @since 0.1
 */
public interface ClaimStore {

  /**
   * A store in memory, for tests, examples and the claim protocol's own checks: one map keyed by
   * (partition, value) whose atomic operations stand for the database's statements. Partition, not
   * group: records stay with their partition when the placement moves it.
   */
  static ClaimStore inMemory() {
    return new InMemoryClaimStore();
  }

  /**
   * Inserts {@code record} on the partition of {@code route} unless a record for its value exists;
   * true when inserted.
   */
  boolean insertIfAbsent(Route route, ClaimRecord record);

  /** The record for {@code value} on the partition of {@code route}, or null. */
  @Nullable ClaimRecord find(Route route, String value);

  /**
   * Replaces the record for {@code expected.value()} with {@code next} if the stored record equals
   * {@code expected}; true when replaced.
   */
  boolean replace(Route route, ClaimRecord expected, ClaimRecord next);

  /**
   * Deletes the record for {@code expected.value()} if the stored record equals {@code expected};
   * true when deleted.
   */
  boolean delete(Route route, ClaimRecord expected);
}
