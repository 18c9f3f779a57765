package io.shardrouter.migrate;

/**
 * Waits, before the coordinator fences the source at a cut-over or a rollback, until every live
 * process routes with at least a given version (a ZooKeeper version census can implement it). The
 * fence makes correctness independent of the gate; the gate keeps the number of refused writes
 * small.
 *
 * <p><b>Stability:</b> evolving.
 */
@FunctionalInterface
public interface CutOverGate {
  /**
   * Returns when every live process is on {@code version} or later.
   *
   * @param version the version to wait for
   * @throws IllegalStateException when the wait gives up; the coordinator stops and can be resumed
   */
  void awaitVersion(long version);
}
