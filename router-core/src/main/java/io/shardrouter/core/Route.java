package io.shardrouter.core;

/**
 * The answer to "where does this key live": the routing table's version, the key's logical
 * partition and the replica group that serves it. Routes are built once per partition when a {@link
 * RoutingTable} is built and shared by every lookup, so routing allocates nothing.
 *
 * <p>Keep the {@link #version()} with the request (in a log line, a write's metadata): it tells,
 * during a migration, which routing table sent the request where.
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

  @Override
  public String toString() {
    return entity + " v" + version + " partition " + partition + " -> " + group.id();
  }
}
