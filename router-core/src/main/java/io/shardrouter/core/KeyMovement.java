package io.shardrouter.core;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * An optional capability of a {@link PartitionStrategy} that grows from its previous version by
 * moving some keys only (a directory that gains or changes entries): it names the keys, so that a
 * {@link MovementReport} and a migration plan move exactly those and the partitions the placement
 * moves. Without it, two strategies are either equal (no key moves) or unrelated (partition numbers
 * mean different keys).
 *
 * <p><b>Thread-safety:</b> implementations are immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public interface KeyMovement {

  /**
   * The keys this strategy routes to another partition than {@code previous} does, when every other
   * key keeps the partition {@code previous} gives it; null when the two are not related that way,
   * and an empty list when they route every key alike.
   *
   * <p><b>Allocation:</b> allocates; a tool path.
   */
  @Nullable List<MovementReport.KeyMove> keyMovesFrom(PartitionStrategy previous);

  /**
   * {@code to}'s keys that move from {@code from}'s partitions, by {@link #keyMovesFrom}; null when
   * {@code to} has not this capability or names no such keys.
   */
  static @Nullable List<MovementReport.KeyMove> between(
      PartitionStrategy from, PartitionStrategy to) {
    return to instanceof KeyMovement m ? m.keyMovesFrom(from) : null;
  }
}
