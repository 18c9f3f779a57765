package io.shardrouter.migrate;

import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Violation;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Holds the current {@link MigrationRoutes} of one entity in a process, behind one atomic
 * reference: a request reads {@link #routes()} once and uses it until it ends.
 *
 * <p><b>Thread-safety:</b> safe for any number of threads.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class MigrationRouter {
  private final AtomicReference<MigrationRoutes> current;

  /**
   * A router starting with {@code initial}.
   *
   * @param initial the first routes
   */
  public MigrationRouter(MigrationRoutes initial) {
    this.current = new AtomicReference<>(Objects.requireNonNull(initial, "initial routes"));
  }

  /** The current routes. <b>Allocation:</b> none. */
  public MigrationRoutes routes() {
    return now();
  }

  /**
   * The current routes, never null: the constructor sets them and {@link #update} replaces them
   * only with its (non-null) {@code next}. NullAway does not know that of an {@code
   * AtomicReference}; this read adds nothing to the route path.
   */
  @SuppressWarnings("NullAway")
  private MigrationRoutes now() {
    return current.get();
  }

  /**
   * Installs {@code next} when it is newer than the current routes, as {@link
   * io.shardrouter.core.Router#update} installs a table; a router holds the routes of one entity.
   *
   * @param next the routes of a version
   * @return true when installed, false when the current version is newer or the same with the same
   *     content (a repeated delivery)
   * @throws InvalidRoutingTableException when {@code next} routes another entity (one router per
   *     entity), or the entity with another key type; the current routes stay
   * @throws IllegalArgumentException when {@code next} is the current version with other content
   *     (two tables published under one version); the current routes stay
   */
  public boolean update(MigrationRoutes next) {
    Objects.requireNonNull(next, "next is null: give the MigrationRoutes of a version");
    while (true) {
      MigrationRoutes prev = now();
      RoutingTable was = prev.table();
      RoutingTable now = next.table();
      if (!was.entity().equals(now.entity())) {
        throw new InvalidRoutingTableException(
            new Violation(
                "entity",
                "the routes of entity '"
                    + now.entity()
                    + "' (version "
                    + now.version()
                    + ") cannot replace those of entity '"
                    + was.entity()
                    + "'; use one MigrationRouter per entity"));
      }
      if (!was.keyType().equals(now.keyType())) {
        throw new InvalidRoutingTableException(
            new Violation(
                "key",
                "the routes of '"
                    + now.entity()
                    + "' version "
                    + now.version()
                    + " change the key type from "
                    + was.keyType()
                    + " to "
                    + now.keyType()
                    + "; keys would change meaning: route the new key type as a new entity"));
      }
      if (next.version() == prev.version() && !now.fingerprint().equals(was.fingerprint())) {
        throw new IllegalArgumentException(
            "the routes of '"
                + now.entity()
                + "' version "
                + now.version()
                + " differ from the installed routes of that version (fingerprint "
                + now.fingerprint().substring(0, 12)
                + " against "
                + was.fingerprint().substring(0, 12)
                + "): two tables were published under one version; publish the newer one under"
                + " a higher version");
      }
      if (next.version() <= prev.version()) {
        return false;
      }
      if (current.compareAndSet(prev, next)) {
        return true;
      }
    }
  }

  /** Where to write a key now. <b>Allocation:</b> none. */
  public WriteRoute write(String key) {
    return now().write(key);
  }

  /** Where to read a key now. <b>Allocation:</b> none. */
  public ReadRoute read(String key) {
    return now().read(key);
  }

  /** Where to write a key given as canonical bytes now. <b>Allocation:</b> none. */
  public WriteRoute write(byte[] canonical) {
    return now().write(canonical);
  }

  /** Where to read a key given as canonical bytes now. <b>Allocation:</b> none. */
  public ReadRoute read(byte[] canonical) {
    return now().read(canonical);
  }

  /**
   * Where to write each of the text keys {@code keys[from, to)} now, every route from the one
   * version current when the call starts: {@link MigrationRoutes#writeAll(String[], int, int,
   * WriteRoute[])}. <b>Allocation:</b> none.
   *
   * @since 0.1
   */
  public void writeAll(String[] keys, int from, int to, WriteRoute[] out) {
    now().writeAll(keys, from, to, out);
  }

  /**
   * Where to write each of the keys given as canonical bytes, {@code keys[from, to)}, now: {@link
   * MigrationRoutes#writeAll(byte[][], int, int, WriteRoute[])}. <b>Allocation:</b> none.
   *
   * @since 0.1
   */
  public void writeAll(byte[][] keys, int from, int to, WriteRoute[] out) {
    now().writeAll(keys, from, to, out);
  }

  /**
   * Where to read each of the text keys {@code keys[from, to)} now, every route from the one
   * version current when the call starts: {@link MigrationRoutes#readAll(String[], int, int,
   * ReadRoute[])}. <b>Allocation:</b> none.
   *
   * @since 0.1
   */
  public void readAll(String[] keys, int from, int to, ReadRoute[] out) {
    now().readAll(keys, from, to, out);
  }

  /**
   * Where to read each of the keys given as canonical bytes, {@code keys[from, to)}, now: {@link
   * MigrationRoutes#readAll(byte[][], int, int, ReadRoute[])}. <b>Allocation:</b> none.
   *
   * @since 0.1
   */
  public void readAll(byte[][] keys, int from, int to, ReadRoute[] out) {
    now().readAll(keys, from, to, out);
  }

  @Override
  public String toString() {
    return "MigrationRouter{" + now() + "}";
  }
}
