package io.shardrouter.migrate;

/**
 * Row count and order-independent checksum of a part: the sum, modulo 2^64, of {@link Row#digest()}
 * over its rows. Two stores holding the same rows give the same stats whatever order they scan in.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @param rows number of rows
 * @param checksum sum of the rows' digests
 */
public record PartStats(long rows, long checksum) {
  /** No rows. */
  public static final PartStats EMPTY = new PartStats(0, 0);

  /** These stats with one more row. */
  public PartStats plus(Row row) {
    return new PartStats(rows + 1, checksum + row.digest());
  }
}
