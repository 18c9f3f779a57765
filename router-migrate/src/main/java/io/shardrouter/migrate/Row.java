package io.shardrouter.migrate;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * One row as the migration sees it: a routing key, a row id, its value, the routing version the
 * write was routed with, its write sequence, and the partition it was stamped with.
 *
 * <p><b>Key and id.</b> The key is what the routing table routes (all rows of a key live on one
 * group and move together); the id tells apart the rows of one key (an order id beside the user id
 * that routes it). A table with one row per key uses the empty id. A store holds at most one row
 * per (key, id) and orders rows by key, then id, both as unsigned bytes.
 *
 * <p>The triple (key, id, sequence) is the idempotency key. A store applies a row only when its
 * sequence is higher than the sequence of the row it holds for that (key, id), so a retried or
 * duplicated write (same sequence) applies once and a write that arrives out of order (lower
 * sequence) never overwrites a newer one. Sequences are assigned by the writer and must grow per
 * (key, id) (a hybrid logical clock, or a per-row counter read in the same transaction, both
 * qualify).
 *
 * <p>{@link #partition()} is the partition of the key under the table of {@link #version()} (for a
 * route that a migration answered, under the migration's source table); a store compares it with
 * its fence records (see {@link Fence#refuses(Row)}).
 *
 * <p><b>Thread-safety:</b> immutable; the arrays returned by {@link #key()}, {@link #id()} and
 * {@link #value()} are shared and must not be modified.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class Row {
  private static final byte[] NO_ID = new byte[0];

  private final byte[] key;
  private final byte[] id;
  private final byte[] value;
  private final long version;
  private final long sequence;
  private final int partition;

  private Row(byte[] key, byte[] id, byte[] value, long version, long sequence, int partition) {
    this.key = key;
    this.id = id;
    this.value = value;
    this.version = version;
    this.sequence = sequence;
    this.partition = partition;
  }

  /**
   * The row of a table with one row per key (its id is empty); the arrays are copied.
   *
   * @param key the key's canonical bytes (as {@code RoutingTable.routeCanonical} takes them)
   * @param value the value's bytes, opaque to the migration
   * @param version the routing version the write was routed with, {@code >= 0}
   * @param sequence the write sequence, {@code >= 1}, growing per key
   * @param partition the partition the write was routed to, {@code >= 0}
   * @throws IllegalArgumentException when a number is out of range
   */
  public static Row of(byte[] key, byte[] value, long version, long sequence, int partition) {
    return of(key, NO_ID, value, version, sequence, partition);
  }

  /**
   * A row of a table with many rows per key; the arrays are copied.
   *
   * @param key the routing key's canonical bytes (as {@code RoutingTable.routeCanonical} takes
   *     them)
   * @param id the row's id among the rows of its key (empty for the only row of a key)
   * @param value the value's bytes, opaque to the migration
   * @param version the routing version the write was routed with, {@code >= 0}
   * @param sequence the write sequence, {@code >= 1}, growing per (key, id)
   * @param partition the partition the write was routed to, {@code >= 0}
   * @throws IllegalArgumentException when a number is out of range
   */
  public static Row of(
      byte[] key, byte[] id, byte[] value, long version, long sequence, int partition) {
    Objects.requireNonNull(key, "row key");
    Objects.requireNonNull(id, "row id (use an empty array for the only row of a key)");
    Objects.requireNonNull(value, "row value");
    if (version < 0) {
      throw new IllegalArgumentException("row version must be >= 0, got " + version);
    }
    if (sequence < 1) {
      throw new IllegalArgumentException(
          "row sequence must be >= 1 (0 means 'no row' to a store), got " + sequence);
    }
    if (partition < 0) {
      throw new IllegalArgumentException("row partition must be >= 0, got " + partition);
    }
    return new Row(
        key.clone(),
        id.length == 0 ? NO_ID : id.clone(),
        value.clone(),
        version,
        sequence,
        partition);
  }

  /** The key's canonical bytes (shared; do not modify). */
  public byte[] key() {
    return key;
  }

  /** The row's id among the rows of its key; empty for the only row of a key (shared). */
  public byte[] id() {
    return id;
  }

  /**
   * Store order: by key, then by id, both as unsigned bytes.
   *
   * @param a a row
   * @param b another row
   * @return negative, zero or positive as {@code a} sorts before, with or after {@code b}
   */
  public static int compareStoreOrder(Row a, Row b) {
    int c = Arrays.compareUnsigned(a.key, b.key);
    return c != 0 ? c : Arrays.compareUnsigned(a.id, b.id);
  }

  /** The value's bytes (shared; do not modify). */
  public byte[] value() {
    return value;
  }

  /** The routing version the write was routed with. */
  public long version() {
    return version;
  }

  /** The write sequence: with the key and the id, the idempotency key. */
  public long sequence() {
    return sequence;
  }

  /** The partition the write was stamped with. */
  public int partition() {
    return partition;
  }

  /**
   * A 64-bit digest of key, id, value and sequence (not of version and partition, which describe
   * how the row was routed, not what it holds). Part checksums add these digests modulo 2^64, so
   * they do not depend on scan order; see {@link MigrationStore.PartStats}. A row with the empty id
   * has the digest it had before rows had ids.
   */
  public long digest() {
    long h = 0x9E3779B97F4A7C15L;
    h = mixBytes(h, key);
    if (id.length > 0) {
      h = mixBytes(mix(h ^ 0xFEL), id);
    }
    h = mix(h ^ 0xFFL);
    h = mixBytes(h, value);
    h = mix(h ^ sequence);
    return mix(h);
  }

  private static long mixBytes(long h, byte[] bytes) {
    long x = h ^ bytes.length;
    for (byte b : bytes) {
      x = (x ^ (b & 0xFF)) * 0x100000001B3L;
    }
    return mix(x);
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** True when key, id, value and sequence are equal (what verification compares). */
  public boolean sameContent(Row other) {
    return sequence == other.sequence
        && Arrays.equals(key, other.key)
        && Arrays.equals(id, other.id)
        && Arrays.equals(value, other.value);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Row r && sameContent(r) && version == r.version && partition == r.partition;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(digest());
  }

  @Override
  public String toString() {
    return "Row{key="
        + new String(key, StandardCharsets.UTF_8)
        + (id.length == 0 ? "" : ", id=" + new String(id, StandardCharsets.UTF_8))
        + ", seq="
        + sequence
        + ", v"
        + version
        + ", p"
        + partition
        + ", "
        + value.length
        + " B}";
  }
}
