package io.shardrouter.lookup;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.lookup.internal.Directory;
import io.shardrouter.lookup.internal.DirectoryBuilder;
import io.shardrouter.lookup.internal.SortedKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

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
public final class LookupStrategyBuilder {
  /** Directory values from here on index the rich entries. */
  static final int RICH_BASE = RoutingTable.MAX_PARTITIONS;

  private static final int MAX_REPORTED = 100;

  /** Receives a broken rule: the path relative to the strategy object, and the message. */
  interface Sink {
    void report(String relativePath, String message);
  }

  private final KeyType keyType;
  private LookupStrategy.MatchMode match = LookupStrategy.MatchMode.KEY;
  private @Nullable PartitionStrategy fallback; // required: build() reports it missing
  private int partitions = -1;
  private final DirectoryBuilder keys = Directory.builder();
  private final List<LookupEntry> rich = new ArrayList<>();
  private @Nullable IntFunction<String>
      paths; // the document path of each entry, when read from a document

  LookupStrategyBuilder(KeyType keyType) {
    this.keyType = Objects.requireNonNull(keyType, "key type");
  }

  /** What the directory matches: whole keys (the default) or the first part of composite keys. */
  public LookupStrategyBuilder match(LookupStrategy.MatchMode match) {
    this.match = Objects.requireNonNull(match, "match");
    return this;
  }

  /**
   * The strategy for keys not in the directory: built for the entity's key type, or, with {@link
   * LookupStrategy.MatchMode#FIRST_PART}, for the first part's kind.
   */
  public LookupStrategyBuilder fallback(PartitionStrategy fallback) {
    this.fallback = Objects.requireNonNull(fallback, "fallback");
    return this;
  }

  /**
   * The partition count P, at least the fallback's; partitions from the fallback's count up to P
   * are reached only through entries (dedicated tenants, isolated hot keys). Default: the
   * fallback's.
   */
  public LookupStrategyBuilder partitions(int partitions) {
    this.partitions = partitions;
    return this;
  }

  /**
   * Sends the key whose canonical bytes (in the directory's key type) are {@code key} to {@code
   * partition}.
   */
  public LookupStrategyBuilder entry(byte[] key, int partition) {
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
  public LookupStrategyBuilder entry(byte[] key, LookupEntry entry) {
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
  public LookupStrategyBuilder entry(String keyText, int partition) {
    return entry(directoryKeyType().parseText(keyText), partition);
  }

  /** Sends the key written as {@code keyText} where {@code entry} says. */
  public LookupStrategyBuilder entry(String keyText, LookupEntry entry) {
    return entry(directoryKeyType().parseText(keyText), entry);
  }

  /**
   * Adds the entries of {@code strategy}'s directory but the one of {@code except} (null: all), to
   * build its next version.
   */
  LookupStrategyBuilder entriesOf(LookupStrategy strategy, byte @Nullable [] except) {
    Directory d = strategy.directory();
    for (int r = 0; r < d.arena().length; r = d.nextRecord(r)) {
      int v = d.value(r);
      byte[] key =
          java.util.Arrays.copyOfRange(d.arena(), d.keyOffset(r), d.keyOffset(r) + d.keyLength(r));
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
   * LookupStrategy.MatchMode#FIRST_PART}.
   */
  KeyType directoryKeyType() {
    if (match == LookupStrategy.MatchMode.FIRST_PART && keyType.isComposite()) {
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
  @Nullable LookupStrategy build(Sink sink) {
    int[] reported = {0};
    Sink counted =
        (path, message) -> {
          reported[0]++;
          sink.report(path, message);
        };
    if (match == LookupStrategy.MatchMode.FIRST_PART
        && (!keyType.isComposite() || keyType.parts().size() < 2)) {
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
              + (match == LookupStrategy.MatchMode.KEY
                  ? "the entity's keys"
                  : "the first part of the key")
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
      LookupEntry e = entryAt(i);
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
      if (e.isSplit() && match == LookupStrategy.MatchMode.KEY) {
        counted.report(
            pathOf(i, directoryType) + ".strategy",
            "a nested strategy needs \"match\": \"first_part\": when the directory"
                + " matches whole keys, every key of an entry is that one key and has one partition");
      }
      PartitionStrategy nested = e.strategy(); // non-null exactly for a split
      if (nested != null && nested.keyType() != null && !nested.keyType().equals(keyType)) {
        counted.report(
            pathOf(i, directoryType) + ".strategy",
            "was built for keys of type "
                + nested.keyType()
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
        LookupEntry e = v < RICH_BASE ? null : rich.get(v - RICH_BASE);
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
    LookupEntry[] ordered = new LookupEntry[rich.size()];
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

  private LookupEntry entryAt(int i) {
    int v = keys.value(i);
    return v < RICH_BASE ? LookupEntry.partition(v) : rich.get(v - RICH_BASE);
  }

  /**
   * The index of a dedicated entry whose range meets [first, first + count), other than {@code
   * self}; null when none.
   */
  private @Nullable Integer overlapping(
      TreeMap<Integer, Integer> owners, int first, int count, int self) {
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
