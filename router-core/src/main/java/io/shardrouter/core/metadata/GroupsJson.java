package io.shardrouter.core.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import io.shardrouter.core.Replica;
import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Violations;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads the {@code groups} array of a routing document (format.md §1.5): replica groups with a
 * primary, optional replicas and labels, every problem reported with its path under {@code groups}.
 * Used by {@link io.shardrouter.core.metadata.RoutingDocuments} and by {@link DocumentReader}s
 * whose shape lists groups the same way.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
final class GroupsJson {
  private static final Set<String> GROUP_FIELDS = Set.of("id", "primary", "replicas", "labels");
  private static final Set<String> REPLICA_FIELDS = Set.of("endpoint", "labels");

  private GroupsJson() {}

  /**
   * Reads the {@code groups} array of a document in format 1's form (format.md §1.5), reporting
   * problems at paths under {@code groups}; for {@link DocumentReader} implementations whose shape
   * lists groups the same way. An absent array ({@code node} null) gives no groups.
   */
  public static List<ReplicaGroup> read(@Nullable JsonNode node, Violations v) {
    List<ReplicaGroup> out = new ArrayList<>();
    if (node == null) {
      return out;
    }
    if (!node.isArray()) {
      v.add("groups", "must be an array of replica groups, got " + node.getNodeType());
      return out;
    }
    for (int i = 0; i < node.size(); i++) {
      String path = "groups[" + i + "]";
      JsonNode g = node.get(i);
      if (!g.isObject()) {
        v.add(path, "must be an object with \"id\" and \"primary\", got " + g);
        continue;
      }
      int before = v.size();
      JsonFields.unknownFields(g, path, GROUP_FIELDS, v);
      JsonNode id = g.get("id");
      if (id == null || !id.isTextual() || id.textValue().isBlank()) {
        v.add(path + ".id", "missing or not a non-blank string");
      }
      Replica primary = null;
      if (g.get("primary") == null || g.get("primary").isNull()) {
        v.add(
            path + ".primary",
            "missing; every group needs a primary endpoint for writes, e.g. \"db0:5432\"");
      } else {
        primary = replica(g.get("primary"), Replica.Role.PRIMARY, path + ".primary", v);
      }
      List<Replica> replicas = new ArrayList<>();
      JsonNode rs = g.get("replicas");
      if (rs != null) {
        if (!rs.isArray()) {
          v.add(path + ".replicas", "must be an array of endpoints, got " + rs.getNodeType());
        } else {
          for (int j = 0; j < rs.size(); j++) {
            replicas.add(
                replica(rs.get(j), Replica.Role.REPLICA, path + ".replicas[" + j + "]", v));
          }
        }
      }
      Map<String, String> labels = labels(g.get("labels"), path + ".labels", v);
      if (v.size() == before && primary != null) { // a null primary was reported
        try {
          out.add(ReplicaGroup.of(id.textValue(), primary, replicas, labels));
        } catch (IllegalArgumentException e) {
          v.add(path, Objects.requireNonNullElse(e.getMessage(), e.toString()));
        }
      }
    }
    return out;
  }

  private static @Nullable Replica replica(
      JsonNode node, Replica.Role role, String path, Violations v) {
    String endpoint = null;
    Map<String, String> labels = Map.of();
    if (node.isTextual()) {
      endpoint = node.textValue();
    } else if (node.isObject()) {
      JsonFields.unknownFields(node, path, REPLICA_FIELDS, v);
      JsonNode e = node.get("endpoint");
      endpoint = e != null && e.isTextual() ? e.textValue() : null;
      labels = labels(node.get("labels"), path + ".labels", v);
    }
    if (endpoint == null || endpoint.isBlank()) {
      v.add(
          path,
          "must be a non-blank endpoint string such as \"db0:5432\" or {\"endpoint\": ..., \"labels\": {...}}, got "
              + node);
      return null;
    }
    return Replica.of(role, endpoint, labels);
  }

  private static Map<String, String> labels(JsonNode node, String path, Violations v) {
    Map<String, String> labels = new LinkedHashMap<>();
    if (node == null) {
      return labels;
    }
    if (!node.isObject()) {
      v.add(path, "must be an object of string labels, e.g. {\"region\": \"eu\"}, got " + node);
      return labels;
    }
    Iterator<Map.Entry<String, JsonNode>> it = node.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getValue().isTextual() || e.getKey().isBlank()) {
        v.add(
            Violations.member(path, e.getKey()),
            "label values must be strings and names non-blank, got " + e.getValue());
      } else {
        labels.put(e.getKey(), e.getValue().textValue());
      }
    }
    return labels;
  }
}
