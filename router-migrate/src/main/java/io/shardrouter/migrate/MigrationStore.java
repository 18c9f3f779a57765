package io.shardrouter.migrate;

import java.util.Arrays;
import java.util.List;

/**
 * What a migration needs from the data store of one replica group: scan a part, apply rows
 * idempotently under a fence, count and checksum a part, fetch rows by key, keep fence records, and
 * delete a part. One instance serves one group; the coordinator is given one per group id.
 *
 * <p><b>Rows</b> are identified by (key, id): the key is the canonical bytes a {@code RoutingTable}
 * routes, the id tells apart the rows of one key (empty when a key has one row); see {@link Row}.
 * Store order is by key, then id, both as unsigned bytes, lexicographically.
 *
 * <p><b>The apply rule</b>, which every implementation must follow exactly (the simulation checks
 * the in-memory one against it):
 *
 * <ol>
 *   <li>For a {@link WriteOrigin#CLIENT} batch, every row is checked against the group's fence
 *       records ({@link Fence#refuses(Row)}) <em>atomically with the write</em>: no fence may
 *       change between the check and the write (a JDBC store reads the fence rows with a shared
 *       lock in the write's transaction; {@link #setFence} takes an exclusive one). If any row is
 *       refused, nothing of the batch is applied and the result names the fence.
 *   <li>Each row is then applied only if its sequence is higher than the sequence of the row stored
 *       under its (key, id) (absent = 0): equal counts as a duplicate, lower as superseded. So
 *       retries, duplicates and reordered deliveries apply once, and the newest write wins.
 * </ol>
 *
 * <p><b>Thread-safety:</b> implementations must be safe for concurrent use by writers, readers and
 * the coordinator.
 *
 * <p><b>Stability:</b> evolving. Changes to this interface are additive (new default methods).
 */
public interface MigrationStore {

  /** The id of the replica group this store serves. */
  String groupId();

  /**
   * Rows of {@code part} after {@code cursor}, in store order.
   *
   * @param part which rows
   * @param cursor the {@link ScanPage#cursor()} of the previous page, or null to start
   * @param limit examine at most this many rows ({@code >= 1}); a page may hold fewer rows when the
   *     part's filter rejects some
   * @return the page; {@link ScanPage#done()} when nothing of the store follows the cursor
   */
  ScanPage scan(Part part, byte[] cursor, int limit);

  /**
   * Applies rows under the apply rule above.
   *
   * @param rows the batch (any keys of this group, any order)
   * @param origin whether fences apply
   * @return what was applied, or the refusing fence
   */
  ApplyResult apply(List<Row> rows, WriteOrigin origin);

  /**
   * The rows stored under the given keys (every id of each), in the order asked and then by id;
   * keys without a row are skipped.
   *
   * @param keys canonical keys
   * @return the rows found
   */
  List<Row> fetch(List<byte[]> keys);

  /**
   * The row stored under one key with the empty id (a table with one row per key), or null.
   *
   * @param key canonical key
   * @return the row, or null when there is none
   */
  default Row get(byte[] key) {
    return get(key, new byte[0]);
  }

  /**
   * The row stored under (key, id), or null.
   *
   * @param key canonical key
   * @param id the row's id
   * @return the row, or null when there is none
   */
  default Row get(byte[] key, byte[] id) {
    for (Row r : fetch(List.of(key))) {
      if (Arrays.equals(r.id(), id)) {
        return r;
      }
    }
    return null;
  }

  /**
   * Row count and checksum of a part. The default scans the whole part; a store may answer from an
   * index, as long as the result equals the scan's.
   *
   * @param part which rows
   * @return count and checksum
   */
  default PartStats stats(Part part) {
    PartStats stats = PartStats.EMPTY;
    byte[] cursor = null;
    while (true) {
      ScanPage page = scan(part, cursor, 1024);
      for (Row r : page.rows()) {
        stats = stats.plus(r);
      }
      if (page.done()) {
        return stats;
      }
      cursor = page.cursor();
    }
  }

  /**
   * Creates or replaces the fence record of {@code fence.partition()}. Must be atomic with respect
   * to {@link #apply}: once this returns, no client write the fence refuses can still be applied.
   *
   * @param fence the record
   */
  void setFence(Fence fence);

  /**
   * Removes the fence record of a partition (nothing when there is none).
   *
   * @param partition the fence's partition
   */
  void clearFence(int partition);

  /**
   * The group's fence records, in partition order.
   *
   * @return the records
   */
  List<Fence> fences();

  /**
   * The fence record of one partition, or null.
   *
   * @param partition the partition
   * @return the record or null
   */
  default Fence fence(int partition) {
    for (Fence f : fences()) {
      if (f.partition() == partition) {
        return f;
      }
    }
    return null;
  }

  /**
   * Deletes one page of a part's rows, after handing them to {@code archive} when it is not null.
   * Resumable like {@link #scan}; deleting an already deleted page deletes nothing.
   *
   * @param part which rows
   * @param cursor the previous page's cursor, or null to start
   * @param limit examine at most this many rows
   * @param archive receives the page's rows before they are deleted, or null
   * @return the rows deleted and where to continue
   */
  default ScanPage delete(Part part, byte[] cursor, int limit, ArchiveSink archive) {
    ScanPage page = scan(part, cursor, limit);
    if (!page.rows().isEmpty()) {
      if (archive != null) {
        archive.archive(page.rows());
      }
      deleteRows(page.rows());
    }
    return page;
  }

  /**
   * Deletes the stored rows with the (key, id) of the given rows, whatever their sequence (used by
   * {@link #delete}; not fenced).
   *
   * @param rows the rows to delete
   */
  void deleteRows(List<Row> rows);
}
