package io.shardrouter.stats.internal;

import io.shardrouter.stats.HotKey;
import io.shardrouter.stats.HotKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Space-Saving frequent-items sketch (Metwally, Agrawal, El Abbadi) over a fixed number of
 * slots, fed with sampled keys. A key already held gets its count raised by one; a new key takes a
 * free slot, or replaces the slot with the smallest count c, inheriting c + 1 as its count and c as
 * its error. Hence for every held key: true count in [count - error, count], error <= n / slots; a
 * key whose true count exceeds n / slots is always held.
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
public final class SpaceSaving {
  private final AtomicInteger busy = new AtomicInteger();
  private final Object[] refs;
  private final long[] nums;
  private final int[] hashes;
  private final long[] counts;
  private final long[] errors;
  private int size;
  private long offered;

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
  public void offer(String ref, long num) {
    offered++;
    int h = ref != null ? ref.hashCode() : Long.hashCode(num * 0x9E3779B97F4A7C15L);
    for (int i = 0; i < size; i++) {
      if (hashes[i] == h && same(i, ref, num)) {
        counts[i]++;
        return;
      }
    }
    int slot;
    long base;
    if (size < refs.length) {
      slot = size++;
      base = 0;
    } else {
      slot = 0;
      for (int i = 1; i < size; i++) {
        if (counts[i] < counts[slot]) {
          slot = i;
        }
      }
      base = counts[slot];
    }
    refs[slot] = ref;
    nums[slot] = num;
    hashes[slot] = h;
    counts[slot] = base + 1;
    errors[slot] = base;
  }

  private boolean same(int i, String ref, long num) {
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
      List<HotKey> keys = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        String text = refs[i] != null ? (String) refs[i] : Long.toString(nums[i]);
        keys.add(new HotKey(text, counts[i], errors[i]));
      }
      HotKeys out = HotKeys.of(refs.length, offered, keys);
      if (clear) {
        java.util.Arrays.fill(refs, 0, size, null);
        size = 0;
        offered = 0;
      }
      return out;
    } finally {
      release();
    }
  }
}
