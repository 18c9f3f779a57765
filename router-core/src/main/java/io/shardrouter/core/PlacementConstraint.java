package io.shardrouter.core;

import java.util.List;

/**
 * An optional capability of a {@link PartitionStrategy}: partitions that may only be placed on
 * replica groups with certain labels. Strategies never see groups, so they declare {@link
 * PlacementPin pins}, and the routing table checks them against its placement when it is built
 * ({@link RoutingTable.Builder#checkGroupsAndPlacement}): a document, or the next version of a
 * table, that places a pinned partition on a group without the pinned labels is refused, naming
 * what is pinned, the partition, the group and the label.
 *
 * <p><b>Thread-safety:</b> implementations are immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface PlacementConstraint {

  /** Every pin of the strategy, including those of strategies nested in it; empty when none. */
  List<PlacementPin> placementPins();
}
