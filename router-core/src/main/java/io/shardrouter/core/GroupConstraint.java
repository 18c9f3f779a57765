package io.shardrouter.core;

import java.util.List;

/**
 * An optional capability of a {@link PartitionStrategy} whose parameters name replica groups (a
 * weighted ring's {@code weights}): strategies never see the groups, so the routing table hands
 * them over when it is built ({@link RoutingTable.Builder#checkGroupsAndPlacement}), and a document
 * whose strategy names a group it does not have, or misses one it needs, is refused with the path.
 *
 * <p><b>Thread-safety:</b> implementations are immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface GroupConstraint {

  /**
   * Reports, with document paths under {@code path} (the JSON path of this strategy's object, e.g.
   * {@code strategy} or {@code strategy.fallback} when it is nested), every way the strategy's
   * group names disagree with {@code groups}.
   */
  void checkGroups(List<ReplicaGroup> groups, String path, Violations violations);
}
