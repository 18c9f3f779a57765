package io.shardrouter.migrate;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

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
 *       change between the check and the write, and the check may not read fences older than the
 *       write's transaction commits over (a JDBC store locks a lock record shared in the write's
 *       transaction and reads the fence rows; {@link #setFence} updates that record, so a
 *       transaction whose snapshot predates the change cannot pass the check at any isolation
 *       level). If any row is refused, nothing of the batch is applied and the result names the
 *       fence.
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

  /**
   * A store in memory for the replica group {@code groupId}: the rows in a sorted map and the fence
   * records, under the apply rule above, safe for concurrent use. Like the JDBC store, it scans a
   * part through the rows stamped with its source partition, and {@link #restamp}s. For tests,
   * examples and the simulation; a service's data lives in its database ({@code
   * io.shardrouter.jdbc.JdbcMigrationStore}).
   */
  static MigrationStore inMemory(String groupId) {
    return new InMemoryStore(groupId);
  }

  /** The id of the replica group this store serves. */
  String groupId();

  /**
   * Rows of {@code part} after {@code cursor}, in store order.
   *
   * <p>A store may examine only the rows stamped with the part's {@link Part#sourcePartition()} (an
   * index on the stored partition, as the JDBC store keeps), since every row's stamp is its
   * partition under the table in service (see {@link #restamp}); it must still test each row with
   * {@link Part#contains}.
   *
   * @param part which rows
   * @param cursor the {@link ScanPage#cursor()} of the previous page, or null to start
   * @param limit examine at most this many rows ({@code >= 1}); a page may hold fewer rows when the
   *     part's filter rejects some
   * @return the page; {@link ScanPage#done()} when nothing of the store follows the cursor
   */
  ScanPage scan(Part part, byte @Nullable [] cursor, int limit);

  /**
   * Applies rows under the apply rule above.
   *
   * @param rows the batch (any keys of this group, any order)
   * @param origin whether fences apply
   * @return what was applied, or the refusing fence
   */
  ApplyResult apply(List<Row> rows, WriteOrigin origin);

  /**
   * A client's read of one key: every row of {@code key} (each id, in id order), checked against
   * the group's fence records <em>atomically with the read</em>, as {@link #apply} checks a client
   * write. When a fence refuses a read routed with {@code (version, partition)} ({@link
   * Fence#refuses(long, int)}), no row is returned and the result names the fence: the reader's
   * routes are stale, so it refreshes them to at least the fence's {@code minVersion} and reads
   * there. No fence may change between the check and the read (a JDBC store reads the fence rows
   * and the key's rows in one transaction, under the shared lock a write takes); a check in one
   * call and a read in another would let a reader on an old version read a group that has stopped
   * receiving the key's writes (docs/migration.md, §3).
   *
   * @param version the routing version the read was routed with ({@link ReadRoute#version()})
   * @param partition the partition it was routed to ({@link ReadRoute#partition()})
   * @param key the routing key's canonical bytes
   * @return the rows, or the refusing fence
   */
  ReadResult read(long version, int partition, byte[] key);

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
  default @Nullable Row get(byte[] key) {
    return get(key, new byte[0]);
  }

  /**
   * The row stored under (key, id), or null.
   *
   * @param key canonical key
   * @param id the row's id
   * @return the row, or null when there is none
   */
  default @Nullable Row get(byte[] key, byte[] id) {
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
  default @Nullable Fence fence(int partition) {
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
  default ScanPage delete(
      Part part, byte @Nullable [] cursor, int limit, @Nullable ArchiveSink archive) {
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

  /**
   * Restamps one page of the group's rows: every row examined whose routing version is below {@code
   * belowVersion} gets {@code numbering}'s partition of its key as its stored partition ({@link
   * Row#partition()}); version, sequence and value stay. Rows in store order (key, then id), the
   * whole group, resumable and idempotent like {@link #scan}: a row already stamped with its
   * partition is left alone, so a second pass changes nothing.
   *
   * <p>Why: a store that finds a part's rows through an index on the stored partition (as {@code
   * io.shardrouter.jdbc.JdbcMigrationStore} does) is exact only while every row's stamp is its
   * partition under the table in service. A strategy change renumbers partitions at {@link
   * Phase#DONE}: the coordinator then fences every group of the new table against every version
   * below {@code DONE}'s and restamps the rows written before it ({@code docs/migration.md}, "Scans
   * by partition"). A concurrent client write of a version at or above {@code belowVersion} already
   * carries the new numbering and is not overwritten.
   *
   * <p>The default does nothing and reports the pass done: a store that does not narrow scans by
   * the stored partition needs nothing. The in-memory store ({@link #inMemory}) and the JDBC store
   * narrow, and restamp.
   *
   * @param numbering the partition of a key under the new table
   * @param belowVersion rows routed with a version below this one are restamped
   * @param cursor the previous page's cursor, or null to start
   * @param limit examine at most this many rows ({@code >= 1})
   * @return the rows restamped, as now stored, and where to continue; {@link ScanPage#done()} when
   *     nothing of the store follows the cursor
   */
  default ScanPage restamp(
      Numbering numbering, long belowVersion, byte @Nullable [] cursor, int limit) {
    return new ScanPage(List.of(), cursor, true);
  }

  /**
   * How a routing table numbers partitions: the partition of a key's canonical bytes (for a table
   * {@code t}, {@code k -> t.routeCanonical(k).partition()}), for {@link #restamp}.
   *
   * <p><b>Thread-safety:</b> implementations must be pure and safe to share.
   *
   * <p><b>Stability:</b> evolving.
   */
  @FunctionalInterface
  interface Numbering {
    /**
     * The partition of a key.
     *
     * @param canonicalKey the key's canonical bytes
     * @return its partition, {@code >= 0}
     */
    int partitionOf(byte[] canonicalKey);
  }

  /**
   * What a store did with a batch: rows applied, rows that were already there (same sequence), rows
   * superseded by a newer row (lower sequence), or, when a fence refused any row, nothing at all
   * and the refusing fence.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param applied rows written
   * @param duplicates rows whose key already held the same sequence
   * @param superseded rows whose key already held a higher sequence
   * @param refusedBy the fence that refused the batch, or null when it was not refused
   */
  record ApplyResult(int applied, int duplicates, int superseded, @Nullable Fence refusedBy) {
    /** A refusal: nothing of the batch was applied. */
    public static ApplyResult refused(Fence fence) {
      return new ApplyResult(0, 0, 0, fence);
    }

    /** True when a fence refused the batch. */
    public boolean refused() {
      return refusedBy != null;
    }
  }

  /**
   * What a fenced {@link #read} found: the key's rows in id order, or, when a fence refused the
   * read, no rows and the refusing fence.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param rows the key's rows (empty when it has none, or when refused)
   * @param refusedBy the fence that refused the read, or null when it was not refused
   */
  record ReadResult(List<Row> rows, @Nullable Fence refusedBy) {
    /**
     * Copies the row list. (A canonical constructor, not a compact one: javac records a compact
     * constructor's parameter annotations as field annotations, so other modules would not see that
     * {@code refusedBy} may be null.)
     */
    public ReadResult(List<Row> rows, @Nullable Fence refusedBy) {
      this.rows = List.copyOf(rows);
      this.refusedBy = refusedBy;
      if (refusedBy != null && !this.rows.isEmpty()) {
        throw new IllegalArgumentException("a refused read returns no rows");
      }
    }

    /** A refusal: no rows. */
    public static ReadResult refused(Fence fence) {
      return new ReadResult(List.of(), Objects.requireNonNull(fence, "fence"));
    }

    /** True when a fence refused the read. */
    public boolean refused() {
      return refusedBy != null;
    }

    /** The row with {@code id}, or null. */
    public @Nullable Row row(byte[] id) {
      for (Row r : rows) {
        if (Arrays.equals(r.id(), id)) {
          return r;
        }
      }
      return null;
    }
  }

  /**
   * One page of a part's rows in store order (key, then id), and where the next page starts.
   *
   * <p>Keys and ids compare as unsigned bytes, lexicographically. {@code cursor} names the last row
   * the store examined (which may be a row the part's filter rejected); passing it back resumes
   * after it. A store may choose its cursor's bytes, but {@link #cursorOf(byte[], byte[])} gives
   * every store a form that names a (key, id) pair, sorts as the pairs do, and survives a restart
   * of the store and of the coordinator: the key with each 0x00 written as 0x00 0xFF, then 0x00
   * 0x01, then the id.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param rows rows of the part, in store order
   * @param cursor where the next page starts, or null when nothing was examined
   * @param done true when the part has no row after {@code cursor}
   */
  record ScanPage(List<Row> rows, byte @Nullable [] cursor, boolean done) {
    /**
     * Copies the row list and the cursor. (A canonical constructor, not a compact one: javac
     * records a compact constructor's parameter annotations as field annotations, so other modules
     * would not see that {@code cursor} may be null.)
     */
    public ScanPage(List<Row> rows, byte @Nullable [] cursor, boolean done) {
      this.rows = List.copyOf(rows);
      this.cursor = cursor == null ? null : cursor.clone();
      this.done = done;
    }

    /**
     * The cursor after the row (key, id): unsigned byte order of cursors is the store order of the
     * pairs, and every cursor of one key starts with {@link #keyPrefix(byte[])} of it.
     *
     * @param key a row's key
     * @param id the row's id (empty for the only row of a key)
     * @return the cursor
     */
    public static byte[] cursorOf(byte[] key, byte[] id) {
      byte[] prefix = keyPrefix(key);
      byte[] out = Arrays.copyOf(prefix, prefix.length + id.length);
      System.arraycopy(id, 0, out, prefix.length, id.length);
      return out;
    }

    /**
     * The bytes every cursor of {@code key} starts with (the escaped key and its terminator).
     *
     * @param key a row's key
     * @return the prefix
     */
    public static byte[] keyPrefix(byte[] key) {
      ByteArrayOutputStream b = new ByteArrayOutputStream(key.length + 4);
      for (byte x : key) {
        b.write(x);
        if (x == 0) {
          b.write(0xFF);
        }
      }
      b.write(0);
      b.write(1);
      return b.toByteArray();
    }

    /**
     * The key of a cursor made by {@link #cursorOf}.
     *
     * @param cursor the cursor
     * @return the key
     * @throws IllegalArgumentException when the bytes are not such a cursor
     */
    public static byte[] cursorKey(byte[] cursor) {
      ByteArrayOutputStream b = new ByteArrayOutputStream(cursor.length);
      for (int i = 0; i < cursor.length; i++) {
        if (cursor[i] != 0) {
          b.write(cursor[i]);
          continue;
        }
        int next = i + 1 < cursor.length ? cursor[i + 1] & 0xFF : -1;
        if (next == 0xFF) {
          b.write(0);
          i++;
        } else if (next == 1) {
          return b.toByteArray();
        } else {
          break;
        }
      }
      throw new IllegalArgumentException(
          "scan cursor of "
              + cursor.length
              + " bytes is not a (key, id) cursor: a 0x00 byte must be followed by 0xFF (inside the"
              + " key) or 0x01 (its end); pass back the cursor a scan returned");
    }

    /**
     * The id of a cursor made by {@link #cursorOf}.
     *
     * @param cursor the cursor
     * @return the id (empty for the only row of a key)
     * @throws IllegalArgumentException when the bytes are not such a cursor
     */
    public static byte[] cursorId(byte[] cursor) {
      int keyBytes = keyPrefix(cursorKey(cursor)).length;
      return Arrays.copyOfRange(cursor, keyBytes, cursor.length);
    }
  }

  /**
   * Row count and order-independent checksum of a part: the sum, modulo 2^64, of {@link
   * Row#digest()} over its rows. Two stores holding the same rows give the same stats whatever
   * order they scan in.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @param rows number of rows
   * @param checksum sum of the rows' digests
   */
  record PartStats(long rows, long checksum) {
    /** No rows. */
    public static final PartStats EMPTY = new PartStats(0, 0);

    /** These stats with one more row. */
    public PartStats plus(Row row) {
      return new PartStats(rows + 1, checksum + row.digest());
    }
  }

  /**
   * Who writes a batch: a client (checked against the fence) or the migration itself (copy,
   * catch-up, repair and mirror-back: rows keep their original version and sequence and pass the
   * fence, but still obey the sequence rule, so they never overwrite a newer row).
   *
   * <p><b>Stability:</b> evolving.
   */
  enum WriteOrigin {
    /** A service's write, routed with {@link Row#version()}. */
    CLIENT,
    /** The coordinator's copy of a row from another group. */
    MIGRATION
  }
}
