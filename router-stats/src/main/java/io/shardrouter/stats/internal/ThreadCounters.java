package io.shardrouter.stats.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.jspecify.annotations.Nullable;

/**
 * Per-partition counters of reads, writes and unspecified routes in which a recording thread owns
 * its cells: an add is a plain load and an opaque store to the thread's own array, with no atomic
 * instruction and no cache line shared with another thread. Readers sum every slot with opaque
 * loads, so a sum sees each thread's adds up to some recent point and never a torn value.
 *
 * <p>A thread's slot is picked by its id ({@value #SLOTS} slots; pool threads have consecutive ids,
 * so up to {@value #SLOTS} of them get a slot each). The first thread to add in a free slot claims
 * it (the one allocation, its cells); a thread whose slot another live thread owns adds atomically
 * to the shared {@link StripedCounters} instead, and the sums include both. {@link #release} (run
 * by the periodic tick) frees the slots of threads that have ended; their cells, counts and all, go
 * to the next thread that claims the slot, so a pool that replaces its threads does not grow the
 * counters. Tables of millions of partitions get no slots at all (at most {@value #MAX_OWNED_CELLS}
 * longs of owned cells in all): there every add is a shared one.
 *
 * <p><b>Thread-safety:</b> {@link #add} from any number of threads; {@link #sums} and {@link
 * #release} from any thread.
 *
 * <p><b>Allocation:</b> none on {@link #add}, except the claim of a slot.
 */
public final class ThreadCounters {
  /** Slots for threads that own their cells, a power of two. */
  static final int SLOTS = 64;

  /** Longs in all owned cells, at most (32 MiB). */
  static final int MAX_OWNED_CELLS = 1 << 22;

  private static final VarHandle CELL = MethodHandles.arrayElementVarHandle(long[].class);

  private final int partitions;
  private final int slotMask;
  private final Slot[] slots;
  private final StripedCounters shared;

  /** One thread's cells and the thread that owns them (null: free). */
  private static final class Slot {
    volatile @Nullable Thread owner;
    long @Nullable [] cells; // written under the slot's lock, before the owner is published
  }

  /** Counters for {@code partitions} partitions. */
  public ThreadCounters(int partitions) {
    this(partitions, SLOTS, Runtime.getRuntime().availableProcessors());
  }

  ThreadCounters(int partitions, int slots, int processors) {
    this.shared = new StripedCounters(partitions, processors);
    this.partitions = partitions;
    long perThread = StripedCounters.PAD + 3L * partitions + StripedCounters.PAD;
    int n = (int) Math.min(slots, MAX_OWNED_CELLS / perThread);
    n = n == 0 ? 0 : Integer.highestOneBit(n);
    this.slots = new Slot[n];
    for (int i = 0; i < n; i++) {
      this.slots[i] = new Slot();
    }
    this.slotMask = n - 1;
  }

  /**
   * Adds one to cell {@code op} (0 read, 1 write, 2 unspecified) of {@code partition} for the
   * calling thread; returns that thread's (or, for a shared add, the stripe's) count of the cell
   * before the add. <b>Allocation:</b> none, except when the thread claims its slot.
   */
  // The hot path: a slot's cells are set (by claim, under its lock) before its owner is published,
  // and never unset, so the owning thread reads them non-null.
  @SuppressWarnings("NullAway")
  public long add(int partition, int op) {
    Thread me = Thread.currentThread();
    if (slotMask >= 0) {
      Slot s = slots[(int) me.getId() & slotMask];
      Thread owner = s.owner;
      if (owner == me || (owner == null && claim(s, me))) {
        long[] a = s.cells;
        int i = StripedCounters.PAD + 3 * partition + op;
        long before = a[i];
        CELL.setOpaque(a, i, before + 1);
        return before;
      }
    }
    return shared.add(shared.stripe(), partition, op);
  }

  private boolean claim(Slot s, Thread me) {
    synchronized (s) {
      if (s.owner != null) {
        return false;
      }
      if (s.cells == null) {
        s.cells = new long[StripedCounters.PAD + 3 * partitions + StripedCounters.PAD];
      }
      s.owner = me;
      return true;
    }
  }

  /**
   * Frees the slots of threads that have ended, so that other threads can own them; their counts
   * stay. Seeing a thread ended ({@code isAlive} false) happens after all of its adds, so the next
   * owner continues from the final counts.
   */
  public void release() {
    for (Slot s : slots) {
      Thread owner = s.owner;
      if (owner != null && !owner.isAlive()) {
        synchronized (s) {
          if (s.owner == owner) {
            s.owner = null;
          }
        }
      }
    }
  }

  /** Every cell summed over threads, {@code [3 * partition + op]}. */
  public long[] sums() {
    long[] out = shared.sums();
    for (Slot s : slots) {
      long[] a;
      synchronized (s) {
        a = s.cells;
      }
      if (a != null) {
        for (int c = 0; c < out.length; c++) {
          out[c] += (long) CELL.getOpaque(a, StripedCounters.PAD + c);
        }
      }
    }
    return out;
  }

  /** Slots owned by a thread now (tests). */
  int owners() {
    int n = 0;
    for (Slot s : slots) {
      n += s.owner != null ? 1 : 0;
    }
    return n;
  }
}
