package io.shardrouter.core;

import io.shardrouter.core.internal.Latin1Strings;
import io.shardrouter.core.internal.RoutingTableSpec;
import io.shardrouter.core.internal.Timestamps;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * An immutable, versioned answer to "which replica group serves which partition" for one entity:
 * the key type, the {@link PartitionStrategy} (key → partition), the placement (partition → replica
 * group) and the groups. One {@link Route} per partition is built up front, so {@code route} is the
 * strategy's arithmetic and one array load.
 *
 * <p>A table never changes; to change routing build a new table with a higher {@link #version()}
 * (see {@link #toBuilder()}) and publish it with {@link Router#update}. {@link #fingerprint()} is a
 * digest of everything but the version, so two processes can tell whether their tables of the same
 * version agree.
 *
 * <p><b>Thread-safety:</b> immutable; safe to share. The {@link Builder} is not thread-safe.
 *
 * <p><b>Stability:</b> stable.
 *
 * <p><b>Allocation:</b> none on {@code route}.
 *
 * @since 0.1
 */
public final class RoutingTable {
  /** The routing document format this table is written in. */
  public static final int FORMAT = 1;

  /** The largest number of partitions a table may have. */
  public static final int MAX_PARTITIONS = 1 << 24;

  private final long version;
  private final String entity;
  private final KeyType keyType;
  private final PartitionStrategy strategy;
  private final List<ReplicaGroup> groups;
  private final int[] placement;
  private final Route[] routes;
  private final IndexedRoutes.@Nullable RouteIndex
      index; // the strategy's own way from a key to a route; null: routes[partitionOf(key)]
  private final String fingerprint;
  private final Map<String, Spec> extensions; // unmodifiable, sorted by name

  private final boolean stringKeys;
  private final boolean longKeys;
  private final boolean intKeys;
  private final boolean uuidKeys;
  private final boolean timestampKeys;
  private final boolean stringStringKeys;
  private final boolean stringLongKeys;
  private final boolean stringIntKeys;
  private final boolean longLongKeys;
  // the key type as a composite of two integer parts, for route(long, long): bit 0 set when part 0
  // is an int, bit 1 when part 1 is (0 for (long, long)); -1 when it is no such composite
  private final int integerPairInts;

  private RoutingTable(
      long version,
      String entity,
      KeyType keyType,
      PartitionStrategy strategy,
      List<ReplicaGroup> groups,
      int[] placement,
      Map<String, Spec> extensions) {
    this.version = version;
    this.extensions = extensions;
    this.entity = entity;
    this.keyType = keyType;
    this.strategy = strategy;
    this.groups = List.copyOf(groups);
    this.placement = placement;
    this.routes = new Route[placement.length];
    for (int p = 0; p < placement.length; p++) {
      routes[p] = new Route(entity, version, p, this.groups.get(placement[p]));
    }
    IndexedRoutes.RouteIndex own =
        strategy instanceof IndexedRoutes ir ? ir.routeIndex(routes) : null;
    if (strategy instanceof IndexedRoutes && (own == null || !own.isOver(strategy, routes))) {
      throw new IllegalStateException(
          "strategy '"
              + strategy.type()
              + "' gave a route index over another strategy "
              + "or other routes: IndexedRoutes.routeIndex must return an index over itself and the routes it is given");
    }
    this.index =
        own == null || own.getClass() == IndexedRoutes.RouteIndex.class
            ? null
            : own; // the plain way stays inline, one load shorter
    this.stringKeys = keyType.equals(KeyType.STRING);
    this.longKeys = keyType.equals(KeyType.LONG);
    this.intKeys = keyType.equals(KeyType.INT);
    this.uuidKeys = keyType.equals(KeyType.UUID_KEY);
    this.timestampKeys = keyType.equals(KeyType.TIMESTAMP);
    this.stringStringKeys = keyType.isComposite(KeyType.Kind.STRING, KeyType.Kind.STRING);
    this.stringLongKeys = keyType.isComposite(KeyType.Kind.STRING, KeyType.Kind.LONG);
    this.stringIntKeys = keyType.isComposite(KeyType.Kind.STRING, KeyType.Kind.INT);
    this.longLongKeys = keyType.isComposite(KeyType.Kind.LONG, KeyType.Kind.LONG);
    this.integerPairInts = integerPairInts(keyType);
    this.fingerprint = Fingerprints.of(this);
  }

  /** Extension {@code name}, or null when the table has none of that name. */
  public @Nullable Spec extension(String name) {
    return extensions.get(name);
  }

  /** Every extension by name, sorted by name; unmodifiable, empty for most tables. */
  public Map<String, Spec> extensions() {
    return extensions;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this table's content, for the next version. */
  public Builder toBuilder() {
    Builder b =
        new Builder()
            .version(version)
            .entity(entity)
            .keyType(keyType)
            .strategy(strategy)
            .groups(groups);
    b.extensions.putAll(extensions);
    List<String> ids = new ArrayList<>(placement.length);
    for (int g : placement) {
      ids.add(groups.get(g).id());
    }
    return b.placement(ids);
  }

  public long version() {
    return version;
  }

  /** What this table routes, e.g. {@code orders}. */
  public String entity() {
    return entity;
  }

  public KeyType keyType() {
    return keyType;
  }

  public PartitionStrategy strategy() {
    return strategy;
  }

  public int partitionCount() {
    return placement.length;
  }

  /** The replica groups in document order. */
  public List<ReplicaGroup> groups() {
    return groups;
  }

  /** The group with {@code id}, or null. */
  public @Nullable ReplicaGroup group(String id) {
    for (ReplicaGroup g : groups) {
      if (g.id().equals(id)) {
        return g;
      }
    }
    return null;
  }

  /** The group serving {@code partition}. */
  public ReplicaGroup groupOf(int partition) {
    return routeOfPartition(partition).group();
  }

  /**
   * The shared route of {@code partition}; throws {@link IndexOutOfBoundsException} outside [0, P).
   */
  public Route routeOfPartition(int partition) {
    return routes[partition];
  }

  /**
   * The partitions served by group {@code id}, ascending; empty when it serves none or is unknown.
   */
  public int[] partitionsOf(String id) {
    int n = 0;
    int[] out = new int[placement.length];
    for (int p = 0; p < placement.length; p++) {
      if (groups.get(placement[p]).id().equals(id)) {
        out[n++] = p;
      }
    }
    return Arrays.copyOf(out, n);
  }

  /** Hex SHA-256 of the table's content without its version (see {@code docs/format.md}). */
  public String fingerprint() {
    return fingerprint;
  }

  // ---- routing: the edge. Every overload checks the key type and hands the strategy the key's
  // canonical form (the bytes, or the one 64-bit number of a long or timestamp), then loads the
  // route: one array load, or the strategy's own route index. Key shapes end here
  // (docs/architecture.md §3). An integer key, or an integer part of a composite, is its number:
  // the Java type it arrives in (int or long) only carries it, and the entity's key type decides
  // its canonical bytes (docs/routing-spec.md §5.2).

  /**
   * Route of a {@code string} key.
   *
   * <p><b>Allocation:</b> none.
   */
  public Route route(String key) {
    if (!stringKeys) {
      throw wrongKeyType("a String", "string");
    }
    // an ASCII string is its own canonical form; asciiBytes(null) is null
    byte[] ascii = Latin1Strings.AVAILABLE ? Latin1Strings.asciiBytes(key) : null;
    return ascii != null ? routeCanonical(ascii, 0, ascii.length) : routeEncoded(key);
  }

  /** Route of a string key that is not ASCII or cannot be read in place; refuses null. */
  private Route routeEncoded(String key) {
    KeyScratch s = KeyScratch.get();
    int n = s.putString(key); // refuses a null key and a lone surrogate
    return routeCanonical(s.bytes(), 0, n);
  }

  /**
   * Route of an integer key of a {@code long} or an {@code int} entity: the key is the number, and
   * the entity's key type decides its canonical bytes (8 or 4 bytes, little-endian). So {@code
   * route(42L)} and {@code route(42)} route the same key, whichever integer type the entity has.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when the entity's keys are not integers, or are {@code int}s and
   *     {@code key} is outside the {@code int} range (no key of the entity has that value; it is
   *     never truncated)
   */
  public Route route(long key) {
    if (longKeys) {
      return routeLong(key);
    }
    if (intKeys && (int) key == key) {
      return routeInt((int) key);
    }
    throw intKeys ? outOfIntRange(key, -1) : wrongKeyType("a long", "long");
  }

  /**
   * Route of an integer key of an {@code int} or a {@code long} entity: the key is the number, and
   * the entity's key type decides its canonical bytes (4 or 8 bytes, little-endian). So {@code
   * route(42)} on an entity with {@code long} keys routes the {@code long} key 42, as {@code
   * route(42L)} does.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when the entity's keys are not integers
   */
  public Route route(int key) {
    if (intKeys) {
      return routeInt(key);
    }
    if (longKeys) {
      return routeLong(key);
    }
    throw wrongKeyType("an int", "int");
  }

  private Route routeInt(int key) {
    KeyScratch s = KeyScratch.get();
    int n = s.putInt(key);
    return routeCanonical(s.bytes(), 0, n);
  }

  /**
   * Route of a {@code uuid} key.
   *
   * <p><b>Allocation:</b> none.
   */
  public Route route(UUID key) {
    if (!uuidKeys) {
      throw wrongKeyType("a UUID", "uuid");
    }
    KeyScratch s = KeyScratch.get();
    int n = s.putUuid(key);
    return routeCanonical(s.bytes(), 0, n);
  }

  /**
   * Route of a {@code timestamp} key.
   *
   * <p><b>Allocation:</b> none.
   */
  public Route route(Instant key) {
    if (!timestampKeys) {
      throw wrongKeyType("an Instant", "timestamp");
    }
    return routeLong(Timestamps.micros(key)); // its canonical form: 8 bytes of microseconds
  }

  /**
   * Route of a composite {@code (string, string)} key.
   *
   * <p><b>Allocation:</b> none.
   */
  public Route route(String part0, String part1) {
    if (!stringStringKeys) {
      throw wrongKeyType("a (String, String)", "composite(string, string)");
    }
    KeyScratch s = KeyScratch.get();
    int n = s.putComposite(part0, part1);
    return routeCanonical(s.bytes(), 0, n);
  }

  /**
   * Route of a composite {@code (string, long)} or {@code (string, int)} key: {@code part1} is the
   * number, and the entity's key type decides its width, as for {@link #route(long)}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when the entity's key type is neither, or its part 1 is an {@code
   *     int} and {@code part1} is outside the {@code int} range
   */
  public Route route(String part0, long part1) {
    KeyScratch s;
    int n;
    if (stringLongKeys) {
      s = KeyScratch.get();
      n = s.putComposite(part0, part1);
    } else if (stringIntKeys && (int) part1 == part1) {
      s = KeyScratch.get();
      n = s.putComposite(part0, (int) part1);
    } else {
      throw stringIntKeys
          ? outOfIntRange(part1, 1)
          : wrongKeyType("a (String, long)", "composite(string, long)");
    }
    return routeCanonical(s.bytes(), 0, n);
  }

  /**
   * Route of a composite key of two integer parts: {@code (long, long)}, {@code (long, int)},
   * {@code (int, long)} or {@code (int, int)}. Each part is its number, and the entity's key type
   * decides its width, as for {@link #route(long)}.
   *
   * <p><b>Allocation:</b> none.
   *
   * @throws InvalidKeyException when the entity's key type is no composite of two integer parts, or
   *     a part that is an {@code int} in the key type is outside the {@code int} range
   */
  public Route route(long part0, long part1) {
    if (longLongKeys) {
      KeyScratch s = KeyScratch.get();
      int n = s.putComposite(part0, part1);
      return routeCanonical(s.bytes(), 0, n);
    }
    return routeIntegerPair(part0, part1);
  }

  /** {@link #route(long, long)} when either part of the key type is an {@code int}. */
  private Route routeIntegerPair(long part0, long part1) {
    int ints = integerPairInts;
    if (ints < 0) {
      throw wrongKeyType("a (long, long)", "composite(long, long)");
    }
    boolean int0 = (ints & 1) != 0;
    boolean int1 = (ints & 2) != 0;
    if (int0 && (int) part0 != part0) {
      throw outOfIntRange(part0, 0);
    }
    if (int1 && (int) part1 != part1) {
      throw outOfIntRange(part1, 1);
    }
    KeyScratch s = KeyScratch.get();
    int n = s.putIntegers(part0, int0, part1, int1);
    return routeCanonical(s.bytes(), 0, n);
  }

  /**
   * Route of a composite key of any shape. Its parts must have exactly the kinds of the entity's
   * key type, in order: a {@link CompositeKey} keeps each part's Java type ({@code Integer} is an
   * {@code int} part, {@code Long} a {@code long} part), so for an integer part that may arrive as
   * either, the two-part overloads ({@link #route(String, long)}, {@link #route(long, long)}) are
   * the ones that take the number.
   *
   * <p><b>Allocation:</b> none.
   */
  public Route route(CompositeKey key) {
    if (key == null || !keyType.accepts(key)) {
      throw wrongComposite(key);
    }
    KeyScratch s = KeyScratch.get();
    int n = s.putComposite(key);
    return routeCanonical(s.bytes(), 0, n);
  }

  /**
   * Route of a key given as its canonical bytes (for {@code bytes} keys, the bytes themselves). The
   * caller vouches that the bytes are the canonical form of a key of {@link #keyType()}.
   *
   * <p><b>Allocation:</b> none.
   */
  public Route routeCanonical(byte[] canonical, int offset, int length) {
    IndexedRoutes.RouteIndex own = index;
    return own == null
        ? routes[strategy.partitionOf(canonical, offset, length)]
        : own.routeCanonical(canonical, offset, length);
  }

  /**
   * Route of a key given as its canonical bytes.
   *
   * <p><b>Allocation:</b> none.
   */
  public Route routeCanonical(byte[] canonical) {
    if (canonical == null) {
      throw new InvalidKeyException(
          "key is null; a null key has no partition: check the caller's value before routing");
    }
    IndexedRoutes.RouteIndex own = index;
    return own == null
        ? routes[strategy.partitionOf(canonical, 0, canonical.length)]
        : own.routeCanonical(canonical, 0, canonical.length);
  }

  private Route routeLong(long value) {
    IndexedRoutes.RouteIndex own = index;
    return own == null ? routes[strategy.partitionOfLong(value)] : own.routeLong(value);
  }

  /** The {@link #integerPairInts} of {@code type}. */
  private static int integerPairInts(KeyType type) {
    List<KeyType.Kind> parts = type.parts();
    if (parts.size() != 2) {
      return -1;
    }
    int ints = 0;
    for (int i = 0; i < 2; i++) {
      KeyType.Kind k = parts.get(i);
      if (k == KeyType.Kind.INT) {
        ints |= 1 << i;
      } else if (k != KeyType.Kind.LONG) {
        return -1;
      }
    }
    return ints;
  }

  private InvalidKeyException wrongKeyType(String given, String wanted) {
    return new InvalidKeyException(
        "entity '"
            + entity
            + "' routes keys of type "
            + keyType
            + ", not "
            + wanted
            + "; got "
            + given
            + " key: "
            + (keyType.isComposite() ? "build the key of its parts and call " : "call ")
            + entryPoints()
            + " (the same value in another type has other canonical bytes and another partition)");
  }

  /** The entry points that route a key of this table's key type, for messages. */
  private String entryPoints() {
    KeyType.Kind kind = keyType.kind();
    if (kind == null) { // composite
      String twoParts = twoPartOverload();
      return twoParts != null
          ? twoParts + " or route(CompositeKey)"
          : "route(CompositeKey) with parts of kinds " + keyType.parts() + ", in order";
    }
    return switch (kind) {
      case STRING -> "route(String)";
      case LONG, INT -> "route(long) or route(int)";
      case UUID -> "route(UUID)";
      case TIMESTAMP -> "route(Instant)";
      case BYTES -> "routeCanonical(byte[]) with the key's bytes";
    };
  }

  /** The two-part overload that routes this table's composite keys, or null when none does. */
  private @Nullable String twoPartOverload() {
    if (stringStringKeys) {
      return "route(String, String)";
    }
    if (stringLongKeys || stringIntKeys) {
      return "route(String, long)";
    }
    return integerPairInts >= 0 ? "route(long, long)" : null;
  }

  /**
   * The refusal of {@code value}, the whole key ({@code part} -1) or the integer part {@code part},
   * where the key type has an {@code int}.
   */
  private InvalidKeyException outOfIntRange(long value, int part) {
    return new InvalidKeyException(
        "entity '"
            + entity
            + "' routes keys of type "
            + keyType
            + "; "
            + (part < 0 ? "the key " + value : "part " + part + " of the key, " + value + ",")
            + " is outside the int range ["
            + Integer.MIN_VALUE
            + ", "
            + Integer.MAX_VALUE
            + "], so no key of this entity has that value: pass the entity's int "
            + (part < 0 ? "key" : "part")
            + " (casting this value to int would route another key), or, if the entity's keys"
            + " outgrew int, route them as a new entity whose key type has long in place of int");
  }

  private InvalidKeyException wrongComposite(CompositeKey key) {
    if (key == null) {
      return new InvalidKeyException("key is null; a null key has no partition");
    }
    StringBuilder hint = new StringBuilder();
    List<KeyType.Kind> given = key.kinds();
    List<KeyType.Kind> wanted = keyType.parts();
    if (given.size() == wanted.size()) {
      for (int i = 0; i < given.size(); i++) {
        KeyType.Kind g = given.get(i);
        KeyType.Kind w = wanted.get(i);
        if (g != w && integer(g) && integer(w)) {
          hint.append(" Part ")
              .append(i)
              .append(" is ")
              .append(g == KeyType.Kind.INT ? "an Integer" : "a Long")
              .append(" where the key type has ")
              .append(w == KeyType.Kind.INT ? "an int" : "a long")
              .append(": give it as ")
              .append(w == KeyType.Kind.INT ? "an Integer" : "a Long (42L, not 42)")
              .append('.');
        }
      }
    }
    String twoParts = twoPartOverload();
    return new InvalidKeyException(
        "entity '"
            + entity
            + "' routes keys of type "
            + keyType
            + "; got a composite key of kinds "
            + given
            + ": build the key with parts of the entity's kinds, in order"
            + (twoParts == null
                ? ""
                : ", or call "
                    + twoParts
                    + (twoParts.endsWith("long)")
                        ? ", which takes an integer of either width"
                        : ""))
            + "."
            + hint);
  }

  private static boolean integer(KeyType.Kind k) {
    return k == KeyType.Kind.INT || k == KeyType.Kind.LONG;
  }

  // ---- the document form

  /**
   * The routing document of this table (format {@value #FORMAT}): the fields that {@code
   * RoutingDocuments.write} writes, in the same order.
   */
  public Spec toSpec() {
    return RoutingTableSpec.document(this);
  }

  int[] placement() {
    return placement;
  }

  /** Equal when version and content (fingerprint) are equal. */
  @Override
  public boolean equals(Object o) {
    return o instanceof RoutingTable t && version == t.version && fingerprint.equals(t.fingerprint);
  }

  @Override
  public int hashCode() {
    return Objects.hash(version, fingerprint);
  }

  @Override
  public String toString() {
    return "RoutingTable{entity="
        + entity
        + ", version="
        + version
        + ", key="
        + keyType
        + ", strategy="
        + strategy.type()
        + ", partitions="
        + placement.length
        + ", groups="
        + groups.size()
        + ", fingerprint="
        + fingerprint.substring(0, 12)
        + "}";
  }

  /**
   * Assembles a {@link RoutingTable}; {@link #build()} checks everything and throws {@link
   * InvalidRoutingTableException} listing every violation with its document path.
   *
   * <p><b>Thread-safety:</b> mutable; not thread-safe.
   */
  public static final class Builder {
    private @Nullable Long version;
    private @Nullable String entity;
    private @Nullable KeyType keyType;
    private @Nullable PartitionStrategy strategy;
    private final List<ReplicaGroup> groups = new ArrayList<>();
    private @Nullable List<String> placement;
    private final Map<String, Spec> extensions = new TreeMap<>();

    private Builder() {}

    /**
     * Sets extension {@code name} (lower case letters, digits and {@code _}, starting with a
     * letter) to {@code value}, or removes it when {@code value} is null. Extensions travel with
     * the table in documents and snapshots and are part of its fingerprint; core carries them
     * without reading them (a migration keeps its transition state in one, see {@code
     * docs/format.md}).
     */
    public Builder extension(String name, @Nullable Spec value) {
      RoutingTableChecks.extension(name, value);
      if (value == null) {
        extensions.remove(name);
      } else {
        extensions.put(name, value);
      }
      return this;
    }

    public Builder version(long version) {
      this.version = version;
      return this;
    }

    public Builder entity(String entity) {
      this.entity = entity;
      return this;
    }

    public Builder keyType(KeyType keyType) {
      this.keyType = keyType;
      return this;
    }

    public Builder strategy(PartitionStrategy strategy) {
      this.strategy = strategy;
      return this;
    }

    /** Replaces the groups with {@code groups}, in order. */
    public Builder groups(List<ReplicaGroup> groups) {
      this.groups.clear();
      this.groups.addAll(groups);
      return this;
    }

    /** Appends one group, or replaces the group with the same id in place. */
    public Builder group(ReplicaGroup group) {
      for (int i = 0; i < groups.size(); i++) {
        if (groups.get(i).id().equals(group.id())) {
          groups.set(i, group);
          return this;
        }
      }
      groups.add(group);
      return this;
    }

    /** The group id of every partition: {@code placement.get(p)} serves partition p. */
    public Builder placement(List<String> groupIds) {
      this.placement = new ArrayList<>(groupIds);
      return this;
    }

    /** Places partition {@code partition} on group {@code groupId} (placement must be set). */
    public Builder place(int partition, String groupId) {
      if (placement == null) {
        throw new IllegalStateException("set the placement before moving single partitions");
      }
      placement.set(partition, groupId);
      return this;
    }

    /** Checks and builds the table. */
    @SuppressWarnings("NullAway") // check(v) refuses every missing field and unknown group id
    public RoutingTable build() {
      Violations v = new Violations();
      check(v);
      v.throwIfAny();
      Map<String, Integer> index = new HashMap<>();
      for (int i = 0; i < groups.size(); i++) {
        index.put(groups.get(i).id(), i);
      }
      int[] pl = new int[placement.size()];
      for (int p = 0; p < pl.length; p++) {
        pl[p] = index.get(placement.get(p));
      }
      return new RoutingTable(
          version,
          entity,
          keyType,
          strategy,
          groups,
          pl,
          Collections.unmodifiableMap(new TreeMap<>(extensions)));
    }

    /**
     * Reports every rule the content breaks, with document paths; a value that is missing is not
     * reported again where {@code v} already holds a violation at its path.
     */
    public void check(Violations v) {
      checkHeader(v);
      checkGroupsAndPlacement(v);
    }

    /** Reports problems of the version, entity, key type and strategy. */
    public void checkHeader(Violations v) {
      RoutingTableChecks.header(version, entity, keyType, strategy, v);
    }

    /**
     * Reports problems of the groups and the placement, including its length against the strategy.
     */
    public void checkGroupsAndPlacement(Violations v) {
      RoutingTableChecks.groupsAndPlacement(strategy, groups, placement, v);
    }
  }
}
