package io.shardrouter.stats;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingException;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A sample of keys in arrival order, each with how often it was seen, parsed by one key type: the
 * input of {@link StatsSnapshot#of(RoutingTable, KeySample)} and of router-analysis's {@code
 * KeyAnalysis}.
 *
 * <p><b>Thread-safety:</b> mutable while keys are added; one thread.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class KeySample {
  /**
   * One sampled key.
   *
   * @param text the key as text ({@link KeyType#parseText})
   * @param canonical its canonical bytes (not copied; do not change them)
   * @param count how often it was seen, at least 1
   */
  public record Entry(String text, byte[] canonical, long count) {}

  private final KeyType keyType;
  private final List<Entry> entries = new ArrayList<>();
  private long total;

  /** An empty sample of keys of {@code keyType}. */
  public KeySample(KeyType keyType) {
    this.keyType = Objects.requireNonNull(keyType, "keyType");
  }

  /**
   * Adds {@code text}, seen {@code count} times.
   *
   * @throws IllegalArgumentException when the text is no key of the type or the count is below 1,
   *     saying which
   */
  public KeySample add(String text, long count) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be >= 1, got " + count);
    }
    byte[] canonical;
    try {
      canonical = keyType.parseText(text);
    } catch (RoutingException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    entries.add(new Entry(text, canonical, count));
    total = Math.addExact(total, count);
    return this;
  }

  /** The key type. */
  public KeyType keyType() {
    return keyType;
  }

  /** Refuses a table that routes another key type than this sample's, naming both. */
  void requireKeyTypeOf(RoutingTable table) {
    if (!keyType.equals(table.keyType())) {
      throw new IllegalArgumentException(
          "the sample holds keys of type "
              + keyType
              + ", routing table version "
              + table.version()
              + " routes "
              + table.keyType());
    }
  }

  /** The keys in arrival order. */
  public List<Entry> entries() {
    return Collections.unmodifiableList(entries);
  }

  /** The sum of the counts. */
  public long total() {
    return total;
  }
}
