package io.shardrouter.stats;

import java.util.Objects;

/**
 * One key of a {@link HotKeys} summary: its sampled count and the count's error, so the key's true
 * sampled count lies in {@code [count - error, count]}.
 *
 * @param key the key as text (the document's key text form)
 * @param count the estimated sampled count, never below the true one
 * @param error how much {@code count} may exceed the true sampled count
 * @since 0.1
 */
public record HotKey(String key, long count, long error) {
  /** Checks the fields. */
  public HotKey {
    Objects.requireNonNull(key, "key");
    if (count < 1 || error < 0 || error >= count) {
      throw new IllegalArgumentException(
          "hot key '"
              + key
              + "': need count >= 1 and 0 <= error < count, got "
              + count
              + ", "
              + error);
    }
  }

  /** The lower bound of the true sampled count. */
  public long lowerBound() {
    return count - error;
  }
}
