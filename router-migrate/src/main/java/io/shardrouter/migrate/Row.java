package io.shardrouter.migrate;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * One row as the migration sees it: a key, its value, the routing version the write was routed
 * with, its write sequence, and the partition it was stamped with.
 *
 * <p>The pair (key, sequence) is the idempotency key. A store applies a row only when its sequence
 * is higher than the sequence of the row it holds for that key, so a retried or duplicated write
 * (same sequence) applies once and a write that arrives out of order (lower sequence) never
 * overwrites a newer one. Sequences are assigned by the writer and must grow per key (a hybrid
 * logical clock, or a per-key counter read in the same transaction, both qualify).
 *
 * <p>{@link #partition()} is the partition of the key under the table of {@link #version()} (for a
 * route that a migration answered, under the migration's source table); a store compares it with
 * its fence records (see {@link Fence#refuses(Row)}).
 *
 * <p><b>Thread-safety:</b> immutable; the arrays returned by {@link #key()} and {@link #value()}
 * are shared and must not be modified.
 *
 * <p><b>Stability:</b> evolving.
 */
public final class Row {
  private final byte[] key;
  private final byte[] value;
  private final long version;
  private final long sequence;
  private final int partition;

  private Row(byte[] key, byte[] value, long version, long sequence, int partition) {
    this.key = key;
    this.value = value;
    this.version = version;
    this.sequence = sequence;
    this.partition = partition;
  }

  /**
   * A row; the arrays are copied.
   *
   * @param key the key's canonical bytes (as {@code RoutingTable.routeCanonical} takes them)
   * @param value the value's bytes, opaque to the migration
   * @param version the routing version the write was routed with, {@code >= 0}
   * @param sequence the write sequence, {@code >= 1}, growing per key
   * @param partition the partition the write was routed to, {@code >= 0}
   * @throws IllegalArgumentException when a number is out of range
   */
  public static Row of(byte[] key, byte[] value, long version, long sequence, int partition) {
    Objects.requireNonNull(key, "row key");
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
    return new Row(key.clone(), value.clone(), version, sequence, partition);
  }

  /** The key's canonical bytes (shared; do not modify). */
  public byte[] key() {
    return key;
  }

  /** The value's bytes (shared; do not modify). */
  public byte[] value() {
    return value;
  }

  /** The routing version the write was routed with. */
  public long version() {
    return version;
  }

  /** The write sequence: with the key, the idempotency key. */
  public long sequence() {
    return sequence;
  }

  /** The partition the write was stamped with. */
  public int partition() {
    return partition;
  }

  /**
   * A 64-bit digest of key, value and sequence (not of version and partition, which describe how
   * the row was routed, not what it holds). Part checksums add these digests modulo 2^64, so they
   * do not depend on scan order; see {@link PartStats}.
   */
  public long digest() {
    long h = 0x9E3779B97F4A7C15L;
    h = mixBytes(h, key);
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

  /** True when key, value and sequence are equal (what verification compares). */
  public boolean sameContent(Row other) {
    return sequence == other.sequence
        && Arrays.equals(key, other.key)
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
