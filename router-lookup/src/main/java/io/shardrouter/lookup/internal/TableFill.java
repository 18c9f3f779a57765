package io.shardrouter.lookup.internal;

import java.util.Arrays;

/**
 * Fills a {@link Directory}'s buckets with the entries of a {@link DirectoryBuilder}, each in the
 * first free record from its home bucket on, without visiting the table at random.
 *
 * <p>The entries come in key order (for a directory read back from a document, the order of its
 * bytes) and their home buckets lie anywhere in the table, so inserting them in that order costs
 * one address translation miss and one cache miss per entry at millions of entries. Instead the
 * table is filled one <i>band</i> of {@link #BAND_REGIONS} regions of {@link #REGION_BUCKETS}
 * buckets (512 KiB) at a time: a pass in key order notes each entry's home bucket; for each band, a
 * pass over those copies the records of the band's entries (read in key order) into a staging array
 * grouped by region; then each region's records go into the table, whose 512 KiB the processor
 * keeps translated and cached; a last pass over the home buckets notes where each record went, in
 * key order. Within a region the entries go in key order, so the layout depends only on the
 * entries, never on the order they were added in.
 *
 * <p>Memory besides the table: 4 bytes per entry (home buckets) and, for the entries of one band,
 * their records and 4 bytes each (about 120 MB for 10M entries in 32-byte records).
 *
 * <p><b>Thread-safety:</b> confined to the builder that builds.
 */
final class TableFill {
  /** Buckets per region: 512 KiB, which stay in the processor's caches while they are filled. */
  static final int REGION_BUCKETS = 1 << 13;

  /** Regions per band: the staging array holds the records of one band (128 MiB of buckets). */
  static final int BAND_REGIONS = 1 << 8;

  private static final int BATCH = 64;

  @SuppressWarnings("UnusedVariable") // written so that the batch loads in fill() are kept
  private static int prefetched;

  private TableFill() {}

  /**
   * Inserts {@code entries} (in key order) into {@code table}, laid out as {@code shape}, and
   * records in {@code recordOf[k]} where the k-th entry went. On entry, {@code recordOf[k]} holds
   * the overflow offset of each key too long for a record (already copied there).
   */
  static void fill(
      SortedKeys entries,
      Directory shape,
      int buckets,
      int hopLimit,
      int regionBuckets,
      int bandRegions,
      byte[] table,
      int[] recordOf) {
    int rec = shape.recordBytes();
    byte[] keys = entries.keys;
    int[] starts = entries.starts;
    int size = entries.size;
    int[] home = new int[size];
    int regions = buckets / regionBuckets + 1;
    int[] perRegion = new int[regions];
    for (int k = 0; k < size; k++) {
      int b = bucketIndex(DirectoryHash.of(keys, starts[k], starts[k + 1] - starts[k]), buckets);
      home[k] = b;
      perRegion[b / regionBuckets]++;
    }
    int most = 0;
    for (int lo = 0; lo < regions; lo += bandRegions) {
      int n = 0;
      for (int r = lo; r < Math.min(regions, lo + bandRegions); r++) {
        n += perRegion[r];
      }
      most = Math.max(most, n);
    }
    byte[] staged = new byte[most * rec];
    int[] at = new int[most]; // each staged record's home bucket, then where it went
    int[] cursor = new int[bandRegions];
    int touched = 0;
    for (int lo = 0; lo < regions; lo += bandRegions) {
      int hi = Math.min(regions, lo + bandRegions);
      int n = 0;
      for (int r = lo; r < hi; r++) {
        cursor[r - lo] = n;
        n += perRegion[r];
      }
      // The band's records, region by region, each region's in key order.
      for (int k = 0; k < size; k++) {
        int region = home[k] / regionBuckets;
        if (region < lo || region >= hi) {
          continue;
        }
        int slot = cursor[region - lo]++;
        at[slot] = home[k];
        int len = starts[k + 1] - starts[k];
        int s = slot * rec;
        int head = shape.expected(DirectoryHash.of(keys, starts[k], len), len);
        staged[s] = (byte) head;
        staged[s + 1] = (byte) (head >>> 8);
        staged[s + 2] = (byte) (head >>> 16);
        putInt(staged, s + 4, entries.values[k]);
        if (len <= rec - 8) {
          System.arraycopy(keys, starts[k], staged, s + 8, len);
        } else {
          putInt(staged, s + 8, recordOf[k]); // the overflow offset
          putInt(staged, s + 12, len);
        }
      }
      for (int slot = 0; slot < n; slot++) {
        if (slot % BATCH == 0) {
          // Loading the home buckets of a batch in a loop of independent steps lets the processor
          // fetch many at once, not one per insertion.
          for (int j = slot, e = Math.min(n, slot + BATCH); j < e; j++) {
            touched += table[Directory.PAD + Directory.BUCKET * at[j] + 3];
          }
        }
        int homeAt = Directory.PAD + Directory.BUCKET * at[slot];
        int bs = homeAt;
        int d = 0;
        int r = freeRecord(table, bs, rec);
        while (r < 0) {
          bs = shape.nextBucket(bs);
          d++;
          r = freeRecord(table, bs, rec);
        }
        int s = slot * rec;
        // Bytes 0-2 and 4 on: byte 3 of a bucket's first record is the bucket's hop.
        table[r] = staged[s];
        table[r + 1] = staged[s + 1];
        table[r + 2] = staged[s + 2];
        System.arraycopy(staged, s + 4, table, r + 4, rec - 4);
        at[slot] = r;
        int hop = Math.min(d, hopLimit);
        if (hop > (table[homeAt + 3] & 0xFF)) {
          table[homeAt + 3] = (byte) hop;
        }
      }
      // Where each record went, in key order: the staging pass's slots again.
      for (int r = lo; r < hi; r++) {
        cursor[r - lo] -= perRegion[r];
      }
      for (int k = 0; k < size; k++) {
        int region = home[k] / regionBuckets;
        if (region >= lo && region < hi) {
          recordOf[k] = at[cursor[region - lo]++];
        }
      }
      Arrays.fill(staged, 0, n * rec, (byte) 0); // the next band's keys may be shorter
    }
    prefetched = touched; // kept, so that the batches' loads are not left out
  }

  /** The index of the home bucket of hash {@code h} ({@link Directory#homeBucket}'s bucket). */
  private static int bucketIndex(long h, int buckets) {
    return (int) (((h >>> 32) * buckets) >>> 32);
  }

  /** The first empty record of the bucket at {@code bs}, or -1 when it is full. */
  private static int freeRecord(byte[] table, int bs, int rec) {
    for (int r = bs; r < bs + Directory.BUCKET; r += rec) {
      if (table[r] == 0) {
        return r;
      }
    }
    return -1;
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
    b[at + 2] = (byte) (v >>> 16);
    b[at + 3] = (byte) (v >>> 24);
  }
}
