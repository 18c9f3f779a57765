package io.shardrouter.migrate;

import io.shardrouter.core.RoutingException;
import org.jspecify.annotations.Nullable;

/**
 * A store refused a write or a fenced read because the key's part was fenced at a newer routing
 * version: the caller's routes are stale. Refresh the routes to at least {@link #minVersion()} and
 * retry the whole write (or read) there (writes are idempotent by sequence, so a half-done dual
 * write may be retried). The version may not have reached the caller yet, or not even be published:
 * at a cut-over the coordinator fences the source before it publishes the version that moves the
 * key's writes (docs/migration.md §3), so wait for it, with a bound. The analogue of a Redis
 * Cluster MOVED reply.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class MovedException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final transient Fence fence;
  private final String groupId;
  private final long writtenWith;
  private final transient @Nullable MigrationRoutes current;

  /**
   * A refusal.
   *
   * @param groupId the group whose store refused
   * @param fence the fence that refused
   * @param writtenWith the version the write was routed with
   * @param current the newest routes the writer knows, or null
   */
  public MovedException(
      String groupId, Fence fence, long writtenWith, @Nullable MigrationRoutes current) {
    super(
        "write or read routed with version "
            + writtenWith
            + " refused by group '"
            + groupId
            + "': partition "
            + fence.partition()
            + " is fenced at version "
            + fence.minVersion()
            + " ("
            + fence.phase()
            + "); refresh the routes to version "
            + fence.minVersion()
            + " or later (it may be published a moment after the fence) and retry there");
    this.fence = fence;
    this.groupId = groupId;
    this.writtenWith = writtenWith;
    this.current = current;
  }

  /** The fence that refused the write. */
  public Fence fence() {
    return fence;
  }

  /** The version the writer must route with at least. */
  public long minVersion() {
    return fence.minVersion();
  }

  /** The group whose store refused. */
  public String groupId() {
    return groupId;
  }

  /** The version the refused write was routed with. */
  public long writtenWith() {
    return writtenWith;
  }

  /**
   * The newest routes the writer knew when refused (may still be older than {@link #minVersion()}),
   * or null.
   */
  public @Nullable MigrationRoutes current() {
    return current;
  }
}
