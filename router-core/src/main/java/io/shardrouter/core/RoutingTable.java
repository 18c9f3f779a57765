package io.shardrouter.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * An immutable, versioned answer to "which replica group serves which partition" for one entity:
 * the key type, the {@link PartitionStrategy} (key → partition), the placement (partition → replica
 * group) and the groups. One {@link Route} per partition is built up front, so {@code route} (the
 * key-shape overloads of {@link KeyRouter}, routed by this table's own key edge) is the strategy's
 * arithmetic and one array load.
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
public final class RoutingTable extends KeyRouter {
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
  private final KeyEdge edge; // the key shapes: how a key reaches one of the routes
  private final String fingerprint;
  private final Map<String, Spec> extensions; // unmodifiable, sorted by name

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
    this.edge = new KeyEdge(this, routes);
    this.fingerprint = Fingerprints.of(this);
  }

  @Override
  KeyEdge edge() {
    return edge;
  }

  /** This table: a table is one fixed version, so it routes through itself. */
  @Override
  public RoutingTable table() {
    return this;
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
