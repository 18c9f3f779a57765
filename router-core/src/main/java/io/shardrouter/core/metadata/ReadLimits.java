package io.shardrouter.core.metadata;

/**
 * How large a routing document or snapshot the reader accepts: the document's bytes, a snapshot's
 * declared content bytes, the partitions of the table, and the entries of any one JSON array or
 * object in it (a lookup directory's keys, a ring's tokens, the placement). Input over a limit is
 * refused with {@link io.shardrouter.core.InvalidRoutingTableException} naming the limit before the
 * reader builds anything that grows with it, so the memory a hostile or mistaken input costs stays
 * bounded by the limits.
 *
 * <p>The {@link #defaults()} fit a 256 MiB heap ({@code docs/format.md} §3.4 gives the measured
 * memory per partition and per entry): 64 MiB documents, 256 MiB snapshot content (the memory of
 * which follows the bytes present, not the declared length), {@value #DEFAULT_MAX_PARTITIONS}
 * partitions and {@value #DEFAULT_MAX_ENTRIES} entries per container. Whatever the limits, a
 * snapshot that declares more content than a quarter of the heap the process may have ({@code
 * Runtime.maxMemory()}; 1 MB of LZ4 can expand to 256 MiB) is refused the same way before it is
 * decompressed, naming that budget, the heap and {@code -Xmx}; below it, a snapshot's content is
 * checked while it streams and held without its whitespace, never as its whole expansion. A process
 * that serves larger tables raises the limits where it reads, and gives itself the heap (at least
 * four times the snapshot's content), for example a router with a 10-million-key directory:
 *
 * <pre>{@code
 * ReadLimits limits = ReadLimits.defaults().withMaxEntries(16_000_000);
 * RoutingTable t = RoutingDocuments.read(bytes, StrategyRegistry.defaultRegistry(), limits);
 * }</pre>
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class ReadLimits {
  /** The default largest document, in bytes: 64 MiB. */
  public static final int DEFAULT_MAX_DOCUMENT_BYTES = 64 << 20;

  /** The default largest snapshot content (uncompressed), in bytes: 256 MiB. */
  public static final int DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES = 256 << 20;

  /** The default most partitions of a table read: 2^21, about 90 MiB of loaded table. */
  public static final int DEFAULT_MAX_PARTITIONS = 1 << 21;

  /** The default most entries of one JSON array or object: 2^21. */
  public static final int DEFAULT_MAX_ENTRIES = 1 << 21;

  /** The most partitions any table has ({@code docs/routing-spec.md}): no limit goes above it. */
  public static final int PARTITIONS_CEILING = 1 << 24;

  private static final ReadLimits DEFAULTS =
      new ReadLimits(
          DEFAULT_MAX_DOCUMENT_BYTES,
          DEFAULT_MAX_SNAPSHOT_CONTENT_BYTES,
          DEFAULT_MAX_PARTITIONS,
          DEFAULT_MAX_ENTRIES);

  private final int maxDocumentBytes;
  private final int maxSnapshotContentBytes;
  private final int maxPartitions;
  private final int maxEntries;

  private ReadLimits(
      int maxDocumentBytes, int maxSnapshotContentBytes, int maxPartitions, int maxEntries) {
    this.maxDocumentBytes = maxDocumentBytes;
    this.maxSnapshotContentBytes = maxSnapshotContentBytes;
    this.maxPartitions = maxPartitions;
    this.maxEntries = maxEntries;
  }

  private static final ReadLimits LARGEST =
      new ReadLimits(Integer.MAX_VALUE, Integer.MAX_VALUE, PARTITIONS_CEILING, Integer.MAX_VALUE);

  /**
   * The largest limits there are: any partition count a table may have, and sizes bounded only by
   * Java arrays. For input the process trusts and has the heap for (a benchmark, a tool on a table
   * it wrote itself); never for input from elsewhere.
   */
  public static ReadLimits largest() {
    return LARGEST;
  }

  /** The defaults, which fit a 256 MiB heap (see the class comment). */
  public static ReadLimits defaults() {
    return DEFAULTS;
  }

  /** The largest document accepted, in bytes. */
  public int maxDocumentBytes() {
    return maxDocumentBytes;
  }

  /** The largest uncompressed content a snapshot may declare, in bytes. */
  public int maxSnapshotContentBytes() {
    return maxSnapshotContentBytes;
  }

  /** The most partitions a table read may have. */
  public int maxPartitions() {
    return maxPartitions;
  }

  /** The most entries (elements of an array, members of an object) of any one container. */
  public int maxEntries() {
    return maxEntries;
  }

  /**
   * These limits with documents of up to {@code bytes} bytes.
   *
   * @throws IllegalArgumentException when {@code bytes} is below 2 (no document is that short)
   */
  public ReadLimits withMaxDocumentBytes(int bytes) {
    return new ReadLimits(
        atLeast("maxDocumentBytes", bytes, 2), maxSnapshotContentBytes, maxPartitions, maxEntries);
  }

  /**
   * These limits with snapshots of up to {@code bytes} content bytes.
   *
   * @throws IllegalArgumentException when {@code bytes} is below 2
   */
  public ReadLimits withMaxSnapshotContentBytes(int bytes) {
    return new ReadLimits(
        maxDocumentBytes, atLeast("maxSnapshotContentBytes", bytes, 2), maxPartitions, maxEntries);
  }

  /**
   * These limits with tables of up to {@code partitions} partitions.
   *
   * @throws IllegalArgumentException when {@code partitions} is outside [1, {@value
   *     #PARTITIONS_CEILING}]
   */
  public ReadLimits withMaxPartitions(int partitions) {
    if (partitions > PARTITIONS_CEILING) {
      throw new IllegalArgumentException(
          "maxPartitions must be at most "
              + PARTITIONS_CEILING
              + " (the most partitions any table has), got "
              + partitions);
    }
    return new ReadLimits(
        maxDocumentBytes,
        maxSnapshotContentBytes,
        atLeast("maxPartitions", partitions, 1),
        maxEntries);
  }

  /**
   * These limits with containers of up to {@code entries} entries.
   *
   * @throws IllegalArgumentException when {@code entries} is below 1
   */
  public ReadLimits withMaxEntries(int entries) {
    return new ReadLimits(
        maxDocumentBytes,
        maxSnapshotContentBytes,
        maxPartitions,
        atLeast("maxEntries", entries, 1));
  }

  private static int atLeast(String name, int value, int min) {
    if (value < min) {
      throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
    }
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ReadLimits l
        && l.maxDocumentBytes == maxDocumentBytes
        && l.maxSnapshotContentBytes == maxSnapshotContentBytes
        && l.maxPartitions == maxPartitions
        && l.maxEntries == maxEntries;
  }

  @Override
  public int hashCode() {
    return ((maxDocumentBytes * 31 + maxSnapshotContentBytes) * 31 + maxPartitions) * 31
        + maxEntries;
  }

  @Override
  public String toString() {
    return "ReadLimits[maxDocumentBytes="
        + maxDocumentBytes
        + ", maxSnapshotContentBytes="
        + maxSnapshotContentBytes
        + ", maxPartitions="
        + maxPartitions
        + ", maxEntries="
        + maxEntries
        + "]";
  }
}
