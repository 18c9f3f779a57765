package io.shardrouter.migrate;

import io.shardrouter.core.ReplicaGroup;
import org.jspecify.annotations.Nullable;

/**
 * Where to write a key under one routing version: the authoritative group first, then, during dual
 * write and the rollback window, the second group. A write is acknowledged only after both applied.
 *
 * <p>Stamp every row with {@link #version()} and {@link #partition()} (see {@link Row}): stores
 * check them against their fences.
 *
 * <p><b>Thread-safety:</b> immutable; routes are built ahead of time and shared.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class WriteRoute {
  private final long version;
  private final int partition;
  private final Phase phase;
  private final ReplicaGroup first;
  private final @Nullable ReplicaGroup second;
  private final MigrationPlan.@Nullable Movement movement;

  WriteRoute(
      long version,
      int partition,
      Phase phase,
      ReplicaGroup first,
      @Nullable ReplicaGroup second,
      MigrationPlan.@Nullable Movement movement) {
    this.version = version;
    this.partition = partition;
    this.phase = phase;
    this.first = first;
    this.second = second;
    this.movement = movement;
  }

  /** The routing version to stamp the write with. */
  public long version() {
    return version;
  }

  /** The partition to stamp the write with. */
  public int partition() {
    return partition;
  }

  /** The phase of that version. */
  public Phase phase() {
    return phase;
  }

  /** The authoritative group: write here first. */
  public ReplicaGroup first() {
    return first;
  }

  /** The second group to write, or null when one write suffices. */
  public @Nullable ReplicaGroup second() {
    return second;
  }

  /** True when the write goes to two groups. */
  public boolean dual() {
    return second != null;
  }

  /** The movement the key belongs to, or null when it does not move. */
  public MigrationPlan.@Nullable Movement movement() {
    return movement;
  }

  @Override
  public String toString() {
    return "WriteRoute{v"
        + version
        + " "
        + phase
        + " p"
        + partition
        + " -> "
        + first.id()
        + (second == null ? "" : " + " + second.id())
        + "}";
  }
}
