package io.shardrouter.migrate;

import io.shardrouter.core.ReplicaGroup;
import org.jspecify.annotations.Nullable;

/**
 * Where to read a key under one routing version: the group to serve the read from, and, for a
 * compared canary read, the group to read as well and compare with (count a mismatch and return the
 * authoritative answer, which is {@link #compareWith()}'s while the source is authoritative).
 *
 * <p>Reads are fenced like writes: read through {@link MigrationStore#read} (which {@link
 * MigrationWriter#read} does), whose fence check and rows come from one transaction, so a process
 * that missed a cut-over, a rollback or a cleanup never reads a group that no longer receives the
 * key's writes; a separate check and read would let the fence move between them.
 *
 * <p><b>Thread-safety:</b> immutable; routes are built ahead of time and shared.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class ReadRoute {
  private final long version;
  private final int partition;
  private final Phase phase;
  private final ReplicaGroup group;
  private final @Nullable ReplicaGroup compareWith;
  private final boolean canary;

  ReadRoute(
      long version,
      int partition,
      Phase phase,
      ReplicaGroup group,
      @Nullable ReplicaGroup compareWith,
      boolean canary) {
    this.version = version;
    this.partition = partition;
    this.phase = phase;
    this.group = group;
    this.compareWith = compareWith;
    this.canary = canary;
  }

  /** The routing version of the answer. */
  public long version() {
    return version;
  }

  /** The partition a store checks its fence against (as for a {@link WriteRoute}). */
  public int partition() {
    return partition;
  }

  /** The phase of that version. */
  public Phase phase() {
    return phase;
  }

  /** The group to read from. */
  public ReplicaGroup group() {
    return group;
  }

  /** The group to also read and compare with, or null. */
  public @Nullable ReplicaGroup compareWith() {
    return compareWith;
  }

  /** True when this read is a canary read of the target. */
  public boolean canary() {
    return canary;
  }

  @Override
  public String toString() {
    return "ReadRoute{v"
        + version
        + " "
        + phase
        + " "
        + group.id()
        + (compareWith == null ? "" : " vs " + compareWith.id())
        + (canary ? " canary" : "")
        + "}";
  }
}
