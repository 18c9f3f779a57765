package io.shardrouter.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A Space-Saving summary of sampled keys: the most frequent keys with counts that may overstate the
 * true sampled count by at most their {@link Entry#error}.
 *
 * <p><b>Error bounds.</b> Of {@code sampled} samples summarised with {@code capacity} slots: every
 * listed key's true sampled count is in {@code [count - error, count]}; {@code error <= sampled /
 * capacity}; every key whose true sampled count exceeds {@code sampled / capacity} is listed; a key
 * not listed has a true sampled count of at most {@link #absentBound()}. {@link #merge} keeps these
 * bounds for the sum of the two sample streams (Space-Saving summaries are mergeable). The share of
 * traffic a key takes is estimated from the samples; its error adds the sketch's error to the
 * sampling error (see {@code docs/observability.md}).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class HotKeys {
  private final int capacity;
  private final long sampled;
  private final List<Entry> keys;

  private HotKeys(int capacity, long sampled, List<Entry> keys) {
    this.capacity = capacity;
    this.sampled = sampled;
    this.keys = keys;
  }

  /** A summary of {@code sampled} samples in {@code capacity} slots holding {@code keys}. */
  public static HotKeys of(int capacity, long sampled, List<Entry> keys) {
    if (capacity < 1) {
      throw new IllegalArgumentException("hot key capacity must be >= 1, got " + capacity);
    }
    if (sampled < 0) {
      throw new IllegalArgumentException("sampled must be >= 0, got " + sampled);
    }
    List<Entry> sorted = new ArrayList<>(keys);
    sorted.sort(Comparator.comparingLong(Entry::count).reversed().thenComparing(Entry::key));
    if (sorted.size() > capacity) {
      throw new IllegalArgumentException(
          "a hot key summary of capacity " + capacity + " cannot hold " + sorted.size() + " keys");
    }
    return new HotKeys(capacity, sampled, List.copyOf(sorted));
  }

  /** An empty summary of {@code capacity} slots. */
  public static HotKeys empty(int capacity) {
    return of(capacity, 0, List.of());
  }

  /** The slots of the summary. */
  public int capacity() {
    return capacity;
  }

  /** The samples summarised. */
  public long sampled() {
    return sampled;
  }

  /** The keys held, most frequent first. */
  public List<Entry> keys() {
    return keys;
  }

  /** The most a key not listed can have been sampled. */
  public long absentBound() {
    return keys.size() < capacity ? 0 : keys.get(keys.size() - 1).count();
  }

  /** The bound on every listed key's error: {@code sampled / capacity}, rounded up. */
  public long errorBound() {
    return (sampled + capacity - 1) / capacity;
  }

  /** The estimated share of samples of {@code key} (0 when not listed). */
  public double share(String key) {
    for (Entry k : keys) {
      if (k.key().equals(key)) {
        return sampled == 0 ? 0 : (double) k.count() / sampled;
      }
    }
    return 0;
  }

  /** The summary of both sample streams, in {@code max(capacity)} slots. */
  public HotKeys merge(HotKeys other) {
    int cap = Math.max(capacity, other.capacity);
    long mineAbsent = absentBound();
    long theirsAbsent = other.absentBound();
    Map<String, long[]> m = new HashMap<>();
    for (Entry k : keys) {
      m.put(k.key(), new long[] {k.count() + theirsAbsent, k.error() + theirsAbsent});
    }
    for (Entry k : other.keys) {
      long[] c = m.get(k.key());
      if (c == null) {
        m.put(k.key(), new long[] {k.count() + mineAbsent, k.error() + mineAbsent});
      } else {
        c[0] += k.count() - theirsAbsent;
        c[1] += k.error() - theirsAbsent;
      }
    }
    List<Entry> all = new ArrayList<>(m.size());
    for (Map.Entry<String, long[]> e : m.entrySet()) {
      all.add(new Entry(e.getKey(), e.getValue()[0], e.getValue()[1]));
    }
    all.sort(Comparator.comparingLong(Entry::count).reversed().thenComparing(Entry::key));
    return of(cap, sampled + other.sampled, all.subList(0, Math.min(cap, all.size())));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HotKeys h
        && h.capacity == capacity
        && h.sampled == sampled
        && h.keys.equals(keys);
  }

  @Override
  public int hashCode() {
    return (Long.hashCode(sampled) * 31 + capacity) * 31 + keys.hashCode();
  }

  @Override
  public String toString() {
    return "HotKeys{capacity=" + capacity + ", sampled=" + sampled + ", keys=" + keys + "}";
  }

  /**
   * One key of a {@link HotKeys} summary: its sampled count and the count's error, so the key's
   * true sampled count lies in {@code [count - error, count]}.
   *
   * @param key the key as text (the document's key text form)
   * @param count the estimated sampled count, never below the true one
   * @param error how much {@code count} may exceed the true sampled count
   * @since 0.1
   */
  public record Entry(String key, long count, long error) {
    /** Checks the fields. */
    public Entry {
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
}
