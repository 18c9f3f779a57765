package io.shardrouter.migrate;

import java.util.Objects;

/**
 * A per-group fence record: writes for {@code partition} (numbered under the table of {@code
 * baseVersion}) routed with a version below {@code minVersion} are refused.
 *
 * <p>The rule, applied by every store atomically with the write (a JDBC store reads the record in
 * the write's transaction): a {@link MigrationStore.WriteOrigin#CLIENT} row {@code r} is refused
 * when {@code r.version() < minVersion} and either {@code r.partition() == partition}, or {@code
 * r.version() < baseVersion} (a version older than the migration numbers partitions another way, so
 * it is refused whatever partition it names). The writer then refreshes its routes to at least
 * {@code minVersion} and retries there, as a Redis client does on MOVED.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving; a JDBC store persists these four fields.
 */
public record Fence(int partition, long baseVersion, long minVersion, Phase phase) {
  /** Checks the numbers. */
  public Fence {
    Objects.requireNonNull(phase, "fence phase");
    if (partition < 0) {
      throw new IllegalArgumentException("fence partition must be >= 0, got " + partition);
    }
    if (baseVersion < 0 || minVersion < baseVersion) {
      throw new IllegalArgumentException(
          "fence of partition "
              + partition
              + ": need 0 <= baseVersion <= minVersion, got "
              + baseVersion
              + " and "
              + minVersion);
    }
  }

  /** True when this fence refuses a client write of {@code row}. */
  public boolean refuses(Row row) {
    return refuses(row.version(), row.partition());
  }

  /**
   * True when this fence refuses a write (or a fenced read) routed with {@code version} to {@code
   * partition}.
   */
  public boolean refuses(long version, int partition) {
    return version < minVersion && (partition == this.partition || version < baseVersion);
  }
}
