package io.shardrouter.core;

import java.util.Objects;

/**
 * {@link PartitionStrategy#partitionsOf(byte[][], int, int, int[])}: a batch of canonical keys
 * through a strategy alone, grouped as the table's batch routes group them ({@link
 * BatchPartitions}).
 *
 * <p><b>Thread-safety:</b> stateless; the tokens live in the calling thread's {@link KeyScratch}.
 */
final class StrategyBatches {
  private StrategyBatches() {}

  static void partitionsOf(
      PartitionStrategy strategy, byte[][] keys, int from, int to, int[] partitions) {
    if (keys == null) {
      throw new NullPointerException(
          "keys is null: give an array of keys (an empty one for no keys)");
    }
    KeyBatches.checkRange("keys", keys.length, from, to);
    Objects.requireNonNull(
        partitions, "partitions is null: give the array the batch's partitions go to");
    if (partitions.length < to) {
      throw new IndexOutOfBoundsException(
          "partitions has "
              + partitions.length
              + " elements but the batch writes up to index "
              + (to - 1)
              + " (partition i goes to partitions[i]): give an array at least as long as keys");
    }
    int i = from;
    try {
      if (!(strategy instanceof BatchPartitions b)) {
        for (; i < to; i++) {
          partitions[i] = strategy.partitionOf(KeyEdge.requireCanonical(keys[i]));
        }
        return;
      }
      long[] tokens = KeyScratch.get().tokens();
      for (int g = from; g < to; g += BatchPartitions.GROUP) {
        int end = Math.min(to, g + BatchPartitions.GROUP);
        RoutingException refused = null;
        for (i = g; i < end; i++) {
          try {
            byte[] k = KeyEdge.requireCanonical(keys[i]);
            tokens[i - g] = b.prepare(k, 0, k.length);
          } catch (RoutingException e) {
            refused = e; // the keys before it are finished first
            end = i;
            break;
          }
        }
        b.loadGroup(tokens, end - g);
        for (i = g; i < end; i++) {
          byte[] k = keys[i];
          partitions[i] = b.finish(k, 0, k.length, tokens[i - g]);
        }
        if (refused != null) {
          throw refused; // i == end, the refused key's index
        }
      }
    } catch (RoutingException e) {
      throw KeyBatches.refusedAt(i, e, "partitions");
    }
  }
}
