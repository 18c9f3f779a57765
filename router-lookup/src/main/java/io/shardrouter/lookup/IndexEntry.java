package io.shardrouter.lookup;

import io.shardrouter.core.Route;
import io.shardrouter.core.internal.Hex;
import java.util.Arrays;
import java.util.Objects;

/**
 * One row of an {@link IndexTable}: the normal form of the secondary attribute (the row's key in
 * the index), the route of the index partition it lives on, and what it points to: the primary
 * key's canonical bytes and the primary table's route of that key when the row was made.
 *
 * <p>Store the attribute and the primary key; the primary partition and version may be stored as a
 * hint, but a reader re-routes the primary key through the current primary table ({@link
 * IndexTable#primaryRouteOf}) because a later routing version may have moved it.
 *
 * <p><b>Thread-safety:</b> immutable (the key bytes are copied in and out).
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class IndexEntry {
  private final String index;
  private final String attribute;
  private final Route indexRoute;
  private final byte[] primaryKey;
  private final Route primaryRoute;

  IndexEntry(
      String index, String attribute, Route indexRoute, byte[] primaryKey, Route primaryRoute) {
    this.index = index;
    this.attribute = attribute;
    this.indexRoute = indexRoute;
    this.primaryKey = primaryKey.clone();
    this.primaryRoute = primaryRoute;
  }

  /** The index's name, e.g. {@code users_by_email}. */
  public String index() {
    return index;
  }

  /** The normal form of the secondary attribute: the row's key in the index. */
  public String attribute() {
    return attribute;
  }

  /** Where the row lives: the index entity's route of {@link #attribute()}. */
  public Route indexRoute() {
    return indexRoute;
  }

  /** The canonical bytes of the primary key the row points to (a copy). */
  public byte[] primaryKey() {
    return primaryKey.clone();
  }

  /** The primary table's route of the primary key when the row was made. */
  public Route primaryRoute() {
    return primaryRoute;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IndexEntry e
        && e.index.equals(index)
        && e.attribute.equals(attribute)
        && Arrays.equals(e.primaryKey, primaryKey)
        && e.indexRoute.version() == indexRoute.version()
        && e.indexRoute.partition() == indexRoute.partition()
        && e.primaryRoute.version() == primaryRoute.version()
        && e.primaryRoute.partition() == primaryRoute.partition();
  }

  @Override
  public int hashCode() {
    return Objects.hash(index, attribute, Arrays.hashCode(primaryKey));
  }

  @Override
  public String toString() {
    return index
        + "["
        + attribute
        + "] @ "
        + indexRoute
        + " -> primary "
        + Hex.of(primaryKey)
        + " @ "
        + primaryRoute;
  }
}
