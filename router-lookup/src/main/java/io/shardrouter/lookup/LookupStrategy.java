package io.shardrouter.lookup;

import io.shardrouter.core.GroupConstraint;
import io.shardrouter.core.KeyMovement;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.MovementReport;
import io.shardrouter.core.NestedStrategies;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.internal.SpecViews;
import io.shardrouter.lookup.internal.Directory;
import io.shardrouter.lookup.internal.DirectoryBuilder;
import io.shardrouter.lookup.internal.SortedKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

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
    implements PartitionStrategy, GroupConstraint, NestedStrategies, KeyMovement {
  /** The registered type name. */
  public static final String TYPE = "lookup";

  /** Parameter names of the strategy object. */
  public static final String MATCH = "match";

  public static final String PARTITIONS = "partitions";
  public static final String FALLBACK = "fallback";
  public static final String ENTRIES = "entries";

  private static final int RICH_BASE = Builder.RICH_BASE;

  private final KeyType keyType;
  private final MatchMode match;
  private final KeyType directoryType;
  private final KeyType.Kind firstKind; // FIRST_PART only
  private final PartitionStrategy fallback;
  private final int partitions;
  private final Directory directory;
  private final Entry[] rich;
  private final List<GroupConstraint.Pin> pins;
  // The entries' document text, from the builder's arrays, until the first write (the fingerprint)
  private final AtomicReference<SortedKeys> entriesText;

  LookupStrategy(
      KeyType keyType,
      MatchMode match,
      PartitionStrategy fallback,
      int partitions,
      Directory directory,
      Entry[] rich,
      SortedKeys entriesText) {
    this.keyType = keyType;
    this.match = match;
    boolean firstPart = match == MatchMode.FIRST_PART;
    this.firstKind = firstPart ? keyType.parts().get(0) : null;
    this.directoryType = firstPart ? KeyType.of(firstKind) : keyType;
    this.fallback = fallback;
    this.partitions = partitions;
    this.directory = directory;
    this.rich = rich;
    this.pins = collectPins();
    this.entriesText = new AtomicReference<>(entriesText);
  }

  /** A builder for a lookup strategy over keys of {@code keyType} (the entity's key type). */
  public static Builder builder(KeyType keyType) {
    return new Builder(keyType);
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

  /** A builder holding this strategy's content, to make its next version. */
  public Builder toBuilder() {
    return toBuilder(null);
  }

  /**
   * A builder holding this strategy's content but the entry of {@code except} (canonical bytes of a
   * directory key).
   */
  Builder toBuilder(byte[] except) {
    Builder b = builder(keyType).match(match).fallback(fallback);
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
  public Entry entryOf(byte[] key) {
    int v = directory.get(key, 0, key.length);
    return v == Directory.MISS ? null : v < RICH_BASE ? Entry.partition(v) : rich[v - RICH_BASE];
  }

  Entry richEntry(int value) {
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
    if (v < RICH_BASE) {
      return v;
    }
    Entry e = rich[v - RICH_BASE];
    return e.strategy() == null
        ? e.partition()
        : e.firstPartition() + e.strategy().partitionOf(canonical, offset, length);
  }

  @Override
  public int partitionOfLong(long value) {
    if (firstKind != null) {
      return PartitionStrategy.super.partitionOfLong(value);
    }
    int v = directory.get(value);
    if (v == Directory.MISS) {
      return fallback.partitionOfLong(value);
    }
    return v < RICH_BASE
        ? v
        : rich[v - RICH_BASE].partition(); // whole-key entries are never splits
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
  public List<MovementReport.KeyMove> keyMovesFrom(PartitionStrategy previous) {
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
      if (v >= RICH_BASE && rich[v - RICH_BASE].strategy() != null) {
        String entry =
            KeyTexts.entryPath(
                keyText(directory.arena(), directory.keyOffset(r), directory.keyLength(r)));
        out.add(new Child(entry + ".strategy", rich[v - RICH_BASE].strategy()));
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
      Entry e = rich[v - RICH_BASE];
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
    return (firstKind == null ? "key '" : "tenant '") + keyText(b, off, len) + "'";
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
        .put(ENTRIES, SpecViews.object(new DirectoryEntries(this, directory, rich, entriesText)))
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
   * Assembles a {@link LookupStrategy}: the key type, what the directory matches, the fallback, the
   * partition count and the entries. {@link #build()} checks everything together (entries in range,
   * no key twice, splits only on first parts, dedicated partitions out of every other path's reach)
   * and names every broken rule with the entry's path ({@code entries.acme}) and what to do.
   *
   * <p><b>Thread-safety:</b> mutable; not thread-safe.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @since 0.1
   */
  public static final class Builder {
    /** Directory values from here on index the rich entries. */
    static final int RICH_BASE = RoutingTable.MAX_PARTITIONS;

    private static final int MAX_REPORTED = 100;

    /** Receives a broken rule: the path relative to the strategy object, and the message. */
    interface Sink {
      void report(String relativePath, String message);
    }

    private final KeyType keyType;
    private MatchMode match = MatchMode.KEY;
    private PartitionStrategy fallback;
    private int partitions = -1;
    private final DirectoryBuilder keys = Directory.builder();
    private final List<Entry> rich = new ArrayList<>();
    private IntFunction<String> paths; // the document path of each entry, when read from a document

    Builder(KeyType keyType) {
      this.keyType = Objects.requireNonNull(keyType, "key type");
    }

    /** What the directory matches: whole keys (the default) or the first part of composite keys. */
    public Builder match(MatchMode match) {
      this.match = Objects.requireNonNull(match, "match");
      return this;
    }

    /**
     * The strategy for keys not in the directory: built for the entity's key type, or, with {@link
     * MatchMode#FIRST_PART}, for the first part's kind.
     */
    public Builder fallback(PartitionStrategy fallback) {
      this.fallback = Objects.requireNonNull(fallback, "fallback");
      return this;
    }

    /**
     * The partition count P, at least the fallback's; partitions from the fallback's count up to P
     * are reached only through entries (dedicated tenants, isolated hot keys). Default: the
     * fallback's.
     */
    public Builder partitions(int partitions) {
      this.partitions = partitions;
      return this;
    }

    /**
     * Sends the key whose canonical bytes (in the directory's key type) are {@code key} to {@code
     * partition}.
     */
    public Builder entry(byte[] key, int partition) {
      if (partition < 0 || partition >= RICH_BASE) {
        throw new IllegalArgumentException(
            "directory entry partition must be in [0, " + RICH_BASE + "), got " + partition);
      }
      keys.add(key, partition);
      return this;
    }

    /**
     * Sends the key whose canonical bytes are {@code b[off, off + len)} to {@code partition} (in
     * {@code [0, RoutingTable.MAX_PARTITIONS)}): a directory read from document bytes adds its keys
     * without a copy of each.
     */
    void entry(byte[] b, int off, int len, int partition) {
      keys.add(b, off, len, partition);
    }

    /** Room for {@code entries} more entries of {@code keyBytes} bytes in all. */
    void expect(int entries, long keyBytes) {
      keys.expect(entries, keyBytes);
    }

    /** Sends the key whose canonical bytes are {@code key} where {@code entry} says. */
    public Builder entry(byte[] key, Entry entry) {
      Objects.requireNonNull(entry, "entry");
      if (entry.isPlain()) {
        return entry(key, entry.partition());
      }
      rich.add(entry);
      keys.add(key, RICH_BASE + rich.size() - 1);
      return this;
    }

    /**
     * Sends the key written as {@code keyText} (in the directory's key type, see {@link
     * KeyType#parseText}).
     */
    public Builder entry(String keyText, int partition) {
      return entry(directoryKeyType().parseText(keyText), partition);
    }

    /** Sends the key written as {@code keyText} where {@code entry} says. */
    public Builder entry(String keyText, Entry entry) {
      return entry(directoryKeyType().parseText(keyText), entry);
    }

    /**
     * Adds the entries of {@code strategy}'s directory but the one of {@code except} (null: all),
     * to build its next version.
     */
    Builder entriesOf(LookupStrategy strategy, byte[] except) {
      Directory d = strategy.directory();
      for (int r = 0; r < d.arena().length; r = d.nextRecord(r)) {
        int v = d.value(r);
        byte[] key =
            java.util.Arrays.copyOfRange(
                d.arena(), d.keyOffset(r), d.keyOffset(r) + d.keyLength(r));
        if (except != null && java.util.Arrays.equals(key, except)) {
          continue;
        }
        if (v < RICH_BASE) {
          entry(key, v);
        } else {
          entry(key, strategy.richEntry(v));
        }
      }
      return this;
    }

    /**
     * Tells where in a document the i-th entry was written, for messages (else its key's canonical
     * text is used).
     */
    void paths(IntFunction<String> paths) {
      this.paths = paths;
    }

    /**
     * The key type the directory's keys have: the entity's, or the first part's with {@link
     * MatchMode#FIRST_PART}.
     */
    KeyType directoryKeyType() {
      if (match == MatchMode.FIRST_PART && keyType.isComposite()) {
        return KeyType.of(keyType.parts().get(0));
      }
      return keyType;
    }

    /**
     * Checks and builds the strategy.
     *
     * @throws IllegalArgumentException listing every broken rule with its path
     */
    public LookupStrategy build() {
      List<String> problems = new ArrayList<>();
      LookupStrategy s = build((path, message) -> problems.add(path + ": " + message));
      if (s == null) {
        throw new IllegalArgumentException(
            "invalid lookup strategy ("
                + problems.size()
                + (problems.size() == 1 ? " problem" : " problems")
                + "):\n  "
                + String.join("\n  ", problems));
      }
      return s;
    }

    /** Checks and builds, reporting every broken rule to {@code sink}; null when there was any. */
    LookupStrategy build(Sink sink) {
      int[] reported = {0};
      Sink counted =
          (path, message) -> {
            reported[0]++;
            sink.report(path, message);
          };
      if (match == MatchMode.FIRST_PART && (!keyType.isComposite() || keyType.parts().size() < 2)) {
        counted.report(
            "match",
            "\"first_part\" needs a composite key of at least two parts, such as (tenant, device); the key is "
                + keyType
                + ": use \"match\": \"key\" or a composite key");
        return null;
      }
      KeyType directoryType = directoryKeyType();
      if (fallback == null) {
        counted.report(
            "fallback",
            "missing; give the strategy for keys not in the directory, e.g. {\"type\": \"hash_mod\", \"partitions\": 1024}");
        return null;
      }
      if (fallback.keyType() != null && !fallback.keyType().equals(directoryType)) {
        counted.report(
            "fallback",
            "strategy '"
                + fallback.type()
                + "' was built for keys of type "
                + fallback.keyType()
                + " but routes "
                + (match == MatchMode.KEY ? "the entity's keys" : "the first part of the key")
                + ", of type "
                + directoryType);
      }
      int fallbackCount = fallback.partitionCount();
      int count = partitions < 0 ? fallbackCount : partitions;
      if (partitions >= 0
          && (partitions < fallbackCount || partitions > RoutingTable.MAX_PARTITIONS)) {
        counted.report(
            "partitions",
            "must be in ["
                + fallbackCount
                + ", "
                + RoutingTable.MAX_PARTITIONS
                + "]: at least the fallback's "
                + fallbackCount
                + " partitions (it answers in [0, "
                + fallbackCount
                + ")), got "
                + partitions);
        return null;
      }
      TreeMap<Integer, Integer> dedicatedOwner =
          new TreeMap<>(); // first partition of a dedicated range -> entry index
      for (int i = 0; i < keys.size() && reported[0] < MAX_REPORTED; i++) {
        int v = keys.value(i);
        if (v < RICH_BASE && v < count) {
          continue; // a plain entry in range: nothing else to check here
        }
        Entry e = entryAt(i);
        long end = (long) e.firstPartition() + e.partitionCount();
        if (end > count) {
          counted.report(
              pathOf(i, directoryType),
              (e.isSplit()
                      ? "partitions " + e.firstPartition() + "-" + (end - 1) + " of the split are"
                      : "partition " + e.firstPartition() + " is")
                  + " out of range: the strategy has "
                  + count
                  + " partitions [0, "
                  + count
                  + ")"
                  + (count == fallbackCount ? ", the fallback's" : "")
                  + "; declare \"partitions\": "
                  + end
                  + " or more to give entries partitions after the fallback's, or fix the entry");
        }
        if (e.isSplit() && match == MatchMode.KEY) {
          counted.report(
              pathOf(i, directoryType) + ".strategy",
              "a nested strategy needs \"match\": \"first_part\": when the directory"
                  + " matches whole keys, every key of an entry is that one key and has one partition");
        }
        if (e.isSplit()
            && e.strategy().keyType() != null
            && !e.strategy().keyType().equals(keyType)) {
          counted.report(
              pathOf(i, directoryType) + ".strategy",
              "was built for keys of type "
                  + e.strategy().keyType()
                  + "; a split routes the whole key, of type "
                  + keyType);
        }
        if (e.isDedicated()) {
          if (e.firstPartition() < fallbackCount) {
            counted.report(
                pathOf(i, directoryType),
                "dedicated partition "
                    + e.firstPartition()
                    + " is one the fallback also answers"
                    + " (it answers in [0, "
                    + fallbackCount
                    + ")); give the entry a partition from "
                    + fallbackCount
                    + " on, declaring \"partitions\" to make room");
          }
          Integer clash = overlapping(dedicatedOwner, e.firstPartition(), e.partitionCount(), -1);
          if (clash != null) {
            counted.report(
                pathOf(i, directoryType),
                "dedicated partition(s) from "
                    + e.firstPartition()
                    + " overlap those of "
                    + pathOf(clash, directoryType)
                    + "; give each dedicated entry partitions of its own");
          } else {
            dedicatedOwner.put(e.firstPartition(), i);
          }
        }
      }
      if (!dedicatedOwner.isEmpty()) {
        for (int i = 0; i < keys.size() && reported[0] < MAX_REPORTED; i++) {
          int v = keys.value(i);
          Entry e = v < RICH_BASE ? null : rich.get(v - RICH_BASE);
          Integer owner =
              e == null
                  ? overlapping(dedicatedOwner, v, 1, i)
                  : e.isDedicated()
                      ? null
                      : overlapping(dedicatedOwner, e.firstPartition(), e.partitionCount(), i);
          if (owner != null) {
            counted.report(
                pathOf(i, directoryType),
                "partition "
                    + (e == null ? v : e.firstPartition())
                    + " is dedicated to "
                    + pathOf(owner, directoryType)
                    + "; send this entry to another partition");
          }
        }
      }
      for (int[] d : keys.duplicates()) {
        if (reported[0] >= MAX_REPORTED) {
          break;
        }
        counted.report(
            pathOf(d[1], directoryType),
            "duplicate directory key "
                + KeyTexts.format(directoryType, keys.key(d[1]))
                + ": the same key as "
                + pathOf(d[0], directoryType)
                + "; give each key once");
      }
      if (reported[0] >= MAX_REPORTED) {
        sink.report(
            "entries",
            "stopped checking after " + MAX_REPORTED + " problems; fix these and check again");
      }
      if (reported[0] > 0) {
        return null;
      }
      // Number the entries with options in key order, so equal content gives an equal directory.
      Entry[] ordered = new Entry[rich.size()];
      int next = 0;
      for (int i : keys.sortedOrder()) {
        int v = keys.value(i);
        if (v >= RICH_BASE) {
          ordered[next] = rich.get(v - RICH_BASE);
          keys.setValue(i, RICH_BASE + next++);
        }
      }
      rich.clear();
      rich.addAll(Arrays.asList(ordered));
      Directory directory = keys.build();
      SortedKeys text =
          ordered.length == 0 && directoryType.equals(KeyType.of(KeyType.Kind.STRING))
              ? keys.sortedKeys()
              : null; // the key text of other types, and rich entries, are not the key bytes
      return new LookupStrategy(
          keyType,
          match,
          fallback,
          count,
          directory,
          ordered,
          text != null && text.plain() ? text : null);
    }

    private Entry entryAt(int i) {
      int v = keys.value(i);
      return v < RICH_BASE ? Entry.partition(v) : rich.get(v - RICH_BASE);
    }

    /**
     * The index of a dedicated entry whose range meets [first, first + count), other than {@code
     * self}; null when none.
     */
    private Integer overlapping(TreeMap<Integer, Integer> owners, int first, int count, int self) {
      Map.Entry<Integer, Integer> below = owners.floorEntry(first);
      if (below != null
          && below.getValue() != self
          && below.getKey() + entryAt(below.getValue()).partitionCount() > first) {
        return below.getValue();
      }
      Map.Entry<Integer, Integer> above = owners.higherEntry(first);
      if (above != null && above.getValue() != self && above.getKey() < (long) first + count) {
        return above.getValue();
      }
      return null;
    }

    private String pathOf(int i, KeyType directoryType) {
      if (paths != null) {
        return paths.apply(i);
      }
      return KeyTexts.entryPath(KeyTexts.format(directoryType, keys.key(i)));
    }
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
    public static MatchMode fromDocumentName(String name) {
      for (MatchMode m : values()) {
        if (m.documentName().equals(name)) {
          return m;
        }
      }
      return null;
    }
  }

  /**
   * Where a directory entry of a {@link LookupStrategy} sends its keys, with the options a plain
   * {@code key → partition} entry does not have: one partition, or a second-level split (its own
   * nested strategy over a range of partitions, e.g. a big tenant's device buckets); whether the
   * partitions are dedicated to it; and the labels the groups serving them must carry (a region
   * pin).
   *
   * <p>In a routing document an entry is either a partition number or an object: {@code
   * {"partition": 1025, "dedicated": true, "pin": {"region": "eu-central-1"}}} or {@code
   * {"first_partition": 1028, "strategy": {"type": "hash_mod", "partitions": 8}}}.
   *
   * <p><b>Thread-safety:</b> immutable.
   *
   * <p><b>Stability:</b> evolving.
   *
   * @since 0.1
   */
  public static final class Entry {
    private final int partition; // -1 for a split
    private final int firstPartition;
    private final PartitionStrategy strategy; // null unless a split
    private final boolean dedicated;
    private final Map<String, String> pin;

    private Entry(
        int partition,
        int firstPartition,
        PartitionStrategy strategy,
        boolean dedicated,
        Map<String, String> pin) {
      this.partition = partition;
      this.firstPartition = firstPartition;
      this.strategy = strategy;
      this.dedicated = dedicated;
      this.pin = pin;
    }

    /**
     * Every key of the entry goes to {@code partition} (at least 0; the strategy checks it is below
     * its P).
     */
    public static Entry partition(int partition) {
      if (partition < 0) {
        throw new IllegalArgumentException(
            "a directory entry's partition must be >= 0, got " + partition);
      }
      return new Entry(partition, partition, null, false, Map.of());
    }

    /**
     * The entry's keys go to {@code firstPartition + strategy.partitionOf(key)}: a second-level
     * split over partitions {@code [firstPartition, firstPartition + strategy.partitionCount())}.
     * The nested strategy routes the whole key, so it only makes sense when the directory matches
     * the first part of composite keys ({@link LookupStrategy.MatchMode#FIRST_PART}).
     */
    public static Entry split(int firstPartition, PartitionStrategy strategy) {
      Objects.requireNonNull(strategy, "strategy of a split entry");
      if (firstPartition < 0) {
        throw new IllegalArgumentException(
            "a split entry's first_partition must be >= 0, got " + firstPartition);
      }
      return new Entry(-1, firstPartition, strategy, false, Map.of());
    }

    /**
     * A copy whose partitions are dedicated to this entry: the strategy refuses to build when the
     * fallback or another entry can reach them.
     */
    public Entry dedicated() {
      return new Entry(partition, firstPartition, strategy, true, pin);
    }

    /**
     * A copy pinned to {@code labels} (e.g. {@code region=eu-central-1}): a routing table refuses
     * to place the entry's partitions on a group without them.
     */
    public Entry pinned(Map<String, String> labels) {
      if (labels == null || labels.isEmpty()) {
        throw new IllegalArgumentException(
            "a pin needs at least one label, e.g. {\"region\": \"eu-central-1\"}");
      }
      return new Entry(
          partition,
          firstPartition,
          strategy,
          dedicated,
          Collections.unmodifiableMap(new TreeMap<>(labels)));
    }

    /** True for a second-level split (its own strategy over a range of partitions). */
    public boolean isSplit() {
      return strategy != null;
    }

    /** The one partition of the entry; -1 for a split. */
    public int partition() {
      return partition;
    }

    /** The first partition the entry covers (its partition, or the first of a split's range). */
    public int firstPartition() {
      return firstPartition;
    }

    /**
     * How many consecutive partitions from {@link #firstPartition()} the entry covers: 1, or the
     * split's partition count.
     */
    public int partitionCount() {
      return strategy == null ? 1 : strategy.partitionCount();
    }

    /** The split's nested strategy; null for a one-partition entry. */
    public PartitionStrategy strategy() {
      return strategy;
    }

    public boolean isDedicated() {
      return dedicated;
    }

    /** The pinned labels, sorted by name; empty when the entry is not pinned. */
    public Map<String, String> pin() {
      return pin;
    }

    /** True when only the partition is set: the entry is written as a bare number. */
    boolean isPlain() {
      return strategy == null && !dedicated && pin.isEmpty();
    }

    /** The entry's value in a routing document: a number for a plain entry, else an object. */
    Spec toSpecValue() {
      if (isPlain()) {
        return Spec.of(partition);
      }
      Spec.ObjectBuilder o = Spec.object();
      if (strategy == null) {
        o.put("partition", partition);
      } else {
        o.put("first_partition", firstPartition).put("strategy", strategy.toSpec());
      }
      if (dedicated) {
        o.put("dedicated", true);
      }
      if (!pin.isEmpty()) {
        Spec.ObjectBuilder labels = Spec.object();
        pin.forEach((name, value) -> labels.put(name, value));
        o.put("pin", labels.build());
      }
      return o.build();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Entry e
          && e.partition == partition
          && e.firstPartition == firstPartition
          && Objects.equals(e.strategy, strategy)
          && e.dedicated == dedicated
          && e.pin.equals(pin);
    }

    @Override
    public int hashCode() {
      return Objects.hash(partition, firstPartition, strategy, dedicated, pin);
    }

    @Override
    public String toString() {
      return toSpecValue().toString();
    }
  }
}
