package io.shardrouter.lookup;

import io.shardrouter.core.BatchPartitions;
import io.shardrouter.core.DedicatedPartitions;
import io.shardrouter.core.GroupConstraint;
import io.shardrouter.core.KeyMovement;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.NestedStrategies;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.lookup.internal.Directory;
import io.shardrouter.lookup.internal.SortedKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * {@code lookup}: an explicit directory from exact keys to partitions, with a fallback strategy for
 * every key the directory does not hold (typically a hash strategy; {@code docs/lookup.md}).
 *
 * <p>A key in the directory goes to its entry's partition, or, for a second-level split, to {@code
 * first_partition + nested.partitionOf(key)}; any other key goes to {@code
 * fallback.partitionOf(key)}. With {@link MatchMode#FIRST_PART} the directory holds the first part
 * of composite keys (a tenant) and the fallback routes that first part, so a listed tenant goes to
 * its own partition (or splits by its own strategy, e.g. device buckets) and an unlisted tenant's
 * keys stay together on one hash partition.
 *
 * <p>Partition numbers: P is the fallback's partition count unless the document declares a larger
 * {@code partitions}; the partitions from the fallback's count up to P are reached only through
 * directory entries, so a new entry on a new partition leaves every other key where it was — the
 * basis of {@link #isolate}. Entries can be dedicated (nothing else reaches their partitions) and
 * pinned to labels such as {@code region}, which the routing table checks against its placement
 * ({@link GroupConstraint}).
 *
 * <p>Good for: a few to tens of millions of explicitly placed keys or tenants over a hash strategy
 * (about 44 bytes per entry for 16-byte keys, 60 for 36-byte keys, see {@link Directory}); moving
 * one key or tenant as a directory change. Not for: ranges of keys (use a range strategy) or keys
 * that change often (every change is a new routing version shipped to every router).
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable. Output for a given key and document never changes; see {@code
 * docs/routing-spec.md} §4.4.
 *
 * <p><b>Allocation:</b> none on {@code partitionOf} (a hit costs one hash and one confirmation
 * against the key bytes; a miss adds the fallback's own routing).
 *
 * @since 0.1
 */
public final class LookupStrategy
    implements PartitionStrategy,
        GroupConstraint,
        NestedStrategies,
        KeyMovement,
        DedicatedPartitions,
        BatchPartitions {
  /** The registered type name. */
  public static final String TYPE = "lookup";

  /** Parameter names of the strategy object. */
  public static final String MATCH = "match";

  public static final String PARTITIONS = "partitions";
  public static final String FALLBACK = "fallback";
  public static final String ENTRIES = "entries";

  private static final int RICH_BASE = LookupStrategyBuilder.RICH_BASE;

  private final KeyType keyType;
  private final MatchMode match;
  private final KeyType directoryType;
  private final KeyType.@Nullable Kind firstKind; // FIRST_PART only
  private final PartitionStrategy fallback;
  private final int partitions;
  private final Directory directory;
  private final LookupEntry[] rich;
  private final List<GroupConstraint.Pin> pins;
  // The entries' document text, from the builder's arrays, until the first write (the fingerprint)
  private final AtomicReference<SortedKeys> entriesText;

  LookupStrategy(
      KeyType keyType,
      MatchMode match,
      PartitionStrategy fallback,
      int partitions,
      Directory directory,
      LookupEntry[] rich,
      @Nullable SortedKeys entriesText) {
    this.keyType = keyType;
    this.match = match;
    KeyType.Kind first = match == MatchMode.FIRST_PART ? keyType.parts().get(0) : null;
    this.firstKind = first;
    this.directoryType = first != null ? KeyType.of(first) : keyType;
    this.fallback = fallback;
    this.partitions = partitions;
    this.directory = directory;
    this.rich = rich;
    this.pins = collectPins();
    this.entriesText = new AtomicReference<>(entriesText);
  }

  /** A builder for a lookup strategy over keys of {@code keyType} (the entity's key type). */
  public static LookupStrategyBuilder builder(KeyType keyType) {
    return new LookupStrategyBuilder(keyType);
  }

  /**
   * Isolates a hot key on a partition of its own, as the next routing version (what a store's
   * adaptive capacity does for a very hot key; hashing alone never splits one key off): the next
   * version of {@code table} with the key written as {@code keyText} alone on a new partition
   * served by the existing group {@code groupId}.
   *
   * <p>The result has version + 1 and a lookup strategy with one more partition, P (the old
   * partition count): the key's directory entry points to P, dedicated, and the placement puts P on
   * the given group. If the table's strategy was not a lookup yet, it becomes the lookup's
   * fallback. Every old partition keeps its keys, so {@link
   * io.shardrouter.core.MovementReport#between} lists exactly one moved key and no moved partition:
   * the caller copies that key's rows from its old partition to P, then publishes the new table
   * (the migration of {@code docs/migration.md} for one key). With a directory that matches the
   * first part of composite keys, the "key" is a first part: a whole tenant moves.
   *
   * @throws IllegalArgumentException when the key cannot be isolated (named in the message with
   *     what to do)
   */
  public static RoutingTable isolate(RoutingTable table, String keyText, String groupId) {
    return KeyIsolation.isolate(table, keyText, groupId);
  }

  /**
   * The next version of {@code table} with the key written as {@code keyText} alone on a new
   * partition served by {@code group}, appended to the groups unless the table has it already.
   */
  public static RoutingTable isolate(RoutingTable table, String keyText, ReplicaGroup group) {
    return KeyIsolation.isolate(table, keyText, group);
  }

  /**
   * The next version of {@code table} with the key whose canonical bytes are {@code key} (for a
   * first-part directory: the first part's) alone on a new partition served by {@code group}.
   *
   * @throws IllegalArgumentException when the key cannot be isolated, or the group clashes with one
   *     of the table's
   * @throws io.shardrouter.core.InvalidRoutingTableException when the new table breaks a rule, e.g.
   *     a region pin
   */
  public static RoutingTable isolate(RoutingTable table, byte[] key, ReplicaGroup group) {
    return KeyIsolation.isolate(table, key, group);
  }

  /**
   * This strategy with the key whose canonical bytes are {@code key} (for a first-part directory:
   * the first part's) alone on new partition P, {@link #partitionCount()}: its entry points to P,
   * dedicated, and keeps its pin. The strategy of {@link #isolate}'s next table.
   *
   * @throws IllegalArgumentException when the key is split over partitions by its entry, is alone
   *     on its dedicated partition already, or the strategy has the most partitions a table can
   *     have
   */
  @Override
  public LookupStrategy withDedicatedPartition(byte[] key) {
    return KeyIsolation.dedicate(this, key);
  }

  /** True for {@link MatchMode#KEY}; a first-part directory dedicates partitions to first parts. */
  @Override
  public boolean dedicatesWholeKeys() {
    return match == MatchMode.KEY;
  }

  /** A builder holding this strategy's content, to make its next version. */
  public LookupStrategyBuilder toBuilder() {
    return toBuilder(null);
  }

  /**
   * A builder holding this strategy's content but the entry of {@code except} (canonical bytes of a
   * directory key).
   */
  LookupStrategyBuilder toBuilder(byte @Nullable [] except) {
    LookupStrategyBuilder b = builder(keyType).match(match).fallback(fallback);
    if (partitions != fallback.partitionCount()) {
      b.partitions(partitions);
    }
    return b.entriesOf(this, except);
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public KeyType keyType() {
    return keyType;
  }

  @Override
  public int partitionCount() {
    return partitions;
  }

  public MatchMode match() {
    return match;
  }

  /**
   * The key type of the directory's keys: the entity's, or the first part's with {@link
   * MatchMode#FIRST_PART}.
   */
  public KeyType directoryKeyType() {
    return directoryType;
  }

  /** The strategy for keys not in the directory. */
  public PartitionStrategy fallback() {
    return fallback;
  }

  /**
   * The directory: key (canonical bytes) → partition, or an encoded reference to an entry with
   * options.
   */
  Directory directory() {
    return directory;
  }

  /**
   * The memory the directory holds, in bytes: its hash table, its overflow of long keys and its key
   * order (about 44 bytes per entry for 16-byte keys; docs/lookup.md §4).
   */
  public long directoryBytes() {
    return directory.memoryBytes();
  }

  /** The number of directory entries. */
  public int size() {
    return directory.size();
  }

  /**
   * The entry of the key whose canonical bytes (in the directory's key type) are {@code key}; null
   * when it is not listed.
   */
  public @Nullable LookupEntry entryOf(byte[] key) {
    int v = directory.get(key, 0, key.length);
    return v == Directory.MISS
        ? null
        : v < RICH_BASE ? LookupEntry.partition(v) : rich[v - RICH_BASE];
  }

  LookupEntry richEntry(int value) {
    return rich[value - RICH_BASE];
  }

  // ---- routing

  @Override
  public int partitionOf(byte[] canonical, int offset, int length) {
    int v;
    if (firstKind == null) {
      v = directory.get(canonical, offset, length);
      if (v == Directory.MISS) {
        return fallback.partitionOf(canonical, offset, length);
      }
    } else {
      long part = KeyTexts.firstPart(firstKind, keyType, canonical, offset, length);
      int start = (int) (part >>> 32);
      int n = (int) part;
      v = directory.get(canonical, start, n);
      if (v == Directory.MISS) {
        return fallback.partitionOf(canonical, start, n);
      }
    }
    return partitionOfValue(v, canonical, offset, length);
  }

  /** The partition of a key whose directory value is {@code v} (not a miss). */
  private int partitionOfValue(int v, byte[] canonical, int offset, int length) {
    if (v < RICH_BASE) {
      return v;
    }
    LookupEntry e = rich[v - RICH_BASE];
    return e.strategy() == null
        ? e.partition()
        : e.firstPartition() + e.strategy().partitionOf(canonical, offset, length);
  }

  @Override
  public int partitionOfLong(long value) {
    if (firstKind != null) {
      return PartitionStrategy.super.partitionOfLong(value);
    }
    return partitionOfLongValue(directory.get(value), value);
  }

  /** The partition of a {@code long} key whose directory value is {@code v}. */
  private int partitionOfLongValue(int v, long value) {
    if (v == Directory.MISS) {
      return fallback.partitionOfLong(value);
    }
    return v < RICH_BASE
        ? v
        : rich[v - RICH_BASE].partition(); // whole-key entries are never splits
  }

  // ---- batches (BatchPartitions): prepare hashes, load reads the directory's home bucket, so a
  // group's misses overlap; a first-part directory is routed key by key (its key is found in
  // finish)

  @Override
  public long prepare(byte[] canonical, int offset, int length) {
    return firstKind == null ? directory.prepare(canonical, offset, length) : 0;
  }

  @Override
  public long load(long token) {
    return firstKind == null ? directory.load(token) : token;
  }

  @Override
  public int finish(byte[] canonical, int offset, int length, long token) {
    if (firstKind != null) {
      return partitionOf(canonical, offset, length);
    }
    int v = directory.finish(canonical, offset, length, token);
    return v == Directory.MISS
        ? fallback.partitionOf(canonical, offset, length)
        : partitionOfValue(v, canonical, offset, length);
  }

  @Override
  public long prepareLong(long value) {
    return firstKind == null ? directory.prepare(value) : 0;
  }

  @Override
  public int finishLong(long value, long token) {
    return firstKind == null
        ? partitionOfLongValue(directory.finish(value, token), value)
        : partitionOfLong(value);
  }

  /**
   * The share of keys on {@code partition}, for movement reports: the fallback's share for its own
   * partitions (entries are a negligible share of a large key space), 0 for partitions only entries
   * reach.
   */
  @Override
  public double shareOf(int partition) {
    return partition < fallback.partitionCount() ? fallback.shareOf(partition) : 0.0;
  }

  // ---- tools: explain, pins, movement

  @Override
  public String explain(byte[] canonical, int offset, int length) {
    return LookupExplainer.explain(this, canonical, offset, length);
  }

  @Override
  public List<GroupConstraint.Pin> placementPins() {
    return pins;
  }

  @Override
  public @Nullable List<MovementReport.KeyMove> keyMovesFrom(PartitionStrategy previous) {
    return LookupMoves.between(previous, this);
  }

  /** The fallback, then the strategy of every split entry, with their paths in the document. */
  @Override
  public List<Child> children() {
    List<Child> out = new ArrayList<>();
    out.add(new Child(FALLBACK, fallback));
    if (rich.length == 0) {
      return List.copyOf(out);
    }
    for (int r = 0; r < directory.arena().length; r = directory.nextRecord(r)) {
      int v = directory.value(r);
      PartitionStrategy nested = v >= RICH_BASE ? rich[v - RICH_BASE].strategy() : null;
      if (nested != null) {
        String entry =
            KeyTexts.entryPath(
                keyText(directory.arena(), directory.keyOffset(r), directory.keyLength(r)));
        out.add(new Child(entry + ".strategy", nested));
      }
    }
    return List.copyOf(out);
  }

  private List<GroupConstraint.Pin> collectPins() {
    List<GroupConstraint.Pin> out = new ArrayList<>();
    if (fallback instanceof GroupConstraint pc) {
      out.addAll(pc.placementPins());
    }
    if (rich.length == 0) {
      return List.copyOf(out);
    }
    for (int r = 0; r < directory.arena().length; r = directory.nextRecord(r)) {
      int v = directory.value(r);
      if (v < RICH_BASE) {
        continue;
      }
      LookupEntry e = rich[v - RICH_BASE];
      String path =
          "strategy."
              + KeyTexts.entryPath(
                  keyText(directory.arena(), directory.keyOffset(r), directory.keyLength(r)));
      if (!e.pin().isEmpty()) {
        out.add(
            new GroupConstraint.Pin(
                ownerOf(directory.arena(), directory.keyOffset(r), directory.keyLength(r)),
                path + ".pin",
                e.firstPartition(),
                e.partitionCount(),
                e.pin()));
      }
      if (e.strategy() instanceof GroupConstraint pc) {
        for (GroupConstraint.Pin p : pc.placementPins()) {
          out.add(
              new GroupConstraint.Pin(
                  p.owner(),
                  path + ".strategy" + p.path().substring("strategy".length()),
                  e.firstPartition() + p.firstPartition(),
                  p.partitionCount(),
                  p.labels()));
        }
      }
    }
    return List.copyOf(out);
  }

  /** The text of a directory key, as the document writes it. */
  String keyText(byte[] b, int off, int len) {
    return KeyTexts.format(directoryType, b, off, len);
  }

  /** How messages name a directory key: {@code key 'hot-1'} or {@code tenant 'acme'}. */
  String ownerOf(byte[] b, int off, int len) {
    return (firstKind == null ? "key '" : "tenant '")
        + KeyTexts.shown(directoryType, b, off, len)
        + "'";
  }

  // ---- the document form

  /**
   * The strategy object: {@code type}, {@code match}, {@code partitions}, {@code fallback}, then
   * {@code entries} in the directory's key order, each a partition number or an entry object. The
   * entries are read from the directory while they are walked, not copied: a document of a
   * directory of millions of keys is written one entry at a time, and looking one up walks them.
   */
  @Override
  public Spec toSpec() {
    return Spec.object()
        .put("type", TYPE)
        .put(MATCH, match.documentName())
        .put(PARTITIONS, partitions)
        .put(FALLBACK, fallback.toSpec())
        .put(ENTRIES, Spec.viewOf(new DirectoryEntries(this, directory, rich, entriesText)))
        .build();
  }

  /** Equal when the documents are equal: key type, match, partitions, fallback and every entry. */
  @Override
  public boolean equals(Object o) {
    return o instanceof LookupStrategy s
        && s.partitions == partitions
        && s.match == match
        && s.keyType.equals(keyType)
        && s.fallback.equals(fallback)
        && s.directory.equals(directory)
        && Arrays.equals(s.rich, rich);
  }

  @Override
  public int hashCode() {
    return Objects.hash(keyType, match, partitions, fallback, directory, Arrays.hashCode(rich));
  }

  /** The strategy object when the directory is small; else a summary. */
  @Override
  public String toString() {
    if (directory.size() <= 32) {
      return toSpec().toString();
    }
    return "{\"type\":\"lookup\",\"match\":\""
        + match.documentName()
        + "\",\"partitions\":"
        + partitions
        + ",\"fallback\":"
        + fallback
        + ",\"entries\":("
        + directory.size()
        + " entries)}";
  }

  /**
   * What a {@link LookupStrategy}'s directory matches: the whole key, or the first part of a
   * composite key (a tenant), so that every key of a listed tenant follows its entry and an
   * unlisted tenant's keys stay together on the fallback's partition for the tenant.
   *
   * <p><b>Stability:</b> stable: the names are part of the routing document format.
   *
   * @since 0.1
   */
  public enum MatchMode {
    /** The directory holds whole keys; the fallback routes the whole key. */
    KEY,
    /**
     * The directory holds the first part of a composite key (e.g. the tenant of {@code (tenant,
     * device)}); the fallback routes that first part alone, and an entry's own nested strategy
     * routes the whole key.
     */
    FIRST_PART;

    /** The name in a routing document: {@code key} or {@code first_part}. */
    public String documentName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named {@code name} in a document, or null. */
    public static @Nullable MatchMode fromDocumentName(String name) {
      for (MatchMode m : values()) {
        if (m.documentName().equals(name)) {
          return m;
        }
      }
      return null;
    }
  }
}
