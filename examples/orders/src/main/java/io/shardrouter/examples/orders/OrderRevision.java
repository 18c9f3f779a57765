package io.shardrouter.examples.orders;

/**
 * An order as stored, with its revision (the write sequence of its row: 1 when placed, one more at
 * each change).
 *
 * @param order the order
 * @param revision its revision, {@code >= 1}
 */
public record OrderRevision(Order order, long revision) {}
