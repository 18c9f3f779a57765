package io.shardrouter.lookup;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.KeyText;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.Route;
import io.shardrouter.core.Router;
import java.util.Arrays;
import java.util.Objects;
import java.util.UUID;

/**
 * A global secondary index routed by the indexed attribute ({@code docs/lookup.md}): the primary
 * rows are sharded by their key (e.g. {@code user_id}); an index entity, sharded by the normal form
 * of the attribute (e.g. the e-mail address), holds one row per value pointing to the primary key.
 * A query by e-mail visits the one index partition of that e-mail, then the one primary partition
 * of the key it finds, instead of every partition.
 *
 * <p>The index is a second routing table ({@link Router} of {@code string} keys) that the caller's
 * DAO keeps next to the primary one; this class decides where each row lives and what it holds,
 * never opens a connection. The two tables' consistency is the caller's choice ({@link
 * Maintenance}):
 *
 * <ul>
 *   <li>{@link Maintenance#SYNCHRONOUS}: the index row is written in the same transaction as the
 *       primary row (possible when the DAO's store has cross-partition transactions) or before the
 *       primary row, under a uniqueness {@link Claims claim} that is committed after it. Readers
 *       can trust a found row and a missing one.
 *   <li>{@link Maintenance#ASYNCHRONOUS}: the index row is written after the primary row commits
 *       (an outbox or change stream). A reader may find no row for a new record (read the primary
 *       by key when it has it) or a row for a deleted or changed one: it must load the primary row
 *       and check that its attribute still normalizes to the value looked up ({@link
 *       #mustRecheckPrimary()}), treating a mismatch as not found. "Not in the index" is never
 *       proof that a value is free: decide uniqueness with {@link Claims}.
 * </ul>
 *
 * <p><b>Thread-safety:</b> immutable; the routers are read once per call.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class IndexTable {
  /** How the index rows follow the primary rows. */
  public enum Maintenance {
    /** In the primary row's transaction, or before it under a claim: the index is exact. */
    SYNCHRONOUS,
    /** After the primary row commits: the index lags and may point to rows that changed. */
    ASYNCHRONOUS
  }

  private final String name;
  private final Router index;
  private final Router primary;
  private final Normalizer normalizer;
  private final Maintenance maintenance;

  private IndexTable(
      String name, Router index, Router primary, Normalizer normalizer, Maintenance maintenance) {
    this.name = name;
    this.index = index;
    this.primary = primary;
    this.normalizer = normalizer;
    this.maintenance = maintenance;
  }

  /**
   * An index named {@code name} whose rows are routed by {@code index} (a router of {@code string}
   * keys: the normal forms) and point into the rows {@code primary} routes.
   *
   * @throws IllegalArgumentException when the index router does not route string keys
   */
  public static IndexTable of(
      String name, Router index, Router primary, Normalizer normalizer, Maintenance maintenance) {
    Objects.requireNonNull(index, "index router");
    Objects.requireNonNull(primary, "primary router");
    Objects.requireNonNull(normalizer, "normalizer");
    Objects.requireNonNull(maintenance, "maintenance");
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("an index needs a name such as 'users_by_email'");
    }
    if (!index.table().keyType().equals(KeyType.STRING)) {
      throw new IllegalArgumentException(
          "index '"
              + name
              + "' routes the normal forms of its attribute, which are strings, but its"
              + " router's entity '"
              + index.table().entity()
              + "' has keys of type "
              + index.table().keyType()
              + "; give the index an entity with {\"type\": \"string\"} keys");
    }
    return new IndexTable(name, index, primary, normalizer, maintenance);
  }

  public String name() {
    return name;
  }

  public Maintenance maintenance() {
    return maintenance;
  }

  public Normalizer normalizer() {
    return normalizer;
  }

  /**
   * True when a reader must load the primary row and check its attribute before trusting a found
   * row (asynchronous maintenance).
   */
  public boolean mustRecheckPrimary() {
    return maintenance == Maintenance.ASYNCHRONOUS;
  }

  /**
   * Where the index row of {@code attributeValue} lives: the one partition a query by that value
   * visits. Refuses a normalizer that is not a function (see {@link Normalizer}).
   */
  public NormalizedValue locate(String attributeValue) {
    return NormalizedValue.of(attributeValue, normalizer, index, "index '" + name + "'");
  }

  /**
   * The row to write for a primary row whose key has canonical bytes {@code primaryKey} and whose
   * attribute is {@code attributeValue}.
   */
  public Entry entryFor(String attributeValue, byte[] primaryKey) {
    CanonicalBytes.requireKey(primaryKey);
    NormalizedValue v = locate(attributeValue);
    return new Entry(
        name, v.normalized(), v.route(), primaryKey, primary.table().routeCanonical(primaryKey));
  }

  /** The row for a primary row with a {@code string} key. */
  public Entry entryFor(String attributeValue, String primaryKey) {
    requirePrimaryType(KeyType.STRING);
    return entryFor(attributeValue, CanonicalBytes.of(primaryKey));
  }

  /** The row for a primary row with a {@code long} key. */
  public Entry entryFor(String attributeValue, long primaryKey) {
    requirePrimaryType(KeyType.LONG);
    return entryFor(attributeValue, CanonicalBytes.ofLong(primaryKey));
  }

  /** The row for a primary row with a {@code uuid} key. */
  public Entry entryFor(String attributeValue, UUID primaryKey) {
    requirePrimaryType(KeyType.UUID_KEY);
    return entryFor(attributeValue, CanonicalBytes.of(primaryKey));
  }

  /**
   * The current primary route of the key an index row points to: where a query goes after the
   * index.
   */
  public Route primaryRouteOf(byte[] primaryKey) {
    return primary.table().routeCanonical(primaryKey);
  }

  /**
   * After an asynchronous index led to a primary row: true when the row's current attribute still
   * has the normal form that was looked up, so the row is the answer; false means the index row is
   * stale and the value was not found.
   */
  public boolean stillMatches(String lookedUp, String primaryRowAttribute) {
    return primaryRowAttribute != null
        && normalizer.normalize(lookedUp).equals(normalizer.normalize(primaryRowAttribute));
  }

  private void requirePrimaryType(KeyType t) {
    if (!primary.table().keyType().equals(t)) {
      throw new io.shardrouter.core.InvalidKeyException(
          "index '"
              + name
              + "' points into entity '"
              + primary.table().entity()
              + "' with keys of type "
              + primary.table().keyType()
              + ", not "
              + t
              + "; pass the primary key in its own type");
    }
  }

  @Override
  public String toString() {
    return "IndexTable{"
        + name
        + ", "
        + normalizer.name()
        + ", "
        + maintenance.name().toLowerCase(java.util.Locale.ROOT)
        + ", index "
        + index.table().entity()
        + " -> primary "
        + primary.table().entity()
        + "}";
  }

  /**
   * One row of an {@link IndexTable}: the normal form of the secondary attribute (the row's key in
   * the index), the route of the index partition it lives on, and what it points to: the primary
   * key's canonical bytes and the primary table's route of that key when the row was made.
   *
   * <p>Store the attribute and the primary key; the primary partition and version may be stored as
   * a hint, but a reader re-routes the primary key through the current primary table ({@link
   * IndexTable#primaryRouteOf}) because a later routing version may have moved it.
   *
   * <p><b>Thread-safety:</b> immutable (the key bytes are copied in and out).
   *
   * <p><b>Stability:</b> evolving.
   *
   * @since 0.1
   */
  public static final class Entry {
    private final String index;
    private final String attribute;
    private final Route indexRoute;
    private final byte[] primaryKey;
    private final Route primaryRoute;

    Entry(String index, String attribute, Route indexRoute, byte[] primaryKey, Route primaryRoute) {
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
      return o instanceof Entry e
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
          + KeyText.hex(primaryKey)
          + " @ "
          + primaryRoute;
    }
  }
}
