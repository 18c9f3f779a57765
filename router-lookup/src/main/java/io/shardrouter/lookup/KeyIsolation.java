package io.shardrouter.lookup;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The implementation of {@link LookupStrategy#isolate}. */
final class KeyIsolation {
  private KeyIsolation() {}

  /**
   * The next version of {@code table} with the key written as {@code keyText} alone on a new
   * partition served by the existing group {@code groupId}.
   *
   * @throws IllegalArgumentException when the key cannot be isolated (named in the message with
   *     what to do)
   */
  static RoutingTable isolate(RoutingTable table, String keyText, String groupId) {
    ReplicaGroup g = table.group(groupId);
    if (g == null) {
      List<String> ids = new ArrayList<>();
      table.groups().forEach(x -> ids.add(x.id()));
      throw new IllegalArgumentException(
          "no group '"
              + groupId
              + "' in routing table '"
              + table.entity()
              + "' version "
              + table.version()
              + "; known groups: "
              + ids
              + ", or pass a new ReplicaGroup");
    }
    return isolate(table, directoryKeyType(table).parseText(keyText), g);
  }

  /**
   * The next version of {@code table} with the key written as {@code keyText} alone on a new
   * partition served by {@code group}, appended to the groups unless the table has it already.
   */
  static RoutingTable isolate(RoutingTable table, String keyText, ReplicaGroup group) {
    return isolate(table, directoryKeyType(table).parseText(keyText), group);
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
  static RoutingTable isolate(RoutingTable table, byte[] key, ReplicaGroup group) {
    Objects.requireNonNull(table, "table");
    CanonicalBytes.requireKey(key);
    Objects.requireNonNull(group, "group");
    ReplicaGroup existing = table.group(group.id());
    if (existing != null && !existing.equals(group)) {
      throw new IllegalArgumentException(
          "group '"
              + group.id()
              + "' of routing table '"
              + table.entity()
              + "' is "
              + existing
              + ", not "
              + group
              + "; pass the table's group or a group with a new id");
    }
    int p = table.partitionCount();
    if (p >= RoutingTable.MAX_PARTITIONS) {
      throw new IllegalArgumentException(
          "routing table '"
              + table.entity()
              + "' already has "
              + p
              + " partitions, the most a table can have");
    }
    PartitionStrategy s = table.strategy();
    LookupStrategy next;
    if (s instanceof LookupStrategy lookup) {
      next = dedicate(lookup, key);
    } else {
      next =
          LookupStrategy.builder(table.keyType())
              .fallback(s)
              .partitions(p + 1)
              .entry(key, LookupEntry.partition(p).dedicated())
              .build();
    }
    List<String> placement = new ArrayList<>(p + 1);
    for (int i = 0; i < p; i++) {
      placement.add(table.groupOf(i).id());
    }
    placement.add(group.id());
    RoutingTable.Builder b =
        table.toBuilder().version(table.version() + 1).strategy(next).placement(placement);
    if (existing == null) {
      b.group(group);
    }
    return b.build();
  }

  /**
   * {@code lookup} with the key whose canonical bytes are {@code key} (for a first-part directory:
   * the first part's) alone on a new dedicated partition, the last ({@link
   * LookupStrategy#withDedicatedPartition}); a pinned entry keeps its pin.
   *
   * @throws IllegalArgumentException when the key is split over partitions or alone on one already,
   *     or the strategy has the most partitions a table can have
   */
  static LookupStrategy dedicate(LookupStrategy lookup, byte[] key) {
    CanonicalBytes.requireKey(key);
    int p = lookup.partitionCount();
    if (p >= RoutingTable.MAX_PARTITIONS) {
      throw new IllegalArgumentException(
          "the lookup strategy already has " + p + " partitions, the most a table can have");
    }
    LookupEntry old = lookup.entryOf(key);
    String who = lookup.ownerOf(key, 0, key.length);
    if (old != null && old.isSplit()) {
      throw new IllegalArgumentException(
          who
              + " is split over partitions "
              + old.firstPartition()
              + "-"
              + (old.firstPartition() + old.partitionCount() - 1)
              + " by its own strategy; isolate one of its keys in a directory of"
              + " its own, or give the split more partitions");
    }
    if (old != null && old.isDedicated()) {
      throw new IllegalArgumentException(
          who
              + " is already alone on its dedicated partition "
              + old.partition()
              + "; move that partition to another group in the placement instead");
    }
    LookupEntry entry = LookupEntry.partition(p).dedicated();
    if (old != null && !old.pin().isEmpty()) {
      entry = entry.pinned(old.pin()); // the key keeps its pin on its new partition
    }
    return lookup.toBuilder(key).partitions(p + 1).entry(key, entry).build();
  }

  private static KeyType directoryKeyType(RoutingTable table) {
    return table.strategy() instanceof LookupStrategy l ? l.directoryKeyType() : table.keyType();
  }
}
