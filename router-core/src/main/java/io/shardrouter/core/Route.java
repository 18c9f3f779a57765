package io.shardrouter.core;

/**
 * The answer to "where does this key live": the routing table's version, the key's logical
 * partition and the replica group that serves it. Routes are built once per partition when a {@link
 * RoutingTable} is built and shared by every lookup, so routing allocates nothing.
 *
 * <p>Keep the {@link #version()} with the request (in a log line, a write's metadata): it tells,
 * during a migration, which routing table sent the request where.
 *
 * <p>Two routes are equal when they have the same entity, version, partition and replica group
 * ({@link ReplicaGroup#equals}: id, endpoints and labels): routes of two tables read from the same
 * document are equal, a route of the next version is not. Equality is for tests, caches and
 * comparisons off the hot path; routing itself never compares routes.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class Route {
  private final String entity;
  private final long version;
  private final int partition;
  private final ReplicaGroup group;

  Route(String entity, long version, int partition, ReplicaGroup group) {
    this.entity = entity;
    this.version = version;
    this.partition = partition;
    this.group = group;
  }

  /** The entity of the routing table that produced this route. */
  public String entity() {
    return entity;
  }

  /** The version of the routing table that produced this route. */
  public long version() {
    return version;
  }

  /** The logical partition, in {@code [0, P)}. */
  public int partition() {
    return partition;
  }

  /** The replica group that serves the partition under this version. */
  public ReplicaGroup group() {
    return group;
  }

  /** Shorthand for {@code group().primary()}: where a write goes. */
  public Replica primary() {
    return group.primary();
  }

  /** Equal when entity, version, partition and replica group are all equal. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Route r
        && version == r.version
        && partition == r.partition
        && entity.equals(r.entity)
        && group.equals(r.group);
  }

  /** Consistent with {@link #equals}: over entity, version, partition and replica group. */
  @Override
  public int hashCode() {
    int h = entity.hashCode();
    h = 31 * h + Long.hashCode(version);
    h = 31 * h + partition;
    return 31 * h + group.hashCode();
  }

  @Override
  public String toString() {
    return entity + " v" + version + " partition " + partition + " -> " + group.id();
  }
}
