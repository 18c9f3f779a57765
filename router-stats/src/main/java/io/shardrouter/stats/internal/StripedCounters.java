package io.shardrouter.stats.internal;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per-partition counters of reads, writes and unspecified routes, striped by thread so that two
 * threads add to different cache lines: stripe s holds its own {@code 3 * partitions} cells, framed
 * by {@value #PAD} longs (128 bytes) of padding on each side. A thread picks its stripe from its
 * id; two threads that share a stripe still count exactly (the adds are atomic), they only contend.
 * {@link ThreadCounters} uses these only for threads that do not own cells of their own.
 *
 * <p><b>Thread-safety:</b> {@link #add} from any number of threads; {@link #sums} sees every add
 * that happened before it.
 *
 * <p><b>Allocation:</b> none on {@link #add}.
 */
public final class StripedCounters {
  /** Longs of padding around each stripe: two 64-byte cache lines. */
  static final int PAD = 16;

  /** Upper bound on the cells of all stripes, so huge partition counts fall back to few stripes. */
  private static final long MAX_CELLS = 1L << 24;

  private final int partitions;
  private final int stripeMask;
  private final int stride;
  private final AtomicLongArray cells;

  /** Counters for {@code partitions} partitions, striped for the machine's processors. */
  public StripedCounters(int partitions) {
    this(partitions, Runtime.getRuntime().availableProcessors());
  }

  StripedCounters(int partitions, int processors) {
    if (partitions < 1) {
      throw new IllegalArgumentException("partitions must be >= 1, got " + partitions);
    }
    this.partitions = partitions;
    int stripes = Integer.highestOneBit(Math.max(1, processors) * 2 - 1) * 2;
    this.stride = PAD + 3 * partitions + PAD;
    while (stripes > 1 && (long) stripes * stride > MAX_CELLS) {
      stripes >>>= 1;
    }
    this.stripeMask = stripes - 1;
    this.cells = new AtomicLongArray(stripes * stride);
  }

  /** The calling thread's stripe. */
  public int stripe() {
    long id = Thread.currentThread().getId();
    return (int) (id ^ (id >>> 16)) & stripeMask;
  }

  /**
   * Adds one to cell {@code op} (0 read, 1 write, 2 unspecified) of {@code partition} in {@code
   * stripe}; returns the stripe's count of that cell before the add. <b>Allocation:</b> none.
   */
  public long add(int stripe, int partition, int op) {
    return cells.getAndIncrement(stripe * stride + PAD + 3 * partition + op);
  }

  /** Every cell summed over stripes, {@code [3 * partition + op]}. */
  public long[] sums() {
    long[] out = new long[3 * partitions];
    for (int i = 0; i <= stripeMask; i++) {
      int base = i * stride + PAD;
      for (int c = 0; c < out.length; c++) {
        out[c] += cells.get(base + c);
      }
    }
    return out;
  }
}
