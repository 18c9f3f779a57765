package io.shardrouter.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The Space-Saving frequent-items sketch (Metwally, Agrawal, El Abbadi) over a fixed number of
 * slots, fed with sampled keys. A key already held gets its count raised by one; a new key takes a
 * free slot, or replaces a slot with the smallest count c (any such slot: the guarantees do not
 * depend on which), inheriting c + 1 as its count and c as its error. Hence for every held key:
 * true count in {@code [count - error, count]}, {@code error <= n / slots}; a key whose true count
 * exceeds {@code n / slots} is always held.
 *
 * <p>Keys are held by reference (a {@code String}) or by value (a {@code long}, no boxing); they
 * become text only when the sketch is drained, off the recording path.
 *
 * <p><b>Thread-safety:</b> guarded by a try-acquire flag: {@link #tryAcquire} never waits, so a
 * recording thread that finds the sketch busy drops its sample (and counts the drop) instead of
 * blocking. {@link #drain} waits for the flag.
 *
 * <p><b>Allocation:</b> none on {@link #offer}.
 */
final class SpaceSaving {
  private final AtomicInteger busy = new AtomicInteger();
  private final Object[] refs;
  private final long[] nums;
  private final int[] hashes;
  private final long[] counts;
  private final long[] errors;

  /** Open-addressing index from a key's hash to its slot + 1 (0: empty), linear probing. */
  private final int[] index;

  private final int indexShift;
  private int size;
  private long offered;
  private long minCount; // at most every count; see smallest()
  private int cursor;

  /** A sketch of {@code slots} slots. */
  public SpaceSaving(int slots) {
    if (slots < 1) {
      throw new IllegalArgumentException("hot key slots must be >= 1, got " + slots);
    }
    refs = new Object[slots];
    nums = new long[slots];
    hashes = new int[slots];
    counts = new long[slots];
    errors = new long[slots];
    int bits = 32 - Integer.numberOfLeadingZeros(2 * slots - 1) + 1; // load factor <= 1/4
    index = new int[1 << bits];
    indexShift = 32 - bits;
  }

  /** Takes the sketch if it is free; never waits. */
  public boolean tryAcquire() {
    return busy.get() == 0 && busy.compareAndSet(0, 1);
  }

  /** Gives the sketch back. */
  public void release() {
    busy.set(0);
  }

  /**
   * Counts one sample of a key: a {@code String} in {@code ref}, or, with {@code ref == null}, the
   * {@code long} in {@code num}. Call only while holding the sketch. <b>Allocation:</b> none.
   */
  public void offer(@Nullable String ref, long num) {
    offered++;
    int h = ref != null ? ref.hashCode() : Long.hashCode(num * 0x9E3779B97F4A7C15L);
    int mask = index.length - 1;
    int i = home(h);
    for (int e; (e = index[i]) != 0; i = (i + 1) & mask) {
      if (hashes[e - 1] == h && same(e - 1, ref, num)) {
        counts[e - 1]++;
        return;
      }
    }
    int slot;
    long base;
    if (size < refs.length) {
      slot = size++;
      base = 0;
    } else {
      slot = smallest();
      base = counts[slot];
      unindex(slot);
      i = home(h); // the removal may have shifted the free cell the probe ended on
      while (index[i] != 0) {
        i = (i + 1) & mask;
      }
    }
    refs[slot] = ref;
    nums[slot] = num;
    hashes[slot] = h;
    counts[slot] = base + 1;
    errors[slot] = base;
    index[i] = slot + 1;
  }

  /**
   * A slot with the smallest count. {@code minCount} is a lower bound of every count (counts only
   * grow, and a replaced slot gets its old count + 1), so the search looks for a slot at exactly
   * that count from where the last one was found, and raises the bound only when no slot is at it:
   * replacing the tail keys of a skewed stream walks the slots in turn instead of scanning all of
   * them for each new key.
   */
  private int smallest() {
    while (true) {
      for (int k = 0, j = cursor; k < size; k++, j = j + 1 == size ? 0 : j + 1) {
        if (counts[j] == minCount) {
          cursor = j + 1 == size ? 0 : j + 1;
          return j;
        }
      }
      long min = Long.MAX_VALUE;
      for (int j = 0; j < size; j++) {
        min = Math.min(min, counts[j]);
      }
      minCount = min;
    }
  }

  private int home(int h) {
    return (h * 0x9E3779B9) >>> indexShift;
  }

  /** Removes {@code slot}'s index cell, shifting later cells of its probe run back. */
  private void unindex(int slot) {
    int mask = index.length - 1;
    int i = home(hashes[slot]);
    while (index[i] != slot + 1) {
      i = (i + 1) & mask;
    }
    for (int j = (i + 1) & mask; index[j] != 0; j = (j + 1) & mask) {
      int k = home(hashes[index[j] - 1]);
      // The cell at j may move to the hole at i unless its home lies cyclically in (i, j].
      boolean stays = i <= j ? i < k && k <= j : i < k || k <= j;
      if (!stays) {
        index[i] = index[j];
        i = j;
      }
    }
    index[i] = 0;
  }

  private boolean same(int i, @Nullable String ref, long num) {
    Object r = refs[i];
    return ref == null ? r == null && nums[i] == num : ref.equals(r);
  }

  /**
   * Waits for the sketch, copies its keys into a {@link HotKeys} and, when {@code clear}, empties
   * it; off the recording path.
   */
  public HotKeys drain(boolean clear) {
    while (!tryAcquire()) {
      Thread.onSpinWait();
    }
    try {
      List<HotKeys.Entry> keys = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        String text = refs[i] != null ? (String) refs[i] : Long.toString(nums[i]);
        keys.add(new HotKeys.Entry(text, counts[i], errors[i]));
      }
      HotKeys out = HotKeys.of(refs.length, offered, keys);
      if (clear) {
        java.util.Arrays.fill(refs, 0, size, null);
        java.util.Arrays.fill(index, 0);
        size = 0;
        minCount = 0;
        cursor = 0;
        offered = 0;
      }
      return out;
    } finally {
      release();
    }
  }
}
