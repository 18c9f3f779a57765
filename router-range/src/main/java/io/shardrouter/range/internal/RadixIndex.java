package io.shardrouter.range.internal;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Counts the sorted 64-bit values at or below a key in a few independent loads instead of a chain
 * of log2(n) dependent ones: the span between two of the values is cut into about 2n equal cells of
 * 2<sup>shift</sup> keys, and a table gives, for each cell, the number of values in the cells
 * before it. A key's cell is {@code (key - base) >>> shift}, clamped to the first and last cell, so
 * one load finds where its values start; when a cell holds at most {@value #SCAN} values (the usual
 * case for boundaries spread evenly: on average half a value per cell), {@value #SCAN} comparisons
 * with the values from there on finish the count. Their loads do not wait on each other, and the
 * JIT makes them conditional moves, or branches where its profile shows one outcome nearly always
 * (the later ones, for evenly spread values). The values after a cell's own are above every key of
 * the cell, so comparing a few of them too does no harm.
 *
 * <p>A cell with more values (clustered boundaries: ids crowded at the low end, one far outlier,
 * text prefixes whose bytes take a few dozen of 256 values) gets an index of its own over just its
 * values, cut by their own span, when that leaves fewer of them crowded; past {@value #MAX_DEPTH}
 * such levels, or where it would not help (repeats, powers of two), a binary search over the cell's
 * values finishes. A lookup never costs more than a few loads per level over a binary search of all
 * the values, and building is linear per level. To keep outliers from stretching the cells, the
 * span is chosen among the windows between the t-th smallest and the t-th largest value, t = 0 to
 * {@value #TRIM}, as the one that leaves the fewest values in crowded cells: a boundary at {@code
 * Long.MIN_VALUE} in front of monthly timestamps lands in the first cell, and the months get cells
 * of their own.
 *
 * <p>Cost, n values: about {@code 2n + 1} ints of cells and {@code n + }{@value #SCAN} longs of
 * values, and at most as much again per level of nested indexes (each level holds at most the n
 * values); a lookup in an uncrowded cell is the cell computation, two dependent loads and {@value
 * #SCAN} compares.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Allocation:</b> none in {@link #countAtOrBelow}.
 */
public final class RadixIndex {
  /** Values compared per lookup in a cell that holds no more than this many. */
  public static final int SCAN = 4;

  /** Outliers at each end the span may leave out. */
  public static final int TRIM = 8;

  /** Levels of indexes within crowded cells below the top one. */
  public static final int MAX_DEPTH = 2;

  private static final int CROWDED =
      Integer.MIN_VALUE; // flag on a cell that holds more than SCAN values

  private final long[]
      values; // sorted, then SCAN × Long.MAX_VALUE, so a scan never leaves the array
  private final int size;
  private final long base;
  private final int shift; // 1 to 63: (key - base) >>> shift is never negative
  private final int lastCell;
  private final int[]
      cells; // cell c: the values in cells before c, | CROWDED if c holds > SCAN; one more entry:
  // size
  private final RadixIndex @Nullable []
      nested; // by cell: an index of a crowded cell's values, or null to search them

  /**
   * @param sorted values in non-decreasing order (repeats allowed)
   */
  public RadixIndex(long[] sorted) {
    this(sorted, 0);
  }

  private RadixIndex(long[] sorted, int depth) {
    this.size = sorted.length;
    this.values = new long[size + SCAN];
    System.arraycopy(sorted, 0, values, 0, size);
    for (int i = size; i < values.length; i++) {
      values[i] = Long.MAX_VALUE;
    }
    int maxCells = Math.max(2, 2 * size);
    long bestBase = 0;
    int bestShift = 63;
    int bestLast = 0;
    long bestCrowded = Long.MAX_VALUE;
    for (int t = 0; t <= TRIM && t < size - 1 - t; t++) {
      long lo = sorted[t];
      long span = sorted[size - 1 - t] - lo; // unsigned
      int s = 1;
      while (s < 63 && Long.compareUnsigned(span >>> s, maxCells - 1) > 0) {
        s++;
      }
      int last = (int) (span >>> s);
      long crowded = crowdedValues(sorted, lo, s, last);
      if (crowded < bestCrowded) {
        bestCrowded = crowded;
        bestBase = lo;
        bestShift = s;
        bestLast = last;
      }
    }
    this.base = bestBase;
    this.shift = bestShift;
    this.lastCell = bestLast;
    this.cells = new int[lastCell + 2];
    int v = 0;
    for (int c = 0; c <= lastCell; c++) {
      int first = v;
      while (v < size && cellOf(sorted[v], base, shift, lastCell) == c) {
        v++;
      }
      cells[c] = v - first > SCAN ? first | CROWDED : first;
    }
    cells[lastCell + 1] = size;
    this.nested = depth < MAX_DEPTH ? nest(sorted, depth) : null;
  }

  /**
   * Indexes of the crowded cells' own values, where one has fewer crowded values than the cell;
   * else null.
   */
  private RadixIndex @Nullable [] nest(long[] sorted, int depth) {
    RadixIndex[] out = null;
    for (int c = 0; c <= lastCell; c++) {
      if (cells[c] < 0) {
        int lo = cells[c] & Integer.MAX_VALUE;
        int hi = cells[c + 1] & Integer.MAX_VALUE;
        RadixIndex inner = new RadixIndex(Arrays.copyOfRange(sorted, lo, hi), depth + 1);
        if (inner.crowdedValues() < hi - lo) {
          out = out == null ? new RadixIndex[lastCell + 1] : out;
          out[c] = inner;
        }
      }
    }
    return out;
  }

  /** The cell of {@code v}: {@code (v - base) >>> shift}, clamped to [0, last]. */
  private static int cellOf(long v, long base, int shift, int last) {
    return v < base ? 0 : (int) Math.min((v - base) >>> shift, last);
  }

  /** How many values share a cell with more than {@value #SCAN} values. */
  private static long crowdedValues(long[] sorted, long base, int shift, int last) {
    long crowded = 0;
    int run = 0;
    for (int i = 0; i < sorted.length; i++) {
      boolean same =
          i > 0 && cellOf(sorted[i], base, shift, last) == cellOf(sorted[i - 1], base, shift, last);
      run = same ? run + 1 : 1;
      if (run == SCAN + 1) {
        crowded += SCAN + 1;
      } else if (run > SCAN + 1) {
        crowded++;
      }
    }
    return crowded;
  }

  /** How many values are in cells of more than {@value #SCAN}: not found by this level's scan. */
  public int crowdedValues() {
    int n = 0;
    for (int c = 0; c <= lastCell; c++) {
      if (cells[c] < 0) {
        n += (cells[c + 1] & Integer.MAX_VALUE) - (cells[c] & Integer.MAX_VALUE);
      }
    }
    return n;
  }

  /**
   * How many values a lookup finds by binary search: those in crowded cells without an index of
   * their own.
   */
  public int searchedValues() {
    int n = 0;
    for (int c = 0; c <= lastCell; c++) {
      if (cells[c] < 0) {
        n +=
            nested != null && nested[c] != null
                ? nested[c].searchedValues()
                : (cells[c + 1] & Integer.MAX_VALUE) - (cells[c] & Integer.MAX_VALUE);
      }
    }
    return n;
  }

  /**
   * The number of values at or below {@code key}.
   *
   * <p><b>Allocation:</b> none.
   */
  public int countAtOrBelow(long key) {
    int c = key < base ? 0 : (int) Math.min((key - base) >>> shift, lastCell);
    int first = cells[c];
    if (first < 0) {
      return countCrowded(c, first & Integer.MAX_VALUE, key);
    }
    final long[] v = values;
    int n =
        first
            + (v[first] <= key ? 1 : 0)
            + (v[first + 1] <= key ? 1 : 0)
            + (v[first + 2] <= key ? 1 : 0)
            + (v[first + 3] <= key ? 1 : 0);
    return Math.min(n, size); // the padding is at or below Long.MAX_VALUE
  }

  /** {@link #countAtOrBelow} in crowded cell {@code c}, whose values start at {@code lo}. */
  private int countCrowded(int c, int lo, long key) {
    RadixIndex inner = nested == null ? null : nested[c];
    return inner != null
        ? lo + inner.countAtOrBelow(key)
        : searchCell(lo, cells[c + 1] & Integer.MAX_VALUE, key);
  }

  /**
   * Binary search of {@code values[lo, hi)}, hi > lo, without an early exit: lo + the number at or
   * below key.
   */
  private int searchCell(int lo, int hi, long key) {
    final long[] v = values;
    int b = lo;
    int len = hi - lo;
    while (len > 1) {
      int half = len >>> 1;
      b = v[b + half] <= key ? b + half : b;
      len -= half;
    }
    return b + (v[b] <= key ? 1 : 0);
  }
}
