package io.shardrouter.migrate;

import io.shardrouter.migrate.internal.FileStateStore;
import java.nio.file.Path;

/**
 * Where a coordinator persists its progress. {@link #save} must be durable and atomic when it
 * returns: after a crash, {@link #load} returns the last saved state whole, never a torn one.
 *
 * <p>Implementations: {@link #inDirectory} (a file per migration, atomic rename, checksum); a store
 * in a database or in ZooKeeper works the same way.
 *
 * <p><b>Thread-safety:</b> one coordinator writes a migration's state; implementations need not
 * support concurrent writers of one id.
 *
 * <p><b>Stability:</b> evolving. Changes to this interface are additive.
 */
public interface MigrationStateStore {
  /**
   * A store that keeps each migration's state in {@code <dir>/<id>.migration.json}: the JSON state,
   * then a last line {@code crc32 <hex>} over the bytes before it. A save writes a temporary file,
   * forces it to disk and renames it over the old one atomically, so a crash leaves the old state
   * or the new one; a file whose checksum does not match is refused on load, never half read.
   *
   * <p>Safe for concurrent use; one writer per migration id is assumed. A migration id must be a
   * file name: letters, digits, {@code .}, {@code _} and {@code -}.
   *
   * @param dir the directory, created when missing
   * @throws java.io.UncheckedIOException when {@code dir} cannot be created
   */
  static MigrationStateStore inDirectory(Path dir) {
    return new FileStateStore(dir);
  }

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
