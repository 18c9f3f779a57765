package io.shardrouter.migrate;

import io.shardrouter.core.ReplicaGroup;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Applies a write along a {@link WriteRoute}: to the authoritative group, then to the second group
 * when the route has one, each through that group's {@link MigrationStore}. The write is done (may
 * be acknowledged) only when this returns.
 *
 * <p><b>Thread-safety:</b> safe for concurrent use when the stores are.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class MigrationWriter {
  private final Map<String, MigrationStore> stores;

  /**
   * A writer over stores by group id.
   *
   * @param stores one store per group id of both tables (e.g. a {@code Map<String,
   *     JdbcMigrationStore>})
   */
  public MigrationWriter(Map<String, ? extends MigrationStore> stores) {
    this.stores = Map.copyOf(stores);
  }

  /**
   * Writes {@code value} under {@code key} with {@code sequence}, along {@code route}.
   *
   * @param route the route the write was given
   * @param key the key's canonical bytes
   * @param value the value's bytes
   * @param sequence the write's sequence (growing per key; a retry reuses it)
   * @return the result of the authoritative group's store
   * @throws MovedException when a store's fence refused the write (the first group's refusal means
   *     nothing was written; the second's, that the first was): retry with newer routes
   */
  public MigrationStore.ApplyResult write(
      WriteRoute route, byte[] key, byte[] value, long sequence) {
    return write(route, key, new byte[0], value, sequence);
  }

  /**
   * Writes {@code value} as the row {@code id} of {@code key} with {@code sequence}, along {@code
   * route}.
   *
   * @param route the route the write was given
   * @param key the routing key's canonical bytes
   * @param id the row's id among the rows of its key
   * @param value the value's bytes
   * @param sequence the write's sequence (growing per (key, id); a retry reuses it)
   * @return the result of the authoritative group's store
   * @throws MovedException when a store's fence refused the write (the first group's refusal means
   *     nothing was written; the second's, that the first was): retry with newer routes
   */
  public MigrationStore.ApplyResult write(
      WriteRoute route, byte[] key, byte[] id, byte[] value, long sequence) {
    Row row = Row.of(key, id, value, route.version(), sequence, route.partition());
    MigrationStore.ApplyResult first = applyTo(route.first().id(), row, route);
    ReplicaGroup second = route.second();
    if (second != null) {
      applyTo(second.id(), row, route);
    }
    return first;
  }

  private MigrationStore.ApplyResult applyTo(String groupId, Row row, WriteRoute route) {
    MigrationStore store = storeOf(groupId);
    MigrationStore.ApplyResult r = store.apply(List.of(row), MigrationStore.WriteOrigin.CLIENT);
    Fence refusal = r.refusedBy(); // null exactly when not refused()
    if (refusal != null) {
      throw new MovedException(groupId, refusal, route.version(), null);
    }
    return r;
  }

  /**
   * Reads a key along a {@link ReadRoute}: the row from {@link ReadRoute#group()}, or, when the
   * route compares, from {@link ReadRoute#compareWith()} after counting a mismatch in {@code
   * mismatches} (a one-element array, may be null).
   *
   * @param route the read route
   * @param key the key's canonical bytes
   * @param mismatches incremented at index 0 when a compared read differs, or null
   * @return the row, or null when the key has none
   * @throws MovedException when the group's fence has passed the route's version: refresh, retry
   */
  public @Nullable Row read(ReadRoute route, byte[] key, long @Nullable [] mismatches) {
    return read(route, key, new byte[0], mismatches);
  }

  /**
   * Reads the row {@code id} of a key along a {@link ReadRoute}, as {@link #read(ReadRoute, byte[],
   * long[])} does.
   *
   * @param route the read route
   * @param key the routing key's canonical bytes
   * @param id the row's id
   * @param mismatches incremented at index 0 when a compared read differs, or null
   * @return the row, or null when there is none
   * @throws MovedException when the group's fence has passed the route's version: refresh, retry
   */
  public @Nullable Row read(ReadRoute route, byte[] key, byte[] id, long @Nullable [] mismatches) {
    Row r = fencedGet(route.group().id(), route, key, id);
    ReplicaGroup compareWith = route.compareWith();
    if (compareWith == null) {
      return r;
    }
    Row authoritative = fencedGet(compareWith.id(), route, key, id);
    boolean same =
        r == null ? authoritative == null : authoritative != null && r.sameContent(authoritative);
    if (!same && mismatches != null) {
      mismatches[0]++;
    }
    return authoritative;
  }

  private @Nullable Row fencedGet(String groupId, ReadRoute route, byte[] key, byte[] id) {
    MigrationStore.ReadResult r = storeOf(groupId).read(route.version(), route.partition(), key);
    Fence refusal = r.refusedBy(); // null exactly when not refused()
    if (refusal != null) {
      throw new MovedException(groupId, refusal, route.version(), null);
    }
    return r.row(id);
  }

  private MigrationStore storeOf(String groupId) {
    MigrationStore s = stores.get(groupId);
    if (s == null) {
      throw new IllegalStateException(
          "no store for group '" + groupId + "'; stores are known for " + stores.keySet());
    }
    return Objects.requireNonNull(s);
  }
}
