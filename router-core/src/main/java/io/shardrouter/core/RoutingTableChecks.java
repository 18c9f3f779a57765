package io.shardrouter.core;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The rules {@link RoutingTable.Builder#check} applies to a table's content, each reported with its
 * document path; kept apart so that {@code RoutingTable} reads as the table.
 */
final class RoutingTableChecks {
  private RoutingTableChecks() {}

  /** Deeper than any document the reader accepts: a strategy that nests itself is a bug. */
  private static final int MAX_DEPTH = 64;

  /**
   * Hands the groups to {@code strategy} and to every strategy nested in it, each with the JSON
   * path of its own object, so that a ring under a lookup's fallback is checked as one at the top.
   */
  private static void checkGroupsAtEveryDepth(
      PartitionStrategy strategy, String path, List<ReplicaGroup> groups, Violations v, int depth) {
    if (depth > MAX_DEPTH) {
      v.add(path, "strategies nest deeper than " + MAX_DEPTH + " levels; does one contain itself?");
      return;
    }
    if (strategy instanceof GroupConstraint gc) {
      gc.checkGroups(groups, path, v);
    }
    if (strategy instanceof NestedStrategies nested) {
      for (NestedStrategies.Child c : nested.children()) {
        checkGroupsAtEveryDepth(c.strategy(), path + "." + c.path(), groups, v, depth + 1);
      }
    }
  }

  /** Reports problems of the version, entity, key type and strategy. */
  static void header(
      @Nullable Long version,
      @Nullable String entity,
      @Nullable KeyType keyType,
      @Nullable PartitionStrategy strategy,
      Violations v) {
    if (version == null) {
      v.addUnlessReported("routing_version", "missing; give the table a version >= 0");
    } else if (version < 0) {
      v.add("routing_version", "must be >= 0, got " + version);
    }
    if (entity == null || entity.isBlank()) {
      v.addUnlessReported(
          "entity", "missing or blank; name what the table routes, e.g. \"orders\"");
    } else if (!Utf8.isWellFormed(entity)) {
      v.addUnlessReported("entity", "has a lone surrogate and so no UTF-8 form; fix the text");
    }
    if (keyType == null) {
      v.addUnlessReported("key", "missing; give the key type, e.g. {\"type\": \"string\"}");
    }
    if (strategy == null) {
      v.addUnlessReported("strategy", "missing; give a strategy object with a \"type\"");
    } else if (keyType != null
        && strategy.keyType() != null
        && !strategy.keyType().equals(keyType)) {
      v.add(
          "strategy",
          "strategy '"
              + strategy.type()
              + "' was built for keys of type "
              + strategy.keyType()
              + " but the table routes keys of type "
              + keyType
              + "; build the strategy for "
              + keyType);
    }
  }

  /**
   * Reports problems of the groups and the placement, including its length against the strategy.
   */
  static void groupsAndPlacement(
      @Nullable PartitionStrategy strategy,
      List<ReplicaGroup> groups,
      @Nullable List<String> placement,
      Violations v) {
    Map<String, Integer> firstIndex = new HashMap<>();
    if (groups.isEmpty()) {
      v.addUnlessReported("groups", "empty; give at least one replica group");
    }
    for (int i = 0; i < groups.size(); i++) {
      Integer prev = firstIndex.putIfAbsent(groups.get(i).id(), i);
      if (prev != null) {
        v.add(
            "groups[" + i + "].id",
            "duplicate group id '"
                + groups.get(i).id()
                + "', also at groups["
                + prev
                + "]; group ids must be unique");
      }
    }
    if (placement == null) {
      v.addUnlessReported("placement", "missing; give the group id of every partition");
      return;
    }
    if (placement.size() > RoutingTable.MAX_PARTITIONS) {
      v.add(
          "placement",
          "has " + placement.size() + " entries, over the limit of " + RoutingTable.MAX_PARTITIONS);
      return;
    }
    if (strategy != null && strategy.partitionCount() != placement.size()) {
      v.add(
          "placement",
          "has "
              + placement.size()
              + " entries but strategy '"
              + strategy.type()
              + "' has "
              + strategy.partitionCount()
              + " partitions; give exactly one group id per partition");
    }
    int reported = 0;
    for (int p = 0; p < placement.size(); p++) {
      String id = placement.get(p);
      if (id == null || !firstIndex.containsKey(id)) {
        if (reported++ < 20) {
          v.addUnlessReported(
              "placement[" + p + "]",
              "unknown group "
                  + (id == null ? "null" : "'" + id + "'")
                  + "; known groups: "
                  + firstIndex.keySet().stream().sorted().toList());
        }
      }
    }
    if (reported > 20) {
      v.add("placement", (reported - 20) + " more entries name unknown groups");
    }
    if (strategy != null && !groups.isEmpty()) {
      checkGroupsAtEveryDepth(strategy, "strategy", groups, v, 0);
    }
    if (reported == 0
        && strategy instanceof GroupConstraint pc
        && strategy.partitionCount() == placement.size()) {
      PlacementPins.check(pc.placementPins(), groups, placement, v);
    }
  }

  /**
   * Refuses an extension name outside {@code [a-z][a-z0-9_]{0,63}}, and a value with a decimal
   * anywhere (format 1 has integers only: docs/format.md §1.10). A null value (removal) is allowed.
   */
  static void extension(String name, @Nullable Spec value) {
    if (name == null || !name.matches("[a-z][a-z0-9_]{0,63}")) {
      throw new IllegalArgumentException(
          "extension name must be 1-64 lower case letters, digits or '_', starting with a letter; got "
              + (name == null ? "null" : "'" + name + "'"));
    }
    if (value != null) {
      requireNoDecimal(value, name);
    }
  }

  private static void requireNoDecimal(Spec value, String path) {
    switch (value.kind()) {
      case DECIMAL ->
          throw new IllegalArgumentException(
              "extension value at "
                  + path
                  + " is a decimal ("
                  + value
                  + "); format 1 has integers only: scale it to an integer (e.g. basis points)");
      case OBJECT ->
          value.fields().forEach((k, v) -> requireNoDecimal(v, Violations.member(path, k)));
      case ARRAY -> {
        for (int i = 0; i < value.size(); i++) {
          requireNoDecimal(value.elements().get(i), path + "[" + i + "]");
        }
      }
      default -> {}
    }
  }
}
