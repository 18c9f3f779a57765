package io.shardrouter.migrate;

/**
 * Where a coordinator persists its progress. {@link #save} must be durable and atomic when it
 * returns: after a crash, {@link #load} returns the last saved state whole, never a torn one.
 *
 * <p>Implementations: {@link FileStateStore} (a file per migration, atomic rename, checksum); a
 * store in a database or in ZooKeeper works the same way.
 *
 * <p><b>Thread-safety:</b> one coordinator writes a migration's state; implementations need not
 * support concurrent writers of one id.
 *
 * <p><b>Stability:</b> evolving. Changes to this interface are additive.
 */
public interface MigrationStateStore {
  /**
   * The last saved state of a migration, or null when none was saved.
   *
   * @param migrationId the migration's id
   * @return the state, or null
   * @throws IllegalStateException when a saved state exists but cannot be read (corrupt)
   */
  MigrationState load(String migrationId);

  /**
   * Saves a state, replacing the previous one of its id, durably and atomically.
   *
   * @param state the state
   */
  void save(MigrationState state);
}
