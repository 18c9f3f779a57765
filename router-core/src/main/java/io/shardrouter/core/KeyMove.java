package io.shardrouter.core;

import java.util.Objects;

/**
 * Keys that a new strategy routes to another partition than the strategy it replaces, while every
 * other key keeps its partition: a hot key isolated on a partition of its own, a tenant moved to a
 * dedicated partition. {@link #key()} is how a person reads what moves: one key (e.g. {@code
 * hot-sku-1}), or every key that shares a routing key (e.g. {@code tenant globex}).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param key what moves, as text
 * @param fromPartition the partition the previous strategy gave it
 * @param toPartition the partition the new strategy gives it (different from {@code fromPartition})
 * @since 0.1
 */
public record KeyMove(String key, int fromPartition, int toPartition) {
  public KeyMove {
    Objects.requireNonNull(key, "key");
    if (fromPartition < 0 || toPartition < 0 || fromPartition == toPartition) {
      throw new IllegalArgumentException(
          "a key move of "
              + key
              + " needs two different partitions >= 0, got "
              + fromPartition
              + " -> "
              + toPartition);
    }
  }
}
