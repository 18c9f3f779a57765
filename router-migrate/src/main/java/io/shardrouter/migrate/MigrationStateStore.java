package io.shardrouter.migrate;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * Where a coordinator persists its progress. {@link #save} must be durable and atomic when it
 * returns: after a crash, {@link #load} returns the last saved state whole, never a torn one.
 *
 * <p>Implementations: {@link #inDirectory} (a file per migration, atomic rename, checksum); a store
 * in a database or in ZooKeeper works the same way.
 *
 * <p><b>Thread-safety:</b> one coordinator writes a migration's state. A store may enforce it
 * ({@link #claim}): the directory store with an OS file lock per migration, router-zookeeper's
 * store with the state znode's version.
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
   * <p>One coordinator per migration: {@link #claim} (and the first save) takes an OS lock on
   * {@code <dir>/<id>.lock}, which holds the holder's process id, host and start time, until the
   * process ends. A coordinator of another process is refused with the holder named; a later claim
   * in the same process takes the migration over, and the saves of the coordinator it took over
   * from are refused. Loading needs no lock (a status display may read the state of a running
   * coordinator). A migration id must be a file name: letters, digits, {@code .}, {@code _} and
   * {@code -}.
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
  @Nullable MigrationState load(String migrationId);

  /**
   * Saves a state, replacing the previous one of its id, durably and atomically.
   *
   * @param state the state
   * @throws ConflictException when another coordinator holds the migration (a store that allows one
   *     writer only: {@link #claim})
   */
  void save(MigrationState state);

  /**
   * Makes the caller the one coordinator that saves {@code migrationId}'s state, before it loads
   * it: {@link MigrationCoordinator.Builder#build} calls it. A store that allows one writer per
   * migration refuses a second one here, and from then on refuses the saves of a coordinator that
   * another one took over from (a paused former leader's). The default allows any number of
   * writers: the caller makes sure there is one.
   *
   * @param migrationId the migration's id
   * @throws ConflictException when another coordinator holds the migration
   */
  default void claim(String migrationId) {}

  /**
   * A claim or a save refused because another coordinator holds the migration: its message names
   * the holder where the store knows it. Stop this coordinator; the holder goes on.
   *
   * <p><b>Stability:</b> evolving.
   */
  final class ConflictException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** A conflict described by {@code message} (what, who holds it, what to do). */
    public ConflictException(String message) {
      super(message);
    }

    /** A conflict described by {@code message}, found through {@code cause}. */
    public ConflictException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
