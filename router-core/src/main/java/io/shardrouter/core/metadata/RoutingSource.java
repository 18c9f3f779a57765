package io.shardrouter.core.metadata;

import io.shardrouter.core.Router;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Where routing tables of one entity come from (a file, a configuration service): a source keeps
 * every subscribed {@link Router} on the newest good table it has, and reports how it is doing.
 *
 * <p>A source never routes to a guessed place: a table it cannot read, verify or apply is refused,
 * shows in {@link #status()} as the last error, and every subscribed router keeps serving its last
 * good table.
 *
 * <p><b>Thread-safety:</b> implementations are safe for any number of threads.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface RoutingSource extends AutoCloseable {
  /**
   * Keeps {@code router} up to date from now on: it is given the source's current good table at
   * once when that table is newer than the router's, then every new version the source applies.
   * Subscribing the same router twice changes nothing.
   *
   * @throws IllegalArgumentException when the router routes another entity than the source's: a
   *     wiring mistake, one source per entity
   */
  void subscribe(Router router);

  /**
   * A source that always serves {@code table}: for a service whose routing never changes while it
   * runs (a table built into its configuration), and for tests. Its status is always healthy, with
   * an age of zero: the table is as good now as when it was given.
   */
  static RoutingSource fixed(RoutingTable table) {
    return new FixedRoutingSource(table);
  }

  /** Stops updating {@code router}; a router that is not subscribed is ignored. */
  void unsubscribe(Router router);

  /** What the source serves now, how old it is, and why it last refused a table. */
  Status status();

  /** Stops watching for new tables; subscribed routers keep the table they have. */
  @Override
  void close();

  /**
   * What a {@link RoutingSource} reports: the version and fingerprint it serves, the age of its
   * last good table, and the last error that made it refuse a table.
   *
   * <p>{@code version} is {@link #NO_VERSION} and {@code fingerprint} is null while the source has
   * no table yet. {@code lastGoodAge} is how long ago the source last obtained or confirmed a good
   * table (null while it has none): a large age while {@code lastError} is set says the fleet may
   * have moved on without this process. {@code lastError} is null when the most recent attempt
   * succeeded.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param version the version served, or {@link #NO_VERSION}
   * @param fingerprint the content fingerprint of the table served, or null
   * @param lastGoodAge time since the last good table was obtained or confirmed, or null
   * @param lastError why the last table was refused, or null when the last attempt succeeded
   * @since 0.1
   */
  record Status(
      long version,
      @Nullable String fingerprint,
      @Nullable Duration lastGoodAge,
      @Nullable RoutingException lastError) {
    /** The version reported while a source has no table yet. */
    public static final long NO_VERSION = -1;

    /** Checks that a version comes with its fingerprint and age, and no version with neither. */
    public Status {
      if (version < NO_VERSION) {
        throw new IllegalArgumentException(
            "status version must be >= 0, or " + NO_VERSION + " for none, got " + version);
      }
      boolean hasTable = version != NO_VERSION;
      if (hasTable != (fingerprint != null) || hasTable != (lastGoodAge != null)) {
        throw new IllegalArgumentException(
            "a status with a version needs its fingerprint and age, and one without neither; got"
                + " version "
                + version
                + ", fingerprint "
                + fingerprint
                + ", age "
                + lastGoodAge);
      }
      if (lastGoodAge != null && lastGoodAge.isNegative()) {
        throw new IllegalArgumentException("lastGoodAge must not be negative, got " + lastGoodAge);
      }
    }

    /**
     * True when the source has a table to serve. A source made with a table has one from the start
     * ({@link RoutingSource#fixed}, a {@link RoutingFileSource}, whose router's table counts before
     * the file is read); a source that only reads tables from elsewhere has none until one arrives
     * (a ZooKeeper source, unless it serves its last-known-good copy).
     */
    public boolean hasTable() {
      return version != NO_VERSION;
    }

    /**
     * True when the source has a table and its last attempt did not fail: false while it has none,
     * and while it keeps its table after refusing another.
     */
    public boolean healthy() {
      return hasTable() && lastError == null;
    }
  }
}
