package io.shardrouter.range;

import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyRegistry;
import io.shardrouter.core.Violations;
import io.shardrouter.core.metadata.DocumentReader;
import io.shardrouter.range.internal.KeyValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.NullUnmarked;

/**
 * Reads the compact range document as it is, found by its shape: top-level {@code ranges} and no
 * {@code format} (format.md §6.3).
 *
 * <pre>{@code
 * {"routing_version": 12, "entity": "tenant:plant-a",
 *  "ranges": [{"start": "2026-01-01T00:00:00Z", "end": "2026-04-01T00:00:00Z", "shard": "ts-01", "end_inclusive": false},
 *             {"start": "2026-04-01T00:00:00Z", "end": null, "shard": "ts-02", "end_inclusive": false}]}
 * }</pre>
 *
 * <ul>
 *   <li>Range i is partition i; {@code shard} names the replica group that serves it.
 *   <li>The keys are {@code timestamp}s unless an optional {@code "key"} object (as in format 1)
 *       says otherwise.
 *   <li>Without an optional {@code "groups"} array (as in format 1), each shard name is a group
 *       with that id whose primary endpoint is the shard name itself, in order of first appearance;
 *       with one, every shard must name one of its groups.
 *   <li>{@code end_inclusive: true} is honoured exactly: {@code [start, end]} is the range {@code
 *       [start, successor(end))}, which holds the same keys ({@link KeyOrder#successor}); with an
 *       open end it is refused, since +∞ is no key. A following range that starts at {@code end}
 *       then overlaps it and is refused, naming both.
 * </ul>
 *
 * <p>Unknown fields, gaps, overlaps, unsorted and empty ranges are refused with their paths, as in
 * format 1. Written back, the table is a format-1 document with a {@code range} strategy.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
// Not checked yet: its key helpers return null arrays, which the compiler plugin's parser of
// service
// providers cannot read when annotated (docs/architecture.md, "Nullness").
@NullUnmarked
public final class RangeDocumentReader implements DocumentReader {
  private static final Set<String> FIELDS =
      Set.of("routing_version", "entity", "ranges", "key", "groups");
  private static final Set<String> RANGE_FIELDS = Set.of("start", "end", "shard", "end_inclusive");

  @Override
  public String name() {
    return "compact-range";
  }

  @Override
  public String shape() {
    return "top-level \"ranges\" (the compact range document: routing_version, entity, ranges[start, end, shard, end_inclusive])";
  }

  @Override
  public boolean accepts(Spec root) {
    return root.has("ranges") && !root.has("format");
  }

  @Override
  public RoutingTable read(Spec root, StrategyRegistry registry, Violations v) {
    int before = v.size();
    unknown(root, "", FIELDS, v);
    RoutingTable.Builder b = RoutingTable.builder();
    Spec version = root.get("routing_version");
    if (version == null) {
      v.add(
          "routing_version",
          "missing; give the table a version >= 0, e.g. \"routing_version\": 12");
    } else {
      if (!version.isIntegral()
          || version.bigIntegerValue().bitLength() > 63
          || version.longValue() < 0) {
        v.add("routing_version", "must be an integer >= 0, got " + version);
      } else {
        b.version(version.longValue());
      }
    }
    Spec entity = root.get("entity");
    if (entity == null) {
      v.add("entity", "missing; name what the table routes, e.g. \"entity\": \"tenant:plant-a\"");
    } else {
      if (entity.isText()) {
        b.entity(entity.text());
      } else {
        v.add("entity", "must be a string such as \"tenant:plant-a\", got " + entity);
      }
    }
    KeyType type =
        root.has("key") ? DocumentReader.readKeyType(root.get("key"), v) : KeyType.TIMESTAMP;
    b.keyType(type);
    List<String> shards = new ArrayList<>();
    RangeStrategy strategy = type == null ? null : ranges(root.get("ranges"), type, shards, v);
    b.strategy(strategy);
    if (strategy != null) {
      groups(root.get("groups"), shards, b, v);
    }
    if (v.size() > before) {
      return null;
    }
    b.check(v);
    return v.size() > before ? null : b.build();
  }

  private static RangeStrategy ranges(
      Spec ranges, KeyType type, List<String> shards, Violations v) {
    if (ranges == null || !ranges.isArray()) {
      v.add(
          "ranges",
          "must be an array of {\"start\", \"end\", \"shard\", \"end_inclusive\"}, got " + ranges);
      return null;
    }
    KeyOrder order = KeyOrder.of(type);
    RangeList list = new RangeList(type);
    boolean complete = true;
    for (int i = 0; i < ranges.size(); i++) {
      String path = "ranges[" + i + "]";
      Spec r = ranges.elements().get(i);
      if (!r.isObject()) {
        v.add(
            path, "must be an object {\"start\", \"end\", \"shard\", \"end_inclusive\"}, got " + r);
        complete = false;
        continue;
      }
      int before = v.size();
      unknown(r, path, RANGE_FIELDS, v);
      byte[] start = key(r.get("start"), path + ".start", type, false, v);
      Spec endNode = r.get("end");
      boolean open = endNode != null && endNode.isNull();
      byte[] end = open ? null : key(endNode, path + ".end", type, true, v);
      Spec shard = r.get("shard");
      if (shard == null || !shard.isText() || shard.text().isBlank()) {
        v.add(
            path + ".shard",
            "missing or not a non-blank string; name the replica group that serves the range, e.g. \"ts-01\"");
      }
      Spec inclusive = r.get("end_inclusive");
      boolean endInclusive = false;
      if (inclusive != null && !inclusive.isBoolean()) {
        v.add(path + ".end_inclusive", "must be true or false, got " + inclusive);
      } else if (inclusive != null) {
        endInclusive = inclusive.booleanValue();
      }
      if (endInclusive && open) {
        v.add(
            path + ".end_inclusive",
            "is true but the end is null (+∞), which is no key to include; write false"
                + " (a null end already takes every key from the start on)");
      }
      if (v.size() > before) {
        complete = false;
        continue;
      }
      String shown =
          "["
              + KeyValues.show(type, start)
              + ", "
              + (open ? "+∞)" : KeyValues.show(type, end) + (endInclusive ? "]" : ")"));
      byte[] exclusiveEnd =
          endInclusive ? order.successor(end) : end; // null: end is the largest key, so up to +∞
      list.add(new RangeList.Entry(path, path, start, exclusiveEnd, shown));
      shards.add(shard.text());
    }
    return list.check("ranges", complete, v::add);
  }

  private static byte[] key(Spec node, String path, KeyType type, boolean isEnd, Violations v) {
    if (node == null || node.isNull()) {
      v.add(
          path,
          "missing; give a "
              + type
              + " key"
              + (isEnd ? ", or null for an open end (+∞)" : "")
              + (type.equals(KeyType.TIMESTAMP) ? " such as \"2026-04-01T00:00:00Z\"" : ""));
      return null;
    }
    try {
      return KeyValues.fromSpec(type, node);
    } catch (InvalidKeyException e) {
      v.add(path, e.getMessage() + (type.equals(KeyType.TIMESTAMP) ? hintOtherKeyType() : ""));
      return null;
    }
  }

  private static String hintOtherKeyType() {
    return " (a range document without \"key\" ranges timestamps; add \"key\": {\"type\": \"long\"}, or another key type,"
        + " for other keys)";
  }

  /**
   * Groups named by the shards: the given ones, or one per shard name with that name as its
   * endpoint.
   */
  private static void groups(Spec node, List<String> shards, RoutingTable.Builder b, Violations v) {
    List<ReplicaGroup> groups;
    if (node == null) {
      Map<String, ReplicaGroup> byShard = new LinkedHashMap<>();
      for (String s : shards) {
        byShard.computeIfAbsent(s, id -> ReplicaGroup.of(id, id));
      }
      groups = List.copyOf(byShard.values());
    } else {
      int before = v.size();
      groups = DocumentReader.readGroups(node, v);
      if (v.size() > before) {
        return;
      }
      Set<String> ids = new TreeSet<>();
      groups.forEach(g -> ids.add(g.id()));
      for (int i = 0; i < shards.size(); i++) {
        if (!ids.contains(shards.get(i))) {
          v.add(
              "ranges[" + i + "].shard",
              "unknown group '"
                  + shards.get(i)
                  + "'; the document's groups are "
                  + ids
                  + ": add the group, or drop \"groups\" to use shard names as endpoints");
        }
      }
      if (v.size() > before) {
        return;
      }
    }
    b.groups(groups).placement(shards);
  }

  private static void unknown(Spec node, String path, Set<String> known, Violations v) {
    for (String f : node.fields().keySet()) {
      if (!known.contains(f)) {
        v.add(Violations.member(path, f), "unknown field; known fields: " + new TreeSet<>(known));
      }
    }
  }
}
