package io.shardrouter.range;

import io.shardrouter.core.RoutingTable;

/**
 * The result of a split or a merge: the next routing table (version + 1) and what moves from the
 * previous one.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param previous the table that was changed
 * @param next the new table, to publish with {@link io.shardrouter.core.Router#update}
 * @param movement the key ranges that change replica group, exactly
 * @since 0.1
 */
public record RangeChange(RoutingTable previous, RoutingTable next, RangeMovement movement) {}
